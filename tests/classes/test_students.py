"""Student accounts made in bulk from a list of names: usernames from the names, passwords shown once on a
printable page that is never cached, and a log-in with them that rehashes the password at full strength."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes import services
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


ROWS = re.compile(r'<th scope="row">([^<]+)</th><td><code>([^<]+)</code></td>')


def test_lines_of_invisible_characters_make_no_account(school_class, almaz, make):
    """A list pasted from a spreadsheet: a zero-width space, a byte order mark, a lone accent, bidi controls
    are lines with nothing to see, skipped; the names around them are made without them."""
    names = "\ufeffAbebe Bikila\n\u200b\n\ufeff\n\u0301\n\u202e\u2066\u200d\n\tDerartu\u200b Tulu\n"
    answer = make.logged_in(almaz).post(
        reverse("classes:students_new", args=[school_class.pk]), {"names": names}
    )
    assert answer.status_code == 200
    assert ROWS.findall(answer.content.decode()) == [
        ("Abebe Bikila", "abebe.bikila"),
        ("Derartu Tulu", "derartu.tulu"),
    ]
    assert not User.objects.filter(username__startswith="student").exists()
    assert User.objects.get(username="abebe.bikila").first_name == "Abebe"


@pytest.mark.parametrize("names", ["\u200b", "\ufeff\n\u200b\n", "\u0301", "\u202e\u2069\n \u200d "])
def test_a_list_of_only_invisible_characters_is_the_empty_list(school_class, almaz, make, names):
    before = User.objects.count()
    answer = make.logged_in(almaz).post(
        reverse("classes:students_new", args=[school_class.pk]), {"names": names}
    )
    assert answer.status_code == 400 and "Write at least one name." in answer.content.decode()
    assert User.objects.count() == before


def test_the_service_skips_names_of_nothing_visible(school_class):
    made = services.create_students(school_class=school_class, names=["\u200b", "\ufeffSelam Two", "\u0301"])
    assert [(one.name, one.username) for one in made.created] == [("Selam Two", "selam.two")]


def test_names_in_geez_cyrillic_and_greek_keep_their_script_and_get_latin_usernames(
    school_class, almaz, make
):
    names = "አበበ ቢቂላ\nሰላም ተስፋዬ\nኃይሌ ገብረሥላሴ\nМария Иванова\nΓιώργος Παπαδόπουλος"
    answer = make.logged_in(almaz).post(
        reverse("classes:students_new", args=[school_class.pk]), {"names": names}
    )
    assert ROWS.findall(answer.content.decode()) == [
        ("አበበ ቢቂላ", "abebe.bikila"),
        ("ሰላም ተስፋዬ", "selam.tesfaye"),
        ("ኃይሌ ገብረሥላሴ", "haile.gebreslase"),
        ("Мария Иванова", "mariya.ivanova"),
        ("Γιώργος Παπαδόπουλος", "giorgos.papadopoulos"),
    ]
    greek = User.objects.get(username="giorgos.papadopoulos")
    assert (greek.first_name, greek.last_name) == ("Γιώργος", "Παπαδόπουλος")
