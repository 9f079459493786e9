"""The puzzle storm: three minutes of puzzles rising from the easiest of the pool, each a small step
harder. The clock is the server's: it runs from the run's start, with the seconds its combos won and its
misses lost (`PuzzleRun.seconds_won`), so that a reload never resets it and an answer that arrives after
the time is up does not count (refused, nothing changed). The page's script only counts down what the
server said, and asks the server again at zero.

A miss costs PENALTY seconds, breaks the combo and moves on to the next puzzle. Puzzles solved in a row win
time: BONUSES at 5, 12, 20 and 30 in a row, then LATER_BONUS at every tenth after 30 (40, 50, ...), so that
a long clean run keeps paying without the clock ever running away. The score is the number solved. Unrated,
and no `Attempt` is written (see `trainer.runs`)."""

import random
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from trainer import runs
from trainer.models import PuzzleRun

DURATION = 180
PENALTY = 10
#: Seconds won when the combo reaches each count.
BONUSES = {5: 3, 12: 5, 20: 7, 30: 10}
LATER_BONUS = 10
#: How much harder each puzzle is aimed than the one before: three minutes reach a few hundred points up.
STEP = 20.0
KIND = PuzzleRun.Kind.STORM


def bonus(combo: int) -> int:
    """The seconds won when the combo reaches `combo` puzzles solved in a row."""
    if combo in BONUSES:
        return BONUSES[combo]
    return LATER_BONUS if combo > max(BONUSES) and combo % 10 == 0 else 0


def deadline(run: PuzzleRun) -> datetime:
    return run.started + timedelta(seconds=DURATION + run.seconds_won)


def is_over(run: PuzzleRun, now: datetime | None = None) -> bool:
    return run.ended is not None or (now or timezone.now()) >= deadline(run)


def seconds_left(run: PuzzleRun, now: datetime | None = None) -> float:
    if run.ended is not None:
        return 0.0
    return max((deadline(run) - (now or timezone.now())).total_seconds(), 0.0)


def target(run: PuzzleRun) -> float:
    return run.level + STEP * len(run.served)


def begin(*, session: SessionBase, user: User | AnonymousUser, rng: random.Random | None = None) -> PuzzleRun:
    """A new storm, its clock running from now."""
    return runs.begin(session=session, user=user, kind=KIND, level=runs.easiest(), rng=rng or random.Random())


def play(
    *,
    session: SessionBase,
    user: User | AnonymousUser,
    run_id: int,
    puzzle_id: int,
    ply: int,
    move: str,
    rng: random.Random | None = None,
) -> PuzzleRun:
    """One move at the storm's puzzle, judged only while the clock runs."""
    with transaction.atomic():
        run = runs.locked(session, user, run_id, KIND)
        now = timezone.now()
        if is_over(run, now):
            raise runs.RunError(_("Time is up: that answer came too late and does not count."), 409)
        given = runs.answer(run, puzzle_id, ply, move)
        seconds = 0
        if given.state == "missed":
            run.misses, run.combo = run.misses + 1, 0
            seconds = -PENALTY
        elif given.state == "solved":
            run.score += 1
            run.combo += 1
            run.best_combo = max(run.best_combo, run.combo)
            seconds = bonus(run.combo)
        run.seconds_won += seconds
        runs.remember(run, given, puzzle_id, seconds)
        if given.state != "continue":
            runs.serve(run, target(run), rng or random.Random())
        if now >= deadline(run):
            run.ended, run.puzzle = deadline(run), None  # the miss cost the last seconds
        run.save()
    return run
