"""The puzzle streak: puzzles one after another, each a step harder than the one before, from the player's
level (a visitor's, and a new player's, is the pool's median, `services.player_rating`). One miss ends the
streak; one puzzle a run may be skipped, which counts neither way (the next is still a step harder). The
score is the number of puzzles solved. Unrated, and no `Attempt` is written (see `trainer.runs`, whose
`RunKind` runs the flow this kind shares with the storm)."""

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


class Streak(runs.RunKind):
    kind = KIND
    step = STEP
    one_miss_ends = True

    def level(self, session: SessionBase, user: User | AnonymousUser) -> float:
        return services.player_rating(user).rating

    def before_begin(self, session: SessionBase, user: User | AnonymousUser) -> None:
        """The streak the player left unfinished, if any, ends where it stands (a streak has no clock, so
        that one left open could otherwise be gone on with at any time)."""
        runs.owned(session, user).filter(kind=KIND, ended=None).update(ended=timezone.now(), puzzle=None)

    def skip(
        self,
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
            runs.at_puzzle(run, puzzle_id, ply)
            if run.skipped:
                raise runs.RunError(_("You have already skipped a puzzle in this streak."), 409)
            run.skipped = True
            run.last = {"state": "skipped", "puzzle": puzzle_id, "from_ply": ply, "played": [], "seconds": 0}
            runs.serve(run, self.target(run), rng or random.Random())
            run.save()
        return run


STREAK = Streak()
#: The streak's services, as its module's: a new streak, one move at it, its one skip.
begin, play, skip = STREAK.begin, STREAK.play, STREAK.skip
