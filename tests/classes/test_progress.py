"""A teacher's view of one student (assignments, the course map with stars, the puzzle rating chart, recent
attempts) and the class's progress as CSV."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from classes import services

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


def test_the_csv_has_a_row_per_student_and_columns_per_assignment(school_class, lesson, almaz, selam, make):
    make.assign_lesson(school_class, lesson)
    theme = services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=2)
    for task in lesson.tasks.all():
        make.stars(selam, task, 2, when=timezone.now())
    fork, _other_fork = make.puzzle(themes="fork"), make.puzzle(themes="fork")
    make.attempt(selam, fork, solved=False, when=theme.created + timedelta(seconds=1))
    make.attempt(selam, fork, solved=True, when=theme.created + timedelta(seconds=2))
    answer = make.logged_in(almaz).get(reverse("classes:progress_csv", args=[school_class.pk]))
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert answer["Content-Disposition"] == f'attachment; filename="class-{school_class.pk}-progress.csv"'
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0][:4] == ["username", "first name", "last name", "Lesson 1: The setup: status"]
    assert len(rows[0]) == 3 + 2 * 4
    assert rows[1][0] == "dawit" and rows[1][3] == "not started"
    assert rows[2] == ["selam", "Selam", "Tesfaye", "done", "2/2", "4/6", "", "in progress", "1/2", "", "50%"]


def test_the_csv_keeps_names_from_being_read_as_formulas(school_class, almaz, make):
    services.create_students(school_class=school_class, names=["=HYPERLINK(evil) Smith"])
    text = make.logged_in(almaz).get(reverse("classes:progress_csv", args=[school_class.pk])).content.decode()
    assert "'=HYPERLINK(evil)" in text
    assert "\n=" not in text and ",=" not in text
