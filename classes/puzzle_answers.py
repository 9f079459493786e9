"""Each student's answer on each puzzle of a set's results: of their tries since the set was assigned at a
puzzle still active, how many, whether the first was solved alone, whether one was solved alone or at all,
their seconds and hints, whether the solution was seen, and the first wrong move played within the puzzle's
line, with when it was played (the results list the class's wrong moves in the order they were first played).

The tries are read by one statement of SQL, for SQLite and PostgreSQL alike as the table's reads are
(classes.table_work), with what each says already worked out (solved alone, a wrong move within the line),
and are folded here in the order they were made: the ORM took longer to build the read than the database to
answer it, and folding them in the database (a window over each student's tries) took SQLite longer still."""

from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from classes.table_work import ALONE, Param, marks
from trainer.models import Attempt, Puzzle


@dataclass
class Tried:
    """A student's tries at one puzzle. `wrong` is the first wrong move played within the line, (ply, move
    in coordinates), and `wrong_at` when its try was made (as the database gives it, and the try's id)."""

    first_try: bool
    tries: int = 0
    solved: bool = False
    solved_any: bool = False
    seconds: int = 0
    hints: int = 0
    solution_seen: bool = False
    wrong: tuple[int, str] | None = None
    wrong_at: tuple[str | datetime, int] | None = None


def _statement(moves: dict[int, int], student_ids: list[int], since: datetime) -> tuple[str, list[Param]]:
    """The statement and its parameters: `moves` is each puzzle's number of moves in its line, by id."""
    quote = connection.ops.quote_name
    lengths = " ".join("WHEN %s THEN %s" for _ in moves)
    sql = (
        "SELECT a.user_id, a.puzzle_id, a.id, a.created, a.seconds, a.hinted, a.solution_seen,"
        f" CASE WHEN {ALONE} THEN 1 ELSE 0 END, CASE WHEN a.solved THEN 1 ELSE 0 END,"
        " CASE WHEN a.wrong_move <> '' AND a.wrong_ply IS NOT NULL"
        f" AND a.wrong_ply < CASE a.puzzle_id {lengths} END THEN a.wrong_ply END, a.wrong_move"
        f" FROM {quote(Attempt._meta.db_table)} a JOIN {quote(Puzzle._meta.db_table)} p ON p.id = a.puzzle_id"
        f" WHERE a.user_id IN ({marks(student_ids)}) AND a.puzzle_id IN ({marks(moves)})"
        " AND a.created >= %s AND p.active ORDER BY a.created, a.id"
    )
    params: list[Param] = [value for pk, length in moves.items() for value in (pk, length)]
    return sql, [*params, *student_ids, *moves, connection.ops.adapt_datetimefield_value(since)]


def answers(moves: dict[int, int], student_ids: list[int], since: datetime) -> dict[tuple[int, int], Tried]:
    """Each student's tries at each puzzle (its number of moves in its line by id: `moves`) made since
    `since`, by (student id, puzzle id); a student who has not tried a puzzle has no entry."""
    if not moves or not student_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(*_statement(moves, student_ids, since))
        rows = cursor.fetchall()
    found: dict[tuple[int, int], Tried] = {}
    for user_id, puzzle_id, at, when, seconds, hinted, seen, alone, solved, ply, move in rows:
        one = found.get((user_id, puzzle_id))
        if one is None:
            one = found[(user_id, puzzle_id)] = Tried(first_try=bool(alone))
        one.tries += 1
        one.solved = one.solved or bool(alone)
        one.solved_any = one.solved_any or bool(solved)
        one.seconds += seconds or 0
        one.hints += bool(hinted)
        one.solution_seen = one.solution_seen or bool(seen)
        if ply is not None and one.wrong is None:
            one.wrong, one.wrong_at = (ply, move), (when, at)
    return found
