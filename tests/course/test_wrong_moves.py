"""What the course's tasks (fixtures/course.json) say to a wrong move, played through the task's page: a move
of a man a drill is not for is refused at once with the man the drill is for named, and costs nothing; a
wrong legal move of a one-move task says what it fails to do in that position. Every position and answer
below was read off the task's board by hand."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from course.models import Task
from testing.page_text import seen

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def course() -> None:
    call_command("loaddata", "fixtures/course.json", verbosity=0)


def page_of(task: str, language: str = "") -> str:
    lesson, number = task.split("/")
    return f"{language}{reverse('course:task', args=[lesson, int(number)])}"


def play(client, task: str, move: str, language: str = ""):
    return client.post(page_of(task, language) + "move/", {"move": move}, **HTMX)


#: Each drill for one man, a legal move of another of the learner's men there (R2), and the man it names.
OTHER_MEN = [
    ("board-and-setup/4", "b3c3", "der"),  # the negus steps (R2.1); the stars are the der's
    ("der/1", "g1f2", "der"),  # the issue's own example: the negus, where the der collects
    ("der/2", "g2f2", "der"),
    ("der/3", "g2g3", "der"),
    ("feres/1", "g1g2", "feres"),
    ("feres/2", "d5d6", "feres"),  # a medeq steps on (R2.6) out of the feres's wall
    ("feres/3", "g1h1", "feres"),
    ("fers/1", "g1h2", "fers"),
    ("fers/3", "a1a2", "fers"),
    ("fil/1", "d4d5", "fil"),
    ("fil/3", "a1a2", "fil"),
    ("negus/1", "f3f4", "negus"),  # the medeq, where the negus walks to the star
    ("medeq/1", "a1b1", "medeq"),
]


@pytest.mark.parametrize(("task", "move", "man"), OTHER_MEN, ids=[task for task, _move, _man in OTHER_MEN])
def test_r2_a_move_of_a_man_the_drill_is_not_for_is_refused_naming_its_man(client, course, task, move, man):
    response = play(client, task, move)
    text = seen(response.content.decode())
    assert response.status_code == 400
    assert f"This task is for your {man}: move the {man}." in text
    assert "That move was not played, and it costs you nothing." in text
    lesson, number = task.split("/")
    pk = Task.objects.get(lesson__slug=lesson, order=int(number)).pk
    kept = client.session.get("course", {"attempts": {}})["attempts"].get(str(pk), {})
    assert not kept.get("moves") and not kept.get("mistakes")  # nothing played, nothing counted


def test_negus_2_is_a_drill_for_the_negus_alone_with_no_other_man_to_refuse(client, course):
    # k7/8/4p3/3p2K1/2p5/8/8/8: White has its negus alone, so every legal move is the negus's (R2.1).
    task = Task.objects.get(lesson__slug="negus", order=2)
    assert task.collector == "g5"
    response = play(client, "negus/2", "g5f6")
    assert response.status_code == 200 and "This task is for your" not in response.content.decode()


def test_a_refused_move_costs_no_star_and_the_drill_goes_on(client, course):
    play(client, "der/1", "g1f2")
    for move in ("a1a3", "a3h3", "h3h8"):  # the shortest way, par 3
        response = play(client, "der/1", move)
    text = seen(response.content.decode())
    assert "Solved!" in text and "★★★" in text


def test_a_refused_move_is_said_in_slovak(client, course):
    response = play(client, "der/1", "g1f2", language="/sk")
    text = seen(response.content.decode())
    assert "Toto cvičenie je pre tvojho dera: ťahaj derom. Ťah sa nezahral a nič ťa nestojí." in text


#: Each one-move task, a wrong legal move there, and what it fails to do, read off the position.
WRONG_MOVES = [
    # b7/1r3k2/8/8/4N3/8/8/6K1: from g5 the feres checks f7 (R2.3) but does not reach b7
    ("feres/4", "e4g5", "it does not attack the der on b7"),
    # from c5 it attacks the der on b7 but not the negus on f7
    ("feres/4", "e4c5", "it gives no check"),
    # k7/8/2p5/3r4/4K3/5r2/8/7Q: the fers steps to g2 (R2.4) and takes nothing
    ("negus/3", "h1g2", "it takes no der"),
    # b7/4k1P1/7r/8/8/1N6/2Q5/1KBR1B2: a der on g8 neither checks e7 nor attacks h6 (R3.2, R2.2)
    ("medeq/3", "g7g8r", "it gives no check; it does not attack the der on h6"),
    # 6k1/3P4/n7/8/8/8/8/RNBQKBNR: the feres jumps, and the medeq on d7 stays (R3.3)
    ("medeq/4", "b1c3", "it does not move your medeq"),
    # 2b3k1/5ppp/8/8/8/5n2/5PPP/3R2K1: the negus steps out of the feres's check and wins nothing (R2.7)
    ("check-and-mate/2", "g1f1", "it takes no feres"),
    # round 4, Black quicker (R5.2): the medeq d6 steps to d5, not to e5
    ("werera/2", "d6d5", "it does not reach e5"),
    ("werera/2", "b8c6", "it does not move your medeq"),
    # round 3: White's e4e5 and Black's c7c6 are both played (R5.4, R5.5); nothing is taken
    ("werera/4", "c7c6", "it takes no medeq"),
    # round 7, White quicker: Nc6 checks d8 and ends the werera (R5.4); the medeq on b7 and the feres on b8
    # both attack c6
    ("werera/6", "d4c6", "your feres on c6 can be taken"),
    # round 6: Black's feres goes to c6 first; from b5 the feres checks nothing
    ("werera/7", "d4b5", "it gives no check"),
    # 138 moves without a capture or a medeq move: a der move lets Black's next quiet move draw (R8.2)
    (
        "repetition-and-seventy/4",
        "e4e5",
        "it neither takes a man nor moves a medeq, so the seventy-move count runs on (R8.2)",
    ),
]


@pytest.mark.parametrize(
    ("task", "move", "missed"), WRONG_MOVES, ids=[f"{task}-{move}" for task, move, _missed in WRONG_MOVES]
)
def test_r2_a_wrong_move_says_what_it_fails_to_do(client, course, task, move, missed):
    response = play(client, task, move)
    text = seen(response.content.decode())
    assert response.status_code == 200
    assert f"That move is not what the task asks: {missed}." in text
    assert "it is not what the task asks: “" not in text  # the prompt is not repeated


def test_r5_4_the_answer_to_a_feres_left_to_be_taken_takes_it(client, course):
    text = seen(play(client, "werera/6", "d4c6").content.decode())
    assert "your feres on c6 can be taken." in text
    assert "takes your feres on c6." in text  # by the medeq on b7 or the feres on b8, both attack it


def test_r8_2_the_count_that_runs_on_is_said_in_slovak(client, course):
    text = seen(play(client, "repetition-and-seventy/4", "e4e5", language="/sk").content.decode())
    assert "Tento ťah nerobí, čo cvičenie žiada: nič neberie ani neťahá medeqom" in text
