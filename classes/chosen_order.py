"""The order of an assignment's chosen puzzles: the teacher's, as the numbers were typed ("712, 713 358"
stays 712, 713, 358). The many-to-many table keeps no order of its own, so `store` writes its rows one after
another in that order, and the reads order them by the rows' ids, which grow in the order they were
written."""

from typing import Literal

from django.db import connection
from django.db.models import Prefetch, QuerySet
from django.db.models.expressions import RawSQL

from classes.models import Assignment
from trainer.models import Puzzle

THROUGH = Assignment.puzzles.through


def by_row() -> RawSQL:
    """The ordering by the many-to-many row's id: the table is joined in every read of an assignment's
    puzzles (its own `.all()`, a prefetch, and the progress table's columns read with their puzzles)."""
    quote = connection.ops.quote_name
    return RawSQL(f"{quote(THROUGH._meta.db_table)}.{quote('id')}", ())


def prefetch() -> Prefetch[Literal["puzzles"], QuerySet[Puzzle], str]:
    """The chosen puzzles of assignments loaded together, each assignment's in the teacher's order."""
    return Prefetch("puzzles", queryset=Puzzle.objects.order_by(by_row()))


def puzzles(assignment: Assignment) -> list[Puzzle]:
    """An assignment's chosen puzzles in the teacher's order, read afresh."""
    return list(assignment.puzzles.order_by(by_row()))


def chosen(assignment: Assignment) -> list[Puzzle]:
    """An assignment's chosen puzzles in the teacher's order: as `prefetch` loaded them, or read afresh (a
    plain `.all()` has no order, and a database may give its rows in any)."""
    if "puzzles" in getattr(assignment, "_prefetched_objects_cache", {}):
        return list(assignment.puzzles.all())
    return puzzles(assignment)


def store(assignment: Assignment, chosen: list[Puzzle]) -> None:
    """The assignment's chosen puzzles become these, in this order; unchanged ones are not written again."""
    kept = THROUGH.objects.filter(assignment=assignment).order_by("id").values_list("puzzle_id", flat=True)
    if list(kept) == [puzzle.pk for puzzle in chosen]:
        return
    assignment.puzzles.clear()
    THROUGH.objects.bulk_create([THROUGH(assignment=assignment, puzzle=puzzle) for puzzle in chosen])
