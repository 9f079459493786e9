"""The puzzle streak (trainer.streak, trainer.runs): puzzles of rising difficulty from the player's level,
never the same twice, one miss ends it, one skip a run, turn-based puzzles only, unrated and no attempt."""

import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore

from senterej.engine.notation import coordinate
from testing.factories import LADDER, MATE_IN_ONE, WERERA, Line, PlayerRatingFactory, PuzzleFactory
from trainer import runs, selectors, streak
from trainer.models import Attempt, PlayerRating, PuzzleRun

#: Two ders: the line mates with Rd8, and Rh8 mates as well.
TWO_MATES = Line("k7/8/1K6/8/8/8/6n1/3R3R w - - 0 30 0/0", "d1d8", "mateIn1 derMate")


def wrong_move(run: PuzzleRun) -> str:
    """A legal move of the solver that the line does not take."""
    line = run.puzzle.line
    position = line.at(run.ply)
    return next(
        coordinate(move)
        for move in position.legal_moves(line.side_at(position))
        if not line.accepts(run.ply, move)
    )


def solve(session, user, run: PuzzleRun) -> PuzzleRun:
    """Plays the line's solver moves at the run's puzzle, each at the ply the page shows."""
    puzzle_id = run.puzzle_id
    while run.puzzle_id == puzzle_id and run.ended is None:
        move = run.puzzle.line.moves[run.ply]
        run = streak.play(
            session=session, user=user, run_id=run.pk, puzzle_id=puzzle_id, ply=run.ply, move=move
        )
    return run


@pytest.fixture
def ladder_of_puzzles(db):
    """Mates in one from 800 to 2400, twenty points apart."""
    return [PuzzleFactory(line=MATE_IN_ONE, rating=800 + 20 * step) for step in range(81)]


def test_a_streak_starts_at_the_players_level_and_each_puzzle_is_aimed_a_step_higher(
    learner, ladder_of_puzzles
):
    PlayerRatingFactory(user=learner, rating=1300)
    session = SessionStore()
    run = streak.begin(session=session, user=learner, rng=random.Random(1))
    assert run.level == 1300
    for number in range(8):
        aimed = 1300 + streak.STEP * number
        # one of the NEAREST puzzles not yet served at or above the point aimed at
        assert run.puzzle.rating >= aimed
        passed = [p for p in ladder_of_puzzles if aimed <= p.rating < run.puzzle.rating]
        assert len([p for p in passed if p.pk not in run.served]) < runs.NEAREST
        run = solve(session, learner, run)
    assert run.score == 8 and run.ended is None
    assert len(set(run.served)) == len(run.served) == 9


def test_a_visitor_starts_at_the_pools_median(ladder_of_puzzles):
    run = streak.begin(session=SessionStore(), user=AnonymousUser(), rng=random.Random(2))
    assert run.level == selectors.pool_median() == 1600
    assert run.user is None


def test_one_miss_ends_the_streak_and_nothing_after_it_counts(learner, ladder_of_puzzles):
    session = SessionStore()
    run = solve(session, learner, streak.begin(session=session, user=learner))
    missed_at = run.puzzle_id
    run = streak.play(
        session=session, user=learner, run_id=run.pk, puzzle_id=missed_at, ply=0, move=wrong_move(run)
    )
    assert run.ended is not None and run.puzzle is None
    assert (run.score, run.misses, run.last["state"], run.last["puzzle"]) == (1, 1, "missed", missed_at)
    with pytest.raises(runs.RunError) as refused:
        streak.play(session=session, user=learner, run_id=run.pk, puzzle_id=missed_at, ply=0, move="c1c8")
    assert refused.value.status == 409
    assert PuzzleRun.objects.get(pk=run.pk).score == 1


def test_one_skip_a_streak_moves_on_without_scoring(learner, ladder_of_puzzles):
    session = SessionStore()
    run = streak.begin(session=session, user=learner)
    skipped = run.puzzle_id
    run = streak.skip(session=session, user=learner, run_id=run.pk, puzzle_id=skipped, ply=0)
    assert run.skipped and run.score == 0 and run.ended is None
    assert run.puzzle_id != skipped and run.served[0] == skipped
    # the next is still aimed a step higher
    assert run.puzzle.rating >= run.level + streak.STEP
    with pytest.raises(runs.RunError) as refused:
        streak.skip(session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=0)
    assert refused.value.status == 409 and "already skipped" in refused.value.message


def test_a_mate_in_two_goes_move_by_move_with_the_opponents_reply(learner):
    PuzzleFactory(line=LADDER, rating=1500)
    session = SessionStore()
    run = streak.begin(session=session, user=learner)
    run = streak.play(
        session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=0, move="Rd1"
    )
    assert (run.ply, run.last["state"], run.last["played"], run.moves) == (2, "continue", ["h1d1", "h2f3"], 1)
    run = streak.play(
        session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=2, move="d1d8"
    )
    # the pool had one puzzle: solved, and none is left to serve
    assert run.score == 1 and run.ended is not None and run.last["exhausted"]


def test_r7_1_a_last_move_that_mates_another_way_solves(learner):
    PuzzleFactory(line=TWO_MATES, rating=1500)
    session = SessionStore()
    run = streak.begin(session=session, user=learner)
    run = streak.play(
        session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=0, move="h1h8"
    )
    assert run.score == 1 and run.last["state"] == "solved"


def test_no_puzzle_is_served_twice_in_a_run(learner):
    for rating in (1000, 1010, 1020):
        PuzzleFactory(line=MATE_IN_ONE, rating=rating)
    session = SessionStore()
    run = streak.begin(session=session, user=learner)
    while run.ended is None:
        run = solve(session, learner, run)
    assert run.score == 3 and sorted(run.served) == sorted(set(run.served))


def test_r5_werera_puzzles_are_never_served(learner):
    PuzzleFactory(line=WERERA, rating=1500)
    turn_based = PuzzleFactory(line=MATE_IN_ONE, rating=2200)
    PlayerRatingFactory(user=learner, rating=1500)
    run = streak.begin(session=SessionStore(), user=learner)
    assert run.puzzle_id == turn_based.pk  # the werera puzzle at the very point aimed at is passed over


def test_a_streak_is_unrated_and_writes_no_attempt(learner, ladder_of_puzzles):
    PlayerRatingFactory(user=learner, rating=1300)
    session = SessionStore()
    run = solve(session, learner, streak.begin(session=session, user=learner))
    streak.play(
        session=session, user=learner, run_id=run.pk, puzzle_id=run.puzzle_id, ply=0, move=wrong_move(run)
    )
    assert Attempt.objects.count() == 0
    assert PlayerRating.objects.get(user=learner).rating == 1300
    assert {p.rating for p in ladder_of_puzzles} == {800 + 20 * step for step in range(81)}


def test_stale_tampered_and_illegal_answers_change_nothing(learner, second_learner, ladder_of_puzzles):
    session = SessionStore()
    run = streak.begin(session=session, user=learner)
    other = next(p.pk for p in ladder_of_puzzles if p.pk != run.puzzle_id)
    cases = [
        (dict(user=learner, puzzle_id=other, ply=0, move="c1c8"), 409),  # another puzzle than the run's
        (dict(user=learner, puzzle_id=run.puzzle_id, ply=2, move="c1c8"), 409),  # a ply not reached
        (dict(user=learner, puzzle_id=run.puzzle_id, ply=0, move="c1c9"), 400),  # no such square
        (dict(user=learner, puzzle_id=run.puzzle_id, ply=0, move="e1e3"), 400),  # illegal
        (dict(user=second_learner, puzzle_id=run.puzzle_id, ply=0, move="c1c8"), 404),  # not theirs
        (dict(user=AnonymousUser(), puzzle_id=run.puzzle_id, ply=0, move="c1c8"), 404),
    ]
    for given, status in cases:
        with pytest.raises(runs.RunError) as refused:
            streak.play(session=session, run_id=run.pk, **given)
        assert refused.value.status == status, given
    assert PuzzleRun.objects.filter(pk=run.pk, score=0, misses=0, ply=0, moves=0).exists()


def test_a_visitors_runs_are_theirs_by_their_session_alone(ladder_of_puzzles):
    mine, theirs = SessionStore(), SessionStore()
    run = streak.begin(session=mine, user=AnonymousUser())
    assert list(runs.owned(mine, AnonymousUser())) == [run]
    assert not runs.owned(theirs, AnonymousUser()).exists()
    with pytest.raises(runs.RunError) as refused:
        streak.play(
            session=theirs, user=AnonymousUser(), run_id=run.pk, puzzle_id=run.puzzle_id, ply=0, move="c1c8"
        )
    assert refused.value.status == 404


def test_a_new_streak_ends_the_one_left_unfinished_and_the_best_and_history_are_kept(
    learner, ladder_of_puzzles
):
    session = SessionStore()
    first = solve(session, learner, solve(session, learner, streak.begin(session=session, user=learner)))
    second = streak.begin(session=session, user=learner)
    assert PuzzleRun.objects.get(pk=first.pk).ended is not None
    solve(session, learner, second)
    record = runs.record(session, learner, streak.KIND)
    assert record.best == 2 and [run.pk for run in record.runs] == [second.pk, first.pk]
    assert runs.bests(learner) == {"streak": 2}
