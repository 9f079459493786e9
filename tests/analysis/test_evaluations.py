"""The engine's evaluation on the analysis board: found by the background task within a node budget, it is
the engine's own search for the same position and budget (R7.1 mates, R7.4 the count, R8.1 the positions met
before), shown on the page, stored and reused; a werera position gets the werera policy's choices."""

import pytest
from django.urls import reverse

from analysis import evaluations
from analysis.evaluation_words import score_words
from analysis.evaluations import Budget
from analysis.models import Evaluation
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import coordinate
from senterej.engine.search import Searcher, search
from senterej.engine.werera_policy import choose_werera

pytestmark = pytest.mark.django_db

#: Nodes alone decide where the search stops: the seconds are far beyond what it takes.
NODES = Budget(nodes=6_000, seconds=600.0)
MATE_IN_TWO = "6k1/8/R7/1R6/8/8/8/K6n w - - 0 1 0/0"
BOTH_COUNT = "1n5k/6pp/8/8/8/8/6PP/4R1K1 w - - 12 60 6/3"
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
MIDDLE = "r1bk1bnr/ppp1qppp/2np4/4p3/4P3/2NP1N2/PPP1QPPP/R1BK1B1R b - - 2 5 0/0"


@pytest.fixture(autouse=True)
def budget(monkeypatch):
    monkeypatch.setattr(evaluations, "BUDGET", NODES)


def ask(client, fen: str):
    return client.post(reverse("analysis:evaluate"), {"fen": fen}, HTTP_HX_REQUEST="true")


@pytest.mark.parametrize("fen", [TURNS, MATE_IN_TWO, BOTH_COUNT, MIDDLE])
def test_the_evaluation_is_the_engines_search_for_the_same_budget(client, fen):
    response = ask(client, fen)
    assert response.status_code == 200
    row = Evaluation.objects.get()
    expected = search(
        Position.from_fen(fen),
        max_nodes=NODES.nodes,
        time_limit=NODES.seconds,
        seen=[Position.from_fen(fen).placement_key()],
    )
    assert row.done and (row.score, row.mate_in, row.depth, row.nodes) == (
        expected.score,
        expected.mate_in,
        expected.depth,
        expected.nodes,
    )
    assert row.line == " ".join(coordinate(move) for move in expected.pv)
    assert (row.max_nodes, row.seconds) == (NODES.nodes, NODES.seconds)


def test_r7_1_a_mate_in_two_is_said_with_its_line(client):
    response = ask(client, MATE_IN_TWO)
    text = response.content.decode()
    assert "White mates in 2 moves." in text
    row = Evaluation.objects.get()
    assert row.mate_in == 2 and len(row.line.split()) == 3
    assert "Best line:" in text and "figurine" in text  # SAN drawn with the men's images


def test_the_score_is_said_from_whites_view():
    assert evaluations_words(WHITE, 130) == "+1.3"
    assert evaluations_words(BLACK, 130) == "\u22121.3"
    assert evaluations_words(BLACK, -99_995, -3) == "White mates in 3 moves."
    assert evaluations_words(BLACK, 99_999, 1) == "Black mates in 1 move."
    assert evaluations_words(WHITE, -99_998, -1) == "Black mates in 1 move."


def evaluations_words(turn, score, mate_in=None):
    return score_words(turn, score, mate_in)


def test_a_stored_evaluation_is_reused_and_shown_at_once(client, monkeypatch):
    ask(client, MATE_IN_TWO)
    calls = []
    monkeypatch.setattr(Searcher, "search", lambda *args, **kwargs: calls.append(1))
    ask(client, MATE_IN_TWO)
    assert Evaluation.objects.count() == 1 and calls == []
    page = client.get(reverse("analysis:board"), {"fen": MATE_IN_TWO})
    assert (
        "White mates in 2 moves." in page.content.decode() and "Ask the engine" not in page.content.decode()
    )


def test_another_budget_is_another_question(client, monkeypatch):
    ask(client, TURNS)
    monkeypatch.setattr(evaluations, "BUDGET", Budget(nodes=2_000, seconds=600.0))
    ask(client, TURNS)
    assert sorted(Evaluation.objects.values_list("max_nodes", flat=True)) == [2_000, 6_000]


def test_r8_1_the_positions_met_before_are_part_of_the_question(client):
    moves = "g1f3,g8f6,f3g1,f6g8"
    client.post(reverse("analysis:evaluate"), {"fen": TURNS, "moves": moves}, HTTP_HX_REQUEST="true")
    row = Evaluation.objects.get()
    assert len(row.seen) == 4  # the start met twice counts once, and the three on the way
    expected = search(
        Position.from_fen(TURNS),
        max_nodes=NODES.nodes,
        time_limit=NODES.seconds,
        seen=[tuple(key) for key in row.seen],
    )
    assert (row.score, row.line) == (expected.score, " ".join(coordinate(move) for move in expected.pv))


def test_in_the_werera_the_engine_suggests_each_sides_choice(client):
    response = client.post(reverse("analysis:evaluate"), {}, HTTP_HX_REQUEST="true")
    row = Evaluation.objects.get()
    position = Position.from_fen(row.fen)
    style = evaluations.replace(evaluations.WERERA_STYLE, seconds=NODES.seconds / 2)
    assert row.white_choice == coordinate(choose_werera(position.copy(), WHITE, style))
    assert row.black_choice == coordinate(choose_werera(position.copy(), BLACK, style))
    assert row.score is None and row.line == ""
    assert "no single best line" in response.content.decode()


@pytest.mark.queued_tasks
@pytest.mark.django_db(transaction=True)
def test_the_page_polls_until_the_worker_has_answered(client):
    from django.core.management import call_command

    response = ask(client, MATE_IN_TWO)
    row = Evaluation.objects.get()
    assert not row.done and "The engine is thinking" in response.content.decode()
    poll = reverse("analysis:evaluation", args=[row.pk])
    assert client.get(poll, {"waiting": "1"}, HTTP_HX_REQUEST="true").status_code == 204
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    answer = client.get(poll, {"waiting": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "White mates in 2 moves." in answer.content.decode()


@pytest.mark.django_db(transaction=True)
def test_no_search_runs_inside_a_transaction(client, monkeypatch):
    from django.db import connection

    seen = []
    original = Searcher.search

    def watched(self, *args, **kwargs):
        seen.append(connection.in_atomic_block)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Searcher, "search", watched)
    ask(client, MATE_IN_TWO)
    assert seen and not any(seen)
