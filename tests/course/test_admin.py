"""Curators edit the course in the admin; a task whose reference solution does not solve it is refused."""

import pytest
from django.urls import reverse

from course.models import Task
from testing.factories import LessonFactory

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


def test_a_task_that_its_solution_solves_is_saved(admin_client):
    lesson = LessonFactory()
    response = admin_client.post(reverse("admin:course_task_add"), task_data(lesson))
    assert response.status_code == 302 and Task.objects.count() == 1


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        (
            {"solution": "h1h2"},
            "The reference solution does not solve the task. That move does not give check, and this task "
            "asks for a check.",
        ),
        (
            {"fen": "8/8/8 w - -"},
            "This task cannot be played: the task&#x27;s position or history is not playable: bad FEN "
            "placement: expected 8 ranks separated by &#x27;/&#x27;, got 3",
        ),
        (
            {"solution": "h1h9"},
            "The reference solution does not solve the task. h1h9 is not a move: write it like e2e3, or in "
            "short like Nf3.",
        ),
        (
            {"goal": "status", "status": "checkmate"},
            "This task cannot be played: a result is only reached in a real game: the opponent cannot pass",
        ),
    ],
)
def test_a_task_its_solution_does_not_solve_is_refused(admin_client, changes, refusal):
    lesson = LessonFactory()
    response = admin_client.post(reverse("admin:course_task_add"), task_data(lesson, **changes))
    page = response.content.decode()
    assert response.status_code == 200
    assert f'<ul class="errorlist nonfield"><li>{refusal}</li></ul>' in page
    assert Task.objects.count() == 0
