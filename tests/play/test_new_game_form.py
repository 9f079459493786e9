"""The new-game form on the play page: a form nobody has filled in is drawn once per language and kept
(play.forms.blank_new_game_fields); a submitted one is drawn with its own choices and errors, and
neither leaks into the other."""

import pytest
from django.urls import reverse

from play import forms

pytestmark = pytest.mark.django_db


def fields(page: str) -> str:
    start = page.index("<h2>", page.index('class="card new-game"'))
    return page[start : page.index('<button class="button"')]


def test_the_kept_fields_are_those_a_fresh_form_draws(client):
    first = fields(client.get("/play/").text)
    kept = fields(client.get("/play/").text)
    forms._BLANK_FIELDS.clear()
    assert kept == first == fields(client.get("/play/").text)
    assert '<input type="radio" name="mode" value="bot" id="id_mode_0" required checked>' in kept
    assert '<option value="novice" selected>' in kept and '<option value="white" selected>' in kept


def test_a_refused_form_shows_its_choices_and_errors_and_the_next_blank_form_does_not(client):
    client.get(reverse("play"))
    refused = client.post(reverse("play"), {"mode": "chess", "colour": "black", "level": "club"})
    assert refused.status_code == 400
    assert 'class="error"' in fields(refused.text)
    assert '<option value="black" selected>' in fields(refused.text)
    assert '<option value="club" selected>' in fields(refused.text)
    blank = client.get(reverse("play")).text
    assert 'class="error"' not in fields(blank)
    assert '<option value="white" selected>' in fields(blank)
    assert '<option value="novice" selected>' in fields(blank)


def test_each_language_has_its_own_blank_form(client):
    english = fields(client.get("/play/").text)
    slovak = fields(client.get("/sk/play/").text)
    assert "Against a bot" in english and "Against a bot" not in slovak
    assert fields(client.get("/play/").text) == english
