"""The puzzle storm (trainer.storm): three minutes kept by the server from the run's start, a miss costing
ten seconds and the combo, runs of solves winning time, puzzles rising from the easiest, and nothing
counted once the time is up."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from freezegun import freeze_time

from testing.factories import MATE_IN_ONE, PuzzleFactory
from trainer import runs, storm
from trainer.models import Attempt, PuzzleRun

START = "2026-12-01 10:00:00"


@pytest.fixture
def pool(db):
    return [PuzzleFactory(line=MATE_IN_ONE, rating=700 + 10 * step) for step in range(120)]


def answer(session, user, run: PuzzleRun, move: str = "c1c8") -> PuzzleRun:
    """One move at the run's puzzle (a mate in one: c1c8 solves it, another legal move misses)."""
    return storm.play(
        session=session, user=user, run_id=run.pk, puzzle_id=run.puzzle_id, ply=run.ply, move=move
    )


@pytest.mark.parametrize(
    ("combo", "seconds"),
    [(1, 0), (4, 0), (5, 3), (6, 0), (12, 5), (20, 7), (30, 10), (35, 0), (40, 10), (50, 10), (55, 0)],
)
def test_the_combo_bonuses(combo, seconds):
    assert storm.bonus(combo) == seconds


def test_a_storm_rises_from_the_easiest_puzzle(learner, pool):
    session = SessionStore()
    run = storm.begin(session=session, user=learner)
    assert run.level == 700 and run.puzzle.rating < 700 + 10 * runs.NEAREST
    for number in range(1, 6):
        run = answer(session, learner, run)
        assert run.puzzle.rating >= 700 + storm.STEP * number
    assert Attempt.objects.count() == 0


def test_the_clock_runs_from_the_start_whatever_the_page_does(learner, pool):
    session = SessionStore()
    with freeze_time(START) as clock:
        run = storm.begin(session=session, user=learner)
        clock.tick(100)
        again = runs.get(session, learner, run.pk, storm.KIND)  # a reload reads the run; nothing resets
        assert again.started == run.started and storm.seconds_left(again) == 80


def test_a_miss_costs_ten_seconds_and_the_combo_and_moves_on(learner, pool):
    session = SessionStore()
    with freeze_time(START) as clock:
        run = storm.begin(session=session, user=learner)
        for _ in range(3):
            run = answer(session, learner, run)
        missed = run.puzzle_id
        run = answer(session, learner, run, move="e1d1")
        assert (run.score, run.misses, run.combo, run.best_combo, run.seconds_won) == (3, 1, 0, 3, -10)
        assert run.puzzle_id != missed and run.last == {
            "state": "missed",
            "puzzle": missed,
            "from_ply": 0,
            "played": ["e1d1"],
            "seconds": -10,
        }
        clock.tick(30)
        assert storm.seconds_left(run) == 180 - 10 - 30


def test_five_and_twelve_in_a_row_win_three_and_five_seconds(learner, pool):
    session = SessionStore()
    with freeze_time(START):
        run = storm.begin(session=session, user=learner)
        for number in range(1, 13):
            run = answer(session, learner, run)
            if number == 5:
                assert run.seconds_won == 3 and run.last["seconds"] == 3
        assert (run.score, run.combo, run.seconds_won, run.moves) == (12, 12, 8, 12)
        assert storm.seconds_left(run) == 188


def test_time_up_refuses_a_late_answer_and_changes_nothing(learner, pool):
    session = SessionStore()
    with freeze_time(START) as clock:
        run = storm.begin(session=session, user=learner)
        run = answer(session, learner, run)
        clock.tick(storm.DURATION)  # exactly three minutes after the start
        assert storm.is_over(run) and storm.seconds_left(run) == 0
        with pytest.raises(runs.RunError) as refused:
            answer(session, learner, run)
        assert refused.value.status == 409 and "too late" in refused.value.message
    assert PuzzleRun.objects.get(pk=run.pk).score == 1


def test_seconds_won_keep_the_clock_going_past_three_minutes(learner, pool):
    session = SessionStore()
    with freeze_time(START) as clock:
        run = storm.begin(session=session, user=learner)
        for _ in range(5):
            run = answer(session, learner, run)
        clock.tick(storm.DURATION + 2)
        run = answer(session, learner, run)  # 3 seconds won: still in time
        assert run.score == 6 and storm.seconds_left(run) == 1


def test_a_miss_in_the_last_seconds_ends_the_storm(learner, pool):
    session = SessionStore()
    with freeze_time(START) as clock:
        run = storm.begin(session=session, user=learner)
        clock.tick(175)
        run = answer(session, learner, run, move="e1d1")
        assert run.ended == run.started + timedelta(seconds=170) and run.puzzle is None
        assert storm.is_over(run)


def test_stale_and_tampered_answers_are_refused(learner, second_learner, pool):
    session = SessionStore()
    run = storm.begin(session=session, user=learner)
    with pytest.raises(runs.RunError) as stale:
        storm.play(session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=1, move="c1c8")
    with pytest.raises(runs.RunError) as foreign:
        storm.play(
            session=session, user=second_learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=0, move="c1c8"
        )
    with pytest.raises(runs.RunError) as a_streak:
        runs.get(session, learner, run.pk, "streak")
    assert (stale.value.status, foreign.value.status, a_streak.value.status) == (409, 404, 404)
