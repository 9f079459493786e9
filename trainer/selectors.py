"""The trainer's reads of many rows. Choosing the next puzzle: unseen, active, near the player's rating
plus a difficulty offset, optionally of chosen themes (any of them) and within a band of ratings, never the
one just played. Each look is an index range scan with a small limit (the (active, rating) index, or
(theme, active, rating) once per chosen theme), so the choice stays fast with a hundred thousand puzzles and
a million attempts; the window widens when nothing fits. A window's looks, upwards and downwards for each
theme, are one statement, which leaves out what the player has tried (a probe of the (user, puzzle) index
for each puzzle met): the ORM cannot write a union of limited scans on SQLite, and a query a look cost more
to build than to run. Then the dashboard's reads, each of the one player it is given, and the median of
the puzzles, where new players start."""

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.db import connection
from django.db.models import Count, F, Q, QuerySet, Value

from trainer.models import Attempt, Puzzle, PuzzleTheme
from trainer.prepared import prepared
from trainer.puzzle_words import rating_change, theme_name
from trainer.rating import START

DIFFICULTIES = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
WINDOWS = (100, 200, 400, 800, 1600, 4000)
SAMPLE = 24
#: Each chosen theme's look reads at least this many rows each way.
SMALLEST_SAMPLE = 4


def next_puzzle(
    *,
    user: User | AnonymousUser,
    rating: float,
    difficulty: str = "normal",
    themes: Sequence[str] = (),
    band: tuple[float, float] | None = None,
    seen: frozenset[int] = frozenset(),
    rng: random.Random | None = None,
) -> Puzzle | None:
    """`seen`: what this session has played (all that an anonymous visitor has played, and the last one).
    `themes`: a puzzle of any of them; `band`: (lowest, highest) rating, the point aimed at kept inside it."""
    rng = rng or random.Random()
    target = rating + DIFFICULTIES.get(difficulty, 0)
    if band is not None:
        target = min(max(target, band[0]), band[1])
    for step, window in enumerate(WINDOWS):
        low, high = target - window, target + window
        if band is not None:
            low, high = max(low, band[0]), min(high, band[1])
        # Wider windows look further along the index, so a player who has tried every puzzle near the
        # point still finds the untried ones beyond them.
        point = rng.uniform(low, high)
        # One look per theme, sharing the sample, so that many themes read about as many rows as one.
        sample = max((SAMPLE << step) // len(themes or ("",)), SMALLEST_SAMPLE)
        untried = _near(point, low, high, themes, sample, user.pk if user.is_authenticated else None)
        fresh = [pk for pk in untried if pk not in seen]
        if fresh:
            return Puzzle.objects.get(pk=rng.choice(fresh))
    return _any_untried(user, themes, band, seen)


def themes_without_puzzles(themes: Sequence[str], band: tuple[float, float] | None) -> list[str]:
    """Of the themes chosen, in their order, those with no active puzzle in the band: one look at the
    (theme, active, rating) index for each, stopped at its first row."""
    rows = PuzzleTheme.objects.filter(active=Value(True))
    if band is not None:
        rows = rows.filter(rating__range=band)
    return [theme for theme in themes if not rows.filter(theme=theme).exists()]


def _any_untried(
    user: User | AnonymousUser, themes: Sequence[str], band: tuple[float, float] | None, seen: frozenset[int]
) -> Puzzle | None:
    """The last resort, for a player who has tried everything the samples met: any untried puzzle, the
    scan along the rating index stopping at the first one it finds (in order of the key, the database would
    sort every puzzle of the band first)."""
    puzzles = Puzzle.objects.filter(active=Value(True)).exclude(pk__in=seen)
    if themes:
        puzzles = puzzles.filter(theme_rows__theme__in=themes)
    if band is not None:
        puzzles = puzzles.filter(rating__range=band)
    if user.is_authenticated:
        puzzles = puzzles.exclude(attempts__user=user)
    return puzzles.order_by("rating").first()


def _near(
    point: float, low: float, high: float, themes: Sequence[str], sample: int, user_id: int | None
) -> list[int]:
    """Up to 2 x `sample` puzzle ids of the window for each look (each theme, or the whole pool without
    themes), from `point` upwards and downwards, in that order and without repeats; those `user_id` has
    tried are left out. One statement, each look a limited scan of its index."""
    looks: list[str] = []
    params: list[str | float | bool | None] = []
    for part, (theme, upwards) in enumerate((theme, up) for theme in themes or ("",) for up in (True, False)):
        sql, values = _look(theme, upwards, part)
        looks.append(sql)
        params += [*values, point, high if upwards else low, sample]
    sql = f"SELECT puzzle, part, rating FROM ({' UNION ALL '.join(looks)}) AS near"
    if user_id is not None:
        quote = connection.ops.quote_name
        sql += (
            f" WHERE NOT EXISTS (SELECT 1 FROM {quote(Attempt._meta.db_table)} AS tried"
            f" WHERE tried.{quote('user_id')} = %s AND tried.{quote('puzzle_id')} = near.puzzle)"
        )
        params.append(user_id)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    # Each look's rows nearest first, the looks in their order: a union's rows come in no set order.
    rows.sort(key=lambda row: (row[1], row[2] if row[1] % 2 == 0 else -row[2]))
    return list(dict.fromkeys(row[0] for row in rows))


def _look(theme: str, upwards: bool, part: int) -> tuple[str, list[str | bool]]:
    """One look: the puzzles of the theme's rows (of the pool without a theme), from the point up to the
    window's end or down to it, nearest first. Its parameters after those answered: the point, the window's
    end and the limit."""
    quote = connection.ops.quote_name
    table, key = (PuzzleTheme, "puzzle_id") if theme else (Puzzle, "id")
    rating = quote("rating")
    where = f"{quote('theme')} = %s AND " if theme else ""
    bounds = f"{rating} >= %s AND {rating} <= %s" if upwards else f"{rating} < %s AND {rating} >= %s"
    # `active = %s` with True: a bare boolean column (Django's `active=True` on SQLite) cannot be matched
    # against the index, and the look would become a full scan.
    sql = (
        f"SELECT * FROM (SELECT {quote(key)} AS puzzle, {part} AS part, {rating} AS rating"
        f" FROM {quote(table._meta.db_table)} WHERE {where}{quote('active')} = %s AND {bounds}"
        f" ORDER BY {rating} {'ASC' if upwards else 'DESC'} LIMIT %s) AS look{part}"
    )
    return sql, [theme, True] if theme else [True]


#: The pool's median moves slowly (a puzzle's rating by a few points a try), so it is read once an hour.
MEDIAN_SECONDS = 60 * 60
MEDIAN_KEY = "trainer:pool-median"


def pool_median() -> float:
    """The median rating of the active puzzles (START when there are none): a count and one row at an
    offset, both read along the (active, rating) index, then kept in the cache for MEDIAN_SECONDS."""
    found: float | None = cache.get(MEDIAN_KEY)
    if found is None:
        active = Puzzle.objects.filter(active=Value(True))
        count = active.count()
        found = START
        if count:
            ratings = active.order_by("rating").values_list("rating", flat=True)
            found = statistics.fmean(ratings[(count - 1) // 2 : count // 2 + 1])
        cache.set(MEDIAN_KEY, found, MEDIAN_SECONDS)
    return found


#: The themes page's counts are the same for everyone and a scan of the theme index: kept a few minutes.
THEME_COUNT_SECONDS = 5 * 60
THEME_COUNT_KEY = "trainer:theme-counts"


def theme_counts() -> dict[str, int]:
    """How many active puzzles each theme has, read along the (theme, active, rating) index."""
    found: dict[str, int] | None = cache.get(THEME_COUNT_KEY)
    if found is None:
        rows = PuzzleTheme.objects.filter(active=Value(True)).values("theme").annotate(count=Count("id"))
        found = {row["theme"]: row["count"] for row in rows.order_by("theme")}
        cache.set(THEME_COUNT_KEY, found, THEME_COUNT_SECONDS)
    return found


# Reads for a player's dashboard: the rating after each rated attempt, the history of attempts, results by
# theme and the puzzles to retry. Every function takes the player and reads that player's rows only.

#: The chart shows this many of the latest rated attempts, as a teacher's view of a student does: on a
#: phone's width more points are a smear, and each point read and drawn is a cost the page pays every time.
CHART_POINTS = 200


#: Themes are judged on the latest first tries: they show the player's present form (a few hundred tries
#: give each theme tens of them), and cost the same for a player with ten thousand rated puzzles as for one
#: with two hundred.
THEME_WINDOW = 200


RETRY_SHOWN = 30


#: The retry queue is counted up to this; beyond it the page says "more than" (a hundred puzzles to retry
#: are more than anyone takes in one sitting).
RETRY_COUNTED = 100


class RatingSeries(NamedTuple):
    """The chart's figures: the rating after each of the player's latest rated attempts, oldest first, and
    when the first and the last of them were made (the chart's only dates)."""

    ratings: list[float]
    first: datetime
    last: datetime


@prepared
def _series_rows(player: int, points: int) -> QuerySet[Attempt, tuple[datetime, float | None]]:
    return (
        Attempt.objects.filter(user_id=player, rated=True)
        .order_by("-id")
        .values_list("created", "rating_after")[:points]
    )


def rating_series(user: User) -> RatingSeries | None:
    """The player's latest rated attempts, read newest first along the index of the rated tries (an
    attempt's key grows with its time) and stopped at CHART_POINTS; None before the first. Only the first
    and the last time are made as the ORM makes them: the chart shows no other."""
    rows, convert = _series_rows.unconverted(user.pk, CHART_POINTS)
    rated = [row for row in reversed(rows) if row[1] is not None]
    if not rated:
        return None
    return RatingSeries([rating for _, rating in rated], convert(rated[0])[0], convert(rated[-1])[0])


class HistoryEntry(NamedTuple):
    """One attempt as the history shows it: when, which puzzle (a link while it is active), the result and
    whether a hint helped."""

    created: datetime
    puzzle_id: int
    active: bool
    solved: bool
    rated: bool
    rating_before: float | None
    rating_after: float | None
    hinted: bool

    @property
    def change(self) -> str:
        """The change of rating of a rated attempt ("" when not rated); `record_attempt` sets both figures."""
        if not self.rated or self.rating_before is None or self.rating_after is None:
            return ""
        return rating_change(self.rating_before, self.rating_after)


@prepared
def _history_rows(player: int, start: int, stop: int) -> QuerySet[Attempt, tuple[object, ...]]:
    rows = (
        Attempt.objects.filter(user_id=player)
        .order_by("-created", "-id")
        .values_list(
            "created",
            "puzzle_id",
            "puzzle__active",
            "solved",
            "rated",
            "rating_before",
            "rating_after",
            "hinted",
        )
    )
    return rows[start:stop]


def history_rows(user: User, *, start: int, stop: int) -> list[HistoryEntry]:
    """The player's attempts from `start` to `stop`, newest first: plain rows, since a page of model
    instances and their puzzles cost more than the rest of the dashboard."""
    return [HistoryEntry(*row) for row in _history_rows(user.pk, start, stop)]


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


@prepared
def _theme_rows(player: int, window: int) -> QuerySet[Attempt, tuple[str | None, int, int]]:
    latest = Attempt.objects.filter(user_id=player, rated=True).order_by("-id").values("id")[:window]
    return (
        Attempt.objects.filter(id__in=latest)
        .values(theme=F("puzzle__theme_rows__theme"))
        .annotate(attempts=Count("id"), solved=Count("id", filter=Q(solved=True)))
        .values_list("theme", "attempts", "solved")
    )


def theme_results(user: User) -> list[ThemeResult]:
    """The latest THEME_WINDOW first tries (the rated ones) by theme, the weakest first: the lowest share
    solved, and of equal shares the theme tried most, since its figure says the most. The attempts lead
    the join (each puzzle's theme rows are found by the (puzzle, theme) index), so the query reads the
    window's rows and no others."""
    rows = _theme_rows(user.pk, THEME_WINDOW)
    results = [ThemeResult(theme, attempts, solved) for theme, attempts, solved in rows if theme]
    return sorted(results, key=lambda r: (r.solved / r.attempts, -r.attempts, r.theme))


def retry_queue(user: User | int) -> QuerySet[Attempt]:
    """The player's latest attempt at each active puzzle, failed (and so not solved since), the latest
    first. The failed latest tries have an index of their own, read newest first: the first page and the
    bounded count stop early, however long the player's history."""
    return (
        Attempt.objects.filter(user=user, latest=True, solved=False, puzzle__active=True)
        .select_related("puzzle")
        .order_by("-id")
    )


@prepared
def _missed_rows(player: int, bound: int) -> QuerySet[Attempt, tuple[int, float]]:
    return retry_queue(player).values_list("puzzle_id", "puzzle__rating")[:bound]


def missed(user: User) -> tuple[list[tuple[int, float]], int]:
    """The head of the retry queue as the dashboard lists it, (puzzle, its rating) of the first RETRY_SHOWN,
    and the queue's length counted up to RETRY_COUNTED + 1: one read of the index, stopped at the bound."""
    rows = _missed_rows(user.pk, RETRY_COUNTED + 1)
    return rows[:RETRY_SHOWN], len(rows)


def missed_ids(user: User) -> list[int]:
    """The puzzles of the retry queue, newest first as the dashboard lists them, up to RETRY_COUNTED."""
    return list(retry_queue(user).values_list("puzzle_id", flat=True)[:RETRY_COUNTED])
