"""Puzzle themes: one small pure predicate per theme over the puzzle (its position and its line), combined
by `themes`. The predicates trust that the line has been proved (see `senterej.engine.proofs`); they only
say what kind of puzzle it is.

Plowden ranked the mates (R10): by medeq the finest (`pawnMate`), by two fils applauded (`twoFilMate`), by
the fers just acceptable (`fersMate`), by der or feres poor (`derMate`, `feresMate`). A mate is graded by
the men that give the check.
"""

import math
from collections.abc import Callable

from senterej.engine.notation import parse_coordinate
from senterej.engine.pieces import DER, FERES, FERS, FIL, MEDEQ, NEGUS, PIECE_KINDS, VALUE
from senterej.engine.position import Position
from senterej.engine.squares import (
    FERES_ATTACKS,
    FERS_ATTACKS,
    FIL_ATTACKS,
    MEDEQ_ATTACKS,
    NEGUS_ATTACKS,
    der_attacks,
    squares_of,
)
from trainer.lines import PuzzleLine

#: A side with one piece whose count reaches this within the line is racing the count (R7.4).
COUNT_NEAR = 6
#: At most this many pieces a side for a position to be an endgame.
ENDGAME_PIECES = 2
SENTEREJ_THEMES = ("bareKingTrap", "beatTheCount", "lostPiecePromotion", "inPlacePromotion", "werera")


def _attacks(position: Position, sq: int) -> int:
    """The squares the man on `sq` attacks."""
    code = position.board[sq]
    kind, colour = code & 7, code >> 3
    if kind == DER:
        return der_attacks(sq, position.by_colour[0] | position.by_colour[1])
    if kind == MEDEQ:
        return MEDEQ_ATTACKS[colour][sq]
    table = {FERES: FERES_ATTACKS, FIL: FIL_ATTACKS, FERS: FERS_ATTACKS, NEGUS: NEGUS_ATTACKS}[kind]
    return table[sq]


def mate_in(moves: int) -> Callable[[PuzzleLine], bool]:
    def predicate(puzzle: PuzzleLine) -> bool:
        return puzzle.mates and len(puzzle.solver_steps) == moves

    predicate.__name__ = f"mateIn{moves}"
    return predicate


def _checkers(puzzle: PuzzleLine) -> list[int]:
    """The kinds of the men that give the mate."""
    if not puzzle.mates:
        return []
    end = puzzle.end
    loser = puzzle.solver ^ 1
    bits = end.attackers(puzzle.solver, end.negus[loser])
    return [end.board[sq] & 7 for sq in squares_of(bits)]


def pawn_mate(puzzle: PuzzleLine) -> bool:
    return MEDEQ in _checkers(puzzle)


def two_fil_mate(puzzle: PuzzleLine) -> bool:
    """A fil gives the mate and both the solver's fils hold the negus or its flight squares."""
    if FIL not in _checkers(puzzle):
        return False
    end = puzzle.end
    king = end.negus[puzzle.solver ^ 1]
    box = NEGUS_ATTACKS[king] | 1 << king
    fils = squares_of(end.by_colour[puzzle.solver] & end.by_kind[FIL])
    return len(fils) == 2 and all(FIL_ATTACKS[sq] & box for sq in fils)


def fers_mate(puzzle: PuzzleLine) -> bool:
    return FERS in _checkers(puzzle)


def der_mate(puzzle: PuzzleLine) -> bool:
    return DER in _checkers(puzzle)


def feres_mate(puzzle: PuzzleLine) -> bool:
    return FERES in _checkers(puzzle)


def _worth(kind: int) -> float:
    """The engine's worth of a man, the negus above every other (it cannot be given up)."""
    return math.inf if kind == NEGUS else VALUE[kind]


def fork(puzzle: PuzzleLine) -> bool:
    """A solver move before the last whose man then attacks two enemy men each worth more than it, or
    unguarded, or the negus."""
    for index, (_, move) in enumerate(puzzle.solver_steps[:-1]):
        after = puzzle.positions[2 * index + 1]
        to = move >> 6 & 63
        mover = _worth(after.board[to] & 7)
        enemy = puzzle.solver ^ 1
        targets = [
            sq
            for sq in squares_of(_attacks(after, to) & after.by_colour[enemy])
            if after.board[sq] & 7 != MEDEQ
            and (_worth(after.board[sq] & 7) > mover or not after.attackers(enemy, sq))
        ]
        if len(targets) >= 2:
            return True
    return False


def discovered_attack(puzzle: PuzzleLine) -> bool:
    """A solver move that opens a line for another der of the solver onto the enemy negus or a piece."""
    for index, (_, move) in enumerate(puzzle.solver_steps):
        after = puzzle.positions[2 * index + 1]
        frm, to = move & 63, move >> 6 & 63
        if frm == to:
            continue
        ders = after.by_colour[puzzle.solver] & after.by_kind[DER] & ~(1 << to)
        occupied = after.by_colour[0] | after.by_colour[1]
        targets = after.by_colour[puzzle.solver ^ 1] & ~after.by_kind[MEDEQ]
        for der in squares_of(ders):
            newly = der_attacks(der, occupied) & ~der_attacks(der, occupied | 1 << frm)
            if newly & targets:
                return True
    return False


def hanging_piece(puzzle: PuzzleLine) -> bool:
    """The first move takes an enemy piece that nothing guarded."""
    before, move = puzzle.solver_steps[0]
    frm, to = move & 63, move >> 6 & 63
    victim = before.board[to] & 7 if frm != to else 0
    return victim in PIECE_KINDS and not before.attackers(puzzle.solver ^ 1, to)


def trapped_piece(puzzle: PuzzleLine) -> bool:
    """A later solver move takes a feres or der that, when its side was to move, was attacked and had no
    square to go to that the solver did not attack."""
    for index in range(1, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        frm, to = move & 63, move >> 6 & 63
        previous = puzzle.positions[2 * index - 1]  # the opponent to move, before its reply
        reply_from = parse_coordinate(puzzle.moves[2 * index - 1]) & 63
        victim_square = to if reply_from != to else -1
        if frm == to or victim_square < 0 or previous.board[to] & 7 not in (FERES, DER):
            continue
        if not previous.attackers(puzzle.solver, to):
            continue
        escapes = [
            m >> 6 & 63
            for m in previous.legal_moves()
            if m & 63 == to and not previous.attackers(puzzle.solver, m >> 6 & 63)
        ]
        if not escapes:
            return True
    return False


def lost_piece_promotion(puzzle: PuzzleLine) -> bool:
    """A solver medeq reaches the last rank and becomes a lost kind (R3.2)."""
    return any(move >> 12 and move & 63 != move >> 6 & 63 for _, move in puzzle.solver_steps)


def in_place_promotion(puzzle: PuzzleLine) -> bool:
    """A waiting medeq becomes a lost kind where it stands (R3.4)."""
    return any(move >> 12 and move & 63 == move >> 6 & 63 for _, move in puzzle.solver_steps)


def bare_king_trap(puzzle: PuzzleLine) -> bool:
    """The opponent has one piece left and the solver could take it, which would draw (R7.3); the
    solution does something else."""
    start, first = puzzle.solver_steps[0]
    enemy = puzzle.solver ^ 1
    if start.piece_count(enemy) != 1:
        return False
    pieces = start.by_colour[enemy] & ~start.by_kind[MEDEQ] & ~start.by_kind[NEGUS]
    side = puzzle.solver if start.turn is None else None
    takes = [m for m in start.legal_moves(side) if pieces >> (m >> 6 & 63) & 1 and m & 63 != m >> 6 & 63]
    return bool(takes) and first not in takes


def beat_the_count(puzzle: PuzzleLine) -> bool:
    """A side with a single piece has its count at six or more within the line (R7.4): the mate comes
    before a lone piece's seventh counted move, or the defender's count is one move from the draw."""
    return puzzle.mates and any(
        position.piece_count(side) == 1 and position.counting[side] >= COUNT_NEAR
        for position in puzzle.positions
        for side in (0, 1)
    )


def advantage(puzzle: PuzzleLine) -> bool:
    """The line wins material rather than mating."""
    return not puzzle.mates and puzzle.start.werera is None


def werera(puzzle: PuzzleLine) -> bool:
    return puzzle.start.werera is not None


def _piece_kinds(position: Position) -> set[int]:
    return {position.board[sq] & 7 for sq in range(64) if position.board[sq] & 7 in PIECE_KINDS}


def endgame(puzzle: PuzzleLine) -> bool:
    start = puzzle.start
    return all(start.piece_count(side) <= ENDGAME_PIECES for side in (0, 1))


def only_kind(kind: int) -> Callable[[PuzzleLine], bool]:
    def predicate(puzzle: PuzzleLine) -> bool:
        return endgame(puzzle) and _piece_kinds(puzzle.start) == {kind}

    return predicate


def quiet_move(puzzle: PuzzleLine) -> bool:
    """The first move neither checks nor takes."""
    before, move = puzzle.solver_steps[0]
    if before.is_capture(move) or puzzle.start.werera is not None:
        return False
    after = puzzle.positions[1]
    return not after.is_check(puzzle.solver ^ 1)


PREDICATES: dict[str, Callable[[PuzzleLine], bool]] = {
    **{f"mateIn{n}": mate_in(n) for n in range(1, 6)},
    "pawnMate": pawn_mate,
    "twoFilMate": two_fil_mate,
    "fersMate": fers_mate,
    "derMate": der_mate,
    "feresMate": feres_mate,
    "fork": fork,
    "discoveredAttack": discovered_attack,
    "hangingPiece": hanging_piece,
    "trappedPiece": trapped_piece,
    "lostPiecePromotion": lost_piece_promotion,
    "inPlacePromotion": in_place_promotion,
    "bareKingTrap": bare_king_trap,
    "beatTheCount": beat_the_count,
    "werera": werera,
    "advantage": advantage,
    "quietMove": quiet_move,
    "endgame": endgame,
    "derEndgame": only_kind(DER),
    "feresEndgame": only_kind(FERES),
    "filEndgame": only_kind(FIL),
    "fersEndgame": only_kind(FERS),
}


def themes(puzzle: PuzzleLine) -> list[str]:
    """Every theme whose predicate holds, in the order of PREDICATES."""
    return [name for name, predicate in PREDICATES.items() if predicate(puzzle)]
