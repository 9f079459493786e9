"""The forms of play: a new game, a move or werera choice, the version a request was drawn at, a record to
import, the filters of My games."""

from typing import Any

from django import forms
from django.core.signals import setting_changed
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy

from play.clocks import clock_choices, round_timer_choices
from play.game_words import LEVEL_NAMES
from play.games_listed import DRAW, LOSS, WIN
from play.models import Game
from senterej.engine.bots import LEVELS


class NewGameForm(forms.Form):
    mode = forms.ChoiceField(
        choices=[
            (Game.Mode.BOT, gettext_lazy("Against a bot")),
            (Game.Mode.HOTSEAT, gettext_lazy("A friend on this device")),
            (Game.Mode.ONLINE, gettext_lazy("A friend online, by invitation link")),
        ],
        widget=forms.RadioSelect,
        label=gettext_lazy("Opponent"),
    )
    level = forms.ChoiceField(
        choices=[(level, LEVEL_NAMES[level]) for level in LEVELS],
        required=False,
        initial="novice",
        label=gettext_lazy("Bot"),
    )
    colour = forms.ChoiceField(
        choices=[
            ("white", gettext_lazy("White")),
            ("black", gettext_lazy("Black")),
            ("random", gettext_lazy("Either, at random")),
        ],
        initial="white",
        label=gettext_lazy("Your side"),
    )
    clock = forms.ChoiceField(
        choices=clock_choices,
        required=False,
        label=gettext_lazy("Clocks"),
        help_text=gettext_lazy("For a friend online or on this device. A side whose time runs out loses."),
    )
    round_timer = forms.TypedChoiceField(
        choices=round_timer_choices,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Werera round timer"),
        help_text=gettext_lazy("A side that has not chosen in time waits that round."),
    )


#: What a new-game form offers first.
NEW_GAME_INITIAL = {"mode": Game.Mode.BOT}

_BLANK_FIELDS: dict[str | None, SafeString] = {}
_DRAWN_FILTERS: dict[tuple[str | None, tuple[str, ...]], SafeString] = {}


def blank_new_game_fields() -> SafeString:
    """The fields of a new-game form that nobody has filled in yet (no errors, the initial choices), as
    the play page draws them: the same for every visitor, so drawn once per language in this process.
    A submitted form is drawn afresh with its data and errors."""
    language = get_language()
    found = _BLANK_FIELDS.get(language)
    if found is None:
        form = NewGameForm(initial=NEW_GAME_INITIAL)
        drawn = render_to_string("play/play.html#fields", {"form": form})
        found = _BLANK_FIELDS[language] = SafeString(drawn)
    return found


def _forget_blank_fields(**kwargs: Any) -> None:
    """Settings changed (a test's languages, templates or form renderer): the fields are drawn again."""
    _BLANK_FIELDS.clear()
    _DRAWN_FILTERS.clear()


setting_changed.connect(_forget_blank_fields)


class MoveForm(forms.Form):
    move = forms.CharField(max_length=20, required=False)
    version = forms.IntegerField(min_value=0)
    #: The number of steps the page was drawn at: a werera choice stands while its round is open, whatever
    #: the other side did meanwhile.
    steps = forms.IntegerField(min_value=0, max_value=10_000, required=False)


class VersionForm(forms.Form):
    version = forms.IntegerField(min_value=0)


class ImportForm(forms.Form):
    record = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        max_length=100_000,
        label=gettext_lazy("Game record"),
        help_text=gettext_lazy(
            "Tags in square brackets, then the werera rounds and moves, as this site exports them."
        ),
    )


#: A filter's value that is none of its choices (a tampered address), in the site's own words.
NOT_A_CHOICE = {"invalid_choice": gettext_lazy("Choose one of the options in the list.")}


class GamesFilter(forms.Form):
    """The filters of My games, all by GET parameters: a blank one filters nothing."""

    state = forms.ChoiceField(
        label=gettext_lazy("Games"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("All")),
            ("ongoing", gettext_lazy("Ongoing")),
            ("finished", gettext_lazy("Finished")),
        ],
    )
    opponent = forms.ChoiceField(
        label=gettext_lazy("Opponent"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("Any")),
            (Game.Mode.BOT, gettext_lazy("Bot")),
            (Game.Mode.ONLINE, gettext_lazy("Friend online")),
            (Game.Mode.HOTSEAT, gettext_lazy("Friend on this device")),
        ],
    )
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("Any")),
            (WIN, gettext_lazy("Won")),
            (LOSS, gettext_lazy("Lost")),
            (DRAW, gettext_lazy("Drawn")),
        ],
    )


def drawn_filters(form: GamesFilter) -> SafeString:
    """A valid filter form's fields as My games draws them: the same for everyone who chose the same
    filters, so each choice is drawn once per language in this process (a few dozen at most, each a choice
    of the fields'). A form with errors is drawn afresh with them, and answers the empty string here."""
    if not form.is_valid():
        return SafeString("")
    key = (get_language(), tuple(form.cleaned_data[name] for name in form.fields))
    found = _DRAWN_FILTERS.get(key)
    if found is None:
        drawn = render_to_string("play/my_games.html#filters", {"form": form})
        found = _DRAWN_FILTERS[key] = SafeString(drawn)
    return found
