"""The trainer's reads of many rows. Choosing the next puzzle: unseen, active, near the player's rating
plus a difficulty offset, optionally of one theme, never the one just played. Each look is an index range
scan with a small limit (the (active, rating) index, or (theme, active, rating) for a theme), so the choice
stays fast with a hundred thousand puzzles and a million attempts; the window widens when nothing fits.
Then the dashboard's reads, each of the one player it is given."""

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, Q, QuerySet, Value

from trainer.models import Attempt, Puzzle, PuzzleTheme
from trainer.words import rating_change, theme_name

DIFFICULTIES = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
WINDOWS = (100, 200, 400, 800, 1600, 4000)
SAMPLE = 24


def next_puzzle(
    *,
    user: User | AnonymousUser,
    rating: float,
    difficulty: str = "normal",
    theme: str = "",
    seen: frozenset[int] = frozenset(),
    rng: random.Random | None = None,
) -> Puzzle | None:
    """`seen`: what this session has played (all that an anonymous visitor has played, and the last one)."""
    rng = rng or random.Random()
    target = rating + DIFFICULTIES.get(difficulty, 0)
    for step, window in enumerate(WINDOWS):
        # Wider windows look further along the index, so a player who has tried every puzzle near the
        # point still finds the untried ones beyond them.
        ids = _near(target, window, theme, rng, SAMPLE << step)
        fresh = [pk for pk in ids if pk not in seen]
        if fresh and user.is_authenticated:
            done = set(
                Attempt.objects.filter(user=user, puzzle_id__in=fresh).values_list("puzzle_id", flat=True)
            )
            fresh = [pk for pk in fresh if pk not in done]
        if fresh:
            return Puzzle.objects.get(pk=rng.choice(fresh))
    return _any_untried(user, theme, seen)


def _any_untried(user: User | AnonymousUser, theme: str, seen: frozenset[int]) -> Puzzle | None:
    """The last resort, for a player who has tried everything the samples met: any untried puzzle (the
    scan stops at the first one it finds)."""
    puzzles = Puzzle.objects.filter(active=Value(True)).exclude(pk__in=seen)
    if theme:
        puzzles = puzzles.filter(theme_rows__theme=theme)
    if user.is_authenticated:
        puzzles = puzzles.exclude(attempts__user=user)
    return puzzles.first()


def _near(target: float, window: int, theme: str, rng: random.Random, sample: int) -> list[int]:
    """Up to 2 x `sample` puzzle ids from a random point of the window, upwards and downwards."""
    low, high = target - window, target + window
    point = rng.uniform(low, high)
    # `active=Value(True)` is written `active = true`: a bare boolean column (Django's `active=True` on
    # SQLite) cannot be matched against the (active, rating) index, and the look would become a full scan.
    rows: QuerySet[PuzzleTheme] | QuerySet[Puzzle]
    if theme:
        rows = PuzzleTheme.objects.filter(theme=theme, active=Value(True))
        key = "puzzle_id"
    else:
        rows = Puzzle.objects.filter(active=Value(True))
        key = "id"
    above = rows.filter(rating__gte=point, rating__lte=high).order_by("rating").values_list(key, flat=True)
    below = rows.filter(rating__lt=point, rating__gte=low).order_by("-rating").values_list(key, flat=True)
    return [*above[:sample], *below[:sample]]


# Reads for a player's dashboard: the rating after each rated attempt, the history of attempts, results by
# theme and the puzzles to retry. Every function takes the player and reads that player's rows only.

#: The chart shows this many of the latest rated attempts: beyond a few hundred points a line is a smear.
CHART_POINTS = 400


#: Themes are judged on the latest first tries: they show the player's form, and stay quick to count for
#: a player with tens of thousands of attempts.
THEME_WINDOW = 1000


RETRY_SHOWN = 30


#: The retry queue is counted up to this; beyond it the page says "more than".
RETRY_COUNTED = 500


def rating_series(user: User) -> list[tuple[datetime, float]]:
    """(when, rating after) of the player's latest rated attempts, oldest first."""
    rows = (
        Attempt.objects.filter(user=user, rated=True)
        .order_by("-created", "-id")
        .values_list("created", "rating_after")[:CHART_POINTS]
    )
    return [(created, rating) for created, rating in reversed(rows) if rating is not None]


class HistoryEntry(NamedTuple):
    """One attempt as the history shows it: when, which puzzle (a link while it is active), the result."""

    created: datetime
    puzzle_id: int
    active: bool
    solved: bool
    rated: bool
    rating_before: float | None
    rating_after: float | None

    @property
    def change(self) -> str:
        """The change of rating of a rated attempt ("" when not rated); `record_attempt` sets both figures."""
        if not self.rated or self.rating_before is None or self.rating_after is None:
            return ""
        return rating_change(self.rating_before, self.rating_after)


def history(user: User) -> QuerySet[Attempt, tuple[Any, ...]]:
    """The player's attempts, newest first, as the rows of `HistoryEntry` (for a paginator): plain rows,
    since a page of model instances and their puzzles cost more than the rest of the dashboard."""
    return (
        Attempt.objects.filter(user=user)
        .order_by("-created", "-id")
        .values_list(
            "created", "puzzle_id", "puzzle__active", "solved", "rated", "rating_before", "rating_after"
        )
    )


@dataclass(frozen=True)
class ThemeResult:
    theme: str
    attempts: int
    solved: int

    @property
    def name(self) -> str:
        return theme_name(self.theme)

    @property
    def percent(self) -> int:
        return round(100 * self.solved / self.attempts)


def theme_results(user: User) -> list[ThemeResult]:
    """The latest THEME_WINDOW first tries (the rated ones) by theme, the weakest first: the lowest share
    solved, and of equal shares the theme tried most, since its figure says the most. The attempts lead
    the join (each puzzle's theme rows are found by the (puzzle, theme) index), so the query reads the
    window's rows and no others."""
    latest = Attempt.objects.filter(user=user, rated=True).order_by("-id").values("id")[:THEME_WINDOW]
    rows = (
        Attempt.objects.filter(id__in=latest)
        .values(theme=F("puzzle__theme_rows__theme"))
        .annotate(attempts=Count("id"), solved=Count("id", filter=Q(solved=True)))
    )
    results = [ThemeResult(row["theme"], row["attempts"], row["solved"]) for row in rows if row["theme"]]
    return sorted(results, key=lambda r: (r.solved / r.attempts, -r.attempts, r.theme))


def retry_queue(user: User) -> QuerySet[Attempt]:
    """The player's latest attempt at each active puzzle, failed (and so not solved since), the latest
    first. The failed latest tries have an index of their own, read newest first: the first page and the
    bounded count stop early, however long the player's history."""
    return (
        Attempt.objects.filter(user=user, latest=True, solved=False, puzzle__active=True)
        .select_related("puzzle")
        .order_by("-id")
    )


def missed(user: User) -> tuple[list[tuple[int, float]], int]:
    """The head of the retry queue as the dashboard lists it, (puzzle, its rating) of the first RETRY_SHOWN,
    and the queue's length counted up to RETRY_COUNTED + 1: one read of the index, stopped at the bound."""
    rows = list(retry_queue(user).values_list("puzzle_id", "puzzle__rating")[: RETRY_COUNTED + 1])
    return rows[:RETRY_SHOWN], len(rows)
