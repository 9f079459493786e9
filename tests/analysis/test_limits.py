"""The engine's work shared fairly: a visitor (here an account) may ask ten new evaluations a minute and
start ten games against the bots in ten minutes; past that, a 429 in words that says when to try again, and
nothing is asked or started. A question already asked costs nothing, and another visitor is not held back."""

import pytest
from django.urls import reverse

from analysis.models import Evaluation
from play.models import Game

pytestmark = pytest.mark.django_db

#: Eleven positions, each a new question: a der and two negus, the der and White's negus moved about.
FENS = [
    "k7/8/1K6/8/8/8/8/n6R w - - 0 1 0/0",
    "k7/8/1K6/8/8/8/8/n5R1 w - - 0 1 0/0",
    "k7/8/1K6/8/8/8/8/n4R2 w - - 0 1 0/0",
    "k7/8/1K6/8/8/8/8/n3R3 w - - 0 1 0/0",
    "k7/8/1K6/8/8/8/8/n2R4 w - - 0 1 0/0",
    "k7/8/2K5/8/8/8/8/n6R w - - 0 1 0/0",
    "k7/8/2K5/8/8/8/8/n5R1 w - - 0 1 0/0",
    "k7/8/2K5/8/8/8/8/n4R2 w - - 0 1 0/0",
    "k7/8/2K5/8/8/8/8/n3R3 w - - 0 1 0/0",
    "k7/8/2K5/8/8/8/8/n2R4 w - - 0 1 0/0",
    "k7/8/3K4/8/8/8/8/n6R w - - 0 1 0/0",
]
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def ask(client, fen: str, **headers: str):
    return client.post(reverse("analysis:evaluate"), {"fen": fen}, **headers)


def test_the_eleventh_new_evaluation_in_a_minute_is_refused_in_words(log_in, learner, second_learner):
    client = log_in(learner)
    for fen in FENS[:10]:
        assert ask(client, fen, HTTP_HX_REQUEST="true").status_code == 200
    refused = ask(client, FENS[10], HTTP_HX_REQUEST="true")
    text = refused.content.decode()
    assert refused.status_code == 429
    assert (
        "You have asked the engine for many evaluations in a short time" in text
        and "Try again in a minute." in text
    )
    assert 'name="fen"' in text  # the way to ask again, later
    plain = ask(client, FENS[10])
    assert plain.status_code == 429 and "Try again in a minute." in plain.content.decode()
    assert Evaluation.objects.count() == 10
    assert ask(client, FENS[0], HTTP_HX_REQUEST="true").status_code == 200  # asked before: free
    assert ask(log_in(second_learner), FENS[10], HTTP_HX_REQUEST="true").status_code == 200
    assert Evaluation.objects.count() == 11


def test_the_eleventh_bot_game_in_ten_minutes_is_refused_and_games_with_friends_are_not_counted(
    log_in, learner, second_learner
):
    client = log_in(learner)
    new_game = {"mode": "bot", "colour": "white", "level": "novice"}
    for _ in range(5):
        assert client.post(reverse("play"), new_game).status_code == 302
        play_on = {"fen": TURNS, "level": "novice", "side": "white"}
        assert client.post(reverse("analysis:play_on"), play_on).status_code == 302
    assert client.post(reverse("play"), {**new_game, "mode": "hotseat"}).status_code == 302
    refused = client.post(reverse("play"), new_game)
    assert refused.status_code == 429
    assert "You have started many games against the bots in a short time" in refused.content.decode()
    assert "Try again in 10 minutes." in refused.content.decode()
    refused = client.post(reverse("analysis:play_on"), {"fen": TURNS, "level": "novice", "side": "white"})
    assert refused.status_code == 429 and "Try again in 10 minutes." in refused.content.decode()
    assert Game.objects.filter(mode=Game.Mode.BOT).count() == 10
    assert log_in(second_learner).post(reverse("play"), new_game).status_code == 302
