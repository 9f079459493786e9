"""The trainer's forms: a move, a serving token, the difficulty, a report, and the curators' queue and
answer."""

from typing import Any

from django import forms
from django.core.signals import setting_changed
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from trainer import selectors
from trainer.models import PuzzleReport
from trainer.words import DIFFICULTY_NAMES


class MoveForm(forms.Form):
    move = forms.CharField(max_length=20)
    token = forms.CharField(max_length=200)
    ply = forms.IntegerField(min_value=0, max_value=400)


class TokenForm(forms.Form):
    token = forms.CharField(max_length=200)


class DifficultyForm(forms.Form):
    difficulty = forms.ChoiceField(
        choices=[(key, DIFFICULTY_NAMES[key]) for key in selectors.DIFFICULTIES],
        label=gettext_lazy("Difficulty"),
    )


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

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("status") == PuzzleReport.Status.DISMISSED and data.get("disable"):
            raise forms.ValidationError(
                _("A dismissed report leaves its puzzle as it is: resolve the report to disable the puzzle.")
            )
        return data
