"""What a one-move task's wrong move fails to do. Each aim is a small pure fact about a move in a position (it
gives check, it takes a man of some kind, it threatens a stronger man, it promotes to some kind, it leaves its
man safe, it starts the seventy moves again, the man that moves, the square it reaches); the aims that every
accepted move of a task shares are what the task asks, and a wrong move misses some of them. Pure: the engine
alone, no Django.

The aims that say what a move does come first (at most two of them are named); only when a move does all of
that is one other named: the man that should move, else the man it leaves to be won, else the square it
should reach."""

from collections.abc import Sequence
from dataclasses import dataclass

from senterej.engine import NEGUS, Position
from senterej.engine.fen import SEVENTY_MOVES
from senterej.engine.pieces import VALUE
from senterej.engine.position import move_from, move_promotion, move_to
from senterej.engine.squares import squares_of

CHECK, TAKES, THREATENS, PROMOTES, SAFE, COUNT = "check", "takes", "threatens", "promotes", "safe", "count"
MAN, SQUARE = "man", "square"
#: The order in which missed aims are named: what the move does; else the man that moves, whether it keeps
#: its man, and last the square it reaches, which tells the least and gives the answer away the most.
DOING = (COUNT, CHECK, TAKES, THREATENS, PROMOTES)
PLACING = (MAN, SAFE, SQUARE)
#: At most this many missed aims are named for one move.
MOST_NAMED = 2
#: R8.2: the seventy moves matter to a move only when the game is this close to their end (the move and the
#: opponent's answer).
COUNT_NEAR = 2


@dataclass(frozen=True, order=True)
class Aim:
    what: str
    kind: int = 0  # the kind of man it concerns (taken, threatened, promoted to, moved; or left unsafe)
    square: int = -1  # the square it concerns (of the threatened man, reached; or left unsafe on), or -1


def aims_of(position: Position, move: int, side: int) -> frozenset[Aim]:
    """Everything the move of `side` does in `position`, as aims (the position is left as it was)."""
    frm, to = move_from(move), move_to(move)
    moving = position.board[frm] & 7
    became = move_promotion(move) or moving
    them = side ^ 1
    found = {Aim(MAN, moving), Aim(SQUARE, square=to)}
    if position.is_capture(move):
        found.add(Aim(TAKES, position.board[to] & 7))
    if move_promotion(move):
        found.add(Aim(PROMOTES, became))
    after = position.copy()
    after.push(move, side)
    if after.is_check(them):
        found.add(Aim(CHECK))
    if position.halfmove + COUNT_NEAR >= SEVENTY_MOVES and after.halfmove == 0:
        found.add(Aim(COUNT))
    for square in squares_of(after.by_colour[them]):
        threatened = after.board[square] & 7
        if (
            threatened != NEGUS
            and VALUE[threatened] > VALUE[became]
            and after.attackers(side, square) >> to & 1
        ):
            found.add(Aim(THREATENS, threatened, square))
    if became == NEGUS or _safe(after, to, side):  # R2.7: a negus never steps where it can be taken
        found.add(Aim(SAFE))
    return frozenset(found)


def _safe(after: Position, square: int, side: int) -> bool:
    """The man on `square` cannot be won at once: no man of the other side attacks it, or every one that does
    is worth at least as much and the man is defended."""
    attackers = squares_of(after.attackers(side ^ 1, square))
    if not attackers:
        return True
    cheapest = min(VALUE[after.board[attacker] & 7] for attacker in attackers)
    return bool(after.attackers(side, square)) and cheapest >= VALUE[after.board[square] & 7]


def missed(position: Position, side: int, accepted: Sequence[int], move: int) -> tuple[Aim, ...]:
    """The aims that every accepted move shares and `move` misses, in the order they are named: at most two of
    what a move does, or else the man that moves and then the square it reaches."""
    if not accepted:
        return ()
    shared = frozenset.intersection(*(aims_of(position, answer, side) for answer in accepted))
    lacking = sorted(shared - aims_of(position, move, side), key=lambda aim: _ORDER[aim.what])
    doing = [aim for aim in lacking if aim.what in DOING]
    if doing:
        return tuple(doing[:MOST_NAMED])
    return tuple(_unsafe(position, move) if aim.what == SAFE else aim for aim in lacking[:1])


def _unsafe(position: Position, move: int) -> Aim:
    """The safety a move misses, told by the man it leaves to be won and where."""
    return Aim(SAFE, move_promotion(move) or position.board[move_from(move)] & 7, move_to(move))


_ORDER = {what: place for place, what in enumerate(DOING + PLACING)}
