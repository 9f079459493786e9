"""A puzzle's rating is checked once (trainer.models.check_rating) for the import and the admin: what one
refuses, the other refuses too, and the puzzle stays as it was."""

import json

import pytest
from django.urls import reverse

from testing.factories import DER_MATE, FERES_MATE, PuzzleFactory
from trainer import puzzle_file
from trainer.models import Puzzle

pytestmark = pytest.mark.django_db

OUT_OF_RANGE = [1e5, -1, 4000.5]


def admin_edit(puzzle: Puzzle, rating: object) -> dict:
    return {
        "fen": puzzle.fen,
        "moves": puzzle.moves,
        "themes": puzzle.themes,
        "rating": rating,
        "source": puzzle.source,
        "active": "on",
        "changes-TOTAL_FORMS": "0",
        "changes-INITIAL_FORMS": "0",
    }


@pytest.mark.parametrize("rating", OUT_OF_RANGE)
def test_the_admin_refuses_a_rating_the_import_refuses(admin_client, curator, rating):
    line = json.dumps(
        {
            "model": "trainer.puzzle",
            "fields": {"fen": FERES_MATE.fen, "moves": FERES_MATE.moves, "rating": rating},
        }
    )
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=[line], user=curator)
    words = refused.value.errors[0].reason

    puzzle = PuzzleFactory(line=DER_MATE, rating=1500)
    url = reverse("admin:trainer_puzzle_change", args=[puzzle.pk])
    answer = admin_client.post(url, admin_edit(puzzle, rating))
    assert answer.status_code == 200 and words in answer.content.decode()
    puzzle.refresh_from_db()
    assert puzzle.rating == 1500 and not puzzle.changes.exists()


def test_a_new_puzzle_with_a_rating_out_of_range_is_refused(admin_client):
    data = admin_edit(PuzzleFactory.build(line=FERES_MATE), 1e5)
    answer = admin_client.post(reverse("admin:trainer_puzzle_add"), data)
    assert (
        answer.status_code == 200 and "the rating must be between 0.0 and 4000.0" in answer.content.decode()
    )
    assert not Puzzle.objects.exists()


def test_the_bounds_themselves_are_accepted(admin_client):
    puzzle = PuzzleFactory(line=DER_MATE, rating=1500)
    url = reverse("admin:trainer_puzzle_change", args=[puzzle.pk])
    assert admin_client.post(url, admin_edit(puzzle, 4000)).status_code == 302
    puzzle.refresh_from_db()
    assert puzzle.rating == 4000
