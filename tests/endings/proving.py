"""The engine's proof that an ending's goal can be reached: an and-or search over every legal move, judged by
the rules (R7.5) and by the goal, with the learner choosing and the defender trying everything."""

from senterej.engine import Position
from senterej.engine.game import judge
from senterej.engine.pieces import MEDEQ
from senterej.engine.position import move_from, move_promotion

WON, LOST = "won", "lost"


def promotes(position: Position, move: int) -> bool:
    """Whether `move` of the side to move turns a medeq into a piece (R3.2, R3.4)."""
    piece = position.board[move_from(move)]
    return bool(move_promotion(move)) and piece & 7 == MEDEQ


def outcome(position: Position, learner: int, kind: str) -> str | None:
    """Won or lost against the goal once the game has ended here, or None while it goes on."""
    judgement = judge(position)
    if judgement.status == "ongoing":
        if kind == "stop" and not position.by_kind[MEDEQ] & position.by_colour[learner ^ 1]:
            return WON
        return None
    if kind in ("mate", "fers"):
        return WON if judgement.winner == learner else LOST
    return LOST if judgement.winner == learner ^ 1 else WON


def reaches(position: Position, learner: int, kind: str, moves: int) -> bool:
    """Whether the learner, to move, can reach the goal within `moves` of its moves whatever the defence."""
    if moves == 0:
        return False
    for move in position.legal_moves():
        position.push(move)
        try:
            if _holds(position, learner, kind, moves - 1):
                return True
        finally:
            position.pop()
    return False


def _holds(position: Position, learner: int, kind: str, moves: int) -> bool:
    """After the learner's move: whether every defence still lets the learner reach the goal."""
    verdict = outcome(position, learner, kind)
    if verdict is not None:
        return verdict == WON
    for reply in position.legal_moves():
        if kind == "stop" and promotes(position, reply):
            return False
        position.push(reply)
        try:
            verdict = outcome(position, learner, kind)
            if verdict == LOST or verdict is None and not reaches(position, learner, kind, moves):
                return False
        finally:
            position.pop()
    return True
