"""Production serving: the settings that HTTPS and TRUSTED_PROXIES switch on, the client address behind a
proxy (for the log-in lock too), the log of a 500, private pages kept out of caches, the Content-Security-
Policy, and `check --deploy` clean with the production variables the README documents."""

import io
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.clients import client_address
from school.env import env_int, trusted_proxies
from testing.factories import PASSWORD, SchoolClassFactory, UserFactory

ROOT = Path(__file__).resolve().parents[2]
#: What the README's table asks of a production deployment.
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-long-random-production-key-0123456789-abcdefghijklmnopqrstuvwxyz",
    "ALLOWED_HOSTS": "school.example",
    "HTTPS": "true",
}


def environment(**variables: str) -> dict[str, str]:
    # the browser tests' conftest allows Django's async-unsafe calls, which no deployment does
    names = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "HTTPS", "TRUSTED_PROXIES", "HSTS_SECONDS")
    names += ("DJANGO_ALLOW_ASYNC_UNSAFE",)
    clean = {key: value for key, value in os.environ.items() if key not in names}
    return clean | {"DJANGO_SETTINGS_MODULE": "school.settings"} | variables


def settings_of(names: list[str], **variables: str) -> list[str]:
    """The settings' values as a fresh process with these variables reads them."""
    code = "import django; django.setup(); from django.conf import settings; " + "; ".join(
        f"print(repr(getattr(settings, {name!r}, None)))" for name in names
    )
    result = subprocess.run(
        [sys.executable, "-c", code], env=environment(**variables), cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


# Settings from the environment


def test_check_deploy_is_clean_with_the_production_variables():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=environment(**PRODUCTION),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


SECURE = [
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_PROXY_SSL_HEADER",
]


def test_https_switches_on_hsts_secure_cookies_and_the_redirect_and_the_tls_header_only_behind_a_proxy():
    assert settings_of(SECURE, **PRODUCTION) == ["True", "True", "True", "31536000", "True", "None"]
    behind = settings_of(SECURE, **PRODUCTION, TRUSTED_PROXIES="1")
    assert behind[-1] == "('HTTP_X_FORWARDED_PROTO', 'https')"
    assert settings_of(["SECURE_HSTS_SECONDS"], **PRODUCTION, HSTS_SECONDS="300") == ["300"]


def test_without_https_none_of_it_is_on():
    values = settings_of(SECURE, DEBUG="false", SECRET_KEY="k" * 60, TRUSTED_PROXIES="1")
    assert values == ["False", "False", "False", "0", "False", "None"]


def test_trusted_proxies_is_a_number_or_addresses():
    assert trusted_proxies({}) == 0
    assert trusted_proxies({"TRUSTED_PROXIES": "2"}) == 2
    assert trusted_proxies({"TRUSTED_PROXIES": "10.0.0.1, 172.16.0.0/12,::1"}) == [
        "10.0.0.1",
        "172.16.0.0/12",
        "::1",
    ]
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
        trusted_proxies({"TRUSTED_PROXIES": "the proxy"})


def test_env_int_refuses_words_and_numbers_too_small():
    assert env_int({}, "WORKERS", default=2) == 2
    assert env_int({"WORKERS": " 4 "}, "WORKERS", default=2) == 4
    for bad in ("four", "0"):
        with pytest.raises(ImproperlyConfigured, match="WORKERS"):
            env_int({"WORKERS": bad}, "WORKERS", default=2, minimum=1)


# The client's address


def request_from(remote: str, forwarded: str | None = None):
    headers = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    return RequestFactory().get("/", REMOTE_ADDR=remote, **headers)


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(settings):
    settings.TRUSTED_PROXIES = 0
    assert client_address(request_from("198.51.100.7", "203.0.113.9")) == "198.51.100.7"


def test_behind_a_number_of_proxies_the_client_is_that_far_from_the_right(settings):
    settings.TRUSTED_PROXIES = 1
    assert client_address(request_from("10.0.0.1", "203.0.113.9")) == "203.0.113.9"
    # what the client wrote itself is to the left of what the proxy added
    assert client_address(request_from("10.0.0.1", "1.2.3.4, 203.0.113.9")) == "203.0.113.9"
    assert client_address(request_from("10.0.0.1")) == "10.0.0.1"
    assert client_address(request_from("10.0.0.1", "not an address")) == "10.0.0.1"
    settings.TRUSTED_PROXIES = 2
    assert client_address(request_from("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.1")) == "203.0.113.9"
    assert client_address(request_from("10.0.0.2", "203.0.113.9")) == "10.0.0.2"


def test_behind_proxies_named_by_address_only_their_word_is_taken(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address(request_from("10.0.0.1", "1.2.3.4, 203.0.113.9, 10.0.0.5")) == "203.0.113.9"
    # a request that did not come through the proxy: its header is anyone's
    assert client_address(request_from("198.51.100.7", "203.0.113.9")) == "198.51.100.7"


def log_in(client: Client, username: str, password: str, forwarded: str):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR=forwarded,
    )


@pytest.mark.django_db
def test_the_log_in_lock_counts_the_forwarded_address_only_behind_a_trusted_proxy(settings):
    """A client without a device cookie (each Client here is new) is counted by its address."""
    UserFactory(username="hana")
    settings.TRUSTED_PROXIES = 1
    for _ in range(5):
        log_in(Client(), "hana", "wrong", forwarded="203.0.113.9")
    assert log_in(Client(), "hana", PASSWORD, forwarded="203.0.113.9").status_code == 429
    assert log_in(Client(), "hana", PASSWORD, forwarded="203.0.113.10").status_code == 302

    # No proxy trusted: the header changes nothing, the lock is on the address the request came from.
    settings.TRUSTED_PROXIES = 0
    for _ in range(5):
        log_in(Client(), "hana", "wrong", forwarded="203.0.113.11")
    assert log_in(Client(), "hana", PASSWORD, forwarded="203.0.113.12").status_code == 429


@pytest.mark.django_db
def test_links_behind_a_tls_proxy_are_https(teacher_client, teacher, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.ALLOWED_HOSTS = ["school.example"]
    school_class = SchoolClassFactory(teacher=teacher)
    url = reverse("classes:class", args=[school_class.pk])
    page = teacher_client.get(url, HTTP_HOST="school.example", HTTP_X_FORWARDED_PROTO="https")
    assert f'href="https://school.example/classes/join/{school_class.join_code}/"' in page.content.decode()


# Errors in the log


@pytest.mark.django_db
@pytest.mark.urls("tests.school.urls_failing")
def test_a_500_leaves_its_traceback_in_the_log_and_the_error_page_is_served():
    handler = next(
        h for h in logging.getLogger("django.request").handlers if isinstance(h, logging.StreamHandler)
    )
    output = io.StringIO()
    stream = handler.setStream(output)
    try:
        answer = Client(raise_request_exception=False).get("/boom/")
    finally:
        handler.setStream(stream)
    assert answer.status_code == 500 and "Something went wrong" in answer.content.decode()
    log = output.getvalue()
    assert "Internal Server Error: /boom/" in log
    assert "Traceback (most recent call last)" in log and "Boom: the view broke on purpose" in log


# Private pages


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["profile", "classes:home", "trainer:dashboard", "home", "trainer:train", "curation:reports"]
)
def test_pages_for_a_signed_in_account_are_private_and_not_stored(curator_client, name):
    answer = curator_client.get(reverse(name))
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-store"


@pytest.mark.django_db
def test_the_class_csv_and_the_admin_are_not_stored(teacher_client, teacher, admin_client):
    school_class = SchoolClassFactory(teacher=teacher)
    csv = teacher_client.get(reverse("classes:progress_csv", args=[school_class.pk]))
    assert csv.status_code == 200 and csv["Cache-Control"] == "private, no-store"
    admin = admin_client.get(reverse("admin:trainer_puzzle_changelist"))
    assert "no-store" in admin["Cache-Control"] and "private" in admin["Cache-Control"]


@pytest.mark.django_db
def test_a_visitors_page_is_left_to_the_usual_caching(client):
    assert "no-store" not in client.get(reverse("course:rules")).get("Cache-Control", "")


# The Content-Security-Policy


@pytest.mark.django_db
def test_every_page_sends_the_content_security_policy(client):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
