"""The run through the missed puzzles, one after another: the retry queue as the dashboard lists it when the
run begins, kept in the session with the player's last attempt then. A puzzle is done with, for the run, once
the player has tried it again (any attempt after that mark), so that each is offered once, in order, whether
the retry succeeds or not; a retry is never rated (only a first try is). Nothing is written while the run is
shown: where it stands is read from the attempts."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase

from trainer import selectors
from trainer.models import Attempt, Puzzle

SESSION_RUN = "trainer_missed"


@dataclass(frozen=True)
class Place:
    """Where the run stands: the puzzle to retry next (None once all are tried), how many are tried, of how
    many, and how many of the tried were solved."""

    puzzle: Puzzle | None
    tried: int
    total: int
    solved: int

    @property
    def number(self) -> int:
        """The next puzzle's number in the run, from 1."""
        return self.tried + 1


def begin(session: SessionBase, user: User) -> int:
    """Begins a run through the player's missed puzzles; how many there are."""
    ids = selectors.missed_ids(user)
    since = Attempt.objects.filter(user=user).order_by("-id").values_list("id", flat=True).first() or 0
    session[SESSION_RUN] = {"ids": ids, "since": since}
    return len(ids)


def place(session: SessionBase, user: User) -> Place | None:
    """Where the session's run stands (None when no run was begun here)."""
    run: dict[str, Any] | None = session.get(SESSION_RUN)
    if run is None:
        return None
    ids: list[int] = run["ids"]
    tries = Attempt.objects.filter(user=user, puzzle_id__in=ids, id__gt=run["since"])
    results: dict[int, bool] = {}
    for puzzle_id, solved in tries.order_by("id").values_list("puzzle_id", "solved"):
        results[puzzle_id] = results.get(puzzle_id, False) or solved
    left = [pk for pk in ids if pk not in results]
    active = set(Puzzle.objects.filter(pk__in=left, active=True).values_list("pk", flat=True))
    following = next((pk for pk in left if pk in active), None)
    puzzle = Puzzle.objects.get(pk=following) if following is not None else None
    return Place(puzzle, len(results), len(results) + len(active), sum(results.values()))
