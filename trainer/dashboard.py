"""Reads for a player's dashboard: the rating after each rated attempt, the history of attempts, results by
theme and the puzzles to retry. Every function takes the player and reads that player's rows only; there is
no way to ask for someone else's."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery

from trainer.models import Attempt, Puzzle, PuzzleTheme
from trainer.words import theme_name

#: The chart shows this many of the latest rated attempts: beyond a few hundred points a line is a smear.
CHART_POINTS = 400
RETRY_SHOWN = 30


def rating_series(user: AbstractBaseUser) -> list[tuple[datetime, float]]:
    """(when, rating after) of the player's latest rated attempts, oldest first."""
    rows = (
        Attempt.objects.filter(user=user, rated=True)
        .order_by("-created", "-id")
        .values_list("created", "rating_after")[:CHART_POINTS]
    )
    return [(created, rating) for created, rating in reversed(rows) if rating is not None]


def history(user: AbstractBaseUser) -> QuerySet[Attempt]:
    """The player's attempts, newest first, with their puzzles (for a paginator)."""
    return Attempt.objects.filter(user=user).select_related("puzzle").order_by("-created", "-id")


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


def theme_results(user: AbstractBaseUser) -> list[ThemeResult]:
    """First tries (the rated ones) by theme, the weakest first: the lowest share solved, and of equal
    shares the theme tried most, since its figure says the most."""
    rows = (
        PuzzleTheme.objects.filter(puzzle__attempts__user=user, puzzle__attempts__rated=True)
        .values("theme")
        .annotate(attempts=Count("id"), solved=Count("id", filter=Q(puzzle__attempts__solved=True)))
    )
    results = [ThemeResult(row["theme"], row["attempts"], row["solved"]) for row in rows]
    return sorted(results, key=lambda r: (r.solved / r.attempts, -r.attempts, r.theme))


def retry_queue(user: AbstractBaseUser) -> QuerySet[Puzzle]:
    """Active puzzles the player failed and has not solved since: those whose latest attempt failed. The
    latest is the last recorded (the highest id), which the (user, puzzle) index gives without a sort."""
    latest = Attempt.objects.filter(user=user, puzzle=OuterRef("pk")).order_by("-id")
    failed = Attempt.objects.filter(user=user, solved=False).values("puzzle_id")
    return (
        Puzzle.objects.filter(pk__in=failed, active=True)
        .annotate(
            latest_solved=Subquery(latest.values("solved")[:1]),
            latest_id=Subquery(latest.values("id")[:1]),
        )
        .filter(latest_solved=False)
        .order_by("-latest_id")
    )
