"""Choosing what to train: every theme with its count of active puzzles, a line on what it asks and the
player's results on it; one or several themes and a band of ratings, sent to the training page (which
answers a malformed choice with this page, its errors and a 400)."""

from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from accounts.requests import HtmxHttpRequest
from trainer import selectors
from trainer.forms import FocusForm
from trainer.puzzle_words import THEME_NAMES, theme_description, theme_name


@dataclass(frozen=True)
class ThemeChoice:
    """One theme as the page offers it."""

    key: str
    name: str
    description: str
    count: int
    result: selectors.ThemeResult | None
    chosen: bool


@require_safe
def themes(request: HtmxHttpRequest) -> HttpResponse:
    """The page, with the choice the address names already made (from a puzzle's "Change" link)."""
    form = FocusForm(request.GET)
    return themes_page(request, form, status=200 if form.is_valid() else 400)


def themes_page(request: HtmxHttpRequest, form: FocusForm, status: int) -> HttpResponse:
    counts = selectors.theme_counts()
    results = (
        {r.theme: r for r in selectors.theme_results(request.user)} if request.user.is_authenticated else {}
    )
    chosen = set(form.cleaned_data.get("themes", ())) if form.is_valid() else set(form.asked)
    keys = [*THEME_NAMES, *sorted(set(counts) - set(THEME_NAMES))]
    choices = [
        ThemeChoice(
            key, theme_name(key), theme_description(key), counts.get(key, 0), results.get(key), key in chosen
        )
        for key in keys
    ]
    context = {
        "form": form,
        "choices": choices,
        "empty": sum(not choice.count for choice in choices),
        "signed_in": request.user.is_authenticated,
    }
    return render(request, "trainer/themes.html", context, status=status)
