"""A theme set's link leads to exactly the work it counts: the theme and the rating band go with it, the
trainer honours both, and the puzzle solved from it counts on the teacher's table."""

import re
from html import unescape

import pytest
from django.urls import reverse

from classes import selectors, services
from trainer.models import Attempt

pytestmark = pytest.mark.django_db


def test_the_train_link_of_a_theme_set_carries_its_band_and_the_puzzle_it_serves_counts(
    school_class, almaz, selam, make
):
    inside = [make.puzzle(rating=rating, themes="mateIn2") for rating in (1000.0, 1050.0, 1100.0)]
    outside = [make.puzzle(rating=rating, themes="mateIn2") for rating in (1505.0, 1600.0, 1703.0)]
    assignment = services.create_assignment(
        school_class=school_class,
        kind="theme",
        theme="mateIn2",
        puzzle_count=3,
        rating_min=1000,
        rating_max=1150,
    )
    student = make.logged_in(selam)
    page = student.get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    link = unescape(re.search(r'href="(/train/\?theme=mateIn2[^"]*)"', page).group(1))
    assert link == "/train/?theme=mateIn2&min=1000&max=1150"

    served = student.get(link).content.decode()
    number = int(re.search(r"Puzzle (\d+)", served).group(1))
    assert number in {puzzle.pk for puzzle in inside} and number not in {puzzle.pk for puzzle in outside}

    make.attempt(selam, on=next(puzzle for puzzle in inside if puzzle.pk == number), solved=True)
    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.total) == (1, 3)
    assert Attempt.objects.filter(user=selam).count() == 1
