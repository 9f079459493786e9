"""The puzzle storm: three minutes of puzzles rising from the easiest of the pool, each a small step
harder. The clock is the server's: it runs from the run's start, with the seconds its combos won and its
misses lost (`PuzzleRun.seconds_won`), so that a reload never resets it and an answer that arrives after
the time is up does not count (refused, nothing changed). The page's script only counts down what the
server said, and asks the server again at zero.

A miss costs PENALTY seconds, breaks the combo and moves on to the next puzzle. Puzzles solved in a row win
time: BONUSES at 5, 12, 20 and 30 in a row, then LATER_BONUS at every tenth after 30 (40, 50, ...), so that
a long clean run keeps paying without the clock ever running away. The score is the number solved. Unrated,
and no `Attempt` is written (see `trainer.runs`, whose `RunKind` runs the flow this kind shares with the
streak)."""

from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
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


class Storm(runs.RunKind):
    kind = KIND
    step = STEP

    def level(self, session: SessionBase, user: User | AnonymousUser) -> float:
        """A storm starts from the easiest puzzle of the pool, whoever plays it."""
        return runs.easiest()

    def is_over(self, run: PuzzleRun, now: datetime) -> bool:
        return is_over(run, now)

    def check_time(self, run: PuzzleRun, now: datetime) -> None:
        """An answer is judged only while the clock runs."""
        if is_over(run, now):
            raise runs.RunError(_("Time is up: that answer came too late and does not count."), 409)

    def seconds(self, run: PuzzleRun, given: runs.Answer) -> int:
        """A miss costs PENALTY seconds; a solve wins the bonus its combo reaches."""
        if given.state == "missed":
            return -PENALTY
        if given.state == "solved":
            return bonus(run.combo)
        return 0

    def settle(self, run: PuzzleRun, now: datetime) -> None:
        """A miss that cost the last seconds ends the storm at its deadline."""
        if now >= deadline(run):
            run.ended, run.puzzle = deadline(run), None


STORM = Storm()
#: The storm's services, as its module's: a new storm, its clock running from now; one move at it.
begin, play = STORM.begin, STORM.play
