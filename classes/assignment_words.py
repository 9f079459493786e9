"""What the classes pages say in words: an assignment's title and a progress status."""

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from classes.models import Assignment
from course.models import Task
from trainer.puzzle_words import theme_name

NOT_STARTED, IN_PROGRESS, DONE, LATE = "not_started", "in_progress", "done", "late"
STATUS_NAMES = {
    NOT_STARTED: gettext_lazy("not started"),
    IN_PROGRESS: gettext_lazy("in progress"),
    DONE: gettext_lazy("done"),
    LATE: gettext_lazy("late"),
}
FINISHED_LATE = gettext_lazy("done late")
#: Chosen tasks are named one by one up to this many, then counted.
TASKS_NAMED = 3


def band(assignment: Assignment) -> str:
    low, high = assignment.rating_min, assignment.rating_max
    if low is not None and high is not None:
        return _("rated %(low)d to %(high)d") % {"low": low, "high": high}
    if low is not None:
        return _("rated %(low)d or more") % {"low": low}
    if high is not None:
        return _("rated up to %(high)d") % {"high": high}
    return ""


def assignment_title(assignment: Assignment) -> str:
    """Expects the assignment's lesson, tasks (with their lessons) and puzzles to be loaded or cheap."""
    tasks = list(assignment.tasks.all()) if assignment.kind == Assignment.Kind.TASKS else []
    chosen = len(assignment.puzzles.all()) if assignment.kind == Assignment.Kind.PUZZLES else 0
    return title_of(assignment, tasks, chosen)


def title_of(assignment: Assignment, tasks: Sequence[Task], chosen: int) -> str:
    """The title of an assignment made of these tasks (in the course's order) or of this many chosen
    puzzles; a lesson's is its lesson's, a theme set's its theme and band."""
    kind = assignment.kind
    if kind == Assignment.Kind.LESSON and assignment.lesson is not None:
        return _("Lesson %(number)d: %(title)s") % {
            "number": assignment.lesson.order,
            "title": assignment.lesson.local_title,
        }
    if kind == Assignment.Kind.TASKS:
        if len(tasks) <= TASKS_NAMED:
            names = ", ".join(f"{task.lesson.order}.{task.order} {task.local_title}" for task in tasks)
            return ngettext("Task %(names)s", "Tasks %(names)s", len(tasks)) % {"names": names}
        return _("%(count)d tasks of the course") % {"count": len(tasks)}
    if kind == Assignment.Kind.THEME:
        title = ngettext(
            "%(count)d puzzle: %(theme)s", "%(count)d puzzles: %(theme)s", assignment.puzzle_count
        ) % {"count": assignment.puzzle_count, "theme": theme_name(assignment.theme)}
        rated = band(assignment)
        return f"{title}, {rated}" if rated else title
    return ngettext("%(count)d chosen puzzle", "%(count)d chosen puzzles", chosen) % {"count": chosen}
