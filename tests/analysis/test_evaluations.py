"""The engine's evaluation on the analysis board: found by the background task within a node budget, it gives
the answers worked out by hand from the rules (R7.1 mates, R7.4 the count, a man up), it takes the positions
met before into the question (R8.1), and it is shown on the page, stored and reused; a werera position gets
the werera policy's choices."""

from datetime import timedelta

import pytest
from django.urls import reverse

from analysis import evaluations
from analysis.evaluation_words import score_words
from analysis.evaluations import Budget
from analysis.models import Evaluation
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.search import Searcher, search
from senterej.engine.werera_policy import choose_werera

pytestmark = pytest.mark.django_db

#: Nodes alone decide where the search stops: the seconds are far beyond what it takes.
NODES = Budget(nodes=6_000, seconds=600.0)
MATE_IN_TWO = "6k1/8/R7/1R6/8/8/8/K6n w - - 0 1 0/0"
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


@pytest.fixture(autouse=True)
def budget(monkeypatch):
    monkeypatch.setattr(evaluations, "BUDGET", NODES)


def ask(client, fen: str):
    return client.post(reverse("analysis:evaluate"), {"fen": fen}, HTTP_HX_REQUEST="true")


#: Hand-checked answers, not the searcher's. Rh8 mates (R7.1): the der checks along the eighth rank, White's
#: negus on b6 takes a7 and b7 from Black's, the der b8, and Black's feres on a1 can neither take nor block.
#: (Rxa1 would leave Black's negus bare: a draw, R7.3.) White's der is a lone piece, so its moves are counted.
MATE_IN_ONE = "k7/8/1K6/8/8/8/8/n6R w - - 0 1 0/0"
#: R7.4, R7.5: the same with six moves of White's der counted. Its seventh is Rh8, and a mate comes before
#: the count: still a mate in one (any other der move would draw).
MATE_ON_THE_SEVENTH_COUNT = "k7/8/1K6/8/8/8/8/n6R w - - 0 1 6/0"
#: The start position without Black's der on a8: White a der up, with White or Black to move.
A_DER_UP = "1nbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {turn} - - 0 1 0/0"


def replayed(fen: str, line: str) -> Position:
    position = Position.from_fen(fen)
    for move in line.split():
        position.push(parse_coordinate(move))
    return position


@pytest.mark.parametrize("fen", [MATE_IN_ONE, MATE_ON_THE_SEVENTH_COUNT])
def test_r7_1_r7_4_a_mate_in_one_is_found_as_the_rules_say(client, fen):
    assert ask(client, fen).status_code == 200
    row = Evaluation.objects.get()
    assert row.done and (row.max_nodes, row.seconds) == (NODES.nodes, NODES.seconds)
    assert row.mate_in == 1 and row.line == "h1h8" and row.score > 0


def test_r7_1_the_mate_in_two_is_found_and_its_line_ends_in_mate(client):
    """Two ders against a negus on the back rank: no check mates at once (the negus steps to the seventh
    rank), but a der on the seventh rank first leaves the other der a mate on the eighth."""
    ask(client, MATE_IN_TWO)
    row = Evaluation.objects.get()
    assert row.mate_in == 2 and len(row.line.split()) == 3
    end = replayed(MATE_IN_TWO, row.line)
    assert end.legal_moves() == [] and end.is_check() and end.piece_count(BLACK) == 1  # not bare (R7.3)


@pytest.mark.parametrize(("turn", "sign"), [("w", 1), ("b", -1)])
def test_a_der_up_is_a_score_for_the_side_with_the_der(client, turn, sign):
    """The score is from the side to move's view: White's extra der is a plus for White to move and a minus
    for Black to move, and the page says it from White's view either way, with a plus."""
    text = ask(client, A_DER_UP.format(turn=turn)).content.decode()
    row = Evaluation.objects.get()
    assert row.done and row.mate_in is None
    assert sign * row.score >= 300  # at least three medeqs' worth, against a der's five
    assert score_words(WHITE if turn == "w" else BLACK, row.score, None).startswith("+")
    assert score_words(WHITE if turn == "w" else BLACK, row.score, None) in text


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
    call_command(
        "task_worker", "--batch", "--queue-name", "analysis", "--no-startup-delay", "--no-reload", verbosity=0
    )
    answer = client.get(poll, {"waiting": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "White mates in 2 moves." in answer.content.decode()


@pytest.mark.queued_tasks
@pytest.mark.django_db(transaction=True)
def test_a_lost_evaluation_is_offered_again_by_the_open_page_and_asked_once(client):
    """Its worker was killed: the poll says nothing new while the engine may only be slow, then, past the
    patience, answers with a way to ask again (the open page shows it with no reload). Asked twice at once, it
    is enqueued once; the worker then answers it."""
    from django.core.management import call_command
    from django_tasks_db.models import DBTaskResult

    ask(client, MATE_IN_TWO)
    row = Evaluation.objects.get()
    DBTaskResult.objects.all().delete()  # the worker that held it was killed
    poll = reverse("analysis:evaluation", args=[row.pk])
    assert client.get(poll, {"waiting": "1"}, HTTP_HX_REQUEST="true").status_code == 204
    Evaluation.objects.filter(pk=row.pk).update(asked=row.asked - evaluations.PATIENCE - timedelta(seconds=1))
    offered = client.get(poll, {"waiting": "1"}, HTTP_HX_REQUEST="true").content.decode()
    again = reverse("analysis:evaluation_again", args=[row.pk])
    assert "The engine has not answered." in offered and f'hx-post="{again}"' in offered
    assert "The engine is thinking" in client.post(again, HTTP_HX_REQUEST="true").content.decode()
    assert "The engine is thinking" in client.post(again, HTTP_HX_REQUEST="true").content.decode()
    assert DBTaskResult.objects.count() == 1
    call_command(
        "task_worker", "--batch", "--queue-name=analysis", "--no-startup-delay", "--no-reload", verbosity=0
    )
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
