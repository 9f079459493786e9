"""Accounts: the profile ("I teach" makes a teacher), the password change and reset (by e-mail), the roles,
and log-ins locked by django-axes after five failures for one username on one device (more in
tests/accounts/test_log_in_lock.py)."""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import roles
from testing.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def abebe(second_learner):
    """The cast's second learner, abebe@example.org."""
    return second_learner


def log_in(client: Client, username: str, password: str):
    """As a browser logs in: the log-in page (which gives the browser its device cookie), then the form."""
    client.get(reverse("login"))
    return client.post(reverse("login"), {"username": username, "password": password})


def test_the_profile_needs_a_log_in(client):
    answer = client.get(reverse("profile"))
    assert answer.status_code == 302 and answer.url.startswith(reverse("login"))


def test_the_profile_saves_names_and_e_mail_and_makes_a_teacher(client, abebe):
    client.force_login(abebe)
    page = client.get(reverse("profile")).content.decode()
    assert "abebe" in page and "learner" in page and "teacher" not in page
    answer = client.post(
        reverse("profile"),
        {"first_name": "Abebe", "last_name": "Bikila", "email": "ab@example.org", "teaches": "on"},
    )
    assert answer.status_code == 302
    abebe.refresh_from_db()
    assert (abebe.first_name, abebe.last_name, abebe.email) == ("Abebe", "Bikila", "ab@example.org")
    assert roles.is_teacher(abebe)
    page = client.get(reverse("profile")).content.decode()
    assert "learner, teacher" in page and "Your profile is saved." in page
    client.post(reverse("profile"), {"first_name": "Abebe", "last_name": "Bikila", "email": "ab@example.org"})
    assert not roles.is_teacher(abebe)


def test_a_bad_e_mail_is_a_400_and_changes_nothing(client, abebe):
    client.force_login(abebe)
    answer = client.post(reverse("profile"), {"email": "not an address", "teaches": "on"})
    assert answer.status_code == 400
    abebe.refresh_from_db()
    assert abebe.email == "abebe@example.org" and not roles.is_teacher(abebe)


def test_the_profile_needs_a_csrf_token(abebe):
    client = Client(enforce_csrf_checks=True)
    client.force_login(abebe)
    assert client.post(reverse("profile"), {"teaches": "on"}).status_code == 403
    assert not roles.is_teacher(abebe)


def test_roles_are_learner_teacher_curator_admin(abebe):
    assert roles.role_names(abebe) == ["learner"]
    roles.set_teacher(user=abebe, teaches=True)
    abebe.is_staff = abebe.is_superuser = True
    assert roles.role_names(abebe) == ["learner", "teacher", "curator", "admin"]


def test_the_curators_group_may_change_puzzles_and_reports(abebe):
    codenames = set(roles.curators_group().permissions.values_list("codename", flat=True))
    assert {"change_puzzle", "view_puzzlereport", "change_puzzlereport"} <= codenames
    assert not any(name.endswith("_user") for name in codenames)


def test_the_password_is_changed_with_the_old_one(client, abebe):
    client.force_login(abebe)
    assert client.get(reverse("password_change")).status_code == 200
    answer = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "fers-and-fil-9",
            "new_password2": "fers-and-fil-9",
        },
    )
    assert answer.url == reverse("password_change_done")
    abebe.refresh_from_db()
    assert abebe.check_password("fers-and-fil-9")


def test_a_password_is_reset_by_e_mail(client, abebe):
    assert "Forgot your password?" in client.get(reverse("login")).content.decode()
    answer = client.post(reverse("password_reset"), {"email": "abebe@example.org"})
    assert answer.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1 and "abebe" in mail.outbox[0].body
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    answer = client.post(
        form.redirect_chain[-1][0], {"new_password1": "medeq-march-7", "new_password2": "medeq-march-7"}
    )
    assert answer.url == reverse("password_reset_complete")
    assert log_in(client, "abebe", "medeq-march-7").status_code == 302


def test_an_unknown_e_mail_gets_the_same_answer_and_no_mail(client, abebe):
    answer = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert answer.url == reverse("password_reset_done") and not mail.outbox


def test_five_failed_log_ins_lock_the_username_on_that_device(client, abebe):
    for _ in range(4):
        assert log_in(client, "abebe", "wrong").status_code == 200
    locked = log_in(client, "abebe", "wrong")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed log-ins" in page and "15 minutes" in page
    assert log_in(client, "abebe", PASSWORD).status_code == 429  # the right password waits too
    assert "_auth_user_id" not in client.session


def test_the_lock_is_for_that_username_and_device_only(client, abebe):
    UserFactory(username="hana")
    for _ in range(5):
        log_in(client, "abebe", "wrong")
    assert log_in(client, "hana", PASSWORD).status_code == 302
    elsewhere = Client(REMOTE_ADDR="10.0.0.7")
    assert log_in(elsewhere, "abebe", PASSWORD).status_code == 302


def test_the_lock_lifts_after_fifteen_minutes(client, abebe):
    for _ in range(5):
        log_in(client, "abebe", "wrong")
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert log_in(client, "abebe", PASSWORD).status_code == 302


def test_a_successful_log_in_clears_earlier_failures(client, abebe):
    for _ in range(4):
        log_in(client, "abebe", "wrong")
    assert log_in(client, "abebe", PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        assert log_in(client, "abebe", "wrong").status_code == 200


# Bad input: a sign-up's `next`, and the throttle on password-reset mails


@pytest.mark.parametrize(
    "next_url", ["nosuchview", "home extra", "https://elsewhere.example/", "//elsewhere.example/"]
)
def test_a_sign_up_with_a_next_that_is_no_path_of_the_site_lands_on_the_home_page(client, next_url):
    data = {"username": "almaz", "password1": PASSWORD, "password2": PASSWORD, "next": next_url}
    answer = client.post(reverse("signup"), data)
    assert answer.status_code == 302 and answer.url == reverse("home")
    assert client.get(reverse("profile")).status_code == 200  # made, and logged in


def test_a_sign_up_follows_a_next_that_is_a_path_of_the_site(client):
    data = {"username": "almaz", "password1": PASSWORD, "password2": PASSWORD, "next": "/train/"}
    assert client.post(reverse("signup"), data).url == "/train/"


def reset(client: Client, email: str, address: str = "192.0.2.1"):
    return client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=address)


def test_password_reset_mails_are_throttled_per_account(client, abebe, monkeypatch):
    from accounts import throttle, views

    monkeypatch.setattr(views, "RESET_PER_ACCOUNT", throttle.Rate(count=2, seconds=3600))
    for address in ("192.0.2.1", "192.0.2.2"):
        assert reset(client, "abebe@example.org", address).url == reverse("password_reset_done")
    refused = reset(client, "ABEBE@example.org ", "192.0.2.3")
    assert refused.status_code == 429
    assert "asked for too often" in refused.content.decode()
    assert len(mail.outbox) == 2
    # someone else's mail still goes
    second = UserFactory(username="selam", email="selam@example.org")
    assert reset(client, second.email, "192.0.2.4").url == reverse("password_reset_done")
    assert len(mail.outbox) == 3


def test_password_reset_mails_are_throttled_per_address(client, abebe, monkeypatch):
    from accounts import throttle, views

    monkeypatch.setattr(views, "RESET_PER_ADDRESS", throttle.Rate(count=2, seconds=3600))
    assert reset(client, "nobody@example.org").status_code == 302
    assert reset(client, "nobody2@example.org").status_code == 302
    refused = reset(client, "abebe@example.org")
    assert refused.status_code == 429 and "Try again in 60 minutes" in refused.content.decode()
    assert not mail.outbox
    assert reset(client, "abebe@example.org", "192.0.2.9").status_code == 302 and len(mail.outbox) == 1


def test_a_reset_from_behind_a_trusted_proxy_is_counted_by_the_client_address(
    client, abebe, monkeypatch, settings
):
    from accounts import throttle, views

    settings.TRUSTED_PROXIES = 1
    monkeypatch.setattr(views, "RESET_PER_ADDRESS", throttle.Rate(count=1, seconds=3600))
    proxy = "10.0.0.1"
    first = client.post(
        reverse("password_reset"),
        {"email": "a@example.org"},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    other = client.post(
        reverse("password_reset"),
        {"email": "b@example.org"},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="198.51.100.2",
    )
    again = client.post(
        reverse("password_reset"),
        {"email": "c@example.org"},
        REMOTE_ADDR=proxy,
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    assert (first.status_code, other.status_code, again.status_code) == (302, 302, 429)
