"""Student accounts made in bulk from a list of names: usernames from the names, passwords shown once on a
printable page that is never cached, and a log-in with them that rehashes the password at full strength."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes.models import MAX_STUDENTS, Membership

pytestmark = pytest.mark.django_db


def test_accounts_are_created_from_names_and_their_passwords_shown_once(school_class, almaz, make):
    client = make.logged_in(almaz)
    url = reverse("classes:students_new", args=[school_class.pk])
    assert client.get(url).status_code == 200
    answer = client.post(url, {"names": "Abebe Bikila\n\n  Derartu Tulu  \n"})
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    page = answer.content.decode()
    rows = re.findall(
        r'<th scope="row">([^<]+)</th><td><code>([^<]+)</code></td><td><code>([^<]+)</code>', page
    )
    assert [(name, username) for name, username, _password in rows] == [
        ("Abebe Bikila", "abebe.bikila"),
        ("Derartu Tulu", "derartu.tulu"),
    ]
    assert "shown only this once" in page
    assert Membership.objects.filter(school_class=school_class).count() == 4
    name, username, password = rows[0]
    student = Client()
    assert student.post(reverse("login"), {"username": username, "password": password}).status_code == 302
    # The first log-in rehashes the password with the site's preferred hasher (MD5 in these tests).
    assert User.objects.get(username=username).password.startswith("md5$")
    assert "Grade 7 chess club" in student.get(reverse("classes:home")).content.decode()
    assert password not in client.get(reverse("classes:class", args=[school_class.pk])).content.decode()


@pytest.mark.parametrize(
    "names",
    ["", "  \n \n", "\n".join(f"Runner {i}" for i in range(MAX_STUDENTS + 1)), "x" * 101],
)
def test_a_bad_list_is_a_400_and_creates_no_one(school_class, almaz, make, names):
    before = User.objects.count()
    answer = make.logged_in(almaz).post(
        reverse("classes:students_new", args=[school_class.pk]), {"names": names}
    )
    assert answer.status_code == 400
    assert User.objects.count() == before


def test_a_list_that_would_overfill_the_class_is_refused(school_class, almaz, make):
    names = "\n".join(f"Runner {i}" for i in range(MAX_STUDENTS - 1))
    answer = make.logged_in(almaz).post(
        reverse("classes:students_new", args=[school_class.pk]), {"names": names}
    )
    assert answer.status_code == 400 and f"at most {MAX_STUDENTS} students" in answer.content.decode()
