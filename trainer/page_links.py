"""The addresses a puzzle's page and the dashboard link to that take no argument (the runs, endgame practice,
the reviews, the dashboard, the difficulty's form, logging in, the analysis board, the themes, the run through
the missed puzzles), and a puzzle's address around its number, reversed once per language and kept in this
process: they change only with the URLconf and its prefix, and reversing each again on every page cost as
much as drawing the board."""

from typing import Any

from django.core.signals import setting_changed
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

#: Each address by the name the templates give it, with the view's name.
VIEWS = {
    "streak": "trainer:streak",
    "storm": "trainer:storm",
    "endings": "endings",
    "reviews": "reviews:queue",
    "dashboard": "trainer:dashboard",
    "difficulty": "trainer:difficulty",
    "train": "trainer:train",
    "login": "login",
    "analysis": "analysis:board",
    "themes": "trainer:themes",
    "missed": "trainer:missed_begin",
}

_KEPT: dict[tuple[str | None, str, str | None], dict[str, str]] = {}
#: A number no puzzle has, which a puzzle's address is reversed with and split around.
_SOME_PUZZLE = 987654321
_PUZZLE_KEPT: dict[tuple[str | None, str, str | None], tuple[str, str]] = {}


def links() -> dict[str, str]:
    """The addresses in the active language, under the script's prefix and the active URLconf."""
    key = (get_language(), get_script_prefix(), get_urlconf())
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = {name: reverse(view) for name, view in VIEWS.items()}
    return found


def puzzle_address() -> tuple[str, str]:
    """A puzzle's address in the active language, as the parts before and after the puzzle's number: a list
    of puzzles (the dashboard's history and retry list) writes each one's address from them."""
    key = (get_language(), get_script_prefix(), get_urlconf())
    found = _PUZZLE_KEPT.get(key)
    if found is None:
        before, after = reverse("trainer:puzzle", args=[_SOME_PUZZLE]).split(str(_SOME_PUZZLE))
        found = _PUZZLE_KEPT[key] = (before, after)
    return found


def _forget_links(**kwargs: Any) -> None:
    """Settings changed (a test's URLconf or languages): the addresses are reversed again."""
    _KEPT.clear()
    _PUZZLE_KEPT.clear()


setting_changed.connect(_forget_links)
