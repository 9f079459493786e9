"""The puzzle streak: puzzles one after another, each a step harder than the one before, from the player's
level (a visitor's, and a new player's, is the pool's median, `services.player_rating`). One miss ends the
streak; one puzzle a run may be skipped, which counts neither way (the next is still a step harder). The
score is the number of puzzles solved. Unrated, and no `Attempt` is written (see `trainer.runs`)."""

import random

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from trainer import runs, services
from trainer.models import PuzzleRun

#: How much harder each puzzle is aimed than the one before: about forty rating points, so that a player
#: at their level meets puzzles a few hundred points above it after ten solves, as a streak should.
STEP = 40.0
KIND = PuzzleRun.Kind.STREAK


def target(run: PuzzleRun) -> float:
    """Where the next puzzle is aimed: the level, a step up for each puzzle served so far."""
    return run.level + STEP * len(run.served)


def begin(*, session: SessionBase, user: User | AnonymousUser, rng: random.Random | None = None) -> PuzzleRun:
    """A new streak; the one the player left unfinished, if any, ends where it stands (a streak has no
    clock, so that one left open could otherwise be gone on with at any time)."""
    runs.owned(session, user).filter(kind=KIND, ended=None).update(ended=timezone.now(), puzzle=None)
    level = services.player_rating(user).rating
    return runs.begin(session=session, user=user, kind=KIND, level=level, rng=rng or random.Random())


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
    """One move at the streak's puzzle: right, and the line goes on or the next puzzle comes; wrong, and
    the streak is over."""
    with transaction.atomic():
        run = runs.locked(session, user, run_id, KIND)
        given = runs.answer(run, puzzle_id, ply, move)
        runs.remember(run, given, puzzle_id)
        if given.state == "missed":
            run.misses, run.combo = run.misses + 1, 0
            runs.end(run)
        elif given.state == "solved":
            run.score += 1
            run.combo += 1
            run.best_combo = max(run.best_combo, run.combo)
            runs.serve(run, target(run), rng or random.Random())
        run.save()
    return run


def skip(
    *,
    session: SessionBase,
    user: User | AnonymousUser,
    run_id: int,
    puzzle_id: int,
    ply: int,
    rng: random.Random | None = None,
) -> PuzzleRun:
    """Skips the streak's puzzle, once a run: the next one comes, a step harder, and the score stays."""
    with transaction.atomic():
        run = runs.locked(session, user, run_id, KIND)
        if run.puzzle_id is None or run.ended is not None:
            raise runs.RunError(_("This run is over."), 409)
        if puzzle_id != run.puzzle_id or ply != run.ply:
            raise runs.RunError(
                _("That answer is for a puzzle or a move gone by: here is the run as it stands."), 409
            )
        if run.skipped:
            raise runs.RunError(_("You have already skipped a puzzle in this streak."), 409)
        run.skipped = True
        run.last = {"state": "skipped", "puzzle": puzzle_id, "from_ply": ply, "played": [], "seconds": 0}
        runs.serve(run, target(run), rng or random.Random())
        run.save()
    return run
