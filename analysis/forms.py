"""The analysis board's one form of its own: playing on from the position against a bot."""

from django import forms
from django.utils.translation import gettext_lazy

from play.game_words import LEVEL_NAMES
from senterej.board.sides import Side
from senterej.engine.bots import LEVELS


class PlayOnForm(forms.Form):
    level = forms.ChoiceField(
        choices=[(level, LEVEL_NAMES[level]) for level in LEVELS], initial="novice", label=gettext_lazy("Bot")
    )
    side = forms.ChoiceField(choices=Side.choices, initial=Side.WHITE, label=gettext_lazy("Your side"))
