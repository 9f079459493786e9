"""Assignments set from the class page: a lesson, chosen tasks, a theme's puzzles in a rating band, chosen
puzzles, each with an optional due date; incomplete or tampered forms are a 400; deleting keeps the work."""

import re
from datetime import date, time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from classes.models import Assignment
from trainer.models import Puzzle

pytestmark = pytest.mark.django_db


def post(client, school_class, **data):
    return client.post(reverse("classes:assignment_new", args=[school_class.pk]), data)


def test_the_form_offers_lessons_tasks_and_themes(school_class, lesson, almaz, make):
    page = (
        make.logged_in(almaz).get(reverse("classes:assignment_new", args=[school_class.pk])).content.decode()
    )
    assert "1. The setup" in page and "1.2 Question 2" in page and "Mate by a medeq" in page


def test_a_lesson_is_assigned_with_a_due_date(school_class, lesson, almaz, make):
    answer = post(make.logged_in(almaz), school_class, kind="lesson", lesson=lesson.pk, due_on="2027-04-01")
    assert answer.url == reverse("classes:class", args=[school_class.pk])
    assignment = Assignment.objects.get()
    assert (assignment.kind, assignment.lesson, assignment.due_on) == ("lesson", lesson, date(2027, 4, 1))


def test_chosen_tasks_are_assigned(school_class, lesson, almaz, make):
    second = lesson.tasks.last()
    post(make.logged_in(almaz), school_class, kind="tasks", tasks=[second.pk])
    assert list(Assignment.objects.get().tasks.all()) == [second]


def test_a_theme_set_is_assigned_within_a_band(school_class, almaz, make):
    for rating in range(1200, 1500, 30):  # ten fork puzzles in the band
        make.puzzle(rating=rating, themes="fork")
    post(
        make.logged_in(almaz),
        school_class,
        kind="theme",
        theme="fork",
        puzzle_count=10,
        rating_min=1200,
        rating_max=1500,
    )
    assignment = Assignment.objects.get()
    assert (assignment.theme, assignment.puzzle_count, assignment.rating_min, assignment.rating_max) == (
        "fork",
        10,
        1200,
        1500,
    )


def test_a_set_asking_for_more_puzzles_than_exist_is_refused_with_the_number_that_exists(
    school_class, almaz, make
):
    """ "50 mate-in-5 rated 2300-2400" when there are 2: the teacher reads how many exist, nothing is made."""
    for rating in (2310, 2390, 2450):
        make.puzzle(rating=rating, themes="mateIn5")
    retired = make.puzzle(rating=2350, themes="mateIn5")
    retired.active = False
    retired.save()
    teacher = make.logged_in(almaz)
    data = {"kind": "theme", "theme": "mateIn5", "rating_min": 2300, "rating_max": 2400}
    answer = post(teacher, school_class, puzzle_count=50, **data)
    assert answer.status_code == 400 and not Assignment.objects.exists()
    assert "There are only 2 puzzles of this theme in this rating band" in answer.content.decode()
    answer = post(teacher, school_class, puzzle_count=3, theme="mateIn5", kind="theme", rating_min=2400)
    assert "There is only 1 puzzle of this theme in this rating band" in answer.content.decode()
    answer = post(teacher, school_class, puzzle_count=1, theme="mateIn5", kind="theme", rating_min=2500)
    assert "There is no puzzle of this theme in this rating band" in answer.content.decode()
    post(teacher, school_class, puzzle_count=2, **data)
    assert Assignment.objects.get().puzzle_count == 2


def test_chosen_puzzles_are_assigned_by_number(school_class, almaz, make):
    one, two = make.puzzle(), make.puzzle()
    post(make.logged_in(almaz), school_class, kind="puzzles", puzzle_ids=f"#{two.pk}, {one.pk} {two.pk}")
    assert list(Assignment.objects.get().puzzles.order_by("pk")) == [one, two]


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "lesson"},
        {"kind": "lesson", "lesson": 999},
        {"kind": "tasks"},
        {"kind": "theme", "theme": "fork"},
        {"kind": "theme", "theme": "noSuchTheme", "puzzle_count": 3},
        {"kind": "theme", "theme": "fork", "puzzle_count": 3, "rating_min": 1600, "rating_max": 1200},
        {"kind": "puzzles", "puzzle_ids": "12 abc"},
        {"kind": "puzzles", "puzzle_ids": "99999"},
        {"kind": "puzzles"},
        {"kind": "everything"},
        {"kind": "lesson", "lesson": 1, "due_on": "tomorrow"},
    ],
)
def test_an_incomplete_or_tampered_form_is_a_400_and_assigns_nothing(school_class, lesson, almaz, make, data):
    assert post(make.logged_in(almaz), school_class, **data).status_code == 400
    assert not Assignment.objects.exists()


def test_a_disabled_puzzle_cannot_be_assigned(school_class, almaz, make):
    hidden = make.puzzle()
    hidden.active = False
    hidden.save()
    answer = post(make.logged_in(almaz), school_class, kind="puzzles", puzzle_ids=str(hidden.pk))
    said = answer.content.decode()
    assert answer.status_code == 400 and f"The puzzle {hidden.pk} is disabled by the curators." in said
    assert "no puzzle with" not in said


def test_an_archived_class_gets_no_new_assignment(school_class, lesson, almaz, make):
    school_class.archived_at = school_class.created
    school_class.save()
    answer = post(make.logged_in(almaz), school_class, kind="lesson", lesson=lesson.pk)
    assert answer.status_code == 400 and "archived" in answer.content.decode()


def test_an_assignment_is_deleted(school_class, lesson, almaz, make):
    assignment = make.assign_lesson(school_class, lesson)
    make.logged_in(almaz).post(reverse("classes:assignment_delete", args=[school_class.pk, assignment.pk]))
    assert not Assignment.objects.exists()


@pytest.mark.parametrize(
    ("numbers", "message"),
    [
        ("12 ²", "Write only puzzle numbers, separated by spaces or commas."),
        ("٣", "Write only puzzle numbers, separated by spaces or commas."),
        ("12345678901234567890", "1 number is too large to be a puzzle&#x27;s number."),
        ("99999 123456789012 1234567890123", "There are no puzzles with the numbers 99999, 123456789012."),
    ],
)
def test_puzzle_numbers_no_puzzle_can_have_are_a_400_with_a_message(
    school_class, almaz, make, numbers, message
):
    answer = post(make.logged_in(almaz), school_class, kind="puzzles", puzzle_ids=numbers)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not Assignment.objects.exists()


def test_a_due_date_already_gone_is_refused_but_an_edit_may_keep_its_own(school_class, lesson, almaz, make):
    teacher = make.logged_in(almaz)
    yesterday = timezone.localdate() - timedelta(days=1)
    answer = post(teacher, school_class, kind="lesson", lesson=lesson.pk, due_on=yesterday.isoformat())
    assert answer.status_code == 400 and "That day has passed" in answer.content.decode()
    assert not Assignment.objects.exists()
    kept = make.assign_lesson(school_class, lesson, due_on=yesterday)
    edit = reverse("classes:assignment_edit", args=[school_class.pk, kept.pk])
    data = {"kind": "lesson", "lesson": lesson.pk, "due_on": yesterday.isoformat(), "due_time": "18:00"}
    assert teacher.post(edit, data).status_code == 302
    kept.refresh_from_db()
    assert (kept.due_on, kept.due_time) == (yesterday, time(18, 0))


def test_unknown_too_large_and_disabled_numbers_are_told_apart(school_class, almaz, make):
    """Each in its sentence, in the plural it needs; a number longer than twelve digits is not repeated."""
    shown, hidden, other = make.puzzle(), make.puzzle(), make.puzzle()
    Puzzle.objects.filter(pk__in=[hidden.pk, other.pk]).update(active=False)
    numbers = f"99999999, {hidden.pk} {shown.pk} {'9' * 40} 1{'0' * 30} 88888888 {other.pk}"
    answer = post(make.logged_in(almaz), school_class, kind="puzzles", puzzle_ids=numbers)
    said = answer.content.decode()
    assert answer.status_code == 400
    errors = re.findall(r'<ul class="errorlist"[^>]*>(.*?)</ul>', said, re.S)
    assert re.findall(r"<li>(.*?)</li>", errors[0]) == [
        "There are no puzzles with the numbers 99999999, 88888888.",
        "2 numbers are too large to be puzzles&#x27; numbers.",
        f"The puzzles {hidden.pk}, {other.pk} are disabled by the curators.",
    ]
    assert "9" * 13 not in errors[0] and "0" * 13 not in errors[0]  # the field keeps what was typed
    assert not Assignment.objects.exists()


@pytest.mark.parametrize(
    ("disabled", "huge", "said"),
    [
        (1, 1, ["Úlohu {0} kurátori vypli.", "1 číslo je príliš veľké na číslo úlohy."]),
        (2, 3, ["Úlohy {0}, {1} kurátori vypli.", "3 čísla sú príliš veľké na čísla úloh."]),
        (5, 5, ["Úlohy {0}, {1}, {2}, {3}, {4} kurátori vypli.", "5 čísel je príliš veľkých na čísla úloh."]),
    ],
)
def test_the_puzzle_number_messages_have_the_three_slovak_plural_forms(
    school_class, almaz, make, disabled, huge, said
):
    hidden = [make.puzzle() for _ in range(disabled)]
    Puzzle.objects.filter(pk__in=[one.pk for one in hidden]).update(active=False)
    numbers = " ".join([*(str(one.pk) for one in hidden), *(f"{10**19 + n}" for n in range(huge))])
    with translation.override("sk"):
        page = post(make.logged_in(almaz), school_class, kind="puzzles", puzzle_ids=numbers).content.decode()
    for sentence in said:
        assert sentence.format(*(one.pk for one in hidden)) in page
