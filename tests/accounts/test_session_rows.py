"""Sessions read by a statement built once (accounts/session_rows.py) keep Django's meaning of a session: a
signed-in person stays signed in, an expired or unknown session is a visitor's, and a session changed by
another process is read as it now is."""

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.session_rows import SessionStore
from testing.factories import UserFactory

pytestmark = pytest.mark.django_db

DASHBOARD = reverse("trainer:dashboard")


def signed_in(client: Client) -> Session:
    client.force_login(UserFactory())
    return Session.objects.get(session_key=client.session.session_key)


def test_a_signed_in_person_stays_signed_in_from_page_to_page(client):
    signed_in(client)
    for _ in range(2):
        assert client.get(DASHBOARD).status_code == 200


def test_an_expired_session_is_a_visitors_and_the_next_page_asks_to_log_in(client):
    row = signed_in(client)
    Session.objects.filter(pk=row.pk).update(expire_date=timezone.now() - timedelta(seconds=1))
    response = client.get(DASHBOARD)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_session_ended_elsewhere_ends_here_at_the_next_page(client):
    """Logging out on another device, or the session's row deleted by any process, is seen at once: nothing
    of the session is kept between requests."""
    row = signed_in(client)
    assert client.get(DASHBOARD).status_code == 200
    Session.objects.filter(pk=row.pk).delete()
    assert client.get(DASHBOARD).status_code == 302


def test_a_session_changed_by_another_process_is_read_as_it_now_is(client):
    row = signed_in(client)
    other = SessionStore(session_key=row.session_key)
    other["seen"] = "elsewhere"
    other.save()
    assert SessionStore(session_key=row.session_key)["seen"] == "elsewhere"


@pytest.mark.parametrize("key", ["", "short", "x" * 32, "x" * 400, "ŝ" * 40, "' OR 1=1 --" + "x" * 30])
def test_an_unknown_tampered_or_odd_key_is_an_empty_session_that_gives_way_to_a_new_one(key):
    store = SessionStore(session_key=key)
    assert store.load() == {}
    assert store.session_key is None
    assert not Session.objects.exists()
