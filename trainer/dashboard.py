"""Reads for a player's dashboard: the rating after each rated attempt, the history of attempts, results by
theme and the puzzles to retry. Every function takes the player and reads that player's rows only; there is
no way to ask for someone else's."""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet

from trainer.models import Attempt
from trainer.words import theme_name

#: The chart shows this many of the latest rated attempts: beyond a few hundred points a line is a smear.
CHART_POINTS = 400
#: Themes are judged on the latest first tries: they show the player's form, and stay quick to count for
#: a player with tens of thousands of attempts.
THEME_WINDOW = 1000
RETRY_SHOWN = 30
#: The retry queue is counted up to this; beyond it the page says "more than".
RETRY_COUNTED = 500


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


def retry_queue(user: AbstractBaseUser) -> QuerySet[Attempt]:
    """The player's latest attempt at each active puzzle failed and not solved since, the latest first: a
    failed attempt with no later attempt at its puzzle. Later is a higher id, which the (user, puzzle)
    index compares without reading a row; newest first is the user index read backwards, so the first page
    stops early, however long the player's history."""
    later = Attempt.objects.filter(user=user, puzzle=OuterRef("puzzle"), id__gt=OuterRef("id"))
    return (
        Attempt.objects.filter(user=user, solved=False, puzzle__active=True)
        .filter(~Exists(later))
        .select_related("puzzle")
        .order_by("-id")
    )
