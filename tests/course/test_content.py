"""The rules course in fixtures/course.json: every lesson and task loads, starts from a legal position, is
solved by its reference solution, and is not solved by a move that teaches the wrong rule."""

import re

import pytest
from django.conf import settings
from django.core.management import call_command

from course.checkers import CONTINUE, GOALS, SOLVED, TaskError, TaskRules, answer, replay, start
from course.models import Lesson, Task
from senterej.engine import MEDEQ, NEGUS, Position
from senterej.engine.game import CHECKMATE, Game
from senterej.engine.notation import coordinate
from senterej.engine.position import move_to
from senterej.engine.squares import SQUARE_OF_NAME

pytestmark = pytest.mark.django_db

FIXTURE = settings.BASE_DIR / "fixtures" / "course.json"


@pytest.fixture
def course() -> None:
    call_command("loaddata", str(FIXTURE), verbosity=0)


@pytest.fixture
def tasks(course) -> list[Task]:
    return list(Task.objects.select_related("lesson"))


def board_tasks(tasks: list[Task]) -> list[tuple[Task, TaskRules]]:
    return [(task, task.rules()) for task in tasks if task.goal != "question"]


def learner_moves(rules: TaskRules) -> list[str]:
    """Every move the learner may make first, a werera wait included."""
    game = start(rules)
    moves = [coordinate(move) for move in game.position.legal_moves(rules.side)]
    return moves + ["0000"] if game.in_werera else moves


def test_the_course_covers_every_lesson_and_goal(tasks):
    lessons = list(Lesson.objects.all())
    assert len(lessons) >= 15
    assert len(tasks) >= 60
    assert [lesson.order for lesson in lessons] == list(range(1, len(lessons) + 1))
    for lesson in lessons:
        orders = [task.order for task in tasks if task.lesson_id == lesson.pk]
        assert len(orders) >= 3, lesson.slug
        assert sorted(orders) == list(range(1, len(orders) + 1)), lesson.slug
    assert {task.goal for task in tasks} == set(GOALS)
    statuses = {task.status for task in tasks if task.goal == "status"}
    assert {"checkmate", "stalemate", "bare-king", "counting", "repetition", "seventy-moves"} <= statuses


def test_every_lesson_explains_its_rule_with_a_diagram(course):
    for lesson in Lesson.objects.all():
        paragraphs = [p for p in lesson.intro.split("\n\n") if p.strip()]
        assert 2 <= len(paragraphs) <= 4, lesson.slug
        assert re.fullmatch(r"r[1-9]", lesson.rules_anchor), lesson.slug
        assert _legal(lesson.diagram_fen), lesson.slug
        slovak = [p for p in lesson.intro_sk.split("\n\n") if p.strip()]
        assert lesson.title_sk and len(slovak) == len(paragraphs), lesson.slug


def test_every_task_has_its_texts(tasks):
    for task in tasks:
        assert task.title and task.prompt and task.hint and task.success, task
        assert task.title_sk and task.prompt_sk and task.hint_sk and task.success_sk, task
        if task.goal == "question":
            assert len(task.options) >= 2, task
            assert all(option["en"] and option["sk"] for option in task.options), task
            assert 0 <= task.answer < len(task.options) and task.solution == str(task.answer), task
        else:
            man = start(task.rules()).position.piece_at(SQUARE_OF_NAME[task.hint_square])
            assert man is not None and man.colour == task.learner, f"{task}: hint_square"


def test_every_position_is_legal_and_the_learner_is_to_move(tasks):
    for task in tasks:
        assert _legal(task.fen), task
        if task.goal == "question":
            continue
        game = start(task.rules())
        assert game.position.turn in (None, task.learner), task
        if task.goal in ("castle", "played"):
            assert game.in_werera, task


def test_every_reference_solution_solves_its_task(tasks):
    for task in tasks:
        rules = task.rules()
        if task.goal == "question":
            assert answer(rules, int(task.solution)).state == SOLVED, task
            wrong = [choice for choice in range(len(task.options)) if choice != task.answer]
            assert all(answer(rules, choice).state != SOLVED for choice in wrong), task
            continue
        moves = task.solution.split()
        assert task.par == len(moves) and task.max_moves >= task.par, task
        for length in range(1, len(moves)):
            assert replay(rules, moves[:length]).state == CONTINUE, f"{task}: {moves[:length]}"
        assert replay(rules, moves).state == SOLVED, task


def test_drills_leave_room_and_mates_are_exact(tasks):
    for task in tasks:
        if task.goal in ("stars", "capture"):
            assert task.max_moves >= task.par + 2, task
        if task.goal == "status":
            assert task.max_moves == task.par, task


def test_no_drill_can_be_done_in_fewer_moves_than_par(tasks):
    for task, rules in board_tasks(tasks):
        if task.goal in ("stars", "capture"):
            assert not _solved_within(rules, task.par - 1), task


def test_no_goal_is_met_before_the_first_move(tasks):
    for task, rules in board_tasks(tasks):
        position = start(rules).position
        marked = [position.piece_at(SQUARE_OF_NAME[name]) for name in rules.squares]
        if task.goal == "stars":
            assert marked and all(man is None for man in marked), task
        elif task.goal == "capture":
            assert marked and all(man is not None and man.colour != task.learner for man in marked), task
        elif task.goal == "check":
            assert not position.is_check(task.learner ^ 1), task
        else:
            assert not rules.squares, task


def test_scripted_replies_are_legal_whatever_the_learner_plays_first(tasks):
    for task, rules in board_tasks(tasks):
        if task.opponent != "scripted":
            continue
        for line, reply in task.replies.items():
            if line != "*":
                verdict = replay(
                    rules, line.split()
                )  # a reply may reach the result itself (a forced stalemate)
                assert verdict.state in (CONTINUE, SOLVED) and verdict.reply == reply, f"{task}: {line}"
        for move in learner_moves(rules):
            try:
                replay(rules, [move])
            except TaskError as error:
                pytest.fail(f"{task}: after {move}: {error}")


def test_mates_in_two_are_forced_whatever_the_defence(tasks):
    for task, rules in board_tasks(tasks):
        if task.status != CHECKMATE or task.par != 2:
            continue
        game = start(rules)
        game.play(task.solution.split()[0])
        for reply in game.position.legal_moves():
            after = Game(game.position.fen())
            after.play(reply)
            assert not after.is_over and _mates_in_one(after), f"{task}: {coordinate(reply)} escapes"


def test_one_move_tasks_are_solved_only_by_the_moves_they_teach(tasks):
    for task, rules in board_tasks(tasks):
        if task.goal not in ("moves", "played", "castle"):
            continue
        moves = learner_moves(rules)
        solving = {move for move in moves if replay(rules, [move]).state == SOLVED}
        if task.goal == "castle":
            castling = {move for move in moves if _castles(start(rules).position, move)}
            assert castling and solving == castling, task
        else:
            assert solving == set(rules.accept), task


def test_r7_3_taking_the_last_piece_never_solves_a_mate(tasks):
    for task, rules in board_tasks(tasks):
        if task.status != CHECKMATE:
            continue
        position = start(rules).position
        for move in position.legal_moves(task.learner):
            if _takes_the_last_piece(position, move):
                assert replay(rules, [coordinate(move)]).state != SOLVED, task


def _legal(fen: str) -> bool:
    """R9.1, without the relaxation the engine allows for conformance positions: the side not to move is
    never in check."""
    position = Position.from_fen(fen)
    return position.turn is None or not position.is_check(position.turn ^ 1)


def _solved_within(rules: TaskRules, moves: int) -> bool:
    """Breadth-first over the learner's lines, judged by the checker itself."""
    lines: list[tuple[list[str], Position]] = [([], start(rules).position)]
    seen: set[tuple[str, frozenset[str]]] = set()
    for _ in range(moves):
        longer = []
        for line, position in lines:
            for move in position.legal_moves(rules.side):
                verdict = replay(rules, [*line, coordinate(move)])
                if verdict.state == SOLVED:
                    return True
                key = (verdict.position.fen().split()[0], verdict.collected)
                if verdict.state == CONTINUE and key not in seen:
                    seen.add(key)
                    longer.append(([*line, coordinate(move)], verdict.position))
        lines = longer
    return False


def _mates_in_one(game: Game) -> bool:
    for move in game.position.legal_moves():
        trial = Game(game.position.fen())
        trial.play(move)
        if trial.status == CHECKMATE:
            return True
    return False


def _castles(position: Position, move: str) -> bool:
    if move == "0000":
        return False
    frm, to = SQUARE_OF_NAME[move[:2]], SQUARE_OF_NAME[move[2:4]]
    man = position.piece_at(frm)
    return man is not None and man.kind == NEGUS and abs(to - frm) == 2


def _takes_the_last_piece(position: Position, move: int) -> bool:
    target = position.piece_at(move_to(move))
    if not position.is_capture(move) or target is None or target.kind in (NEGUS, MEDEQ):
        return False
    return position.piece_count(target.colour) == 1
