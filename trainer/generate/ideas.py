"""A quick look for an idea before the search is asked: a move that attacks two enemy men at once (a fork,
the negus by a check among them), a der's check with a man behind the negus (a skewer), a promotion, or a
capture of a man worth more than the capturer. Most positions have none, and the search costs a hundred
times more than this look."""

from collections.abc import Iterator

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.pieces import BLACK, DER, FERES, MEDEQ, NEGUS, VALUE, WHITE
from senterej.engine.position import Position
from senterej.engine.squares import (
    LINE,
    der_attacks,
    man_attacks,
    squares_of,
)

#: The enemy men worth winning by a double attack: a fers or fil is less than a material puzzle's gain.
TARGETS = (DER, FERES)


def has_idea(position: Position) -> bool:
    """Whether the side to move has a move worth searching for a material puzzle."""
    return any(_is_idea(position, move) for move in position.legal_moves())


def _is_idea(position: Position, move: int) -> bool:
    solver = position.turn
    assert solver is not None
    frm, to = move & 63, move >> 6 & 63
    kind = position.board[frm] & 7
    if move >> 12:
        return True
    victim = position.board[to] & 7 if frm != to else 0
    if victim and VALUE[victim] > VALUE[kind] + VALUE[MEDEQ] and position.attackers(solver ^ 1, to):
        return True
    position.push(move)
    try:
        if position.attackers(solver ^ 1, to) and kind != NEGUS:
            return False  # a man that can be taken at once forks nothing (the search finds the rest)
        return _double_attack(position, solver, kind, to) or _skewer(position, solver, kind, to)
    finally:
        position.pop()


def _double_attack(position: Position, solver: int, kind: int, sq: int) -> bool:
    """The man on sq attacks two enemy men worth winning: the negus, a der or feres undefended or worth
    more than it."""
    occupied = position.by_colour[WHITE] | position.by_colour[BLACK]
    hit = man_attacks(kind, solver, sq, occupied) & position.by_colour[solver ^ 1]
    worth = 0
    for target in squares_of(hit):
        victim = position.board[target] & 7
        if victim == NEGUS or (
            victim in TARGETS and (VALUE[victim] > VALUE[kind] or not position.attackers(solver ^ 1, target))
        ):
            worth += 1
    return worth >= 2


def _skewer(position: Position, solver: int, kind: int, sq: int) -> bool:
    """A der's check with an enemy der or feres further along the line behind the negus."""
    if kind != DER or not position.is_check():
        return False
    negus = position.negus[solver ^ 1]
    occupied = (position.by_colour[WHITE] | position.by_colour[BLACK]) & ~(1 << negus)
    behind = der_attacks(sq, occupied) & LINE[sq][negus] & position.by_colour[solver ^ 1]
    return any(position.board[target] & 7 in TARGETS for target in squares_of(behind))


def is_exchange(fen: str, moves: str) -> bool:
    """Whether the line is a single capture: an exchange that wins, the plainest of the ideas."""
    line = moves.split()
    return len(line) == 1 and Position.from_fen(fen).is_capture(parse_coordinate(line[0]))


def after_each_move(fen: str) -> Iterator[tuple[str, str]]:
    """Each move of `fen`'s side to move (in coordinates) and the position after it, the other side then
    to move: where a player's slip hands the opponent an idea."""
    position = Position.from_fen(fen)
    for move in sorted(position.legal_moves(), key=coordinate):
        position.push(move)
        yield coordinate(move), position.fen()
        position.pop()
