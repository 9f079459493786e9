"""Curators edit the course in the admin; a task whose reference solution does not solve it is refused."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from course.models import Lesson, Task

pytestmark = pytest.mark.django_db


def task_data(lesson, **changes):
    data = {
        "lesson": lesson.pk,
        "order": 1,
        "title": "Check",
        "prompt": "Give check.",
        "fen": "k7/8/8/3n4/8/8/8/4K2R w - - 0 1 0/0",
        "side": "white",
        "goal": "check",
        "opponent": "pass",
        "replies": "{}",
        "werera_choice": "0000",
        "max_moves": 1,
        "par": 1,
        "options": "[]",
        "answer": -1,
        "solution": "h1h8",
    }
    data.update(changes)
    return data


@pytest.fixture
def admin_client(client):
    client.force_login(User.objects.create_superuser("curator", password="x"))
    return client


def test_a_task_that_its_solution_solves_is_saved(admin_client):
    lesson = Lesson.objects.create(slug="check", order=8, title="Check", intro="Check.")
    response = admin_client.post(reverse("admin:course_task_add"), task_data(lesson))
    assert response.status_code == 302 and Task.objects.count() == 1


@pytest.mark.parametrize(
    "changes",
    [
        {"solution": "h1h2"},
        {"fen": "8/8/8 w - -"},
        {"solution": "h1h9"},
        {"goal": "status", "status": "checkmate"},
    ],
)
def test_a_task_its_solution_does_not_solve_is_refused(admin_client, changes):
    lesson = Lesson.objects.create(slug="check", order=8, title="Check", intro="Check.")
    response = admin_client.post(reverse("admin:course_task_add"), task_data(lesson, **changes))
    page = response.content.decode()
    assert response.status_code == 200
    assert "cannot be played" in page or "does not solve" in page
    assert Task.objects.count() == 0
