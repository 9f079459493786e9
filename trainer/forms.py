"""The trainer's forms: a move, a serving token, a hint, the difficulty, the themes and band to train, a
report, and the curators' queue and answer."""

import re
from functools import cache
from typing import Any

from django import forms
from django.core.signals import setting_changed
from django.http import QueryDict
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from trainer import selectors
from trainer.focus import Focus
from trainer.models import RATING_RANGE, PuzzleReport
from trainer.puzzle_words import DIFFICULTY_NAMES

#: A theme's name as puzzles store it: letters and digits.
THEME_PATTERN = re.compile(r"[A-Za-z0-9]{1,40}")
#: More themes than the trainer has: a longer list is no one's choice.
MOST_THEMES = 40


class TokenForm(forms.Form):
    """A step of a try: its serving token, and the stamp of when its page was shown
    (`senterej.board.shown_at`), from which a try that this step begins counts its time."""

    token = forms.CharField(max_length=200)
    shown = forms.CharField(max_length=100, required=False)


class HintForm(TokenForm):
    """A hint for the step the page was drawn at (`ply`): a repeated or stale request changes nothing."""

    ply = forms.IntegerField(min_value=0, max_value=400)


class MoveForm(HintForm):
    move = forms.CharField(max_length=20)


class DifficultyForm(forms.Form):
    difficulty = forms.ChoiceField(
        choices=[(key, DIFFICULTY_NAMES[key]) for key in selectors.DIFFICULTIES],
        label=gettext_lazy("Difficulty"),
    )


@cache
def difficulty_label_for() -> str:
    """The id of the difficulty's menu, which its label names: the same on every page."""
    return DifficultyForm()["difficulty"].id_for_label


_MENUS: dict[tuple[str | None, str], SafeString] = {}


def difficulty_menu(difficulty: str) -> SafeString:
    """The difficulty's menu with `difficulty` chosen, as DifficultyForm draws it (a puzzle page's form is
    never bound): the same for every player of one language and difficulty, so drawn once and kept."""
    key = (get_language(), difficulty)
    found = _MENUS.get(key)
    if found is None:
        found = SafeString(str(DifficultyForm(initial={"difficulty": difficulty})["difficulty"]))
        if difficulty in selectors.DIFFICULTIES:
            _MENUS[key] = found
    return found


def _forget_menus(**kwargs: Any) -> None:
    """Settings changed (a test's languages or form renderer): the menus are drawn again."""
    _MENUS.clear()


setting_changed.connect(_forget_menus)


class FocusForm(forms.Form):
    """The themes to train (`theme`, repeated: a puzzle of any of them) and a band of puzzle ratings, each
    end optional, read from the address of the training page."""

    # Named as a person would write them in the address: /train/?theme=fork&min=900&max=1300.
    min = forms.IntegerField(
        label=gettext_lazy("Rated from"),
        min_value=int(RATING_RANGE[0]),
        max_value=int(RATING_RANGE[1]),
        required=False,
    )
    max = forms.IntegerField(
        label=gettext_lazy("Rated up to"),
        min_value=int(RATING_RANGE[0]),
        max_value=int(RATING_RANGE[1]),
        required=False,
    )

    def __init__(self, query: QueryDict) -> None:
        super().__init__(query)
        self.query = query

    @property
    def asked(self) -> list[str]:
        """The themes the address names, checked or not (an empty one names none)."""
        return [theme for theme in self.query.getlist("theme") if theme]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        themes = self.asked
        if len(themes) > MOST_THEMES or not all(THEME_PATTERN.fullmatch(theme) for theme in themes):
            raise forms.ValidationError(_("There is no such theme."))
        data["themes"] = tuple(dict.fromkeys(themes))
        low, high = data.get("min"), data.get("max")
        if low is not None and high is not None and low > high:
            self.add_error("max", _("The highest rating must not be below the lowest."))
        return data

    @property
    def focus(self) -> Focus:
        """The focus chosen; the form must be valid."""
        data = self.cleaned_data
        return Focus(themes=data["themes"], low=data.get("min"), high=data.get("max"))


class ReportForm(forms.ModelForm[PuzzleReport]):
    """The reasons are offered with none chosen: the model's field would add an empty choice, drawn as a
    radio button of its own and chosen from the start."""

    reason = forms.ChoiceField(
        label=gettext_lazy("What is wrong?"),
        choices=PuzzleReport.Reason.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy(
                "Choose what is wrong: the solution, a second solution, or something else (say what in the "
                "comment)."
            )
        },
    )

    class Meta:
        model = PuzzleReport
        fields = ["reason", "comment"]
        widgets = {"comment": forms.Textarea(attrs={"rows": 3})}
        labels = {"comment": gettext_lazy("Comment (optional)")}


class QueueForm(forms.Form):
    status = forms.ChoiceField(choices=PuzzleReport.Status.choices, required=False)
    puzzle = forms.IntegerField(min_value=1, required=False)
    page = forms.IntegerField(min_value=1, required=False)


class HandleForm(forms.Form):
    status = forms.ChoiceField(
        choices=[
            (PuzzleReport.Status.RESOLVED, gettext_lazy("Resolve")),
            (PuzzleReport.Status.DISMISSED, gettext_lazy("Dismiss")),
        ]
    )
    note = forms.CharField(
        max_length=PuzzleReport._meta.get_field("note").max_length,
        label=gettext_lazy("Note"),
        help_text=gettext_lazy("What was wrong and what you did; kept with the report and the puzzle."),
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    disable = forms.BooleanField(required=False, label=gettext_lazy("Disable the puzzle"))
    confirm = forms.BooleanField(required=False, label=gettext_lazy("Disable it all the same"))

    def __init__(self, *args: Any, used: str = "", **kwargs: Any) -> None:
        """`used` says which assignments use the puzzle: disabling it then needs `confirm` too."""
        super().__init__(*args, **kwargs)
        self.used = used

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("status") == PuzzleReport.Status.DISMISSED and data.get("disable"):
            raise forms.ValidationError(
                _("A dismissed report leaves its puzzle as it is: resolve the report to disable the puzzle.")
            )
        if data.get("disable") and self.used and not data.get("confirm"):
            raise forms.ValidationError(
                _("%(used)s Tick “Disable it all the same” to disable it.") % {"used": self.used}
            )
        return data
