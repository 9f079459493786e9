"""Bad input to every way of acting on a game (tampered versions, odd unicode, huge numbers, unknown codes,
someone else's game) gets a clear 4xx and changes nothing; never a 500."""

import pytest
from django.test import Client
from django.urls import reverse

from play.models import Game
from testing.games import online_pair, snapshot, start

pytestmark = pytest.mark.django_db

ACTIONS = (
    "game_move",
    "game_resign",
    "game_draw",
    "game_abort",
    "game_claim",
    "game_rematch",
    "game_take_back",
)
BAD_VERSIONS = ("", "-1", "9" * 40, "1e3", "\u0661\u0662", "one", "1.5")
ODD_TEXTS = ("", " ", "\u202e\u0000e2e4", "𝔢2𝔢4", "x" * 5000, "e2e3" * 100, "\ufeffwin")


@pytest.mark.parametrize("name", ACTIONS)
@pytest.mark.parametrize("version", BAD_VERSIONS)
def test_a_tampered_version_is_refused_and_changes_nothing(name, version):
    host, guest, game = online_pair()
    before = snapshot(game)
    data = {"version": version, "confirmed": "1", "move": "e2e3", "outcome": "win", "answer": "accept"}
    response = host.post(reverse(name, args=[game.id]), data)
    assert 400 <= response.status_code < 500, (name, version, response.status_code)
    assert snapshot(game) == before


@pytest.mark.parametrize("name", ACTIONS)
@pytest.mark.parametrize("text", ODD_TEXTS)
def test_odd_text_in_every_field_is_refused_or_ignored_and_never_a_500(name, text):
    host, guest, game = online_pair()
    game.refresh_from_db()
    data = {"version": game.version, "move": text, "outcome": text, "answer": text, "steps": text}
    response = host.post(reverse(name, args=[game.id]), data)
    assert response.status_code < 500, (name, text, response.status_code)
    if response.status_code >= 400:
        game.refresh_from_db()
        assert game.status == Game.Status.ONGOING and not game.steps


@pytest.mark.parametrize("name", ACTIONS)
def test_someone_elses_game_is_not_found_by_any_action(name):
    host, guest, game = online_pair()
    before = snapshot(game)
    data = {"version": game.version, "confirmed": "1", "move": "e2e3", "outcome": "win"}
    assert Client().post(reverse(name, args=[game.id]), data).status_code == 404
    assert snapshot(game) == before


@pytest.mark.parametrize("code", ("nothing", "x" * 500, "%E2%80%AE", "..", "ṡ"))
def test_unknown_watching_and_invitation_codes_are_told_in_words(client, code):
    for name in ("watch", "watch_export", "join"):
        response = client.get(reverse(name, args=[code]))
        assert response.status_code == 404, (name, code)
        assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "query", ("?state=\u202e", "?result=win&result=loss", "?page=99999999999999999999", "?page=-1")
)
def test_odd_filters_on_my_games_are_a_4xx_or_the_page(client, query):
    start(client)
    response = client.get(reverse("my_games") + query)
    assert response.status_code in (200, 400, 404), (query, response.status_code)
