"""The analysis board's one form of its own: playing on from the position against a bot, whose fields every
board draws the same (the form is never drawn bound), so drawn once per language and kept."""

from typing import Any

from django import forms
from django.core.signals import setting_changed
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy

from play.game_words import LEVEL_NAMES
from senterej.board.sides import Side
from senterej.engine.bots import LEVELS


class PlayOnForm(forms.Form):
    level = forms.ChoiceField(
        choices=[(level, LEVEL_NAMES[level]) for level in LEVELS], initial="novice", label=gettext_lazy("Bot")
    )
    side = forms.ChoiceField(choices=Side.choices, initial=Side.WHITE, label=gettext_lazy("Your side"))


_BLANK_FIELDS: dict[str | None, SafeString] = {}


def blank_play_on_fields() -> SafeString:
    """The form's fields as the board draws them, with the initial choices."""
    language = get_language()
    found = _BLANK_FIELDS.get(language)
    if found is None:
        drawn = render_to_string("analysis/board.html#play-on-fields", {"play_on": PlayOnForm()})
        found = _BLANK_FIELDS[language] = SafeString(drawn)
    return found


def _forget_blank_fields(**kwargs: Any) -> None:
    """Settings changed (a test's languages, templates or form renderer): the fields are drawn again."""
    _BLANK_FIELDS.clear()


setting_changed.connect(_forget_blank_fields)
