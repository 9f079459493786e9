"""`make run`'s demo data: the admin, curator, teacher and learner accounts, and the teacher's demo class with
students and assignments; running it again changes nothing but the passwords."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from accounts import roles
from classes.models import Assignment, Membership, SchoolClass
from testing.factories import LessonFactory, TaskFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def course(lesson):
    second = LessonFactory(slug="der", order=2, title="The der", intro="It slides.")
    for order in (1, 2, 3):
        TaskFactory(lesson=second, order=order, title=f"Der {order}", prompt="?")


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_the_demo_has_every_role_and_a_class(course, make):
    puzzles = [make.puzzle(rating) for rating in (1300, 1200, 1600, 1400)]
    printed = seed()
    for line in (
        "curator / senterej-curator (curator)",
        "abebe / senterej-student (student)",
        "join code SENTEREJ",
    ):
        assert line in printed
    curator = User.objects.get(username="curator")
    assert curator.is_staff and not curator.is_superuser and roles.is_curator(curator)
    assert curator.has_perm("trainer.change_puzzle") and not curator.has_perm("auth.change_user")
    assert roles.is_teacher(User.objects.get(username="teacher"))
    school_class = SchoolClass.objects.get(join_code="SENTEREJ")
    assert school_class.teacher.username == "teacher"
    assert set(school_class.students.values_list("username", flat=True)) == {"abebe", "selam", "learner"}
    kinds = dict(school_class.assignments.values_list("kind", "pk"))
    assert set(kinds) == {"lesson", "tasks", "theme", "puzzles"}
    assert (
        list(Assignment.objects.get(kind="puzzles").puzzles.order_by("rating"))
        == sorted(puzzles, key=lambda p: p.rating)[:3]
    )
    page = (
        make.logged_in(school_class.teacher)
        .get(reverse("classes:class", args=[school_class.pk]))
        .content.decode()
    )
    assert "Abebe Bikila" in page and 'status-badge--done">done' in page


def test_running_it_again_changes_nothing_but_the_passwords(course):
    seed()
    before = (
        SchoolClass.objects.count(),
        Membership.objects.count(),
        Assignment.objects.count(),
        User.objects.count(),
    )
    User.objects.filter(username="teacher").update(password="")
    seed()
    after = (
        SchoolClass.objects.count(),
        Membership.objects.count(),
        Assignment.objects.count(),
        User.objects.count(),
    )
    assert after == before
    answer = Client().post(reverse("login"), {"username": "teacher", "password": "senterej-teacher"})
    assert answer.status_code == 302


def test_without_the_course_the_class_gets_the_puzzle_work_only(db):
    seed()
    assert list(Assignment.objects.values_list("kind", flat=True)) == ["theme"]


def test_the_class_needs_the_demo_teacher(db):
    with pytest.raises(CommandError):
        call_command("seed_demo_class", stdout=io.StringIO())
