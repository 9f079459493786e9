"""Forms of the classes pages. They check what a request may hold; the services check what the rules of
classes allow."""

import re
from typing import Any, cast

from django import forms
from django.core.signals import setting_changed
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from classes.announcements import plain
from classes.models import ANNOUNCEMENT_LENGTH, MAX_STUDENTS, Assignment, SchoolClass
from classes.selectors import band_rows
from classes.services import Contents
from classes.usernames import visible
from course.models import Lesson, Task
from trainer.models import Puzzle, PuzzleTheme
from trainer.puzzle_words import THEME_NAMES, theme_name

NAME_LENGTH = 100
#: A rating band's bounds; puzzle ratings live well inside.
RATING_FLOOR, RATING_CEILING = 0, 4000
MAX_CHOSEN_PUZZLES = 100
#: The largest puzzle number an error message repeats: a longer one is only said to be too large (it is no
#: puzzle's, and repeating a hundred digits helps no one).
LARGEST_SAID = 10**12 - 1
#: The largest key a row can have (a 64-bit integer).
LARGEST_KEY = 2**63 - 1
#: Puzzle numbers are written in the digits 0-9 only: "²" or "٣" are digits to str.isdigit, not to int.
PUZZLE_NUMBER = re.compile(r"[0-9]+")


class ClassForm(forms.ModelForm[SchoolClass]):
    class Meta:
        model = SchoolClass
        fields = ["name", "description"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}


class JoinForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Class code"), max_length=20)


class InviteForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Username"), max_length=150)


class StudentsForm(forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Names, one a line"),
        widget=forms.Textarea(attrs={"rows": 10}),
        max_length=MAX_STUDENTS * (NAME_LENGTH + 2),
    )

    def clean_names(self) -> list[str]:
        """The names, one a line, each without what shows nothing (usernames.visible); a line left empty
        (a blank one, or one of invisible characters, as a spreadsheet's empty cells paste) is skipped."""
        names = [name for name in map(visible, self.cleaned_data["names"].splitlines()) if name]
        if not names:
            raise forms.ValidationError(_("Write at least one name."))
        if len(names) > MAX_STUDENTS:
            raise forms.ValidationError(_("At most %(max)d names at once.") % {"max": MAX_STUDENTS})
        too_long = [name for name in names if len(name) > NAME_LENGTH]
        if too_long:
            raise forms.ValidationError(
                _("A name has at most %(max)d characters: %(name)s")
                % {"max": NAME_LENGTH, "name": too_long[0]}
            )
        return names


def theme_choices() -> list[tuple[str, str]]:
    """The themes the trainer names, and any other theme puzzles have, by name."""
    themes = set(THEME_NAMES) | set(PuzzleTheme.objects.values_list("theme", flat=True).distinct())
    return sorted(((theme, theme_name(theme)) for theme in themes), key=lambda choice: choice[1])


class TaskChoiceField(forms.ModelMultipleChoiceField[Task]):
    def label_from_instance(self, obj: Task) -> str:
        return f"{obj.lesson.order}.{obj.order} {obj.local_title}"

    def clean(self, value: Any) -> Any:
        """The chosen tasks; a number no key can be (beyond the database's integers, which SQLite refuses
        to compare, rather than finding nothing) is not one of the choices."""
        for key in value if isinstance(value, list | tuple) else ():
            if abs(_as_number(key)) > LARGEST_KEY:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"], code="invalid_choice", params={"value": key[:20]}
                )
        return super().clean(value)


def _as_number(key: object) -> int:
    """The whole number a chosen key says, or 0 for one that says none (the field refuses it then)."""
    try:
        return int(str(key))
    except ValueError:
        return 0


class LessonChoiceField(forms.ModelChoiceField[Lesson]):
    def label_from_instance(self, obj: Lesson) -> str:
        return f"{obj.order}. {obj.local_title}"


class AssignmentForm(forms.Form):
    kind = forms.ChoiceField(
        label=gettext_lazy("What to assign"), choices=Assignment.Kind.choices, widget=forms.RadioSelect
    )
    lesson = LessonChoiceField(label=gettext_lazy("Lesson"), queryset=Lesson.objects.all(), required=False)
    tasks = TaskChoiceField(
        label=gettext_lazy("Tasks"),
        queryset=Task.objects.select_related("lesson"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    theme = forms.ChoiceField(label=gettext_lazy("Theme"), choices=[], required=False)
    puzzle_count = forms.IntegerField(
        label=gettext_lazy("How many puzzles to solve"), min_value=1, max_value=100, required=False
    )
    rating_min = forms.IntegerField(
        label=gettext_lazy("Rated from"), min_value=RATING_FLOOR, max_value=RATING_CEILING, required=False
    )
    rating_max = forms.IntegerField(
        label=gettext_lazy("Rated up to"), min_value=RATING_FLOOR, max_value=RATING_CEILING, required=False
    )
    puzzle_ids = forms.CharField(
        label=gettext_lazy("Puzzle numbers"),
        help_text=gettext_lazy("The numbers of the puzzles, separated by spaces or commas, e.g. 12 40 57."),
        max_length=1000,
        required=False,
    )
    due_on = forms.DateField(
        label=gettext_lazy("Due date (optional)"),
        required=False,
        # A date field's value is ISO 8601 in every language: the browser shows it in the reader's own form.
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    due_time = forms.TimeField(
        label=gettext_lazy("Due time (optional)"),
        help_text=gettext_lazy("Without a time, the work is due by the end of the due date."),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["theme"]).choices = [("", "—"), *theme_choices()]

    def clean_puzzle_ids(self) -> list[Puzzle]:
        text = self.cleaned_data["puzzle_ids"]
        if not text.strip():
            return []
        words = [word for word in re.split(r"[\s,;#]+", text) if word]
        if not all(PUZZLE_NUMBER.fullmatch(word) for word in words):
            raise forms.ValidationError(_("Write only puzzle numbers, separated by spaces or commas."))
        ids = list(dict.fromkeys(int(word) for word in words))
        if len(ids) > MAX_CHOSEN_PUZZLES:
            raise forms.ValidationError(_("At most %(max)d puzzles.") % {"max": MAX_CHOSEN_PUZZLES})
        possible = [pk for pk in ids if pk <= LARGEST_SAID]
        found = {puzzle.pk: puzzle for puzzle in Puzzle.objects.filter(pk__in=possible)}
        unknown = [str(pk) for pk in possible if pk not in found]
        too_large = len(ids) - len(possible)
        disabled = [str(pk) for pk in ids if pk in found and not found[pk].active]
        said = []
        if unknown:
            said.append(
                ngettext(
                    "There is no puzzle with the number %(numbers)s.",
                    "There are no puzzles with the numbers %(numbers)s.",
                    len(unknown),
                )
                % {"numbers": ", ".join(unknown)}
            )
        if too_large:
            said.append(
                ngettext(
                    "%(count)d number is too large to be a puzzle's number.",
                    "%(count)d numbers are too large to be puzzles' numbers.",
                    too_large,
                )
                % {"count": too_large}
            )
        if disabled:
            said.append(
                ngettext(
                    "The puzzle %(numbers)s is disabled by the curators.",
                    "The puzzles %(numbers)s are disabled by the curators.",
                    len(disabled),
                )
                % {"numbers": ", ".join(disabled)}
            )
        if said:
            raise forms.ValidationError(said)
        return [found[pk] for pk in ids]

    def _check_enough_puzzles(self, theme: str, wanted: int, low: int | None, high: int | None) -> None:
        """A set asks for no more puzzles than there are: active puzzles of the theme within the band."""
        found = band_rows(theme, low, high).filter(active=True).count()
        if found < wanted:
            said = ngettext(
                "There is only %(count)d puzzle of this theme in this rating band: ask for at most that many,"
                " or widen the band.",
                "There are only %(count)d puzzles of this theme in this rating band: ask for at most that"
                " many, or widen the band.",
                found,
            )
            if not found:
                said = _("There is no puzzle of this theme in this rating band: widen the band.")
            self.add_error("puzzle_count", said % {"count": found})

    def contents(self) -> Contents:
        """What the valid form asks the assignment to be made of, and when it is due."""
        data = self.cleaned_data
        return Contents(
            kind=data["kind"],
            lesson=data["lesson"],
            tasks=list(data["tasks"]),
            theme=data["theme"],
            puzzle_count=data["puzzle_count"] or 0,
            rating_min=data["rating_min"],
            rating_max=data["rating_max"],
            puzzles=data["puzzle_ids"],
            due_on=data["due_on"],
            due_time=data["due_time"],
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        if kind == Assignment.Kind.LESSON and not data.get("lesson"):
            self.add_error("lesson", _("Choose a lesson."))
        if kind == Assignment.Kind.TASKS and not data.get("tasks"):
            self.add_error("tasks", _("Choose at least one task."))
        if kind == Assignment.Kind.THEME:
            if not data.get("theme"):
                self.add_error("theme", _("Choose a theme."))
            if not data.get("puzzle_count"):
                self.add_error("puzzle_count", _("Say how many puzzles to solve."))
            low, high = data.get("rating_min"), data.get("rating_max")
            if low is not None and high is not None and low > high:
                self.add_error("rating_max", _("The highest rating must not be below the lowest."))
            elif data.get("theme") and data.get("puzzle_count"):
                self._check_enough_puzzles(data["theme"], data["puzzle_count"], low, high)
        if kind == Assignment.Kind.PUZZLES and not data.get("puzzle_ids") and "puzzle_ids" not in self.errors:
            self.add_error("puzzle_ids", _("Give at least one puzzle number."))
        if data.get("due_time") and not data.get("due_on") and "due_on" not in self.errors:
            self.add_error("due_on", _("A due time needs a due date: give the date too."))
        due_on = data.get("due_on")
        if due_on and due_on < timezone.localdate() and due_on != self.initial.get("due_on"):
            # A day already gone makes the work late for everyone at once; an edit may keep the one it had.
            self.add_error("due_on", _("That day has passed: choose today or a later day."))
        return data


class CopyForm(forms.Form):
    """The class to copy an assignment to: one the teacher teaches, open, other than its own."""

    to_class = forms.ModelChoiceField(
        label=gettext_lazy("Copy to the class"),
        queryset=SchoolClass.objects.none(),
        error_messages={
            "required": gettext_lazy("Choose one of your classes."),
            "invalid_choice": gettext_lazy("Choose one of your classes."),
        },
    )

    def __init__(self, *args: Any, classes: QuerySet[SchoolClass], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField[SchoolClass], self.fields["to_class"]).queryset = classes


class AnnouncementForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Announcement"),
        help_text=gettext_lazy("Plain text: your students read it on their home page."),
        max_length=ANNOUNCEMENT_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean_text(self) -> str:
        """The text without bidi controls, which would turn the rest of it around (announcements.plain)."""
        text = plain(self.cleaned_data["text"])
        if not text:
            raise forms.ValidationError(_("Write the announcement first."))
        return text


class CoTeacherForm(forms.Form):
    teacher = forms.CharField(
        label=gettext_lazy("The teacher's username"),
        max_length=150,
        error_messages={"max_length": gettext_lazy("A username has at most %(limit_value)d characters.")},
    )


_BLANK: dict[tuple[str | None, type[forms.Form]], SafeString] = {}


def blank(form_class: type[forms.Form]) -> SafeString:
    """An unbound form's fields as `as_p` draws them: the same for every teacher of one language, so drawn
    once and kept (the class page shows three, and drawing a form costs more than the rest of the page)."""
    key = (get_language(), form_class)
    found = _BLANK.get(key)
    if found is None:
        found = _BLANK[key] = SafeString(form_class().as_p())
    return found


def _forget_blank_forms(**kwargs: Any) -> None:
    """Settings changed (a test's languages or form renderer): the forms are drawn again."""
    _BLANK.clear()


setting_changed.connect(_forget_blank_forms)
