"""The columns of a class's progress table: each assignment with what it is made of (its tasks, or its chosen
puzzles), read for the whole class in one statement. The tables, the file of the class's progress and the
pages of one assignment count a student's work against a column alike (classes.selectors)."""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import Any

from django.db import connection

from classes.assignment_words import title_of
from classes.models import Assignment, SchoolClass
from course.models import Lesson, Task
from play.db_rows import converter
from trainer.models import Puzzle, PuzzleTheme


@dataclass(frozen=True)
class Column:
    """An assignment with what it is made of: its tasks in the course's order (a lesson's, or the chosen
    ones), or its chosen puzzles' numbers in the teacher's order, with those the curators have disabled
    since; of a theme set, how many active puzzles its band holds when they were counted with it (None when
    they were not: selectors.pool counts them)."""

    assignment: Assignment
    tasks: tuple[Task, ...] = ()
    chosen: tuple[int, ...] = ()
    disabled: frozenset[int] = frozenset()
    in_band: int | None = None

    @property
    def title(self) -> str:
        return title_of(self.assignment, self.tasks, len(self.chosen))


class _Loaded:
    """One assignment's rows as they come: the assignment, its lesson's tasks, its chosen tasks and its
    chosen puzzles (with whether each is active), each item once and in the order met."""

    def __init__(self, assignment: Assignment, in_band: int | None) -> None:
        self.assignment = assignment
        self.in_band = in_band
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
        return Column(assignment, in_band=self.in_band)


#: What `columns` reads of a lesson and of a task, in the models' order of their fields (Model.from_db's):
#: what their titles and addresses need. An assignment is read whole.
LESSON_FIELDS = ("id", "slug", "order", "title", "title_sk")
TASK_FIELDS = ("id", "lesson_id", "order", "title", "title_sk")
ASSIGNMENT_FIELDS = [field.attname for field in Assignment._meta.concrete_fields]
ASSIGNMENT_COLUMNS = [field.column for field in Assignment._meta.concrete_fields]
#: Where each part of a row of the statement begins and ends: the assignment, its lesson, a task of the
#: lesson, a chosen task, its lesson, and a chosen puzzle with whether it is active and the theme's pool.
_SIZES = (
    len(ASSIGNMENT_FIELDS),
    len(LESSON_FIELDS),
    len(TASK_FIELDS),
    len(TASK_FIELDS),
    len(LESSON_FIELDS),
    3,
)
_PARTS = list(pairwise(accumulate(_SIZES, initial=0)))


def _statement(one: bool) -> str:
    """Each assignment of a class joined with its lesson and the lesson's tasks, its chosen tasks with their
    lessons, and its chosen puzzles in the teacher's order: an assignment is of one kind, so it comes in as
    many rows as it has items (one if none). A theme set's active puzzles in its band are counted beside it
    (`t.active = %s`, not the bare column, so that the theme's index of active puzzles by rating serves);
    its parameters are the theme sets' kind, True and the class, and the assignment if `one`."""
    table = {
        name: connection.ops.quote_name(model._meta.db_table)
        for name, model in (
            ("assignments", Assignment),
            ("lessons", Lesson),
            ("tasks", Task),
            ("puzzles", Puzzle),
            ("themes", PuzzleTheme),
            ("chosen_tasks", Assignment.tasks.through),
            ("chosen_puzzles", Assignment.puzzles.through),
        )
    }

    def picked(alias: str, fields: Sequence[str]) -> str:
        return ", ".join(f'{alias}."{name}"' for name in fields)

    return (
        f"SELECT {picked('a', ASSIGNMENT_COLUMNS)}, {picked('l', LESSON_FIELDS)},"
        f" {picked('lt', TASK_FIELDS)}, {picked('ct', TASK_FIELDS)}, {picked('cl', LESSON_FIELDS)},"
        " cp.puzzle_id, p.active,"
        f" CASE WHEN a.kind = %s THEN (SELECT COUNT(*) FROM {table['themes']} t WHERE t.theme = a.theme"
        " AND t.active = %s AND (a.rating_min IS NULL OR t.rating >= a.rating_min)"
        " AND (a.rating_max IS NULL OR t.rating <= a.rating_max)) END"
        f" FROM {table['assignments']} a"
        f" LEFT JOIN {table['lessons']} l ON l.id = a.lesson_id"
        f" LEFT JOIN {table['tasks']} lt ON lt.lesson_id = l.id"
        f" LEFT JOIN {table['chosen_tasks']} at ON at.assignment_id = a.id"
        f" LEFT JOIN {table['tasks']} ct ON ct.id = at.task_id"
        f" LEFT JOIN {table['lessons']} cl ON cl.id = ct.lesson_id"
        f" LEFT JOIN {table['chosen_puzzles']} cp ON cp.assignment_id = a.id"
        f" LEFT JOIN {table['puzzles']} p ON p.id = cp.puzzle_id"
        f" WHERE a.school_class_id = %s{' AND a.id = %s' if one else ''} ORDER BY a.created, a.id, cp.id"
    )


def columns(school_class: SchoolClass, assignment_id: int | None = None) -> list[Column]:
    """The class's assignments as columns, in their order (Assignment.Meta.ordering), or only the one of
    `assignment_id` (none if the class has no such assignment), in one statement of SQL (`_statement`): built
    by the ORM, its joins cost many times what the database takes to answer them, on every page of the
    class's table. Lessons and tasks hold only LESSON_FIELDS and TASK_FIELDS; another field is read from the
    database if asked for."""
    one = assignment_id is not None
    params = [Assignment.Kind.THEME, True, school_class.pk, *([assignment_id] if one else [])]
    with connection.cursor() as cursor:
        cursor.execute(_statement(one), params)
        rows = cursor.fetchall()
    db = Assignment.objects.db
    # Each assignment's values made the ORM's (its time aware, on SQLite).
    convert = converter(Assignment._meta.concrete_fields, Assignment._meta.db_table)
    lessons: dict[int, Lesson] = {}

    def lesson_of(values: tuple[Any, ...]) -> Lesson:
        found = lessons.get(values[0])
        if found is None:
            found = lessons[values[0]] = Lesson.from_db(db, LESSON_FIELDS, values)
        return found

    def task_of(values: tuple[Any, ...], lesson: Lesson) -> Task:
        task = Task.from_db(db, TASK_FIELDS, values)
        task.lesson = lesson
        return task

    loaded: dict[int, _Loaded] = {}
    for row in rows:
        own, lesson, lesson_task, chosen_task, chosen_lesson, (puzzle, active, in_band) = (
            row[start:end] for start, end in _PARTS
        )
        entry = loaded.get(own[0])
        if entry is None:
            assignment = Assignment.from_db(db, ASSIGNMENT_FIELDS, convert(own))
            if assignment.lesson_id is not None:
                assignment.lesson = lesson_of(lesson)
            entry = loaded[assignment.pk] = _Loaded(assignment, in_band)
        if lesson_task[0] is not None and lesson_task[0] not in entry.lesson_tasks:
            entry.lesson_tasks[lesson_task[0]] = task_of(lesson_task, lesson_of(lesson))
        if chosen_task[0] is not None and chosen_task[0] not in entry.chosen_tasks:
            entry.chosen_tasks[chosen_task[0]] = task_of(chosen_task, lesson_of(chosen_lesson))
        if puzzle is not None:
            entry.puzzles.setdefault(puzzle, bool(active))
    return [entry.column() for entry in loaded.values()]
