"""Chosen puzzles keep the teacher's order, as the numbers were typed: on the student's page, in the
assignment's results, in the edit form, in a copy, and after an edit that only reorders them."""

import re

import pytest
from django.urls import reverse

from classes import services
from classes.models import Assignment
from testing.factories import SchoolClassFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(make):
    """Three puzzles, to be typed in an order that is not their numbers'."""
    first, second, third = (make.puzzle() for _ in range(3))
    return [second, third, first]


def typed(puzzles):
    return f"{puzzles[0].pk}, {puzzles[1].pk} {puzzles[2].pk}"


def numbers(page, pattern):
    return [int(number) for number in re.findall(pattern, page)]


def test_the_students_page_lists_the_puzzles_as_typed(school_class, almaz, selam, make, three):
    url = reverse("classes:assignment_new", args=[school_class.pk])
    answer = make.logged_in(almaz).post(url, {"kind": "puzzles", "puzzle_ids": typed(three)})
    assert answer.status_code == 302
    assignment = Assignment.objects.get()
    page = make.logged_in(selam).get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    assert numbers(page, r"Puzzle (\d+)</a>") == [puzzle.pk for puzzle in three]


def test_the_results_and_the_edit_form_keep_the_order(school_class, almaz, make, three):
    assignment = services.create_assignment(school_class=school_class, kind="puzzles", puzzles=three)
    client = make.logged_in(almaz)
    results = client.get(reverse("classes:assignment_results", args=[school_class.pk, assignment.pk]))
    titles = re.findall(r'<h3 id="result-\d+-title"><a href="[^"]*">([^<]+)</a>', results.content.decode())
    assert [int(re.search(r"\d+", title).group()) for title in titles] == [puzzle.pk for puzzle in three]
    edit = client.get(reverse("classes:assignment_edit", args=[school_class.pk, assignment.pk]))
    expected = " ".join(str(puzzle.pk) for puzzle in three)
    assert f'name="puzzle_ids" value="{expected}"' in edit.content.decode()


def test_an_edit_that_reorders_and_a_copy_keep_the_new_order(school_class, almaz, make, three):
    assignment = services.create_assignment(school_class=school_class, kind="puzzles", puzzles=three)
    reordered = [three[1], three[0], three[2]]  # neither as typed before nor by number
    client = make.logged_in(almaz)
    url = reverse("classes:assignment_edit", args=[school_class.pk, assignment.pk])
    assert client.post(url, {"kind": "puzzles", "puzzle_ids": typed(reordered)}).status_code == 302
    assert services.Contents.of(assignment).puzzles == reordered
    club = SchoolClassFactory(teacher=almaz, name="Chess club B")
    copy = services.copy_assignment(assignment=assignment, to_class=club, by=almaz)
    assert services.Contents.of(copy).puzzles == reordered


def test_the_class_page_reads_the_ordered_puzzles_in_a_bounded_number_of_queries(
    school_class, almaz, make, three, django_assert_max_num_queries
):
    for _ in range(4):
        services.create_assignment(school_class=school_class, kind="puzzles", puzzles=three)
    client = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    client.get(url)
    with django_assert_max_num_queries(30):
        assert client.get(url).status_code == 200
