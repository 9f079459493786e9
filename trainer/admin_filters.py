"""The admin's filters of the puzzles' list: by status, theme, rating, open reports, success and attempts (the
counts come from the list's queryset, `PuzzleAdmin.get_queryset`)."""

from typing import Any

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrOrPromise

from trainer.models import Puzzle, PuzzleTheme
from trainer.puzzle_words import theme_name


class BandFilter(admin.SimpleListFilter):
    """A filter by bands of a figure: each band a key, its words and its condition."""

    bands: dict[str, tuple[StrOrPromise, Q]] = {}

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]) -> list[tuple[str, str]]:
        return [(key, str(label)) for key, (label, _condition) in self.bands.items()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
        band = self.bands.get(self.value() or "")
        return queryset.filter(band[1]) if band else queryset


class StatusFilter(BandFilter):
    title = gettext_lazy("status")
    parameter_name = "status"
    bands = {
        "active": (gettext_lazy("active"), Q(active=True)),
        "disabled": (gettext_lazy("disabled"), Q(active=False)),
    }


class RatingFilter(BandFilter):
    title = gettext_lazy("rating")
    parameter_name = "rating"
    bands = {
        "-1000": (gettext_lazy("under 1000"), Q(rating__lt=1000)),
        "1000-1400": (gettext_lazy("1000 to 1399"), Q(rating__gte=1000, rating__lt=1400)),
        "1400-1800": (gettext_lazy("1400 to 1799"), Q(rating__gte=1400, rating__lt=1800)),
        "1800-2200": (gettext_lazy("1800 to 2199"), Q(rating__gte=1800, rating__lt=2200)),
        "2200-": (gettext_lazy("2200 and over"), Q(rating__gte=2200)),
    }


class OpenReportsFilter(BandFilter):
    title = gettext_lazy("open reports")
    parameter_name = "reports"
    bands = {
        "0": (gettext_lazy("none"), Q(open_reports=0)),
        "1": (gettext_lazy("one"), Q(open_reports=1)),
        "2-": (gettext_lazy("two or more"), Q(open_reports__gte=2)),
    }


class SuccessFilter(BandFilter):
    title = gettext_lazy("success rate")
    parameter_name = "success"
    bands = {
        "none": (gettext_lazy("not tried yet"), Q(attempt_count=0)),
        "-25": (gettext_lazy("under 25%"), Q(success_rate__lt=25)),
        "25-50": (gettext_lazy("25% to 49%"), Q(success_rate__gte=25, success_rate__lt=50)),
        "50-75": (gettext_lazy("50% to 74%"), Q(success_rate__gte=50, success_rate__lt=75)),
        "75-": (gettext_lazy("75% and over"), Q(success_rate__gte=75)),
    }


class AttemptsFilter(BandFilter):
    title = gettext_lazy("attempts")
    parameter_name = "attempts"
    bands = {
        "0": (gettext_lazy("none"), Q(attempt_count=0)),
        "1-10": (gettext_lazy("1 to 9"), Q(attempt_count__gte=1, attempt_count__lt=10)),
        "10-100": (gettext_lazy("10 to 99"), Q(attempt_count__gte=10, attempt_count__lt=100)),
        "100-": (gettext_lazy("100 and over"), Q(attempt_count__gte=100)),
    }


class ThemeFilter(admin.SimpleListFilter):
    """The themes that puzzles have (their theme rows), by name."""

    title = gettext_lazy("theme")
    parameter_name = "theme"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin[Any]) -> list[tuple[str, str]]:
        themes = PuzzleTheme.objects.order_by("theme").values_list("theme", flat=True).distinct()
        return [(theme, theme_name(theme)) for theme in themes]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
        return queryset.filter(theme_rows__theme=self.value()) if self.value() else queryset
