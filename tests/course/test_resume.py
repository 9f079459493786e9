"""Where "Continue" takes a learner: on to the first task without a star after the one they last solved, on
any device once signed in (journey 2.5), else from the start."""

import pytest
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db

CONTINUE = reverse("course:continue")


def task_url(slug: str, number: int) -> str:
    return reverse("course:task", args=[slug, number])


def solve(client, slug: str, number: int, moves: list[str]) -> None:
    for move in moves:
        client.post(reverse("course:task_move", args=[slug, number]), {"move": move})
    assert "Solved!" in client.get(task_url(slug, number)).content.decode()


def test_r2_2_a_learner_goes_on_after_the_task_they_solved_on_another_device(log_in, learner):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    phone, laptop = log_in(learner), log_in(learner)
    solve(phone, "der", 1, ["a1a3", "a3h3", "h3h8"])  # the der's three stars (R2.2)
    assert laptop.get(CONTINUE).url == task_url("der", 2)
    assert f'href="{task_url("der", 2)}"' in laptop.get("/").content.decode()  # the home page's way on


def test_a_newcomer_starts_at_the_first_task(client, lesson):
    assert client.get(CONTINUE).url == task_url("der", 1)


def test_the_last_task_solved_decides_not_the_first_unsolved(client, lesson):
    client.post(reverse("course:task_answer", args=["der", 2]), {"option": 1})  # R5.2: Black in round 2
    assert client.get(CONTINUE).url == task_url("der", 3)
    solve(client, "der", 1, ["a1a5", "a5e5"])
    assert client.get(CONTINUE).url == task_url("der", 3)  # after task 1, task 2 has its star


def test_after_the_last_task_the_first_without_a_star_comes_next(client, lesson):
    solve(client, "der", 3, ["f6e4"])  # R5.3: the capture is played alone
    assert client.get(CONTINUE).url == task_url("der", 1)
    solve(client, "der", 1, ["a1a5", "a5e5"])
    client.post(reverse("course:task_answer", args=["der", 2]), {"option": 1})
    assert client.get(CONTINUE).url == reverse("course:map")  # every task has a star
