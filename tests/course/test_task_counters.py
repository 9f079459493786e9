"""The rules' counters beside a task's board (R7.4 the count, R8.2 the seventy-move rule, R5 the werera's
round), the end of a task by the count with whose piece counted, and the opponent's answer in the site's
notation."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from course.models import Lesson, Task
from testing.page_text import CHESS_LETTERS, heard, seen

pytestmark = pytest.mark.django_db


@pytest.fixture
def counting():
    lesson = Lesson.objects.create(slug="counting", order=13, title="Counting the last piece", intro="Count.")
    common = {"lesson": lesson, "goal": "status", "opponent": "scripted", "max_moves": 2, "par": 1}
    Task.objects.create(
        order=1,
        title="Mate now",
        prompt="Checkmate in one.",
        fen="k7/p1K5/8/8/4B3/8/8/7n w - - 0 1 0/6",
        status="checkmate",
        solution="e4c6",
        **common,
    )
    Task.objects.create(
        order=2,
        title="Mate on the seventh",
        prompt="Your der has made six counted moves. Mate in one.",
        fen="1n5k/6pp/8/8/8/8/6PP/4R1K1 w - - 12 60 6/3",
        status="checkmate",
        solution="e1e8",
        **common,
    )
    Task.objects.create(
        order=3,
        title="How long?",
        prompt="When is the game drawn?",
        fen="8/8/8/3k4/8/2n5/8/R3K2R w - - 0 1 0/5",
        goal="question",
        options=[{"en": "Next move"}, {"en": "The second move from now"}],
        answer=1,
        solution="1",
        lesson=lesson,
    )
    Task.objects.create(
        order=4,
        title="Keep it alive",
        prompt="138 quiet moves: make a medeq move.",
        fen="2b5/3k4/1n6/8/4R3/2P5/5PPP/6K1 w - - 138 110 0/0",
        goal="moves",
        opponent="scripted",
        accept="c3c4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4",
        replies={"*": "b6c4"},
        solution="c3c4",
        lesson=lesson,
    )
    Task.objects.create(
        order=5,
        title="A drill",
        prompt="Take the feres.",
        fen="7k/8/2n5/8/8/8/6K1/R7 w - - 0 1 0/4",
        goal="capture",
        opponent="capture",
        squares="c6",
        max_moves=4,
        par=2,
        solution="a1a6 a6c6",
        lesson=lesson,
    )
    Task.objects.create(
        order=6,
        title="The ladder",
        prompt="Mate in two.",
        fen="k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0",
        replies={"h1d1": "h2f3"},
        solution="h1d1 d1d8",
        **{**common, "par": 2},
    )
    return lesson


def url(name: str, number: int) -> str:
    return reverse(f"course:{name}", args=["counting", number])


def test_r7_4_a_counting_task_shows_whose_lone_piece_counts_and_its_moves_left(client, counting):
    said = heard(client.get(url("task", 1)).content.decode())
    assert "The count (R7.4) White's lone fil: 0 of 7 counted moves made, 7 left" in said
    assert "Black's lone feres: 6 of 7 counted moves made, 1 left." in said
    page = client.get(url("task", 2)).content.decode()
    assert '<section class="counters" aria-label="Counters of the rules">' in page
    assert "White's lone der: 6 of 7 counted moves made, 1 left" in heard(page)


def test_r7_4_a_task_failed_by_the_count_says_whose_piece_counted(client, counting):
    response = client.post(url("task_move", 2), {"move": "e1e2"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Draw by the count: White's lone der made its seventh counted move without mate." in heard(page)
    assert "The seventh was not mate: the game is drawn." in heard(page)


def test_r7_4_a_seventh_counted_move_that_mates_solves_the_task(client, counting):
    page = client.post(url("task_move", 2), {"move": "e1e8"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Solved!" in page and "The seventh gave mate, and mate wins." in heard(page)


def test_a_question_shows_the_counters_only_once_answered_for_they_may_be_its_answer(client, counting):
    assert "The count (R7.4)" not in client.get(url("task", 3)).content.decode()
    client.post(url("task_answer", 3), {"option": 1})
    assert "Black's lone feres: 5 of 7 counted moves made, 2 left" in heard(
        client.get(url("task", 3)).content.decode()
    )


def test_r8_2_a_task_near_the_seventy_move_draw_shows_the_counter_until_a_medeq_move(client, counting):
    page = client.get(url("task", 4)).content.decode()
    assert "The seventy-move rule (R8.2) 138 of 140 moves without a capture or a medeq move" in heard(page)
    assert "2 moves left before a draw." in heard(page)
    page = client.post(url("task_move", 4), {"move": "c3c4"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Solved!" in page and "The seventy-move rule" not in page


def test_r7_4_the_count_grows_with_the_moves_and_the_answer_is_said_in_senterej_words(client, counting):
    assert "White's lone der: 0 of 7" in heard(client.get(url("task", 6)).content.decode())
    page = client.post(url("task_move", 6), {"move": "h1d1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Your opponent answered with the feres from h2 to f3." in heard(page)
    assert "White's lone der: 1 of 7 counted moves made, 6 left" in heard(page)
    assert "Black's lone feres: 1 of 7 counted moves made, 6 left" in heard(page)
    assert not CHESS_LETTERS.search(seen(page))


def test_a_drill_whose_opponent_takes_what_hangs_judges_no_end_and_shows_no_count(client, counting):
    page = client.get(url("task", 5)).content.decode()
    assert "The count (R7.4)" not in page and 'class="counters"' not in page


def test_r5_2_a_werera_task_shows_its_round_and_quicker_side(client):
    lesson = Lesson.objects.create(slug="werera", order=11, title="The werera rounds", intro="Rounds.")
    Task.objects.create(
        lesson=lesson,
        order=1,
        title="Captures first",
        prompt="Take the medeq.",
        fen="rnbkqbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 0 1 0/0",
        goal="played",
        accept="e4d5",
        werera_choice="d5e4",
        solution="e4d5",
    )
    said = heard(client.get(reverse("course:task", args=["werera", 1])).content.decode())
    assert "The werera (R5) Round 3 of 20. White is quicker this round" in said


def test_the_counting_lesson_of_the_course_shows_the_count_beside_every_board_task(client):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    lesson = Lesson.objects.get(slug="counting")
    boards = [task for task in lesson.tasks.all() if task.goal != "question"]
    assert boards
    for task in boards:
        said = heard(client.get(reverse("course:task", args=[lesson.slug, task.order])).content.decode())
        assert "The count (R7.4)" in said and "counted moves made" in said, task.title


def test_r5_2_a_question_on_the_start_position_says_nothing_of_the_first_round_and_one_later_does(client):
    """A question on the start position is about the setup; one on a later round may be about its schedule."""
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    for slug, quicker in (("board-and-setup", False), ("werera", True)):
        client.post(reverse("course:task_answer", args=[slug, 1]), {"option": 0})
        said = heard(client.get(reverse("course:task", args=[slug, 1])).content.decode())
        assert ("The werera (R5)" in said) is quicker, slug
