"""A theme set of a rating band judges each try by the puzzle's rating when the try was made: a student who
finished "3 puzzles: Mate in 2, rated 1000 to 1300" stays done when a solved puzzle's rating leaves the band
afterwards (a curator's edit, or the ratings every rated try moves), and the results page still lists the
tries."""

import pytest

from classes import selectors
from classes.assignment_words import DONE
from classes.models import Assignment
from testing.factories import LADDER, AssignmentFactory, PuzzleFactory
from trainer.models import Puzzle, PuzzleTheme
from trainer.services import record_attempt

pytestmark = pytest.mark.django_db


def cell(assignment, student):
    loaded = selectors.with_items(Assignment.objects.filter(pk=assignment.pk))
    return selectors.cells(loaded, [student.pk])[(assignment.pk, student.pk)]


@pytest.fixture
def mate_in_two_set(school_class):
    return AssignmentFactory(
        school_class=school_class,
        kind="theme",
        lesson=None,
        theme="mateIn2",
        puzzle_count=3,
        rating_min=1000,
        rating_max=1300,
    )


def test_a_finished_band_set_stays_done_when_a_solved_puzzles_rating_leaves_the_band(mate_in_two_set, selam):
    puzzles = [PuzzleFactory(line=LADDER, rating=rating) for rating in (1100, 1212, 1250)]
    PuzzleFactory(line=LADDER, rating=1150)  # a fourth in the band, not tried
    for number, puzzle in enumerate(puzzles):
        record_attempt(user=selam, puzzle_id=puzzle.pk, serving=f"try-{number}", solved=True)
    assert (cell(mate_in_two_set, selam).status, cell(mate_in_two_set, selam).done) == (DONE, 3)
    edited = Puzzle.objects.get(pk=puzzles[1].pk)
    edited.rating = 1500
    edited.save()
    assert PuzzleTheme.objects.get(puzzle=edited, theme="mateIn2").rating == 1500  # out of the band
    standing = cell(mate_in_two_set, selam)
    assert (standing.status, standing.done, standing.total) == (DONE, 3, 3)
    column = selectors.column_of(mate_in_two_set)
    tried = set(selectors.set_attempts(column, [selam.pk]).values_list("puzzle_id", flat=True))
    assert tried == {puzzle.pk for puzzle in puzzles}


def test_a_puzzle_that_enters_the_band_after_a_try_does_not_count_that_try(mate_in_two_set, selam):
    """Judged by what was true then, both ways: a try at a puzzle rated 1500 was no work on this set."""
    outside = PuzzleFactory(line=LADDER, rating=1500)
    record_attempt(user=selam, puzzle_id=outside.pk, serving="try-outside", solved=True)
    outside.rating = 1200
    outside.save()
    assert cell(mate_in_two_set, selam).done == 0
