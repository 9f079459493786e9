from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrOrPromise

from course.aim_words import other_man
from course.checkers import CONTINUE, ILLEGAL, REFUSED, SOLVED, TaskError, Verdict, answer, replay
from course.models import Lesson, Task, TaskProgress
from course.task_verdicts import verdict_message
from senterej.board.explain import illegal_move_message

if TYPE_CHECKING:
    from django.contrib.admin.options import _FieldOpts

TASK_FIELDSETS: list[tuple[StrOrPromise | None, _FieldOpts]] = [
    (None, {"fields": ("lesson", "order", "title", "title_sk", "prompt", "prompt_sk")}),
    (
        gettext_lazy("Position and goal"),
        {"fields": ("fen", "side", "goal", "squares", "collector", "status", "accept", "solution")},
    ),
    (gettext_lazy("Opponent"), {"fields": ("opponent", "replies", "werera_choice", "history")}),
    (gettext_lazy("Scoring"), {"fields": ("max_moves", "par", "options", "answer")}),
    (gettext_lazy("Help"), {"fields": ("hint", "hint_sk", "hint_square", "success", "success_sk")}),
]


class TaskForm(forms.ModelForm[Task]):
    """A task is saved only if its reference solution solves it, checked by the engine as a learner's
    moves would be."""

    class Meta:
        model = Task
        fields = [name for _title, options in TASK_FIELDSETS for name in options["fields"]]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if self.errors:
            return data
        task = Task(**{key: value for key, value in data.items() if key != "id"})
        try:
            rules = task.rules()
            if task.goal == "question":
                verdict = answer(rules, int(task.solution or -1))
            else:
                verdict = replay(rules, task.solution.split())
        except (TaskError, ValueError) as error:
            raise forms.ValidationError(
                _("This task cannot be played: %(error)s") % {"error": error}
            ) from error
        if verdict.state != SOLVED:
            raise forms.ValidationError(
                _("The reference solution does not solve the task. %(why)s") % {"why": _why(task, verdict)}
            )
        return data


def _why(task: Task, verdict: Verdict) -> str:
    """What the learner would be told at the reference solution's last move, or that it stops short."""
    if verdict.state == ILLEGAL and verdict.position is not None:
        move = verdict.params["move"]
        return illegal_move_message(verdict.position, move, task.learner)
    if verdict.state == REFUSED:
        return other_man(int(verdict.params["man"]))
    if verdict.state == CONTINUE:
        return _("The task is not finished after its last move.")
    return verdict_message(task, verdict)


class TaskInline(admin.TabularInline[Task, Lesson]):
    model = Task
    fields = ("order", "title", "goal", "side", "fen")
    extra = 0
    show_change_link = True


@admin.register(Lesson)
class LessonAdmin(admin.ModelAdmin[Lesson]):
    list_display = ("order", "title", "title_sk", "rules_anchor")
    list_display_links = ("title",)
    search_fields = ("title", "title_sk", "intro")
    inlines = [TaskInline]


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin[Task]):
    form = TaskForm
    list_display = ("lesson", "order", "title", "goal", "opponent")
    list_filter = ("lesson", "goal", "opponent")
    search_fields = ("title", "title_sk", "prompt", "fen")
    fieldsets = TASK_FIELDSETS


@admin.register(TaskProgress)
class TaskProgressAdmin(admin.ModelAdmin[TaskProgress]):
    list_display = ("user", "task", "best_stars", "attempts", "completed_at")
    list_filter = ("best_stars",)
    search_fields = ("user__username",)
