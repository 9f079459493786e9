"""The cast of the classes tests, built in code: two teachers, two students of Almaz's class, an outsider;
a small lesson of two tasks and a few puzzles."""

import uuid
from datetime import datetime
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import User
from django.test import Client

from classes import services
from classes.models import Assignment, Membership, SchoolClass
from course.models import Lesson, Task, TaskProgress
from senterej.accounts import roles
from trainer.models import Attempt, Puzzle

QUESTION_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"
MATE_IN_ONE = ("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The default hasher takes about a second a password on these machines; PBKDF2 stays known, since the
    # passwords of students made in bulk use it with fewer rounds.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


def person(username: str, *, teaches: bool = False, first: str = "", last: str = "") -> User:
    user = User.objects.create_user(username, first_name=first, last_name=last)
    if teaches:
        roles.set_teacher(user=user, teaches=True)
    return user


@pytest.fixture
def almaz(db):
    return person("almaz", teaches=True, first="Almaz", last="Ayana")


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
    school_class = services.create_class(teacher=almaz, name="Grade 7 chess club")
    Membership.objects.create(school_class=school_class, student=selam)
    Membership.objects.create(school_class=school_class, student=dawit)
    return school_class


@pytest.fixture
def other_class(bekele, hana):
    school_class = services.create_class(teacher=bekele, name="Bekele's club")
    Membership.objects.create(school_class=school_class, student=hana)
    return school_class


@pytest.fixture
def lesson(db):
    lesson = Lesson.objects.create(slug="setup", order=1, title="The setup", intro="Crosswise.")
    for order, answer in ((1, 1), (2, 0)):
        Task.objects.create(
            lesson=lesson,
            order=order,
            title=f"Question {order}",
            prompt="Where?",
            fen=QUESTION_FEN,
            goal="question",
            options=[{"en": "d1"}, {"en": "e1"}],
            answer=answer,
            solution=str(answer),
        )
    return lesson


def puzzle(rating: float = 1500.0, themes: str = "mateIn1 derMate") -> Puzzle:
    fen, moves = MATE_IN_ONE
    made = Puzzle.objects.create(fen=fen, moves=moves, themes=themes, rating=rating)
    made.sync_themes()
    return made


def attempt(user: User, on: Puzzle, *, solved: bool, when: datetime | None = None) -> Attempt:
    made = Attempt.objects.create(user=user, puzzle=on, serving=uuid.uuid4().hex, solved=solved)
    if when is not None:
        Attempt.objects.filter(pk=made.pk).update(created=when)
        made.refresh_from_db()
    return made


def stars(user: User, task: Task, best: int, when: datetime | None = None) -> TaskProgress:
    return TaskProgress.objects.create(
        user=user, task=task, best_stars=best, attempts=1, completed_at=when if best else None
    )


def assign_lesson(school_class: SchoolClass, lesson: Lesson, **extra) -> Assignment:
    return services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson, **extra)


def logged_in(user: User, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(user)
    return client


@pytest.fixture
def make(db):
    """The builders above, for tests (test modules do not import each other here)."""
    return SimpleNamespace(
        person=person,
        puzzle=puzzle,
        attempt=attempt,
        stars=stars,
        assign_lesson=assign_lesson,
        logged_in=logged_in,
    )
