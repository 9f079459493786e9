"""Puzzle themes: one small pure predicate per theme over the puzzle (its position and its line), combined
by `themes`. The predicates trust that the line has been proved (see `senterej.engine.proofs`); they only
say what kind of puzzle it is.

Plowden ranked the mates (R10): by medeq the finest (`pawnMate`), by two fils applauded (`twoFilMate`), by
the fers just acceptable (`fersMate`), by der or feres poor (`derMate`, `feresMate`). A mate is graded by
the men that give the check.
"""

from collections.abc import Callable

from senterej.engine.pieces import DER, FERES, FERS, FIL, MEDEQ, NEGUS, PIECE_KINDS, WHITE
from senterej.engine.position import Position, move_promotion, move_to
from senterej.engine.squares import FIL_ATTACKS, NEGUS_ATTACKS, squares_of
from trainer.lines import PuzzleLine
from trainer.tactics import (
    attacks,
    discovered_attack,
    double_check,
    fork,
    hanging_piece,
    pin,
    skewer,
    trapped_piece,
)

#: A side with one piece whose count reaches this within the line is racing the count (R7.4).
COUNT_NEAR = 6
#: At most this many pieces a side for a position to be an endgame.
ENDGAME_PIECES = 2
SENTEREJ_THEMES = ("bareKingTrap", "beatTheCount", "lostPiecePromotion", "inPlacePromotion", "werera")


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
    """A fil gives the mate and both the solver's fils take part: each checks, or is the only man that
    keeps the negus off one of its flight squares."""
    if FIL not in _checkers(puzzle):
        return False
    end = puzzle.end
    loser = puzzle.solver ^ 1
    king = end.negus[loser]
    fils = squares_of(end.by_colour[puzzle.solver] & end.by_kind[FIL])
    without_king = (end.by_colour[0] | end.by_colour[1]) & ~(1 << king)
    flights = squares_of(NEGUS_ATTACKS[king] & ~end.by_colour[loser])
    guards = [end.attackers(puzzle.solver, sq, without_king) for sq in flights]
    return len(fils) == 2 and all(
        FIL_ATTACKS[fil] >> king & 1 or any(bits == 1 << fil for bits in guards) for fil in fils
    )


def back_rank_mate(puzzle: PuzzleLine) -> bool:
    """A der mates the negus along its own first rank, where its own men block every square in front."""
    if DER not in _checkers(puzzle):
        return False
    end = puzzle.end
    loser = puzzle.solver ^ 1
    king = end.negus[loser]
    home = 0 if loser == WHITE else 7
    if king // 8 != home:
        return False
    ders = end.attackers(puzzle.solver, king) & end.by_kind[DER]
    front = NEGUS_ATTACKS[king] & ~(0xFF << 8 * home)
    return any(sq // 8 == home for sq in squares_of(ders)) and front & end.by_colour[loser] == front


def smothered_mate(puzzle: PuzzleLine) -> bool:
    """A feres mates a negus whose every neighbouring square holds one of its own men."""
    if FERES not in _checkers(puzzle):
        return False
    end = puzzle.end
    loser = puzzle.solver ^ 1
    around = NEGUS_ATTACKS[end.negus[loser]]
    return around & end.by_colour[loser] == around


def fers_mate(puzzle: PuzzleLine) -> bool:
    return FERS in _checkers(puzzle)


def der_mate(puzzle: PuzzleLine) -> bool:
    return DER in _checkers(puzzle)


def feres_mate(puzzle: PuzzleLine) -> bool:
    return FERES in _checkers(puzzle)


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
    """The first move neither checks, takes nor promotes, and the man it moves attacks no enemy piece: the
    threat it makes is a hidden one."""
    before, move = puzzle.solver_steps[0]
    if before.is_capture(move) or move_promotion(move) or puzzle.start.werera is not None:
        return False
    after = puzzle.positions[1]
    enemy_pieces = after.by_colour[puzzle.solver ^ 1] & ~after.by_kind[MEDEQ] & ~after.by_kind[NEGUS]
    return not after.is_check(puzzle.solver ^ 1) and not attacks(after, move_to(move)) & enemy_pieces


PREDICATES: dict[str, Callable[[PuzzleLine], bool]] = {
    **{f"mateIn{n}": mate_in(n) for n in range(1, 6)},
    "pawnMate": pawn_mate,
    "twoFilMate": two_fil_mate,
    "fersMate": fers_mate,
    "derMate": der_mate,
    "feresMate": feres_mate,
    "backRankMate": back_rank_mate,
    "smotheredMate": smothered_mate,
    "fork": fork,
    "pin": pin,
    "skewer": skewer,
    "discoveredAttack": discovered_attack,
    "doubleCheck": double_check,
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
