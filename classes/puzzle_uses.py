"""How the classes use the trainer's puzzles, told to the trainer (`trainer.uses`) so that a curator is
warned before disabling a puzzle that an assignment gives: a set of chosen puzzles that holds it, or a
theme set whose theme and rating band take it in (as `selectors` counts a set's attempts)."""

from django.db.models import Exists, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Coalesce

from classes.models import Assignment
from trainer.models import RATING_RANGE, Puzzle, PuzzleTheme
from trainer.uses import Uses


def assignments_using(puzzles: QuerySet[Puzzle]) -> Uses:
    ids = puzzles.values("pk")
    chosen = Assignment.puzzles.through.objects.filter(puzzle_id__in=ids).values("assignment_id")
    in_band = PuzzleTheme.objects.filter(
        puzzle_id__in=ids,
        theme=OuterRef("theme"),
        rating__gte=Coalesce(OuterRef("rating_min"), Value(int(RATING_RANGE[0]))),
        rating__lte=Coalesce(OuterRef("rating_max"), Value(int(RATING_RANGE[1]))),
    )
    using = Assignment.objects.filter(
        Q(kind=Assignment.Kind.PUZZLES, pk__in=chosen) | Q(Exists(in_band), kind=Assignment.Kind.THEME)
    )
    pairs = set(using.values_list("pk", "school_class_id"))
    return Uses(assignments=len(pairs), classes=len({school_class for _pk, school_class in pairs}))
