"""The log-in lock by account and device: in a classroom every pupil has the same address, and one pupil's
wrong passwords for a classmate's account pause it on the guesser's device only. Also how django-axes 8
uses the settings that make it so, as its documentation says (AXES_USERNAME_CALLABLE names the record,
AXES_FAILURE_LIMIT may be a callable of the request and credentials, AXES_RESET_ON_SUCCESS clears the
records of the name that logged in, AXES_COOLOFF_TIME lifts the lock)."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from accounts import devices
from testing.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SCHOOL = "192.0.2.10"


@pytest.fixture
def bontu(db):
    """Pupil B, whose account is guessed at."""
    return UserFactory(username="bontu", first_name="Bontu", last_name="Edao")


def device() -> Client:
    """A browser of the classroom that has opened the log-in page, so it has its device cookie."""
    browser = Client(REMOTE_ADDR=SCHOOL)
    assert browser.get(reverse("login")).status_code == 200
    assert devices.COOKIE in browser.cookies
    return browser


def log_in(browser: Client, username: str, password: str):
    return browser.post(reverse("login"), {"username": username, "password": password})


def wrong_five_times(browser: Client, username: str = "bontu") -> None:
    for _ in range(devices.DEVICE_LIMIT):
        log_in(browser, username, "not-her-password")


def test_a_classmates_wrong_passwords_leave_the_pupil_free_on_her_own_device(bontu):
    own, classmates = device(), device()
    wrong_five_times(classmates)
    assert log_in(classmates, "bontu", PASSWORD).status_code == 429
    answer = log_in(own, "bontu", PASSWORD)
    assert answer.status_code == 302 and own.session["_auth_user_id"] == str(bontu.pk)


def test_five_wrong_passwords_on_the_pupils_own_device_pause_her_there_and_say_when(bontu):
    own = device()
    for _ in range(devices.DEVICE_LIMIT - 1):
        assert log_in(own, "bontu", "not-her-password").status_code == 200
    locked = log_in(own, "bontu", "not-her-password")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "paused on this device after too many wrong passwords" in page
    assert "Try again in 15 minutes" in page and "other devices can still log in" in page
    assert log_in(own, "bontu", PASSWORD).status_code == 429  # the right password waits too
    assert "_auth_user_id" not in own.session
    assert log_in(device(), "bontu", PASSWORD).status_code == 302


def test_axes_counts_under_the_username_and_device_and_locks_at_the_limit(bontu):
    """AXES_USERNAME_CALLABLE names the record; the one lockout parameter is that name."""
    own = device()
    wrong_five_times(own)
    attempt = AccessAttempt.objects.get()
    assert attempt.username.startswith("bontu" + devices.ON_DEVICE)
    assert attempt.failures_since_start == devices.DEVICE_LIMIT and attempt.ip_address == SCHOOL


def test_a_success_clears_the_failures_of_that_device_only(bontu):
    own, classmates = device(), device()
    wrong_five_times(classmates)
    for _ in range(devices.DEVICE_LIMIT - 1):
        log_in(own, "bontu", "not-her-password")
    assert log_in(own, "bontu", PASSWORD).status_code == 302
    assert AccessAttempt.objects.get().failures_since_start == devices.DEVICE_LIMIT  # the classmate's
    assert log_in(classmates, "bontu", PASSWORD).status_code == 429


def test_the_lock_lifts_after_the_cool_off(bontu):
    classmates = device()
    wrong_five_times(classmates)
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert log_in(classmates, "bontu", PASSWORD).status_code == 302


def test_capital_letters_give_no_more_tries(bontu):
    classmates = device()
    for username in ("bontu", "Bontu", "BONTU", "bOntu", "BontU"):
        log_in(classmates, username, "not-her-password")
    assert log_in(classmates, "bontu", PASSWORD).status_code == 429


def test_a_client_without_the_cookie_is_counted_by_its_address_and_locks_no_device(bontu):
    script = Client(REMOTE_ADDR=SCHOOL)
    for _ in range(devices.DEVICE_LIMIT):
        script.post(reverse("login"), {"username": "bontu", "password": "guess"})
        script.cookies.pop(devices.COOKIE, None)
    assert AccessAttempt.objects.get().username == "bontu" + devices.AT_ADDRESS + SCHOOL
    assert script.post(reverse("login"), {"username": "bontu", "password": PASSWORD}).status_code == 429
    assert log_in(device(), "bontu", PASSWORD).status_code == 302


def test_a_forged_device_cookie_counts_as_none(bontu):
    forger = Client(REMOTE_ADDR=SCHOOL)
    forger.cookies[devices.COOKIE] = "A" * 22
    log_in(forger, "bontu", "guess")
    assert AccessAttempt.objects.get().username == "bontu" + devices.AT_ADDRESS + SCHOOL


def test_guessing_from_many_devices_is_bounded_by_the_accounts_ceiling(bontu, monkeypatch):
    """AXES_FAILURE_LIMIT as a callable: past the ceiling no device has a try left, a new one neither."""
    monkeypatch.setattr(devices, "ACCOUNT_CEILING", 3 * devices.DEVICE_LIMIT)
    for _ in range(3):
        wrong_five_times(device())
    assert devices.account_failures("bontu") == 3 * devices.DEVICE_LIMIT
    locked = log_in(device(), "bontu", PASSWORD)
    assert locked.status_code == 429 and "paused on every device" in locked.content.decode()
    assert log_in(device(), "someone-else", "guess").status_code == 200  # other accounts are free


def test_the_device_cookie_is_long_lived_signed_and_hidden_from_scripts(bontu):
    cookie = device().cookies[devices.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == devices.AGE
    assert ":" in cookie.value  # value:signature


def test_fifty_wrong_passwords_from_fifty_fresh_devices_lock_nothing_for_the_owner_on_her_own_device(bontu):
    """The account's ceiling pauses the devices it was never used on; the one Bontu logs in on keeps its own
    five tries, and she logs in there, however many guessers came before."""
    own = device()
    assert log_in(own, "bontu", PASSWORD).status_code == 302
    own.post(reverse("logout"))
    for _ in range(devices.ACCOUNT_CEILING):
        assert log_in(device(), "bontu", "not-her-password").status_code in (200, 429)
    assert devices.account_failures("bontu") >= devices.ACCOUNT_CEILING
    assert log_in(device(), "bontu", PASSWORD).status_code == 429  # a new device waits
    answer = log_in(own, "bontu", PASSWORD)
    assert answer.status_code == 302 and own.session["_auth_user_id"] == str(bontu.pk)


def test_a_device_known_to_one_account_is_not_known_to_another(bontu):
    """Having logged in on a device as oneself frees no one to guess a classmate's password there."""
    UserFactory(username="chaltu")
    guesser = device()
    assert log_in(guesser, "chaltu", PASSWORD).status_code == 302
    guesser.post(reverse("logout"))
    for _ in range(devices.ACCOUNT_CEILING):
        log_in(device(), "bontu", "not-her-password")
    assert log_in(guesser, "bontu", PASSWORD).status_code == 429
