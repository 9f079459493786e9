"""How fast the next puzzle is chosen at the scale the product promises: seeds a scratch database with
puzzles (themes spread over twenty names, a few common and many rare), players and their attempts (two
heavy players among many light ones), then times `selectors.next_puzzle` and the dashboard's reads, and
shows the database's plan for each query they run.

The heavy players are the hard case on purpose: each has tried the puzzles nearest its rating, tens of
thousands of them, so the choice must look past tried puzzles and widen its window. `make bench-selection`
runs it against a scratch SQLite file; it refuses a database holding anything but its own rows unless
--force, and then it still removes only its own."""

import bisect
import math
import random
import re
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, timedelta
from functools import partial
from itertools import islice
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.db.models import Count, Field, Model
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone

from trainer import selectors, services
from trainer.models import Attempt, PlayerRating, Puzzle, PuzzleReport, PuzzleTheme
from trainer.puzzle_words import THEME_NAMES
from trainer.rating import START_VOLATILITY

SOURCE = "bench"
PREFIX = "bench-"
FEN, MOVES = "k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8"
THEMES = list(THEME_NAMES)[:20]
#: Zipf-like: the commonest theme is on about half the puzzles, the rarest on a few in a hundred.
THEME_WEIGHTS = [1 / (rank + 1) for rank in range(len(THEMES))]
BATCH = 20_000
#: The heavy players' shares of all attempts, each at most HEAVY_CAP of the puzzles.
HEAVY_SHARES = (0.06, 0.03)
HEAVY_CAP = 0.6
#: Light players try puzzles within this distance of their strength.
NEAR = 400
#: How far one attempt moves a bench player's rating (Elo-like: enough for a plausible chart).
K = 12.0
DASHBOARD_CALLS = 20
#: A row for a plain INSERT, its values in the order of the columns named.
Row = tuple[Any, ...]


def _batches(rows: Iterable[Row], size: int = BATCH) -> Iterator[list[Row]]:
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch


def _insert(model: type[Model], columns: list[str], rows: Iterable[Row]) -> int:
    """Plain INSERTs in batches: several times quicker than bulk_create for a million rows."""
    quote = connection.ops.quote_name
    names = ", ".join(quote(_column(model, name)) for name in columns)
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES ({', '.join(['%s'] * len(columns))})"
    count = 0
    with connection.cursor() as cursor:
        for batch in _batches(rows):
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


def _column(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)  # a column of the table, not the far side of a relation
    return field.column


def _expected(rating: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `share` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(len(ordered) * share)) - 1]


def _timed(calls: int, run: Callable[[int], object]) -> tuple[list[float], list[object]]:
    times, results = [], []
    for i in range(calls):
        start = time.perf_counter()
        results.append(run(i))
        times.append((time.perf_counter() - start) * 1000)
    return times, results


class Command(BaseCommand):
    help = "Seed a scratch database with puzzles and attempts, then time the choice of the next puzzle."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--puzzles", type=int, default=100_000)
        parser.add_argument("--attempts", type=int, default=1_000_000)
        parser.add_argument("--users", type=int, default=2_000)
        parser.add_argument("--calls", type=int, default=300, help="timed calls of next_puzzle per case")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--reuse", action="store_true", help="time the rows of an earlier run again")
        parser.add_argument("--force", action="store_true", help="run although the database holds other data")

    def handle(self, *args: Any, **options: Any) -> None:
        puzzles, attempts, users = int(options["puzzles"]), int(options["attempts"]), int(options["users"])
        if puzzles < 1 or attempts < 0 or users < 3:
            raise CommandError("The benchmark needs at least one puzzle and three users.")
        foreign = self._foreign_data()
        if foreign and not options["force"]:
            raise CommandError(
                f"This database already holds {' and '.join(foreign)}: the benchmark adds a million rows. "
                "Run it against a scratch database (make bench-selection), or pass --force."
            )
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        # With DEBUG on, Django logs every query (on SQLite with one more query to quote its parameters):
        # the figures are taken without it, as in production.
        with override_settings(DEBUG=False):
            if not (options["reuse"] and Puzzle.objects.filter(source=SOURCE).exists()):
                self._clear()
                start = time.perf_counter()
                with transaction.atomic():
                    counts = self._seed(puzzles, attempts, users, random.Random(int(options["seed"])))
                self.stdout.write(
                    "seeded {:,} puzzles ({:,} theme rows), {:,} users, {:,} attempts in {:.1f} s".format(
                        *counts, time.perf_counter() - start
                    )
                )
            self._report(int(options["calls"]))

    def _foreign_data(self) -> list[str]:
        found = []
        if Puzzle.objects.exclude(source=SOURCE).exists():
            found.append("puzzles")
        if User.objects.exclude(username__startswith=PREFIX).exists():
            found.append("users")
        return found

    def _clear(self) -> None:
        """Removes an earlier run's rows, and only those, with plain DELETEs."""
        quote = connection.ops.quote_name
        users = f"SELECT id FROM {quote(User._meta.db_table)} WHERE username LIKE %s"
        puzzles = f"SELECT id FROM {quote(Puzzle._meta.db_table)} WHERE source = %s"
        steps: list[tuple[type[Model], str, list[str]]] = [
            (Attempt, f"user_id IN ({users}) OR puzzle_id IN ({puzzles})", [PREFIX + "%", SOURCE]),
            (PlayerRating, f"user_id IN ({users})", [PREFIX + "%"]),
            (PuzzleReport, f"puzzle_id IN ({puzzles})", [SOURCE]),
            (PuzzleTheme, f"puzzle_id IN ({puzzles})", [SOURCE]),
            (Puzzle, "source = %s", [SOURCE]),
            (User, "username LIKE %s", [PREFIX + "%"]),
        ]
        with transaction.atomic(), connection.cursor() as cursor:
            for model, where, params in steps:
                cursor.execute(f"DELETE FROM {quote(model._meta.db_table)} WHERE {where}", params)

    # Seeding

    def _seed(self, count: int, attempts: int, users: int, rng: random.Random) -> tuple[int, ...]:
        now = timezone.now()
        stamp = connection.ops.adapt_datetimefield_value(now)
        themes = [sorted(set(rng.choices(THEMES, THEME_WEIGHTS, k=rng.randint(1, 3)))) for _ in range(count)]
        ratings = [min(max(rng.gauss(1500, 350), 400.0), 2900.0) for _ in range(count)]
        puzzle_columns = ["fen", "moves", "themes", "rating", "rating_deviation", "volatility"]
        _insert(
            Puzzle,
            [*puzzle_columns, "source", "rounds", "active", "created"],
            (
                (FEN, MOVES, " ".join(t), r, 80.0, START_VOLATILITY, SOURCE, "", True, stamp)
                for t, r in zip(themes, ratings, strict=True)
            ),
        )
        ids = list(Puzzle.objects.filter(source=SOURCE).order_by("id").values_list("id", flat=True))
        theme_rows = _insert(
            PuzzleTheme,
            ["puzzle_id", "theme", "rating", "active"],
            (
                (pk, name, r, True)
                for pk, names, r in zip(ids, themes, ratings, strict=True)
                for name in names
            ),
        )
        User.objects.bulk_create((User(username=f"{PREFIX}{i}", password="!") for i in range(users)), 1000)
        players = User.objects.filter(username__startswith=PREFIX).order_by("id").values_list("id", flat=True)
        plans = self._plans(list(players), attempts, ratings, rng)
        finals: dict[int, float] = {}
        columns = ["user_id", "puzzle_id", "serving", "solved", "rated", "rating_before", "rating_after"]
        recorded = _insert(
            Attempt,
            [*columns, "puzzle_rating_before", "puzzle_rating_after", "latest", "hinted", "created"],
            self._attempts(plans, ids, ratings, now, finals, rng),
        )
        _insert(
            PlayerRating,
            ["user_id", "rating", "rating_deviation", "volatility", "updated"],
            ((user, rating, 60.0, START_VOLATILITY, stamp) for user, rating in finals.items()),
        )
        return count, theme_rows, users, recorded

    def _plans(
        self, players: list[int], attempts: int, ratings: list[float], rng: random.Random
    ) -> list[tuple[int, float, list[int]]]:
        """(user, strength, indexes of the puzzles tried in order) for each player. The heavy players are
        1500 and have tried the puzzles nearest 1500; each light player, puzzles near its strength."""
        count = len(ratings)
        by_rating = sorted(range(count), key=ratings.__getitem__)
        sorted_ratings = [ratings[i] for i in by_rating]
        plans = []
        heavy_total = 0
        for user, share in zip(players, HEAVY_SHARES, strict=False):
            size = min(int(attempts * share), int(count * HEAVY_CAP))
            nearest = sorted(range(count), key=lambda i: abs(ratings[i] - 1500))[:size]
            rng.shuffle(nearest)
            plans.append((user, 1500.0, nearest))
            heavy_total += size
        light = players[len(HEAVY_SHARES) :]
        weights = [rng.expovariate(1) for _ in light]
        total = sum(weights)
        for user, weight in zip(light, weights, strict=True):
            size = min(round((attempts - heavy_total) * weight / total), count // 2)
            strength = min(max(rng.gauss(1500, 300), 600.0), 2600.0)
            low = bisect.bisect_left(sorted_ratings, strength - NEAR)
            high = bisect.bisect_right(sorted_ratings, strength + NEAR)
            if high - low < size:
                low, high = 0, count
            plans.append((user, strength, [by_rating[i] for i in rng.sample(range(low, high), size)]))
        return plans

    def _attempts(
        self,
        plans: list[tuple[int, float, list[int]]],
        ids: list[int],
        ratings: list[float],
        now: datetime,
        finals: dict[int, float],
        rng: random.Random,
    ) -> Iterator[Row]:
        """One rated first try per puzzle in each plan, spread over the past year in order; the rating
        follows an Elo-like walk towards the player's strength, so the chart looks like a player's."""
        serial = 0
        adapt = connection.ops.adapt_datetimefield_value
        for user, strength, tried in plans:
            rating = 1500.0
            start, gap = now - timedelta(days=365), timedelta(days=365) / max(len(tried), 1)
            for step, index in enumerate(tried):
                puzzle_rating = ratings[index]
                solved = rng.random() < _expected(strength, puzzle_rating)
                before = rating
                rating += K * (solved - _expected(rating, puzzle_rating))
                serial += 1
                when = adapt(start + step * gap)
                yield (
                    user,
                    ids[index],
                    f"b{serial}",
                    solved,
                    True,
                    before,
                    rating,
                    puzzle_rating,
                    puzzle_rating,
                    True,  # one try per puzzle: each is the latest
                    False,
                    when,
                )
            finals[user] = rating

    # Timing and plans

    def _report(self, calls: int) -> None:
        heavy = User.objects.get(username=f"{PREFIX}0")
        light = self._typical_light_player()
        common, rare = THEMES[0], THEMES[-1]
        cases: list[tuple[str, tuple[str, ...], tuple[float, float] | None]] = [
            ("any theme", (), None),
            (f"theme {common}", (common,), None),
            (f"theme {rare}", (rare,), None),
            # The heavy player has tried nearly every puzzle of this band: the windows cannot widen past
            # it, so the choice reaches the last resort's scan.
            ("three themes, rated 1200-1600", (common, THEMES[5], rare), (1200.0, 1600.0)),
        ]
        self.stdout.write(f"\nnext_puzzle, {calls} calls each (ms)")
        self.stdout.write(f"{'case':52} {'tried':>7} {'mean':>7} {'p95':>7} {'max':>7}  found")
        explain: list[tuple[str, Callable[[], object]]] = []
        for user, name in ((light, "light"), (heavy, "heavy")):
            rating = services.player_rating(user).rating
            tried = Attempt.objects.filter(user=user).count()
            for case, themes, band in cases:

                def choose(
                    i: int,
                    user: User = user,
                    rating: float = rating,
                    themes: tuple[str, ...] = themes,
                    band: tuple[float, float] | None = band,
                ) -> object:
                    return selectors.next_puzzle(
                        user=user, rating=rating, themes=themes, band=band, rng=random.Random(i)
                    )

                times, found = _timed(calls, choose)
                label = f"{name} player ({rating:.0f}), {case}"
                self.stdout.write(
                    f"{label:52} {tried:>7,} {statistics.mean(times):7.2f} {percentile(times, 0.95):7.2f} "
                    f"{max(times):7.2f}  {sum(p is not None for p in found)}/{calls}"
                )
                if themes != (rare,):
                    explain.append((f"next_puzzle, {label}", partial(choose, 0)))
        reads: list[tuple[str, Callable[[], object]]] = [
            ("rating_series (the chart)", lambda: selectors.rating_series(heavy)),
            ("history, page 1", lambda: selectors.history_rows(heavy, start=0, stop=21)),
            ("theme_results", lambda: selectors.theme_results(heavy)),
            ("missed, the first 30 and the count", lambda: selectors.missed(heavy)),
        ]
        self.stdout.write(f"\ndashboard reads for the heavy player, {DASHBOARD_CALLS} calls each (ms)")
        for label, read in reads:

            def timed_read(i: int, read: Callable[[], object] = read) -> object:
                return read()

            times, _ = _timed(DASHBOARD_CALLS, timed_read)
            self.stdout.write(
                f"{label:52} {'':7} {statistics.mean(times):7.2f} {percentile(times, 0.95):7.2f} "
                f"{max(times):7.2f}"
            )
        self.stdout.write("\nquery plans")
        for label, run in [*explain, *reads]:
            self._explain(label, run)

    def _typical_light_player(self) -> User:
        """The light player with the median number of attempts."""
        counts = list(
            Attempt.objects.filter(user__username__startswith=PREFIX)
            .exclude(user__username__in=[f"{PREFIX}{i}" for i in range(len(HEAVY_SHARES))])
            .values_list("user")
            .annotate(n=Count("id"))
            .order_by("n")
        )
        return User.objects.get(pk=counts[len(counts) // 2][0])

    def _explain(self, label: str, run: Callable[[], object]) -> None:
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as captured:
            run()
        shapes = set()
        prefix = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
        self.stdout.write(f"\n{label}:")
        for query in captured.captured_queries:
            sql = query["sql"]
            shape = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "?", sql)
            if shape in shapes:
                continue
            shapes.add(shape)
            self.stdout.write("  " + re.sub(r"IN \([^()]{40,}\)", "IN (...)", sql)[:300])
            with connection.cursor() as cursor:
                cursor.execute(prefix + sql)
                for row in cursor.fetchall():
                    self.stdout.write(f"      {row[-1]}")
