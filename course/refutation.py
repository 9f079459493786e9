"""Why a wrong move fails, shown as the game would go on: the opponent's answer to it, found by the engine's
search and bounded by nodes (so that it is the same on every machine and under any load). Pure: no Django
here, and nothing that may run inside a transaction; the course's services keep each answer in the cache.

A task whose opponent passes is a drill, not a game: its answer is shown only when it takes one of the
learner's men or gives check, since a quiet move of a side that otherwise never moves explains nothing."""

from course.checkers import FAILED, PASSING, Answer, TaskRules, Verdict
from senterej.engine import Position
from senterej.engine.game import CHECKMATE, ONGOING, judge
from senterej.engine.notation import coordinate
from senterej.engine.position import move_from, move_to
from senterej.engine.search import search

#: How far the engine may look for the answer: a count of nodes, not seconds (about a tenth of a second).
ANSWER_NODES = 8000
#: The failures whose position is the game as it stands, with the opponent to answer. The others already
#: say what happened: the rules ended the game, the opponent took a man, or a werera round was resolved
#: without ending the werera.
ANSWERED = ("off-script", "out-of-moves", "not-the-move", "no-check", "dropped", "still-fits", "waited")


def position_to_answer(rules: TaskRules, verdict: Verdict) -> Position | None:
    """The position in which the opponent answers the learner's wrong move (a copy), or None when there is
    nothing to answer: the task did not fail that way, or the werera goes on."""
    if verdict.state != FAILED or verdict.reason not in ANSWERED or verdict.position is None:
        return None
    position = verdict.position.copy()
    if position.werera is not None:
        return None
    if rules.opponent in PASSING:
        position.turn = rules.side ^ 1  # a drill's opponent otherwise passes: here it answers once
    if position.turn != rules.side ^ 1 or judge(position).status != ONGOING:
        return None
    return position


def find_answer(rules: TaskRules, position: Position) -> Answer | None:
    """The opponent's best answer in `position` (from `position_to_answer`), or None when it has none worth
    showing."""
    found = search(position.copy(), max_nodes=ANSWER_NODES).move
    if not found:
        return None
    mover = position.board[move_from(found)] & 7
    target = position.piece_at(move_to(found))
    taken = target.kind if target is not None and position.is_capture(found) else None
    position.push(found)
    check = position.is_check()
    status = judge(position).status
    position.pop()
    if rules.opponent in PASSING and taken is None and not check:
        return None
    draw = status if status not in (ONGOING, CHECKMATE) else ""
    return Answer(coordinate(found), mover, taken, check, status == CHECKMATE, draw)


def shown(verdict: Verdict, answer: Answer | None, position: Position | None) -> Verdict:
    """The verdict with the answer played on its board (a new position: the replayed one is left alone)."""
    if answer is None or position is None:
        return verdict
    after = position.copy()
    move = next(move for move in after.legal_moves() if coordinate(move) == answer.move)
    after.push(move)
    verdict.answer = answer
    verdict.position = after
    verdict.last_move = (move_from(move), move_to(move))
    return verdict
