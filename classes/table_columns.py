"""The columns of a class's progress table: each assignment with what it is made of (its tasks, or its chosen
puzzles), read for the whole class in one query. The tables, the file of the class's progress and the pages of
one assignment count a student's work against a column alike (classes.selectors)."""

from dataclasses import dataclass
from itertools import accumulate

from django.db.models import Model, QuerySet

from classes import chosen_order
from classes.assignment_words import title_of
from classes.models import Assignment
from course.models import Lesson, Task


@dataclass(frozen=True)
class Column:
    """An assignment with what it is made of: its tasks in the course's order (a lesson's, or the chosen
    ones), or its chosen puzzles' numbers in the teacher's order, with those the curators have disabled
    since. A theme set is its assignment alone: its pool is read when it is counted (selectors.pool)."""

    assignment: Assignment
    tasks: tuple[Task, ...] = ()
    chosen: tuple[int, ...] = ()
    disabled: frozenset[int] = frozenset()

    @property
    def title(self) -> str:
        return title_of(self.assignment, self.tasks, len(self.chosen))


#: What `columns` reads of a lesson and of a task: what their titles and addresses need.
LESSON_FIELDS = frozenset({"id", "slug", "order", "title", "title_sk"})
TASK_FIELDS = frozenset({"id", "lesson_id", "order", "title", "title_sk"})


def _fields(model: type[Model], wanted: frozenset[str] | None = None) -> list[str]:
    """The model's fields (all, or the wanted ones) in the model's order, which Model.from_db takes."""
    return [
        field.attname for field in model._meta.concrete_fields if wanted is None or field.attname in wanted
    ]


class _Loaded:
    """One assignment's rows as they come: the assignment, its lesson's tasks, its chosen tasks and its
    chosen puzzles (with whether each is active), each item once and in the order met."""

    def __init__(self, assignment: Assignment) -> None:
        self.assignment = assignment
        self.lesson_tasks: dict[int, Task] = {}
        self.chosen_tasks: dict[int, Task] = {}
        self.puzzles: dict[int, bool] = {}

    def column(self) -> Column:
        assignment = self.assignment
        if assignment.kind == Assignment.Kind.LESSON and assignment.lesson_id is not None:
            return Column(assignment, tasks=tuple(sorted(self.lesson_tasks.values(), key=lambda t: t.order)))
        if assignment.is_course:
            tasks = sorted(self.chosen_tasks.values(), key=lambda task: (task.lesson.order, task.order))
            return Column(assignment, tasks=tuple(tasks))
        if assignment.kind == Assignment.Kind.PUZZLES:
            gone = frozenset(pk for pk, active in self.puzzles.items() if not active)
            return Column(assignment, chosen=tuple(self.puzzles), disabled=gone)
        return Column(assignment)


def columns(assignments: QuerySet[Assignment]) -> list[Column]:
    """The assignments as columns, in their order, in one query: each assignment's row joined with its
    lesson and the lesson's tasks, its chosen tasks with their lessons, and its chosen puzzles in the
    teacher's order (an assignment is of one kind, so it comes in as many rows as it has items). Lessons and
    tasks hold only LESSON_FIELDS and TASK_FIELDS; another field is read from the database if asked for."""
    own, lesson, task = _fields(Assignment), _fields(Lesson, LESSON_FIELDS), _fields(Task, TASK_FIELDS)
    rows = assignments.order_by(*(Assignment._meta.ordering or ()), chosen_order.by_row()).values_list(
        *own,
        *(f"lesson__{name}" for name in lesson),
        *(f"lesson__tasks__{name}" for name in task),
        *(f"tasks__{name}" for name in task),
        *(f"tasks__lesson__{name}" for name in lesson),
        "puzzles__id",
        "puzzles__active",
    )
    ends = list(accumulate((len(own), len(lesson), len(task), len(task), len(lesson), 2)))
    parts = list(zip([0, *ends[:-1]], ends, strict=True))
    db = assignments.db
    lessons: dict[int, Lesson] = {}

    def lesson_of(values: tuple[object, ...]) -> Lesson:
        pk = values[0]
        assert isinstance(pk, int)
        found = lessons.get(pk)
        if found is None:
            found = lessons[pk] = Lesson.from_db(db, lesson, values)
        return found

    def task_of(values: tuple[object, ...], of: Lesson) -> Task:
        one = Task.from_db(db, task, values)
        one.lesson = of
        return one

    loaded: dict[object, _Loaded] = {}
    for row in rows:
        own_values, lesson_values, lesson_task, chosen_task, chosen_lesson, (puzzle, active) = (
            row[start:end] for start, end in parts
        )
        entry = loaded.get(own_values[0])
        if entry is None:
            assignment = Assignment.from_db(db, own, own_values)
            if lesson_values[0] is not None:
                assignment.lesson = lesson_of(lesson_values)
            entry = loaded[assignment.pk] = _Loaded(assignment)
        if lesson_task[0] is not None and lesson_task[0] not in entry.lesson_tasks:
            entry.lesson_tasks[lesson_task[0]] = task_of(lesson_task, lesson_of(lesson_values))
        if chosen_task[0] is not None and chosen_task[0] not in entry.chosen_tasks:
            entry.chosen_tasks[chosen_task[0]] = task_of(chosen_task, lesson_of(chosen_lesson))
        if puzzle is not None:
            entry.puzzles.setdefault(puzzle, active)
    return [entry.column() for entry in loaded.values()]
