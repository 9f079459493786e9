"""Each student's answer on each puzzle of a set's results, counted by the database in one statement of SQL:
one row for a student and a puzzle, however often it was tried. Of the tries since the set was assigned at a
puzzle still active: how many, whether the first was solved alone, whether one was solved alone or at all,
their seconds and hints, whether the solution was seen, and the first wrong move played within the puzzle's
line, with when it was played (the results list the class's wrong moves in the order they were first played).

Written in SQL, for SQLite and PostgreSQL alike, as the table's reads are (classes.table_work): a window over
each student's tries at a puzzle finds the first try and the first wrong move."""

from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from classes.table_work import ALONE, Param, marks
from trainer.models import Attempt, Puzzle


@dataclass(frozen=True)
class Tried:
    """A student's tries at one puzzle. `wrong` is the first wrong move played within the line, (ply, move
    in coordinates), and `wrong_at` when its try was made (as the database gives it, and the try's id)."""

    tries: int
    first_try: bool
    solved: bool
    solved_any: bool
    seconds: int
    hints: int
    solution_seen: bool
    wrong: tuple[int, str] | None
    wrong_at: tuple[str | datetime, int] | None


def _statement(moves: dict[int, int], student_ids: list[int], since: datetime) -> tuple[str, list[Param]]:
    """The statement and its parameters: `moves` is each puzzle's number of moves in its line, by id."""
    quote = connection.ops.quote_name
    lengths = " ".join("WHEN %s THEN %s" for _ in moves)
    per_try = (
        "SELECT a.id, a.user_id, a.puzzle_id, a.created, a.wrong_move, a.wrong_ply,"
        f" CASE WHEN {ALONE} THEN 1 ELSE 0 END AS alone, CASE WHEN a.solved THEN 1 ELSE 0 END AS solved,"
        " COALESCE(a.seconds, 0) AS seconds, CASE WHEN a.hinted THEN 1 ELSE 0 END AS hinted,"
        " CASE WHEN a.solution_seen THEN 1 ELSE 0 END AS seen,"
        " CASE WHEN a.wrong_move <> '' AND a.wrong_ply IS NOT NULL"
        f" AND a.wrong_ply < CASE a.puzzle_id {lengths} END THEN 1 ELSE 0 END AS wrong"
        f" FROM {quote(Attempt._meta.db_table)} a JOIN {quote(Puzzle._meta.db_table)} p ON p.id = a.puzzle_id"
        f" WHERE a.user_id IN ({marks(student_ids)}) AND a.puzzle_id IN ({marks(moves)})"
        " AND a.created >= %s AND p.active"
    )
    first_wrong = "OVER (PARTITION BY t.user_id, t.puzzle_id ORDER BY t.wrong DESC, t.created, t.id)"
    ranked = (
        "SELECT t.user_id, t.puzzle_id, t.alone, t.solved, t.seconds, t.hinted, t.seen,"
        " CASE WHEN ROW_NUMBER() OVER (PARTITION BY t.user_id, t.puzzle_id ORDER BY t.created, t.id) = 1"
        " THEN t.alone ELSE 0 END AS first_alone,"
        f" FIRST_VALUE(CASE WHEN t.wrong = 1 THEN t.wrong_ply END) {first_wrong} AS wrong_ply,"
        f" FIRST_VALUE(CASE WHEN t.wrong = 1 THEN t.wrong_move END) {first_wrong} AS wrong_move,"
        f" FIRST_VALUE(CASE WHEN t.wrong = 1 THEN t.created END) {first_wrong} AS wrong_created,"
        f" FIRST_VALUE(CASE WHEN t.wrong = 1 THEN t.id END) {first_wrong} AS wrong_id"
        f" FROM ({per_try}) t"
    )
    sql = (
        "SELECT user_id, puzzle_id, COUNT(*), MAX(first_alone), MAX(alone), MAX(solved), SUM(seconds),"
        " SUM(hinted), MAX(seen), MAX(wrong_ply), MAX(wrong_move), MAX(wrong_created), MAX(wrong_id)"
        f" FROM ({ranked}) r GROUP BY user_id, puzzle_id"
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
    found = {}
    for user_id, puzzle_id, tries, first, alone, solved, seconds, hints, seen, ply, move, when, at in rows:
        found[(user_id, puzzle_id)] = Tried(
            tries=tries,
            first_try=bool(first),
            solved=bool(alone),
            solved_any=bool(solved),
            seconds=seconds,
            hints=hints,
            solution_seen=bool(seen),
            wrong=None if ply is None else (ply, move),
            wrong_at=None if ply is None else (when, at),
        )
    return found
