"""What a task page says: the answer that refutes a wrong move, why a wrong option is wrong, a hint that
costs a star (asked for by a POST and kept), why a solution earned fewer than three stars, and the werera
banner only where a werera round is played."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from course import refutation
from course.models import Lesson, Task, TaskProgress
from course.task_verdicts import reads_with_s
from testing.factories import PASSWORD

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def lesson():
    lesson = Lesson.objects.create(
        slug="mates", order=1, title="Mates", intro="Mate.\n\nNow.", rules_anchor="r7"
    )
    Task.objects.create(
        lesson=lesson,
        order=1,
        title="Two stars",
        prompt="Collect the stars with the der.",
        hint="Go up the a-file first.",
        hint_square="a1",
        success="The der turns a corner between moves.",
        fen="7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0",
        goal="stars",
        squares="a5 e5",
        collector="a1",
        max_moves=6,
        par=2,
        solution="a1a5 a5e5",
    )
    Task.objects.create(  # R7.1: the der mates on e8; on e2 the black der takes it
        lesson=lesson,
        order=2,
        title="Back rank",
        prompt="Checkmate in one move.",
        hint="The eighth rank is open.",
        hint_square="e1",
        success="The der mates along the eighth rank.",
        fen="6k1/5ppp/8/8/8/8/r4PPP/2B1R1K1 w - - 0 1 0/0",
        goal="status",
        status="checkmate",
        opponent="scripted",
        solution="e1e8",
    )
    Task.objects.create(
        lesson=lesson,
        order=3,
        title="Who is quicker?",
        prompt="Who is quicker in round 2?",
        hint="Count the rounds.",
        success="Black: round 2 is even.",
        fen="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 2 0 1 0/0",
        goal="question",
        options=[
            {"en": "White", "why": "White is quicker in the odd rounds only."},
            {"en": "Black"},
        ],
        answer=1,
        solution="1",
    )
    Task.objects.create(
        lesson=lesson,
        order=4,
        title="Capture alone",
        prompt="Take the medeq.",
        hint="A capture comes first.",
        hint_square="f6",
        success="Your capture was played alone.",
        fen="rnbkqb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 0 1 0/0",
        side="black",
        goal="played",
        accept="f6e4",
        werera_choice="e4e5",
        solution="f6e4",
    )
    return lesson


def url(name, number=1):
    return reverse(f"course:{name}", args=["mates", number])


def page(client: Client, number: int = 1) -> str:
    return client.get(url("task", number)).content.decode()


def test_r7_1_a_wrong_move_shows_the_answer_that_refutes_it(client, lesson):
    response = client.post(url("task_move", 2), {"move": "e1e2"}, **HTMX)
    text = response.content.decode()
    assert "That is not mate, and this task allows only 1 move." in text
    assert "Your opponent answers: the der on a2 takes your der on e2." in text
    # The answer is played on the board.
    assert 'is-last" data-square="e2" aria-label="e2, Black der, last move"' in text
    assert "Your opponent answers: the der on a2 takes your der on e2." in page(client, 2)  # kept on reload


@pytest.mark.django_db(transaction=True)
def test_the_answer_is_searched_once_and_never_inside_a_transaction(client, lesson, monkeypatch):
    seen = []
    search = refutation.search

    def watched(*args, **kwargs):
        seen.append(connection.in_atomic_block)
        return search(*args, **kwargs)

    monkeypatch.setattr(refutation, "search", watched)
    client.post(url("task_move", 2), {"move": "e1e2"})
    page(client, 2)
    page(client, 2)
    assert seen == [False]


def test_a_wrong_option_says_why_it_is_wrong(client, lesson):
    text = client.post(url("task_answer", 3), {"option": 0}, **HTMX).content.decode()
    assert "White is quicker in the odd rounds only." in text
    assert "White is quicker in the odd rounds only." in page(client, 3)


def test_the_hint_says_its_cost_before_it_is_taken_and_is_asked_for_by_a_post(client, lesson):
    before = page(client)
    assert "Show a hint (costs a star)" in before and "Go up the a-file first." not in before
    assert "Go up the a-file first." not in client.get(url("task") + "?hint=1").content.decode()
    assert client.get(url("task_hint")).status_code == 405
    text = client.post(url("task_hint"), **HTMX).content.decode()
    assert "Go up the a-file first." in text and "Show a hint" not in text
    assert "Go up the a-file first." in page(client)  # a reload keeps it shown
    client.post(url("task_move"), {"move": "a1a5"})
    solved = client.post(url("task_move"), {"move": "a5e5"}, **HTMX).content.decode()
    assert "2 of 3 stars" in solved and "You used a hint: one star less." in solved


def test_a_hint_taken_by_an_account_is_kept_on_its_progress(learner_client, learner, lesson):
    learner_client.post(url("task_hint"))
    task = lesson.tasks.get(order=1)
    assert TaskProgress.objects.get(user=learner, task=task).hint_taken
    other_device = Client()
    other_device.force_login(learner)
    assert "Go up the a-file first." in page(other_device)
    learner_client.post(url("task_move"), {"move": "a1a5"})
    learner_client.post(url("task_move"), {"move": "a5e5"})
    row = TaskProgress.objects.get(user=learner, task=task)
    assert (row.best_stars, row.hint_taken) == (2, False)  # the hint was paid for, once


def test_a_hint_taken_as_a_visitor_stays_taken_after_logging_in(client, lesson, learner):
    client.post(url("task_hint"))
    client.post(reverse("login"), {"username": learner.username, "password": PASSWORD})
    assert TaskProgress.objects.get(user=learner, task=lesson.tasks.get(order=1)).hint_taken
    assert "Go up the a-file first." in page(client)


def test_a_hint_for_a_solved_task_is_refused(client, lesson):
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    assert client.post(url("task_hint")).status_code == 409
    assert "Go up the a-file first." not in page(client)


def test_a_solution_over_par_says_why_a_star_is_missing(client, lesson):
    for move in ("a1a2", "a2a5"):
        client.post(url("task_move"), {"move": move})
    text = client.post(url("task_move"), {"move": "a5e5"}, **HTMX).content.decode()
    assert "2 of 3 stars" in text
    assert "3 moves, where 2 would do: one star less for each move more." in text
    assert "The shortest way: a1–a5, a5–e5." in text
    client.post(url("task_retry"))
    client.post(url("task_move"), {"move": "a1a5"})
    text = client.post(url("task_move"), {"move": "a5e5"}, **HTMX).content.decode()
    assert "3 of 3 stars" in text and "would do" not in text


def test_the_werera_banner_shows_on_werera_board_tasks_only(client, lesson):
    banner = "your opponent has already chosen"
    assert banner in page(client, 4)
    assert banner not in page(client, 3)  # a question set in the werera plays no round
    assert banner not in page(client, 1)


def test_slovak_reads_zo_before_a_numberreads_with_s(client, lesson):
    assert "Cvičenie 1 zo 4" in client.get("/sk/learn/mates/1/").content.decode()
    assert "0 zo 4 cvičení" in client.get("/sk/learn/").content.decode()
    Task.objects.filter(lesson=lesson, order=4).delete()
    assert "0 z 3 cvičení" in client.get("/sk/learn/").content.decode()
    assert "Cvičenie 1 z 3" in client.get("/sk/learn/mates/1/").content.decode()


def test_the_numbers_slovak_reads_with_s_first():
    zo = [n for n in range(1, 120) if reads_with_s(n)]
    assert zo[:8] == [
        4,
        6,
        7,
        14,
        16,
        17,
        40,
        41,
    ]  # štyri, šesť, sedem, štrnásť, šestnásť, sedemnásť, štyridsať
    assert 100 in zo and 8 not in zo and 20 not in zo  # sto; osem, dvadsať
    assert reads_with_s(400) and not reads_with_s(200)  # štyristo; dvesto


def test_r7_1_the_scripted_reply_in_a_longer_line_is_said_in_words(client, lesson):
    Task.objects.create(
        lesson=lesson,
        order=5,
        title="Two der",
        prompt="Checkmate in two moves.",
        hint="Fence the negus in first.",
        hint_square="b1",
        success="The two der took turns.",
        fen="6k1/8/R7/8/8/8/8/1R2K2n w - - 0 1 0/0",
        goal="status",
        status="checkmate",
        opponent="scripted",
        replies={"b1b7": "g8f8"},
        max_moves=2,
        par=2,
        solution="b1b7 a6a8",
    )
    text = client.post(url("task_move", 5), {"move": "b1b7"}, **HTMX).content.decode()
    assert "Your opponent answered with the negus from g8 to f8." in text
    missed = client.post(url("task_move", 5), {"move": "a6a5"}, **HTMX).content.decode()
    assert "That is not mate, and this task allows only 2 moves." in missed


def test_a_man_left_to_be_taken_is_told_with_the_taker_s_move_drawn_on_the_board(client):
    """The drill's opponent takes what hangs: the page says which man took which, from where, and the board
    marks that move as the last one."""
    from django.core.management import call_command

    call_command("loaddata", "fixtures/course.json", verbosity=0)
    address = reverse("course:task_move", args=["der", 2])
    text = client.post(address, {"move": "a1a5"}, **HTMX).content.decode()
    assert "The feres on c6 takes your der on a5. Keep your men out of reach." in text
    for square in ("c6", "a5"):
        assert re.search(rf'class="[^"]*\bis-last\b[^"]*" data-square="{square}"', text), square
