"""A NUL byte, which no page uses and PostgreSQL refuses in text, is answered 400 before any view runs, on
every database, and changes nothing."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "address",
    [
        "/classes/join/AB%00CD/",
        "/train/?theme=fork%00",
        "/learn/?x=%00",
        "/play/?%00=1",
        "/analysis/?moves=e2e3%00",
    ],
)
def test_a_nul_byte_in_an_address_or_a_query_is_a_400_with_words(client, address):
    response = client.get(address)
    assert response.status_code == 400
    assert (
        "It holds a character that no address, move or form on this site uses." in response.content.decode()
    )


def test_a_nul_byte_in_a_form_changes_nothing():
    client = Client()
    response = client.post("/accounts/signup/", {"username": "abebe\x00", "password1": "x", "password2": "x"})
    assert response.status_code == 400
    assert not User.objects.exists()
    response = client.post("/play/", {"mode": "hotseat\x00", "colour": "white"})
    assert response.status_code == 400 and not Game.objects.exists()


def test_the_same_request_without_the_byte_goes_through(client):
    assert client.get("/train/?theme=fork").status_code == 200  # no puzzle of the theme: a notice
    response = client.get("/classes/join/ABCD/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_page_speaks_the_reader_s_language(client):
    response = client.get("/sk/train/?theme=%00")
    assert response.status_code == 400
    page = response.content.decode()
    assert '<html lang="sk">' in page and "Obsahuje znak, ktorý žiadna adresa, ťah ani formulár" in page


@pytest.mark.parametrize("host", ["elsewhere.example", "", "a b", "x" * 300])
@pytest.mark.parametrize("signed_in", [False, True])
def test_a_request_to_a_name_not_the_sites_is_a_400_with_words_and_the_menu(client, learner, host, signed_in):
    """A forged or empty `Host` is refused (Django's ALLOWED_HOSTS) with the site's own 400 page, whose menu
    and log-in links are drawn without reading the host again."""
    if signed_in:
        client.force_login(learner)
    response = client.get("/train/", HTTP_HOST=host)
    assert response.status_code == 400
    page = response.content.decode()
    assert "It was not sent as this site reads requests" in page
    assert 'href="/learn/"' in page
