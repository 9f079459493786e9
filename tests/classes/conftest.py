"""The cast of the classes tests: two teachers (Almaz, the cast's teacher, and Bekele), two students of
Almaz's class, Bekele's student Hana; a small lesson of two questions; and the builders the tests share,
made with testing.factories."""

from datetime import datetime
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User

from classes.models import Assignment, SchoolClass
from course.models import Lesson, Task, TaskProgress
from testing.factories import (
    AssignmentFactory,
    AttemptFactory,
    LessonFactory,
    MembershipFactory,
    PuzzleFactory,
    SchoolClassFactory,
    TaskFactory,
    TaskProgressFactory,
    UserFactory,
)
from trainer.models import Attempt, Puzzle


def person(username: str, *, teaches: bool = False, first: str = "", last: str = "") -> User:
    return UserFactory(username=username, teaches=teaches, first_name=first, last_name=last)


@pytest.fixture
def almaz(teacher):
    return teacher


@pytest.fixture
def bekele(db):
    return person("bekele", teaches=True, first="Kenenisa", last="Bekele")


@pytest.fixture
def selam(db):
    return person("selam", first="Selam", last="Tesfaye")


@pytest.fixture
def dawit(db):
    return person("dawit", first="Dawit", last="Haile")


@pytest.fixture
def hana(db):
    return person("hana", first="Hana", last="Gebre")


@pytest.fixture
def school_class(almaz, selam, dawit):
    school_class = SchoolClassFactory(teacher=almaz, name="Grade 7 chess club")
    MembershipFactory(school_class=school_class, student=selam)
    MembershipFactory(school_class=school_class, student=dawit)
    return school_class


@pytest.fixture
def other_class(bekele, hana):
    school_class = SchoolClassFactory(teacher=bekele, name="Bekele's club")
    MembershipFactory(school_class=school_class, student=hana)
    return school_class


@pytest.fixture
def lesson(db):
    lesson = LessonFactory(slug="setup", order=1, title="The setup", intro="Crosswise.")
    for order, answer in ((1, 1), (2, 0)):
        TaskFactory(lesson=lesson, order=order, answer=answer)
    return lesson


def puzzle(rating: float = 1500.0, themes: str = "mateIn1 derMate") -> Puzzle:
    return PuzzleFactory(rating=rating, themes=themes)


def attempt(user: User, on: Puzzle, *, solved: bool, when: datetime | None = None) -> Attempt:
    return AttemptFactory(user=user, puzzle=on, solved=solved, when=when)


def stars(user: User, task: Task, best: int, when: datetime | None = None) -> TaskProgress:
    return TaskProgressFactory(user=user, task=task, best_stars=best, completed_at=when if best else None)


def assign_lesson(school_class: SchoolClass, lesson: Lesson, **extra) -> Assignment:
    return AssignmentFactory(school_class=school_class, lesson=lesson, **extra)


@pytest.fixture
def make(db, log_in):
    """The builders above, for tests (test modules do not import each other here)."""
    return SimpleNamespace(
        person=person,
        puzzle=puzzle,
        attempt=attempt,
        stars=stars,
        assign_lesson=assign_lesson,
        logged_in=log_in,
    )
