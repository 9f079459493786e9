"""The engine's answers to wrong puzzle moves, worked out once for everyone (`trainer.refutations`): the
fixture's answers to each puzzle's wrong first moves are what a fresh search gives today; a wrong first move
at a puzzle that keeps its answers is answered with no search; a new, imported or edited puzzle has its
answers worked out by a task on the jobs queue; any other wrong move is searched once and then answered from
the shared table to every player and every process."""

import json
import random
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from senterej.engine import Position
from senterej.engine.game import ONGOING, judge
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.search import Searcher, search
from testing.factories import DER_MATE, FERES_MATE, LADDER, MATE_IN_ONE, PuzzleFactory, fixture_record
from tests.trainer.test_judging import solve
from trainer import puzzle_edits, refutations
from trainer.lines import PuzzleLine
from trainer.models import Puzzle, Refutation

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"
#: How many of the fixture's answers are searched again, of those that mate and of those that do not.
SAMPLE = 8


def fresh_answer(position: Position) -> list[object]:
    """The engine's answer in the position after a wrong move, searched here: the reply and whether it
    mates."""
    found = search(position, max_nodes=refutations.REFUTATION_NODES)
    return [coordinate(found.move), found.mate_in is not None and found.mate_in > 0]


def after(fen: str, *moves: str) -> Position:
    position = Position.from_fen(fen)
    for text in moves:
        position.push(parse_coordinate(text))
    return position


def wrong_moves(fen: str, moves: str) -> set[str]:
    """The first moves the line does not accept and after which the game goes on (one that ends it is
    judged by the rules at once, R7.5)."""
    line = PuzzleLine.of(fen, moves)
    found = set()
    for move in line.start.legal_moves():
        if not line.accepts(0, move) and judge(after(fen, coordinate(move))).status == ONGOING:
            found.add(coordinate(move))
    return found


def refuse_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any search from here on fails the test."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched")

    monkeypatch.setattr(Searcher, "search", refused)


def test_the_fixtures_answers_to_wrong_first_moves_are_a_fresh_searchs():
    """Every turn-based puzzle of the fixture answers each of its wrong first moves, for its own position
    and today's budget; a sample of them, mates and not, searched again gives the same answers (none is
    stale)."""
    records = [json.loads(line)["fields"] for line in FIXTURE.read_text().splitlines()]
    turn_based = [fields for fields in records if Position.from_fen(fields["fen"]).turn is not None]
    kept = []
    for fields in turn_based:
        stored = fields["refutations"]
        assert (stored["fen"], stored["nodes"]) == (fields["fen"], refutations.REFUTATION_NODES)
        assert set(stored["answers"]) == wrong_moves(fields["fen"], fields["moves"])
        kept += [(fields["fen"], move, answer) for move, answer in stored["answers"].items()]
    rng = random.Random(7)
    mating = rng.sample([entry for entry in kept if entry[2][1]], SAMPLE)
    other = rng.sample([entry for entry in kept if not entry[2][1]], SAMPLE)
    for fen, move, answer in mating + other:
        assert answer == fresh_answer(after(fen, move)), (fen, move)
    werera = [fields for fields in records if Position.from_fen(fields["fen"]).turn is None]
    assert werera and not any("refutations" in fields for fields in werera)


@pytest.mark.django_db
def test_a_wrong_first_move_at_a_puzzle_with_its_answers_runs_no_search(learner, monkeypatch):
    """The answers worked out for the puzzle are the engine's; then a wrong first move is played out from
    them with no search, and a capture of the last piece (R7.3), left out of them, by the rules alone."""
    puzzle = PuzzleFactory(line=LADDER, rating_deviation=100)
    refutations.fill(puzzle.pk)
    puzzle.refresh_from_db()
    answers = puzzle.refutations["answers"]
    assert set(answers) == wrong_moves(LADDER.fen, LADDER.moves) and "h1h2" not in answers
    expected = fresh_answer(after(LADDER.fen, "h1g1"))
    assert answers["h1g1"] == expected
    refuse_searches(monkeypatch)
    wrong = solve(SessionStore(), learner, puzzle, ["h1g1"])
    assert wrong.state == "failed" and wrong.played == ["h1g1", expected[0]]
    mates = "and mates" in wrong.message
    assert mates == expected[1] and "%(reply)s" in wrong.message
    bare = solve(SessionStore(), AnonymousUser(), puzzle, ["h1h2"])
    assert bare.state == "failed" and "bare negus is a draw (R7.3)" in bare.message
    assert not Refutation.objects.exists()


@pytest.mark.django_db
def test_answers_kept_for_another_position_are_not_used(learner):
    """A puzzle whose position was changed after its answers were worked out is answered by the engine,
    not from answers to a position it no longer has."""
    wrong = sorted(wrong_moves(DER_MATE.fen, DER_MATE.moves))[0]
    reply = fresh_answer(after(DER_MATE.fen, wrong))[0]
    other = next(coordinate(move) for move in after(DER_MATE.fen, wrong).legal_moves() if move != reply)
    stale = {"fen": MATE_IN_ONE.fen, "nodes": refutations.REFUTATION_NODES, "answers": {wrong: [other, True]}}
    puzzle = PuzzleFactory(line=DER_MATE, refutations=stale)
    outcome = solve(SessionStore(), learner, puzzle, [wrong])
    assert outcome.played == [wrong, reply]


@pytest.mark.django_db
def test_a_later_wrong_move_is_searched_once_and_answered_to_another_player_and_process(
    learner, second_learner, monkeypatch
):
    """Past the first move, a wrong move is searched the first time, and its answer kept where every process
    reads it: another player, in a process whose own cache holds nothing, is answered with no search."""
    line = PuzzleLine.of(FERES_MATE.fen, FERES_MATE.moves)
    position = line.at(2)
    wrong = min(
        coordinate(move)
        for move in position.legal_moves()
        if not line.accepts(2, move) and judge(after(position.fen(), coordinate(move))).status == ONGOING
    )
    expected = fresh_answer(after(position.fen(), wrong))
    puzzle = PuzzleFactory(line=FERES_MATE)
    first = solve(SessionStore(), learner, puzzle, ["c6c7", wrong])
    assert first.played == [wrong, expected[0]] and Refutation.objects.count() == 1
    cache.clear()
    refuse_searches(monkeypatch)
    second = solve(SessionStore(), second_learner, puzzle, ["c6c7", wrong])
    assert (second.played, second.message) == (first.played, first.message)


@pytest.mark.django_db(transaction=True)
@pytest.mark.queued_tasks
def test_an_imported_puzzle_has_its_answers_worked_out_by_a_task(admin_client):
    """The import's job writes the puzzle, then a task on the jobs queue works out its answers: the
    engine's, whatever answers the file claimed."""
    claimed = {
        "fen": MATE_IN_ONE.fen,
        "nodes": refutations.REFUTATION_NODES,
        "answers": {"c1c2": ["a8b8", True]},
    }
    file = SimpleUploadedFile("puzzles.jsonl", fixture_record(MATE_IN_ONE, refutations=claimed).encode())
    admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file})
    call_command(
        "task_worker", "--batch", "--queue-name", "jobs", "--no-startup-delay", "--no-reload", verbosity=0
    )
    stored = Puzzle.objects.get().refutations
    assert (stored["fen"], stored["nodes"]) == (MATE_IN_ONE.fen, refutations.REFUTATION_NODES)
    expected = {
        move: fresh_answer(after(MATE_IN_ONE.fen, move))
        for move in wrong_moves(MATE_IN_ONE.fen, MATE_IN_ONE.moves)
    }
    assert stored["answers"] == expected


@pytest.mark.django_db(transaction=True)
def test_an_edit_of_a_puzzles_position_has_the_new_one_answered(curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    edited = Puzzle.objects.get(pk=puzzle.pk)
    edited.fen, edited.moves, edited.themes = MATE_IN_ONE.fen, MATE_IN_ONE.moves, MATE_IN_ONE.themes
    puzzle_edits.save_puzzle(puzzle=edited, user=curator)
    stored = Puzzle.objects.get(pk=puzzle.pk).refutations
    assert stored["fen"] == MATE_IN_ONE.fen
    assert set(stored["answers"]) == wrong_moves(MATE_IN_ONE.fen, MATE_IN_ONE.moves)


@pytest.mark.django_db
def test_answers_worked_out_for_a_position_the_puzzle_no_longer_has_are_not_written(monkeypatch):
    puzzle = PuzzleFactory(line=DER_MATE)

    def edited_meanwhile(position: Position) -> tuple[str, bool]:
        Puzzle.objects.filter(pk=puzzle.pk).update(fen=MATE_IN_ONE.fen, moves=MATE_IN_ONE.moves)
        return "", False

    monkeypatch.setattr(refutations, "searched", edited_meanwhile)
    refutations.fill(puzzle.pk)
    assert Puzzle.objects.get(pk=puzzle.pk).refutations is None
