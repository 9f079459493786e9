"""Accounts a teacher makes from a list of names: a list sent again makes no one twice and says who is
there already; a name written twice makes two numbered accounts and says so; the maker (and only the maker,
while the account is in the class) gives one or several of them new passwords on printable log-in cards."""

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts import devices
from classes import services
from classes.models import Membership, StudentAccount

pytestmark = pytest.mark.django_db

LIST = "Šimon Kováč\nJürgen Groß\n"


def send(client: Client, school_class, names: str):
    return client.post(reverse("classes:students_new", args=[school_class.pk]), {"names": names})


def made_rows(page: str) -> list[tuple[str, str]]:
    """(name, username) of each row with a password: the accounts just made."""
    rows = re.findall(
        r'<th scope="row">([^<]+)</th><td><code>([^<]+)</code></td><td><code>[^<]+</code>', page
    )
    return [(name, username) for name, username in rows]


def existing_rows(page: str) -> list[tuple[str, str]]:
    section = page.split('id="existing-title"', 1)[1] if 'id="existing-title"' in page else ""
    return re.findall(r'<th scope="row">([^<]+)</th><td><code>([^<]+)</code></td></tr>', section)


def log_in(username: str, password: str) -> int:
    browser = Client()
    browser.get(reverse("login"))
    return browser.post(reverse("login"), {"username": username, "password": password}).status_code


def card_passwords(page: str) -> dict[str, str]:
    codes = re.findall(r'<code class="login-card__secret">([^<]+)</code>', page)
    return dict(zip(codes[::2], codes[1::2], strict=True))


def test_a_list_sent_again_makes_no_one_twice_and_says_who_is_there(school_class, almaz, make):
    teacher = make.logged_in(almaz)
    first = send(teacher, school_class, LIST).content.decode()
    assert made_rows(first) == [("Šimon Kováč", "simon.kovac"), ("Jürgen Groß", "jurgen.gross")]
    before = User.objects.count()
    again = send(
        teacher, school_class, "šimon  kováč\nJürgen Groß\nŁukasz Żółć\nSelam Tesfaye"
    ).content.decode()
    assert made_rows(again) == [("Łukasz Żółć", "lukasz.zolc")]
    assert existing_rows(again) == [
        ("Šimon Kováč", "simon.kovac"),
        ("Jürgen Groß", "jurgen.gross"),
        ("Selam Tesfaye", "selam"),  # joined by code: her name is in the class already
    ]
    assert "Already in the class" in again and "no second account was made" in again
    assert User.objects.count() == before + 1
    assert Membership.objects.filter(school_class=school_class).count() == 5


def test_a_list_with_only_known_names_says_no_account_was_needed(school_class, almaz, make):
    teacher = make.logged_in(almaz)
    send(teacher, school_class, LIST)
    page = send(teacher, school_class, LIST).content.decode()
    assert made_rows(page) == [] and "No new account was needed" in page
    assert "shown only this once" not in page


def test_an_account_is_known_by_the_name_it_was_made_with_after_a_change_of_name(school_class, almaz, make):
    services.create_students(school_class=school_class, names=["Jürgen Groß"])
    User.objects.filter(username="jurgen.gross").update(first_name="Jürgi")
    made = services.create_students(school_class=school_class, names=["Jürgen Groß"])
    assert made.created == [] and [e.username for e in made.existing] == ["jurgen.gross"]
    assert made.existing[0].name == "Jürgi Groß"  # the full name the teacher sees in the class


def test_a_student_who_left_the_class_is_made_anew(school_class):
    services.create_students(school_class=school_class, names=["Jürgen Groß"])
    Membership.objects.filter(student__username="jurgen.gross").delete()
    made = services.create_students(school_class=school_class, names=["Jürgen Groß"])
    assert [student.username for student in made.created] == ["jurgen.gross2"] and made.existing == []


def test_a_name_twice_in_one_list_makes_two_numbered_accounts_and_says_so(school_class, almaz, make):
    teacher = make.logged_in(almaz)
    page = send(teacher, school_class, "Abebe Bikila\nabebe bikila\nDerartu Tulu").content.decode()
    assert made_rows(page) == [
        ("Abebe Bikila", "abebe.bikila"),
        ("abebe bikila", "abebe.bikila2"),
        ("Derartu Tulu", "derartu.tulu"),
    ]
    assert "“Abebe Bikila” is in the list more than once" in page
    again = send(teacher, school_class, "Abebe Bikila\nAbebe Bikila").content.decode()
    assert made_rows(again) == [] and [u for _n, u in existing_rows(again)] == [
        "abebe.bikila",
        "abebe.bikila2",
    ]
    assert "more than once" not in again  # nothing was made twice this time


def test_the_maker_is_recorded_with_the_class_and_the_name(school_class, almaz):
    services.create_students(school_class=school_class, names=["  Šimon   Kováč "])
    account = StudentAccount.objects.get()
    assert (account.user.username, account.made_by, account.school_class, account.name) == (
        "simon.kovac",
        almaz,
        school_class,
        "Šimon   Kováč",
    )


def test_a_co_teacher_who_makes_accounts_is_their_maker_and_either_teacher_gives_new_passwords(
    school_class, almaz, make
):
    from classes import co_teaching

    tigist = make.person("tigist", teaches=True)
    co_teaching.add(school_class=school_class, username="tigist")
    send(make.logged_in(tigist), school_class, "Šimon Kováč")
    account = StudentAccount.objects.get()
    assert account.made_by == tigist
    again = send(make.logged_in(almaz), school_class, "Šimon Kováč").content.decode()
    assert made_rows(again) == [] and existing_rows(again) == [("Šimon Kováč", "simon.kovac")]
    reset = reverse("classes:student_password", args=[school_class.pk, account.user_id])
    assert make.logged_in(tigist).get(reset).status_code == 200
    assert make.logged_in(almaz).get(reset).status_code == 200  # any teacher of the class may


# New passwords


@pytest.fixture
def simon(school_class):
    services.create_students(school_class=school_class, names=["Šimon Kováč"])
    return User.objects.get(username="simon.kovac")


def test_the_maker_gives_a_new_password_after_asking_and_the_student_logs_in_with_it(
    school_class, almaz, simon, make
):
    teacher = make.logged_in(almaz)
    student_page = teacher.get(reverse("classes:student", args=[school_class.pk, simon.pk])).content.decode()
    url = reverse("classes:student_password", args=[school_class.pk, simon.pk])
    assert url in student_page
    old_hash = simon.password
    question = teacher.get(url)
    assert question.status_code == 200 and "A new password for Šimon Kováč?" in question.content.decode()
    assert User.objects.get(pk=simon.pk).password == old_hash  # asking changes nothing
    answer = teacher.post(url)
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    page = answer.content.decode()
    assert "http://testserver/accounts/login/" in page and "Šimon Kováč" in page
    password = card_passwords(page)["simon.kovac"]
    assert log_in("simon.kovac", password) == 302
    assert User.objects.get(pk=simon.pk).password.startswith("md5$")  # rehashed on log-in, as made ones are


def test_the_old_password_stops_working_also_one_the_student_chose(school_class, almaz, simon, make):
    simon.set_password("my-own-secret-77")
    simon.save()
    page = make.logged_in(almaz).post(reverse("classes:student_password", args=[school_class.pk, simon.pk]))
    assert log_in("simon.kovac", "my-own-secret-77") == 200
    assert log_in("simon.kovac", card_passwords(page.content.decode())["simon.kovac"]) == 302


def test_a_new_password_lifts_the_log_in_lock(school_class, almaz, simon, make):
    browser = Client()
    browser.get(reverse("login"))
    for _ in range(devices.DEVICE_LIMIT):
        browser.post(reverse("login"), {"username": "simon.kovac", "password": "wrong"})
    assert AccessAttempt.objects.exists()
    page = make.logged_in(almaz).post(reverse("classes:student_password", args=[school_class.pk, simon.pk]))
    password = card_passwords(page.content.decode())["simon.kovac"]
    assert not AccessAttempt.objects.exists()
    assert (
        browser.post(reverse("login"), {"username": "simon.kovac", "password": password}).status_code == 302
    )


def test_no_new_password_once_the_account_left_the_class(school_class, almaz, bekele, simon, make):
    services.remove_student(school_class=school_class, student=simon)
    url = reverse("classes:student_password", args=[school_class.pk, simon.pk])
    for teacher in (almaz, bekele):
        assert make.logged_in(teacher).post(url).status_code == 404
    assert User.objects.get(pk=simon.pk).password == simon.password


def test_a_class_handed_to_another_teacher_hands_its_accounts_over_too(
    school_class, almaz, bekele, simon, make
):
    school_class.teacher = bekele
    school_class.save()
    url = reverse("classes:student_password", args=[school_class.pk, simon.pk])
    assert make.logged_in(almaz).post(url).status_code == 404
    assert User.objects.get(pk=simon.pk).password == simon.password
    assert make.logged_in(bekele).post(url).status_code == 200
    assert User.objects.get(pk=simon.pk).password != simon.password


def test_cards_for_several_accounts_at_once(school_class, almaz, make):
    services.create_students(school_class=school_class, names=["Šimon Kováč", "Jürgen Groß", "Łukasz Żółć"])
    teacher = make.logged_in(almaz)
    url = reverse("classes:cards", args=[school_class.pk])
    question = teacher.get(url).content.decode()
    ids = re.findall(r'name="students" value="(\d+)" checked', question)
    assert len(ids) == 3  # Selam and Dawit joined by code: no cards for them
    assert url in teacher.get(reverse("classes:class", args=[school_class.pk])).content.decode()
    answer = teacher.post(url, {"students": ids[:2]})
    assert answer["Cache-Control"] == "no-store"
    cards = card_passwords(answer.content.decode())
    assert sorted(cards) == ["jurgen.gross", "simon.kovac"]  # by last name: Groß, Kováč
    assert all(log_in(username, password) == 302 for username, password in cards.items())


def test_cards_refuse_an_account_not_made_here_and_change_nothing(school_class, almaz, selam, hana, make):
    services.create_students(school_class=school_class, names=["Šimon Kováč"])
    simon = User.objects.get(username="simon.kovac")
    before = list(User.objects.values_list("password", flat=True).order_by("pk"))
    teacher = make.logged_in(almaz)
    url = reverse("classes:cards", args=[school_class.pk])
    for intruder in (selam, hana):
        assert teacher.post(url, {"students": [simon.pk, intruder.pk]}).status_code == 404
    assert teacher.post(url, {"students": ["x"]}).status_code == 404
    empty = teacher.post(url, {})
    assert empty.status_code == 400 and "Tick at least one student." in empty.content.decode()
    assert list(User.objects.values_list("password", flat=True).order_by("pk")) == before
