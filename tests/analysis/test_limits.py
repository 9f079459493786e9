"""The engine's work shared fairly: a visitor (here an account) may ask ten new evaluations a minute, have
three waiting for the engine at once, and start ten games against the bots in ten minutes; past that, a 429
in words that says when to try again, and nothing is asked or started. A question already asked costs
nothing, and another visitor is not held back."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from analysis import evaluations, views
from analysis.evaluations import Budget
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


#: What a question waiting here may spend once answered: little, so that answering one is quick.
SMALL = Budget(nodes=2_000, seconds=600.0)


@pytest.mark.queued_tasks
@pytest.mark.django_db(transaction=True)
def test_a_fourth_new_evaluation_waiting_at_once_is_refused_until_one_is_done(
    monkeypatch, log_in, learner, second_learner
):
    monkeypatch.setattr(evaluations, "BUDGET", SMALL)
    client = log_in(learner)
    for fen in FENS[:3]:
        assert ask(client, fen, HTTP_HX_REQUEST="true").status_code == 200
    assert Evaluation.objects.filter(done=False).count() == 3
    refused = ask(client, FENS[3], HTTP_HX_REQUEST="true")
    text = refused.content.decode()
    assert refused.status_code == 429
    assert "You already have 3 evaluations waiting for the engine, so this one was not asked." in text
    assert "Ask again when one of them is done." in text and 'name="fen"' in text
    plain = ask(client, FENS[3])
    assert plain.status_code == 429 and "Ask again when one of them is done." in plain.content.decode()
    assert (Evaluation.objects.count(), DBTaskResult.objects.count()) == (3, 3)
    same = ask(client, FENS[0], HTTP_HX_REQUEST="true")  # asked before: never refused, nothing new
    assert same.status_code == 200 and "The engine is thinking" in same.content.decode()
    assert (Evaluation.objects.count(), DBTaskResult.objects.count()) == (3, 3)
    assert ask(log_in(second_learner), FENS[3], HTTP_HX_REQUEST="true").status_code == 200
    answered = Evaluation.objects.get(fen=FENS[0])
    evaluations.finish(answered.pk)  # what the worker does with it
    answered.refresh_from_db()
    assert answered.done and answered.asker == ""  # the answer is everyone's
    assert ask(client, FENS[4], HTTP_HX_REQUEST="true").status_code == 200
    assert ask(client, FENS[5], HTTP_HX_REQUEST="true").status_code == 429
    slovak = client.post("/sk" + reverse("analysis:evaluate"), {"fen": FENS[5]})
    assert slovak.status_code == 429 and "Už čakáš na 3 hodnotenia od počítača" in slovak.content.decode()
    assert Evaluation.objects.count() == 5


@pytest.mark.queued_tasks
@pytest.mark.django_db(transaction=True)
def test_without_an_account_or_a_session_the_address_holds_the_questions_and_a_lost_one_holds_none(
    monkeypatch, client, log_in, learner
):
    monkeypatch.setattr(evaluations, "BUDGET", SMALL)
    monkeypatch.setattr(views, "EVALUATIONS_WAITING_PER_ADDRESS", 2)
    for fen in FENS[:2]:
        assert ask(client, fen, HTTP_HX_REQUEST="true").status_code == 200
    refused = ask(client, FENS[2], HTTP_HX_REQUEST="true")
    assert refused.status_code == 429
    assert "2 evaluations asked from here are already waiting for the engine" in refused.content.decode()
    assert Evaluation.objects.count() == 2
    assert ask(log_in(learner), FENS[2], HTTP_HX_REQUEST="true").status_code == 200  # held by the account
    lost = Evaluation.objects.get(fen=FENS[0])
    Evaluation.objects.filter(pk=lost.pk).update(
        asked=lost.asked - evaluations.PATIENCE - timedelta(seconds=1)
    )
    assert ask(client, FENS[3], HTTP_HX_REQUEST="true").status_code == 200
    assert Evaluation.objects.count() == 4
