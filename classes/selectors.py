"""Reads for classes: each student's progress on each assignment (from their own TaskProgress and Attempt
rows, counted in a few statements for a whole class: classes.table_work) and a class's progress table, its
columns read in one (classes.table_columns). One student's own reads are in `classes.student_selectors`."""

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import NamedTuple

from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Prefetch, QuerySet, prefetch_related_objects
from django.db.models.functions import Coalesce
from django.utils import timezone

from classes import chosen_order, name_order, table_work
from classes.assignment_words import DONE, FINISHED_LATE, IN_PROGRESS, LATE, NOT_STARTED, STATUS_NAMES
from classes.models import Assignment, Membership, SchoolClass
from classes.table_columns import Column, columns
from classes.table_work import SetWork
from course.models import Task
from trainer.models import Attempt, PuzzleTheme

#: Where work without a due date sorts: after every deadline.
END_OF_TIME = datetime.max.replace(tzinfo=UTC)


@dataclass(slots=True)
class Cell:
    """One student's standing on one assignment. `done` of `total` are tasks with a star, or puzzles solved
    alone (without a hint, without having seen the solution); stars for course work, attempts for puzzle sets,
    and `helped` the puzzles solved only with a hint or after seeing the solution, which do not count.

    A cell is read, never changed: the students of a column who tried nothing share one. It is not frozen,
    which made each of a class's hundreds of cells several times as long to make."""

    status: str
    done: int
    total: int
    stars: int = 0
    max_stars: int = 0
    attempts: int = 0
    solved_attempts: int = 0
    helped: int = 0
    finished_late: bool = False
    next_task: Task | None = None
    next_puzzle_id: int | None = None

    @property
    def status_name(self) -> str:
        return str(FINISHED_LATE if self.finished_late else STATUS_NAMES[self.status])

    @property
    def success_rate(self) -> int | None:
        """The share of the set's attempts that were solved alone, in per cent; None before the first."""
        return round(100 * self.solved_attempts / self.attempts) if self.attempts else None


def _status(
    *, done: int, total: int, started: bool, deadline: datetime | None, late: bool, now: datetime
) -> tuple[str, bool]:
    """The status, and whether a finished assignment was finished after its deadline (Assignment.deadline:
    the due time, or the due date's end): `late` says whether its work was finished after it, if it is."""
    if total and done >= total:
        return DONE, bool(deadline) and late
    if deadline and now > deadline:
        return LATE, False
    return (IN_PROGRESS if started else NOT_STARTED), False


def with_items(assignments: QuerySet[Assignment]) -> list[Assignment]:
    """Assignments with what they are made of, loaded once: lessons, tasks and puzzles (in the teacher's
    order, chosen_order), each read only for the assignments of the kind made of it."""
    loaded = list(assignments.select_related("lesson"))
    for kind, lookup in (
        (Assignment.Kind.LESSON, "lesson__tasks"),
        (Assignment.Kind.TASKS, Prefetch("tasks", queryset=Task.objects.select_related("lesson"))),
        (Assignment.Kind.PUZZLES, chosen_order.prefetch()),
    ):
        prefetch_related_objects([assignment for assignment in loaded if assignment.kind == kind], lookup)
    return loaded


def tasks_of(assignment: Assignment) -> list[Task]:
    if assignment.kind == Assignment.Kind.LESSON and assignment.lesson is not None:
        return list(assignment.lesson.tasks.all())
    return sorted(assignment.tasks.all(), key=lambda task: (task.lesson.order, task.order))


def chosen_puzzles(assignment: Assignment) -> list[int]:
    """The chosen puzzles a student can still open: a puzzle the curators disabled is left out."""
    return [puzzle.pk for puzzle in chosen_order.chosen(assignment) if puzzle.active]


def column_of(assignment: Assignment) -> Column:
    """The assignment's column from its items (loaded by `with_items`, or read now)."""
    if assignment.is_course:
        return Column(assignment, tasks=tuple(tasks_of(assignment)))
    if assignment.kind == Assignment.Kind.PUZZLES:
        chosen = chosen_order.chosen(assignment)
        gone = frozenset(puzzle.pk for puzzle in chosen if not puzzle.active)
        return Column(assignment, chosen=tuple(puzzle.pk for puzzle in chosen), disabled=gone)
    return Column(assignment)


@dataclass(frozen=True)
class SetPool:
    """What a puzzle set is made of now: how many puzzles a student can still be served (`active`) and how
    many the set asks for. A puzzle the curators have disabled since is left out of a student's count unless
    that student had solved it: work done stays done, and no one is asked for a puzzle they can no longer
    open."""

    active: int
    asked: int

    @property
    def size(self) -> int:
        """How many puzzles finish the set for a student who solved none of the disabled ones."""
        return min(self.asked, self.active)

    def size_for(self, solved_disabled: int) -> int:
        """How many finish it for a student who solved this many of the disabled ones."""
        return min(self.asked, self.active + solved_disabled)


def band_rows(theme: str, low: int | None, high: int | None) -> QuerySet[PuzzleTheme]:
    """The puzzles of a theme rated within a band (either end optional), active or not."""
    rows = PuzzleTheme.objects.filter(theme=theme)
    if low is not None:
        rows = rows.filter(rating__gte=low)
    if high is not None:
        rows = rows.filter(rating__lte=high)
    return rows


def theme_rows(assignment: Assignment) -> QuerySet[PuzzleTheme]:
    """The puzzles of a theme set's theme within its band, active or not."""
    return band_rows(assignment.theme, assignment.rating_min, assignment.rating_max)


def pool(column: Column) -> SetPool:
    """The set's puzzles as they stand: the chosen ones, or those of the theme in the band, which are counted
    with the column (table_columns) or else by one query (a band may hold thousands)."""
    assignment = column.assignment
    if assignment.kind == Assignment.Kind.PUZZLES:
        return SetPool(len(column.chosen) - len(column.disabled), asked=len(column.chosen))
    in_band = column.in_band
    if in_band is None:
        in_band = theme_rows(assignment).filter(active=True).count()
    return SetPool(in_band, asked=assignment.puzzle_count)


def pools(columns: list[Column]) -> dict[int, SetPool]:
    """Each puzzle set's pool, by assignment id: a query for each theme set whose column does not bring it,
    none for chosen puzzles."""
    return {column.assignment.pk: pool(column) for column in columns if not column.assignment.is_course}


def set_size(assignment: Assignment) -> int:
    """How many puzzles finish a set for a student who solved none of its disabled puzzles."""
    return pool(column_of(assignment)).size


def set_attempts(column: Column, student_ids: list[int]) -> QuerySet[Attempt]:
    """The students' tries that count toward a puzzle set: made since the set was assigned, on its chosen
    puzzles or on puzzles of its theme within its rating band when the try was made (disabled ones too: a
    student's work on them stays theirs)."""
    assignment = column.assignment
    attempts = Attempt.objects.filter(user_id__in=student_ids, created__gte=assignment.created)
    if assignment.kind == Assignment.Kind.PUZZLES:
        return attempts.filter(puzzle_id__in=column.chosen)
    themed = attempts.filter(puzzle_id__in=band_rows(assignment.theme, None, None).values("puzzle_id"))
    rated = themed.alias(rated_then=Coalesce("puzzle_rating_before", "puzzle__rating"))
    if assignment.rating_min is not None:
        rated = rated.filter(rated_then__gte=assignment.rating_min)
    if assignment.rating_max is not None:
        rated = rated.filter(rated_then__lte=assignment.rating_max)
    return rated


def _course_cells(
    columns: list[Column], student_ids: list[int], now: datetime
) -> dict[tuple[int, int], Cell]:
    """The course assignments' cells from the students' best stars on each task (table_work.stars)."""
    progress = table_work.stars(columns, student_ids)
    cells = {}
    nothing: dict[int, table_work.Stars] = {}
    for column in columns:
        tasks = [(task.pk, task) for task in column.tasks]
        total, deadline, pk = len(tasks), column.assignment.deadline, column.assignment.pk
        untouched = None  # the cell of a student who has tried none of the tasks, made once
        for student_id in student_ids:
            mine = progress.get((pk, student_id), nothing)
            if not mine and untouched is not None:
                cells[(pk, student_id)] = untouched
                continue
            done = stars = 0
            late = False
            for best, after in mine.values():  # the column's tasks the student has tried
                if best > 0:
                    done += 1
                    stars += best
                    late = late or after
            status, finished_late = _status(
                done=done, total=total, started=bool(mine), deadline=deadline, late=late, now=now
            )
            next_task = None
            if done < total:  # the first task without a star, in the course's order
                next_task = next(
                    (task for task_id, task in tasks if mine.get(task_id, (0, False))[0] <= 0), None
                )
            cell = cells[(pk, student_id)] = Cell(
                status=status,
                done=done,
                total=total,
                stars=stars,
                max_stars=3 * total,
                finished_late=finished_late,
                next_task=next_task,
            )
            if not mine:
                untouched = cell
    return cells


def _puzzle_cells(
    column: Column,
    puzzles: SetPool,
    work: dict[tuple[int, int], SetWork],
    student_ids: list[int],
    now: datetime,
) -> dict[tuple[int, int], Cell]:
    openable = [pk for pk in column.chosen if pk not in column.disabled]
    deadline, assignment_id = column.assignment.deadline, column.assignment.pk
    nothing = SetWork()
    untouched = None  # the cell of a student who has not tried the set, made once
    cells = {}
    for student_id in student_ids:
        mine = work.get((assignment_id, student_id))
        if mine is None and untouched is not None:
            cells[(assignment_id, student_id)] = untouched
            continue
        mine = mine or nothing
        total = puzzles.size_for(mine.solved_disabled)
        # Finished late: fewer than `total` puzzles were solved alone by the deadline.
        status, late = _status(
            done=mine.solved,
            total=total,
            started=bool(mine.tries),
            deadline=deadline,
            late=mine.in_time < total,
            now=now,
        )
        next_puzzle_id = None
        if openable:  # the first chosen puzzle not solved alone, in the teacher's order
            next_puzzle_id = next((pk for pk in openable if pk not in mine.solved_ids), None)
        cell = cells[(assignment_id, student_id)] = Cell(
            status=status,
            done=min(mine.solved, total),
            total=total,
            attempts=mine.tries,
            solved_attempts=mine.alone,
            helped=mine.helped,
            finished_late=late,
            next_puzzle_id=next_puzzle_id,
        )
        if mine is nothing:
            untouched = cell
    return cells


def column_cells(
    columns: list[Column],
    student_ids: list[int],
    now: datetime | None = None,
    *,
    set_pools: dict[int, SetPool] | None = None,
) -> dict[tuple[int, int], Cell]:
    """Each (assignment id, student id)'s cell: one query for all course work and one for all puzzle sets
    (table_work; and one for each theme set's pool that neither `set_pools` nor its column brings)."""
    now = now or timezone.now()
    set_pools = set_pools if set_pools is not None else pools(columns)
    result = _course_cells([column for column in columns if column.assignment.is_course], student_ids, now)
    sets = [
        (column, set_pools[column.assignment.pk]) for column in columns if not column.assignment.is_course
    ]
    work = table_work.set_work([column for column, _pool in sets], student_ids)
    for column, set_pool in sets:
        result.update(_puzzle_cells(column, set_pool, work, student_ids, now))
    return result


def cells(
    assignments: list[Assignment], student_ids: list[int], now: datetime | None = None
) -> dict[tuple[int, int], Cell]:
    """`column_cells` of assignments loaded by `with_items` (or read now)."""
    return column_cells([column_of(assignment) for assignment in assignments], student_ids, now)


class Name(NamedTuple):
    """A student's number and names, read alone: what the tables show of them."""

    pk: int
    username: str
    first_name: str
    last_name: str


@dataclass(frozen=True)
class Row:
    student: Name
    cells: list[Cell]


def students_of(school_class: SchoolClass) -> list[Name]:
    """The class's students by last and first name in the reader's alphabet (name_order): their number and
    names alone, which is what the tables show of them, in one statement of SQL (every page of the class
    reads them, and the ORM took longer to build the join than the database to answer it)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT u.id, u.username, u.first_name, u.last_name FROM {quote(User._meta.db_table)} u"
            f" JOIN {quote(Membership._meta.db_table)} m ON m.student_id = u.id WHERE m.school_class_id = %s",
            [school_class.pk],
        )
        rows = cursor.fetchall()
    return name_order.by_name(Name(*row) for row in rows)


def _rows(
    columns: list[Column], students: list[Name], set_pools: dict[int, SetPool] | None = None
) -> list[Row]:
    grid = column_cells(columns, [student.pk for student in students], set_pools=set_pools)
    ids = [column.assignment.pk for column in columns]
    return [Row(student, [grid[(pk, student.pk)] for pk in ids]) for student in students]


def progress_table(school_class: SchoolClass) -> tuple[list[Column], list[Row]]:
    """The class's assignments as columns, and a row of cells for each student in the same order."""
    table_columns = columns(school_class)
    return table_columns, _rows(table_columns, students_of(school_class))


#: The class page's table shows this many students a page, about a screen's worth.
TABLE_PAGE = 30


@dataclass(frozen=True)
class TablePage:
    """A page of a class's progress table: the class's assignments as columns with each puzzle set's pool
    (by assignment id), and a row for each student of the page, in the order of the whole class."""

    columns: list[Column]
    pools: dict[int, SetPool]
    rows: list[Row]
    page: Page[Name]


def progress_page(school_class: SchoolClass, number: str | None = None) -> TablePage:
    """The page `number` of the class's progress table (Paginator.get_page: the first for what is not a
    number, the last for a number past it); the reads are the table's, for the page's students only."""
    table_columns = columns(school_class)
    page = Paginator(students_of(school_class), TABLE_PAGE).get_page(number)
    set_pools = pools(table_columns)
    return TablePage(table_columns, set_pools, _rows(table_columns, list(page), set_pools), page)
