"""The language of a page: English at /…, Slovak at /sk/…, chosen with the switcher on every page, and
remembered (the cookie) when the reader comes back to an address without a language."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from senterej.engine import Position
from senterej.engine.fen import FenError

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def test_english_pages_live_without_a_prefix_and_slovak_ones_under_sk(client):
    english = client.get("/")
    slovak = client.get("/sk/")
    assert english.status_code == slovak.status_code == 200
    assert '<html lang="en">' in english.text and '<html lang="sk">' in slovak.text


def test_reversed_addresses_follow_the_active_language():
    with translation.override("sk"):
        assert reverse("trainer:train") == "/sk/train/"
    with translation.override("en"):
        assert reverse("trainer:train") == "/train/"


def test_every_page_offers_the_switcher_with_the_current_language_pressed(client):
    page = client.get("/sk/rules/?part=2").text
    assert f'action="{reverse("set_language")}"' in page
    slovak = 'value="sk" lang="sk" formaction="/i18n/setlang/?next=/sk/rules/%3Fpart%3D2" aria-pressed="true"'
    english = 'value="en" lang="en" formaction="/i18n/setlang/?next=/rules/%3Fpart%3D2" aria-pressed="false"'
    assert slovak in page and english in page


def test_switching_to_slovak_goes_to_the_same_page_in_slovak_and_remembers_it(client):
    response = client.post(reverse("set_language"), {"language": "sk", "next": "/train/"})
    assert response.status_code == 302
    assert response["Location"] == "/sk/train/"
    cookie = response.cookies[COOKIE]
    assert cookie.value == "sk" and cookie["max-age"] == settings.LANGUAGE_COOKIE_AGE
    assert client.get("/rules/").headers["Location"] == "/sk/rules/"


def test_switching_back_to_english_leaves_the_slovak_address(client):
    client.cookies[COOKIE] = "sk"
    response = client.post(f"{reverse('set_language')}?next=/rules/", {"language": "en"})
    assert response["Location"] == "/rules/"
    assert response.cookies[COOKIE].value == "en"
    assert client.get("/rules/").status_code == 200


def test_a_browser_asking_for_slovak_is_sent_to_slovak_pages(client):
    response = client.get("/rules/?x=1", HTTP_ACCEPT_LANGUAGE="sk,en;q=0.5")
    assert response.status_code == 302
    assert response["Location"] == "/sk/rules/?x=1"
    assert "Accept-Language" in response["Vary"] and "Cookie" in response["Vary"]


def test_a_chosen_language_beats_the_browsers(client):
    """Both ways round: the switcher's English beats a browser that asks for Slovak, and the switcher's Slovak
    beats a browser that asks for English. The page served says which language it is in three ways: its
    address, the lang of <html> and Content-Language, and the words of its heading."""
    client.cookies[COOKIE] = "en"
    english = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="sk")
    assert english.status_code == 200
    assert '<html lang="en">' in english.text and english["Content-Language"] == "en"
    assert "<h1>The rules of Senterej</h1>" in english.text

    client.cookies[COOKIE] = "sk"
    slovak = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert slovak.redirect_chain == [("/sk/rules/", 302)]
    assert slovak.status_code == 200
    assert '<html lang="sk">' in slovak.text and slovak["Content-Language"] == "sk"
    assert "<h1>Pravidlá Senterej</h1>" in slovak.text


def test_forms_htmx_requests_and_unknown_addresses_are_not_redirected(client):
    client.cookies[COOKIE] = "sk"
    assert client.post("/play/", {"mode": "nonsense"}).status_code == 400
    assert client.get("/rules/", HTTP_HX_REQUEST="true").status_code == 200
    assert client.get("/no-such-page/").status_code == 404


def test_a_missing_page_answers_in_the_readers_language(client):
    response = client.get("/sk/no-such-page/")
    assert response.status_code == 404
    assert '<html lang="sk">' in response.text


def test_the_engines_errors_speak_the_readers_language():
    """The engine stays free of Django; the site gives it Django's translator when it starts."""
    messages = {}
    for language in ("en", "sk"):
        with translation.override(language), pytest.raises(FenError) as error:
            Position.from_fen("8/8/8/8/8/8/8/8 w - - 0 1 0/0")
        messages[language] = str(error.value)
    assert messages["en"] == "bad FEN placement: White must have exactly one negus (K), has 0"
    with translation.override("sk"):
        expected = translation.gettext("White must have exactly one negus (K), has %(count)s") % {"count": 0}
    assert expected != "White must have exactly one negus (K), has 0"
    assert messages["sk"].endswith(expected)
