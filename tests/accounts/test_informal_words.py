"""The pages of the way in speak as the rest of the site does: in Slovak to "ty", never "vy", help texts and
error messages included, which Django's own forms would say formally."""

import re

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from testing.factories import PASSWORD

pytestmark = pytest.mark.django_db

#: What a Slovak text says to "vy": the possessive, the pronouns, the verbs' plural address.
FORMAL = re.compile(
    r"\b(vaš\w*|vám|vás|vami|zadajte|napíšte|skúste|všimnite|nezadali|ste|môžete|máte)\b", re.IGNORECASE
)


def main(page: str) -> str:
    return page[page.index("<main") : page.index("</main>")]


def formal_words(page: str) -> list[str]:
    return FORMAL.findall(re.sub(r"<[^>]+>", " ", main(page)))


# Each address is made before the first request: a Slovak page leaves Slovak active, and reverse() would
# then give the Slovak address already.


def test_the_sign_up_page_and_its_errors(client):
    address = "/sk" + reverse("signup")
    page = client.get(address).text
    assert formal_words(page) == []
    assert "Pre istotu napíš to isté heslo ešte raz." in page
    assert "Musí mať aspoň 8 znakov." in page
    mismatch = client.post(address, {"username": "selam", "password1": PASSWORD, "password2": "x"})
    assert mismatch.status_code == 400 and "Heslá nie sú rovnaké." in mismatch.text
    short = client.post(address, {"username": "selam", "password1": "a1", "password2": "a1"})
    assert short.status_code == 400
    assert formal_words(mismatch.text) == formal_words(short.text) == []


def test_the_log_in_page_and_a_refused_log_in(client, learner):
    address = "/sk" + reverse("login")
    assert formal_words(client.get(address).text) == []
    refused = client.post(address, {"username": learner.username, "password": "no"})
    assert "Používateľské meno a heslo k sebe nepatria." in refused.text
    assert formal_words(refused.text) == []


def test_the_password_change_and_a_wrong_old_password(learner_client):
    address = "/sk" + reverse("password_change")
    assert formal_words(learner_client.get(address).text) == []
    wrong = learner_client.post(
        address, {"old_password": "no", "new_password1": "kamene-a-fers", "new_password2": "kamene-a-fers"}
    )
    assert "Toto nie je tvoje súčasné heslo. Skús to znova." in wrong.text
    assert formal_words(wrong.text) == []


def test_choosing_a_new_password_by_a_reset_link(client, learner):
    uid = urlsafe_base64_encode(force_bytes(learner.pk))
    token = default_token_generator.make_token(learner)
    reset = "/sk" + reverse("password_reset")
    page = client.get("/sk" + reverse("password_reset_confirm", args=[uid, token]), follow=True).text
    assert "Pre istotu napíš to isté heslo ešte raz." in page
    assert formal_words(page) == []
    assert formal_words(client.get(reset).text) == []


def test_english_says_what_a_password_needs(client):
    page = client.get(reverse("signup")).text
    assert "It needs at least 8 characters." in page
    assert "It must not be digits alone." in page
