"""The students' tries at puzzle sets, counted by the database in one statement for all the sets of a table:
for each set and student, the tries made since the set was assigned, those solved alone, the puzzles solved
alone, by the deadline and among the ones disabled since, and the puzzles solved only with help. A theme set
is counted by student alone (its band may hold thousands of puzzles a student has tried), a set of chosen
puzzles by student and puzzle (a few puzzles: which ones are solved tells a student's next).

The statement is written in SQL, for SQLite and PostgreSQL alike: the ORM took several times as long to build
these filtered, grouped counts as the database took to answer them, on every page of a class's table."""

from collections.abc import Collection
from dataclasses import dataclass, field

from django.db import connection

from classes.models import Assignment
from classes.table_columns import Column
from trainer.models import Attempt, PuzzleTheme

#: A parameter of the statement: a number (an id, a bound of a band), a theme, or a time as the database
#: keeps it (connection.ops.adapt_datetimefield_value).
Param = int | str | None

#: A try solved alone: without a hint, without the solution seen, not just after either (Attempt.found_alone).
ALONE = "a.solved AND NOT (a.hinted OR a.solution_seen OR a.helped_before)"


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


def _marks(values: Collection[object]) -> str:
    return ", ".join(["%s"] * len(values))


def _select(column: Column, disabled: frozenset[int], student_ids: list[int]) -> tuple[str, list[Param]]:
    """One set's counts, grouped by student (and puzzle, for chosen puzzles), and their parameters in the
    order of their places in it."""
    assignment = column.assignment
    adapt, quote = connection.ops.adapt_datetimefield_value, connection.ops.quote_name
    chosen = assignment.kind == Assignment.Kind.PUZZLES
    deadline = assignment.deadline
    params: list[Param] = []
    in_time = gone = "0"
    if deadline:
        in_time = f"COUNT(DISTINCT CASE WHEN {ALONE} AND a.created <= %s THEN a.puzzle_id END)"
        params.append(adapt(deadline))
    if disabled:
        gone = (
            f"COUNT(DISTINCT CASE WHEN {ALONE} AND a.puzzle_id IN ({_marks(disabled)}) THEN a.puzzle_id END)"
        )
        params += sorted(disabled)
    source = f"{quote(Attempt._meta.db_table)} a"
    if not chosen:
        source += f" JOIN {quote(PuzzleTheme._meta.db_table)} t ON t.puzzle_id = a.puzzle_id AND t.theme = %s"
        params.append(assignment.theme)
        for bound, sign in ((assignment.rating_min, ">="), (assignment.rating_max, "<=")):
            if bound is not None:
                source += f" AND t.rating {sign} %s"
                params.append(bound)
    where = f"a.user_id IN ({_marks(student_ids)}) AND a.created >= %s"
    params += [*student_ids, adapt(assignment.created)]
    if chosen:
        where += f" AND a.puzzle_id IN ({_marks(column.chosen)})"
        params += column.chosen
    sql = (
        f"SELECT {int(assignment.pk)}, a.user_id, {'a.puzzle_id' if chosen else 'NULL'}, COUNT(*),"
        f" COUNT(CASE WHEN {ALONE} THEN 1 END), COUNT(DISTINCT CASE WHEN {ALONE} THEN a.puzzle_id END),"
        f" COUNT(DISTINCT CASE WHEN a.solved THEN a.puzzle_id END), {in_time}, {gone}"
        f" FROM {source} WHERE {where} GROUP BY a.user_id{', a.puzzle_id' if chosen else ''}"
    )
    return sql, params


def counted(
    sets: list[tuple[Column, frozenset[int]]], student_ids: list[int]
) -> dict[tuple[int, int], SetWork]:
    """Each student's work on each set (a column, with the puzzles of it disabled since: SetPool.disabled),
    by (assignment id, student id), in one statement; a student who has not tried a set has no entry."""
    selects = [
        _select(column, disabled, student_ids)
        for column, disabled in sets
        if column.assignment.kind != Assignment.Kind.PUZZLES or column.chosen
    ]
    if not selects or not student_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            " UNION ALL ".join(sql for sql, _ in selects), [p for _, params in selects for p in params]
        )
        rows = cursor.fetchall()
    work: dict[tuple[int, int], SetWork] = {}
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
