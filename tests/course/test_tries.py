"""Each finished try of a signed-in learner at a task is kept for their teachers (course.TaskTry): solved or
not, its stars, its first mistake on the position it was made in (in coordinates), a question's wrong option,
the hint, and the seconds from the moment the page was shown_at. A visitor's tries are not kept."""

import html
import re

import pytest
from django.urls import reverse

from course.models import TaskTry
from senterej.board import shown_at

pytestmark = pytest.mark.django_db

DER_FEN = "7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0"  # the lesson's first task (tests/course/conftest.py)


def url(name, number=1):
    return reverse(f"course:{name}", args=["der", number])


def stamp_of(client, number=1) -> str:
    page = client.get(url("task", number)).content.decode()
    return html.unescape(re.search(r'name="shown" value="([^"]+)"', page)[1])


def test_r2_2_a_solved_try_keeps_its_first_illegal_move_on_its_position_and_its_time(client, learner, lesson):
    """The der moves along its lines (R2.2): a1b2 is refused, and kept as the try's first mistake."""
    client.force_login(learner)
    early = shown_at.stamp(now=shown_at.time.time() - 30)
    client.post(url("task_move"), {"move": "a1b2", "shown": early})
    client.post(url("task_move"), {"move": "Ra5", "shown": stamp_of(client)})  # a later page's stamp
    client.post(url("task_move"), {"move": "a5e5"})
    done = TaskTry.objects.get()
    assert (done.solved, done.stars, done.mistakes, done.hinted) == (True, 2, 1, False)
    assert (done.wrong_move, done.wrong_fen) == ("a1b2", DER_FEN)
    assert 30 <= done.seconds <= 33  # from the first page, not the second


def test_a_failed_try_and_the_next_are_kept_apart(client, learner, lesson):
    client.force_login(learner)
    for move in ("a1a2", "a2a3", "a3a4", "a4a3", "a3a2", "a2a1"):  # six moves, no star: the task fails
        client.post(url("task_move"), {"move": move, "shown": stamp_of(client)})
    client.post(url("task_retry"))
    client.post(url("task_hint"), {"shown": stamp_of(client)})
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    failed, solved = TaskTry.objects.order_by("id")
    assert (failed.solved, failed.stars, failed.wrong_move, failed.hinted) == (False, 0, "a2a1", False)
    assert failed.wrong_fen.startswith("7k/8/8/8/8/8/R7/4K3 w ")  # the der on a2, before a2a1
    assert (solved.solved, solved.wrong_move, solved.hinted) == (True, "", True)
    assert solved.mistakes == 1  # the failed try's mistake stands until the task is solved


def test_a_wrong_option_is_kept(client, learner, lesson):
    client.force_login(learner)
    client.post(url("task_answer", 2), {"option": "0", "shown": stamp_of(client, 2)})
    client.post(url("task_retry", 2))
    client.post(url("task_answer", 2), {"option": "1"})
    wrong, right = TaskTry.objects.order_by("id")
    assert (wrong.solved, wrong.wrong_option, right.solved, right.wrong_option) == (False, 0, True, None)


def test_a_visitors_tries_are_not_kept_and_bad_stamps_change_nothing(client, learner, lesson):
    client.post(url("task_move"), {"move": "a1a5", "shown": "\x00"})
    assert client.post(url("task_move"), {"move": "a5e5", "shown": "x" * 101}).status_code == 400
    assert not TaskTry.objects.exists()
    client.force_login(learner)
    client.post(url("task_move"), {"move": "a1a5", "shown": "١٢٣:forged"})
    client.post(url("task_move"), {"move": "a5e5"})
    assert TaskTry.objects.get().seconds <= 2
