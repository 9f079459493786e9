"""The students' work on the assignments of a table, read by the database in one statement for the course
work of all the columns and one for all their puzzle sets.

Course work is read a student and a task at a time (one row each, whatever the tries behind it): the best
stars, and whether the task was completed after the assignment's deadline. A puzzle set's tries are counted:
for each set and student, the tries made since the set was assigned, those solved alone, the puzzles solved
alone, by the deadline and among those the curators have disabled since, and the puzzles solved only with
help. A theme set is counted by student alone (its band may hold thousands of puzzles a student has tried), a
set of chosen puzzles by student and puzzle (a few puzzles: which ones are solved tells a student's next).

The statements are written in SQL, for SQLite and PostgreSQL alike: the ORM took several times as long to
build these filtered, grouped reads as the database took to answer them, on every page of a class's table."""

from collections.abc import Collection
from dataclasses import dataclass, field

from django.db import connection

from classes.models import Assignment
from classes.table_columns import Column
from course.models import TaskProgress
from trainer.models import Attempt, PuzzleTheme

#: A parameter of a statement: a number (an id, a bound of a band), a theme, a kind, or a time as the
#: database keeps it (connection.ops.adapt_datetimefield_value).
Param = int | str | None
#: A try solved alone: without a hint, without the solution seen, not just after either (Attempt.found_alone).
ALONE = "a.solved AND NOT (a.hinted OR a.solution_seen OR a.helped_before)"


def marks(values: Collection[object]) -> str:
    """A placeholder for each value, for a list of them (`IN (…)`)."""
    return ", ".join(["%s"] * len(values))


def _table(model: type[Attempt] | type[PuzzleTheme] | type[TaskProgress]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _run(selects: list[tuple[str, list[Param]]]) -> list[tuple[int, ...]]:
    """The rows of the selects, run as one statement."""
    if not selects:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            " UNION ALL ".join(sql for sql, _ in selects), [p for _, params in selects for p in params]
        )
        rows: list[tuple[int, ...]] = cursor.fetchall()
    return rows


#: A student's standing on one task: their best stars, and whether they completed it after the deadline.
Stars = tuple[int, bool]


def _stars_select(column: Column, student_ids: list[int]) -> tuple[str, list[Param]]:
    assignment = column.assignment
    deadline = assignment.deadline
    late = "CASE WHEN p.completed_at > %s THEN 1 ELSE 0 END" if deadline else "0"
    params: list[Param] = [connection.ops.adapt_datetimefield_value(deadline)] if deadline else []
    tasks = [task.pk for task in column.tasks]
    sql = (
        f"SELECT {int(assignment.pk)}, p.user_id, p.task_id, p.best_stars, {late}"
        f" FROM {_table(TaskProgress)} p"
        f" WHERE p.user_id IN ({marks(student_ids)}) AND p.task_id IN ({marks(tasks)})"
    )
    return sql, [*params, *student_ids, *tasks]


def stars(columns: list[Column], student_ids: list[int]) -> dict[tuple[int, int], dict[int, Stars]]:
    """Each student's standing on each task of each course column they have tried, by (assignment id,
    student id) and then task id, in one statement."""
    if not student_ids:
        return {}
    rows = _run([_stars_select(column, student_ids) for column in columns if column.tasks])
    found: dict[tuple[int, int], dict[int, Stars]] = {}
    for assignment_id, user_id, task_id, best, late in rows:
        found.setdefault((assignment_id, user_id), {})[task_id] = (best, bool(late))
    return found


@dataclass
class SetWork:
    """A student's work on one puzzle set: their tries, the tries solved alone, the puzzles solved alone, the
    puzzles solved only with help, the puzzles solved alone by the set's deadline, and how many of those
    solved alone the curators have disabled since. For chosen puzzles, also which ones were solved alone and
    which only with help."""

    tries: int = 0
    alone: int = 0
    solved: int = 0
    helped: int = 0
    in_time: int = 0
    solved_disabled: int = 0
    solved_ids: set[int] = field(default_factory=set)
    helped_ids: set[int] = field(default_factory=set)


def _set_select(column: Column, student_ids: list[int]) -> tuple[str, list[Param]]:
    """One set's counts and their parameters in the order of their places in it. A theme set's tries are
    grouped by student and its puzzles counted distinct; each try is joined with its puzzle's row of the theme
    when the puzzle was within the band as the try was made (its rating kept with the try; as it stands now
    for a try made before tries kept it), which also says whether the puzzle is still active: work done
    stays done however the rating moves. A chosen set's tries are grouped by
    student and puzzle, where a puzzle counts if any of its tries does (no distinct count to sort for); its
    disabled puzzles are the column's own."""
    assignment = column.assignment
    adapt = connection.ops.adapt_datetimefield_value
    chosen = assignment.kind == Assignment.Kind.PUZZLES
    deadline = assignment.deadline
    # The puzzles with a try solved alone, solved at all, solved alone by the deadline, and solved alone at a
    # puzzle disabled since ("" for a count that is 0 whatever the tries).
    late = f"{ALONE} AND a.created <= %s" if deadline else ""
    gone = (
        "NOT x.active"
        if not chosen
        else f"a.puzzle_id IN ({marks(column.disabled)})"
        if column.disabled
        else ""
    )
    params: list[Param] = [adapt(deadline)] if deadline else []
    params += sorted(column.disabled) if chosen else []
    counts = []
    for condition in (ALONE, "a.solved", late, f"{ALONE} AND {gone}" if gone else ""):
        if not condition:
            counts.append("0")
        elif chosen:
            counts.append(f"MAX(CASE WHEN {condition} THEN 1 ELSE 0 END)")
        else:
            counts.append(f"COUNT(DISTINCT CASE WHEN {condition} THEN a.puzzle_id END)")
    source = f"{_table(Attempt)} a"
    if not chosen:
        source += f" JOIN {_table(PuzzleTheme)} x ON x.puzzle_id = a.puzzle_id AND x.theme = %s"
        params.append(assignment.theme)
        for bound, sign in ((assignment.rating_min, ">="), (assignment.rating_max, "<=")):
            if bound is not None:
                source += f" AND COALESCE(a.puzzle_rating_before, x.rating) {sign} %s"
                params.append(bound)
    where = f"a.user_id IN ({marks(student_ids)}) AND a.created >= %s"
    params += [*student_ids, adapt(assignment.created)]
    if chosen:
        where += f" AND a.puzzle_id IN ({marks(column.chosen)})"
        params += column.chosen
    sql = (
        f"SELECT {int(assignment.pk)}, a.user_id, {'a.puzzle_id' if chosen else 'NULL'}, COUNT(*),"
        f" COUNT(CASE WHEN {ALONE} THEN 1 END), {', '.join(counts)}"
        f" FROM {source} WHERE {where} GROUP BY a.user_id{', a.puzzle_id' if chosen else ''}"
    )
    return sql, params


def set_work(columns: list[Column], student_ids: list[int]) -> dict[tuple[int, int], SetWork]:
    """Each student's work on each puzzle set of the columns, by (assignment id, student id), in one
    statement; a student who has not tried a set has no entry."""
    if not student_ids:
        return {}
    selects = [
        _set_select(column, student_ids)
        for column in columns
        if not column.assignment.is_course
        and (column.assignment.kind != Assignment.Kind.PUZZLES or column.chosen)
    ]
    work: dict[tuple[int, int], SetWork] = {}
    rows = _run(selects)
    for assignment_id, user_id, puzzle_id, tries, alone, alone_puzzles, solved_puzzles, in_time, gone in rows:
        one = work.get((assignment_id, user_id))
        if one is None:
            one = work[(assignment_id, user_id)] = SetWork()
        one.tries += tries
        one.alone += alone
        one.solved += alone_puzzles
        one.helped += solved_puzzles - alone_puzzles
        one.in_time += in_time
        one.solved_disabled += gone
        if puzzle_id is not None and alone_puzzles:
            one.solved_ids.add(puzzle_id)
        elif puzzle_id is not None and solved_puzzles:
            one.helped_ids.add(puzzle_id)
    return work
