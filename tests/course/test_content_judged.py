"""Every board task of fixtures/course.json judged by the engine itself, beside the checker: for each legal
first move, whether it does what the task teaches, found by the engine's own means (mate proofs, the rules'
verdict on the game, a werera round played by the engine, attack maps, searches over the learner's lines),
must be exactly whether the checker accepts it. Then no accepted answer gives material away, no task that
asks for a draw throws away a win, and a werera task's position holds all 32 men (R5.11)."""

from collections.abc import Callable

import pytest

from course.checkers import CONTINUE, FAILED, REFUSED, SOLVED, TaskRules, replay, score, start
from course.models import Task
from senterej.engine import BLACK, DER, MEDEQ, NEGUS, WAIT, WHITE, Position, square_name
from senterej.engine.game import CHECKMATE, ONGOING, Game, judge
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.position import move_from, move_promotion, move_to
from senterej.engine.proofs.mate import MateSearch
from senterej.engine.proofs.material import MaterialSearch, material
from senterej.engine.squares import SQUARE_OF_NAME
from senterej.engine.werera import CAPTURE_FIRST, RoundReport, play_round
from tests.course.test_content import board_tasks, learner_moves

pytestmark = pytest.mark.django_db

#: What each task of goal "moves" teaches, as a predicate of the position before the move and the move.
MovePredicate = Callable[[Position, int, int], bool]


def _after(position: Position, move: int, side: int) -> Position:
    after = position.copy()
    after.push(move, side)
    after.turn = side ^ 1
    return after


def _forks_the_der(position: Position, move: int, side: int) -> bool:
    """A check that also attacks an enemy der (R2.3, R3.2 at once)."""
    after = _after(position, move, side)
    ders = [sq for sq in range(64) if after.board[sq] == DER | (side ^ 1) << 3]
    return after.is_check(side ^ 1) and any(after.attackers(side, sq) >> move_to(move) & 1 for sq in ders)


def _takes_a_der(position: Position, move: int, side: int) -> bool:
    return position.is_capture(move) and position.board[move_to(move)] & 7 == DER


def _promotes_with_a_fork(position: Position, move: int, side: int) -> bool:
    return (
        bool(move_promotion(move))
        and move_from(move) != move_to(move)
        and _forks_the_der(position, move, side)
    )


def _waits_on_the_last_rank(position: Position, move: int, side: int) -> bool:
    last = 7 if side == WHITE else 0
    return (
        position.board[move_from(move)] & 7 == MEDEQ
        and move_to(move) // 8 == last
        and not move_promotion(move)
    )


def _promotes_in_place_with_check(position: Position, move: int, side: int) -> bool:
    return move_from(move) == move_to(move) and _after(position, move, side).is_check(side ^ 1)


def _blocks_with_a_guarded_man(position: Position, move: int, side: int) -> bool:
    """R2.7: the check is ended by a man put in between (not the negus, no capture), and a man of the learner
    guards the square it blocks on."""
    if position.board[move_from(move)] & 7 == NEGUS or position.is_capture(move):
        return False
    after = _after(position, move, side)
    return bool(after.attackers(side, move_to(move)))


def _takes_the_checker(position: Position, move: int, side: int) -> bool:
    return bool(position.attackers(side ^ 1, position.negus[side]) >> move_to(move) & 1)


def _starts_the_seventy_moves_again(position: Position, move: int, side: int) -> bool:
    return _after(position, move, side).halfmove == 0  # R8.2: a capture or a medeq move


MOVES: dict[tuple[str, int], MovePredicate] = {
    ("feres", 4): _forks_the_der,
    ("negus", 3): _takes_a_der,
    ("medeq", 3): _promotes_with_a_fork,
    ("medeq", 4): _waits_on_the_last_rank,
    ("medeq", 5): _promotes_in_place_with_check,
    ("check-and-mate", 1): _blocks_with_a_guarded_man,
    ("check-and-mate", 2): _takes_the_checker,
    ("repetition-and-seventy", 4): _starts_the_seventy_moves_again,
}

#: What each werera task of goal "played" teaches, as a predicate of the round the engine played.
RoundPredicate = Callable[[Position, RoundReport, int], bool]


def _mine_played(report: RoundReport, side: int) -> bool:
    return any(s == side and m == report.choices[side] for s, m in report.played)


def _claims_e5(after: Position, report: RoundReport, side: int) -> bool:
    man = after.piece_at(SQUARE_OF_NAME["e5"])
    return man is not None and man.colour == side and man.kind == MEDEQ


def _wins_a_medeq(after: Position, report: RoundReport, side: int) -> bool:
    return _mine_played(report, side) and report.ended == "capture" and report.ended_by == side


def _mine_instead_of_theirs(after: Position, report: RoundReport, side: int) -> bool:
    return _mine_played(report, side) and any(d.side != side for d in report.dropped)


def _checks(after: Position, report: RoundReport, side: int) -> bool:
    return _mine_played(report, side) and after.is_check(side ^ 1) and _keeps_material(after, side, depth=0)


def _quicker_capture(after: Position, report: RoundReport, side: int) -> bool:
    return _wins_a_medeq(after, report, side) and [d.reason for d in report.dropped] == [CAPTURE_FIRST]


ROUNDS: dict[tuple[str, int], RoundPredicate] = {
    ("werera", 2): _claims_e5,
    ("werera", 4): _wins_a_medeq,
    ("werera", 5): _mine_instead_of_theirs,
    ("werera", 6): _checks,
    ("werera", 7): _checks,
    ("werera", 8): _quicker_capture,
    ("review", 4): _mine_instead_of_theirs,
}


@pytest.fixture
def tasks(course) -> list[Task]:
    return list(Task.objects.select_related("lesson"))


@pytest.fixture
def course() -> None:
    from django.core.management import call_command

    call_command("loaddata", "fixtures/course.json", verbosity=0)


def _key(task: Task) -> tuple[str, int]:
    return (task.lesson.slug, task.order)


def accepted_first_moves(rules: TaskRules) -> set[str]:
    """The first moves the checker accepts: solved at once, or a line it goes on with that can still be
    solved (a mate in two's first move, met by its scripted reply)."""
    accepted = set()
    for move in learner_moves(rules):
        verdict = replay(rules, [move])
        if verdict.state == SOLVED:
            accepted.add(move)
        elif verdict.state == CONTINUE and rules.goal == "status":
            position = verdict.position
            assert position is not None
            follow = [coordinate(m) for m in position.legal_moves(rules.side)]
            if any(replay(rules, [move, second]).state == SOLVED for second in follow):
                accepted.add(move)
    return accepted


def _game_after(rules: TaskRules, *moves: str) -> Game:
    game = start(rules)
    for move in moves:
        game.play(move)
    return game


def _forces_the_result(rules: TaskRules, move: str) -> bool:
    """R7, R8: the move reaches the result, or every answer of the opponent does (a forced stalemate)."""
    game = _game_after(rules, move)
    if game.is_over:
        return game.status == rules.status
    answers = [coordinate(m) for m in game.position.legal_moves()]
    return all(_game_after(rules, move, answer).status == rules.status for answer in answers)


def engine_first_moves(task: Task, rules: TaskRules) -> set[str]:
    """The first moves that do what the task teaches, by the engine's own judgement."""
    game = start(rules)
    position = game.position
    side = rules.side
    if task.goal == "status" and task.status == CHECKMATE:
        return {coordinate(m) for m in MateSearch().mating_moves(position.copy(), task.max_moves)}
    if task.goal == "status":
        return {move for move in learner_moves(rules) if _forces_the_result(rules, move)}
    if task.goal == "check":
        return {
            coordinate(m) for m in position.legal_moves(side) if _after(position, m, side).is_check(side ^ 1)
        }
    if task.goal == "moves":
        teaches = MOVES[_key(task)]
        return {coordinate(m) for m in position.legal_moves(side) if teaches(position, m, side)}
    theirs = parse_coordinate(task.werera_choice)
    found = set()
    for move in [*position.legal_moves(side), WAIT]:
        if task.goal == "foil":
            if _foils(position, move, theirs, side):
                found.add(coordinate(move))
            continue
        after = position.copy()
        report = play_round(after, *((move, theirs) if side == WHITE else (theirs, move)))
        if task.goal == "castle":
            castles = move != WAIT and position.board[move_from(move)] & 7 == NEGUS
            if castles and abs(move_to(move) - move_from(move)) == 2 and _mine_played(report, side):
                found.add(coordinate(move))
        elif ROUNDS[_key(task)](after, report, side):
            found.add(coordinate(move))
    return found


def _foils(position: Position, move: int, theirs: int, side: int) -> bool:
    """R5.5, worked out on the position alone: the learner's quicker quiet move gives no check, and after it
    the other side's choice, still aimed at an empty square, is no longer legal: it would leave its negus
    attacked."""
    if move == WAIT or position.is_capture(move):
        return False
    after = position.copy()
    after.push(move, side)
    if after.is_check(side ^ 1):
        return False
    return after.board[move_to(theirs)] == 0 and theirs not in after.legal_moves(side ^ 1)


def test_every_board_task_accepts_exactly_the_first_moves_the_engine_judges_right(tasks):
    judged = [(task, rules) for task, rules in board_tasks(tasks) if task.goal not in ("stars", "capture")]
    assert len(judged) > 40
    for task, rules in judged:
        right = engine_first_moves(task, rules)
        assert right, f"{task}: nothing solves it"
        assert accepted_first_moves(rules) == right, task


def test_every_moves_and_played_task_has_its_predicate(tasks):
    for task in tasks:
        if task.goal == "moves":
            assert _key(task) in MOVES, task
        elif task.goal == "played":
            assert _key(task) in ROUNDS, task


def _keeps_material(position: Position, side: int, before: int | None = None, depth: int = 3) -> bool:
    """With the opponent to move in `position`, the learner's material after the opponent's best play (a
    material search, every node judged by the rules) is no less than `before` (by default, now)."""
    if position.turn is None:
        return True
    if before is None:
        before = material(position, side)
    value = MaterialSearch(max_nodes=400_000).value(position.copy(), depth)
    return (value if position.turn == side else -value) >= before


def test_no_accepted_answer_gives_material_away(tasks):
    for task, rules in board_tasks(tasks):
        if task.goal in ("stars", "capture", "status"):
            continue
        before = material(start(rules).position, rules.side)
        for move in accepted_first_moves(rules):
            verdict = replay(rules, [move])
            position = verdict.position
            assert position is not None
            position = position.copy()
            if position.turn is None:
                continue  # the werera goes on: no turn to answer in
            position.turn = rules.side ^ 1
            if judge(position).status == ONGOING:  # a drill may leave out men a game would judge
                assert _keeps_material(position, rules.side, before), f"{task}: {move}"


def _shortest(rules: TaskRules, limit: int) -> list[str] | None:
    """The shortest line of the learner's moves that does a drill, searched breadth-first on the engine's
    positions without the checker: stars are collected by the named man landing on them; marked men are
    taken without the opponent ever having a capture of a learner's man on its turn; a drill for one man moves
    that man alone."""
    start_position = start(rules).position
    collector = SQUARE_OF_NAME[rules.collector] if rules.collector else None
    targets = frozenset(rules.squares)
    frontier = [(start_position, frozenset[str](), collector, [])]
    seen = set()
    for _ply in range(limit):
        longer = []
        for position, done, man, line in frontier:
            for move in position.legal_moves(rules.side):
                if man is not None and move_from(move) != man:
                    continue  # the drill is for its named man alone
                after = position.copy()
                after.push(move, rules.side)
                after.turn = rules.side
                moved = man if man is None else move_to(move)
                got = done
                if rules.goal == "stars":
                    got = done | ({square_name(move_to(move))} & targets)
                if rules.goal == "capture":
                    got = frozenset(t for t in targets if not _enemy_on(after, t, rules.side))
                path = [*line, coordinate(move)]
                if got == targets:
                    return path
                if rules.goal == "capture" and _hangs(after, rules.side):
                    continue
                key = (tuple(after.board), got, moved)
                if key not in seen:
                    seen.add(key)
                    longer.append((after, got, moved, path))
        frontier = longer
    return None


def _enemy_on(position: Position, name: str, side: int) -> bool:
    man = position.piece_at(SQUARE_OF_NAME[name])
    return man is not None and man.colour != side


def _hangs(position: Position, side: int) -> bool:
    them = side ^ 1
    return any(
        position.is_capture(m) and position.board[move_to(m)] >> 3 == side for m in position.legal_moves(them)
    )


def test_every_drill_is_done_in_par_moves_by_a_search_and_the_checker_agrees(tasks):
    drills = [(task, rules) for task, rules in board_tasks(tasks) if task.goal in ("stars", "capture")]
    for task, rules in drills:
        line = _shortest(rules, task.max_moves)
        assert line is not None and len(line) == task.par, task
        assert replay(rules, line).state == SOLVED, f"{task}: {line}"
        assert score(rules, len(line), 0).stars == 3
        for move in learner_moves(rules):
            verdict = replay(rules, [move])
            named = not rules.collector or move[:2] == rules.collector
            assert (verdict.state == REFUSED) == (not named), f"{task}: {move}"
            if task.goal == "capture" and named:
                after = start(rules).position.copy()
                after.push(parse_coordinate(move), rules.side)
                taken = verdict.state == FAILED and verdict.reason == "taken"
                assert taken == (verdict.state != SOLVED and _hangs(after, rules.side)), f"{task}: {move}"


#: The one drill for several men of a kind ("with your medeqs"): any man may move in it.
FOR_SEVERAL_MEN = {("medeq", 2)}


def test_every_drill_names_the_learners_man_it_is_for(tasks):
    for task, rules in board_tasks(tasks):
        if task.goal in ("stars", "capture") and _key(task) not in FOR_SEVERAL_MEN:
            man = start(rules).position.piece_at(SQUARE_OF_NAME[task.collector])
            assert man is not None and man.colour == task.learner, task
            assert task.collector == task.hint_square, task
        else:
            assert not task.collector, task


def test_no_task_that_asks_for_a_draw_throws_away_a_win(tasks):
    for task, rules in board_tasks(tasks):
        if task.goal == "status" and task.status != CHECKMATE:
            position = start(rules).position
            assert not MateSearch(max_nodes=2_000_000).mates_within(position.copy(), 4), task


def test_r5_11_every_werera_task_holds_all_32_men(tasks):
    for task in tasks:
        position = Position.from_fen(task.fen)
        if position.werera is not None:
            men = [position.piece_at(sq) for sq in range(64)]
            assert sum(man is not None for man in men) == 32, task
            assert {man.colour for man in men if man} == {WHITE, BLACK}
