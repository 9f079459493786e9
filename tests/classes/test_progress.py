"""A teacher's view of one student: assignments, the course map with stars, the puzzle rating chart, recent
attempts. The class's progress as CSV is tested in test_exports.py."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_the_student_page_shows_the_course_the_rating_and_the_recent_puzzles(
    school_class, lesson, almaz, selam, make
):
    make.assign_lesson(school_class, lesson)
    make.stars(selam, lesson.tasks.first(), 3, when=timezone.now())
    puzzle = make.puzzle()
    for minutes, rating in ((5, 1480.0), (2, 1530.0)):
        attempt = make.attempt(
            selam, puzzle, solved=minutes == 2, when=timezone.now() - timedelta(minutes=minutes)
        )
        attempt.rated, attempt.rating_after = True, rating
        attempt.save()
    page = (
        make.logged_in(almaz)
        .get(reverse("classes:student", args=[school_class.pk, selam.pk]))
        .content.decode()
    )
    assert "Selam Tesfaye" in page
    assert "Lesson 1: The setup" in page and "in progress" in page
    assert "1. The setup" in page and "3★" in page and "1 of 2 tasks" in page
    assert '<polyline class="trainer-chart__line"' in page
    assert f"Puzzle {puzzle.pk}" in page and "missed" in page and "1530" in page


def test_a_student_without_puzzles_has_no_chart(school_class, almaz, selam, make):
    page = (
        make.logged_in(almaz)
        .get(reverse("classes:student", args=[school_class.pk, selam.pk]))
        .content.decode()
    )
    assert "No rated puzzle yet." in page and "No puzzles tried yet." in page
