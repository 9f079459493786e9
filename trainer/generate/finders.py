"""Puzzles found in one position: a unique mating line, a material win (werera puzzles: `werera`). Each is
proved before it is kept."""

from dataclasses import dataclass

from senterej.engine.notation import coordinate
from senterej.engine.pieces import BLACK, FERS, FIL, MEDEQ, WHITE
from senterej.engine.position import Position
from senterej.engine.proofs import SearchLimitError, status
from senterej.engine.proofs.mate import MateSearch, best_defence, checking_moves, prove_mate_line
from senterej.engine.proofs.material import (
    CHECK_ESCAPES,
    DEFENCE_DEPTH,
    GAIN,
    START_BAR,
    STEP_DEPTH,
    MaterialJudge,
    margin_bar,
    material,
    prove_material_line,
)
from senterej.engine.search import MATE_BOUND
from senterej.engine.squares import FIL_ATTACKS, NEGUS_ATTACKS

#: The longest mate looked for, by the number of men on the board: sparse positions are searched deeper.
MATE_LIMITS = ((6, 5), (12, 4), (64, 3))
#: Attacking nodes allowed to find a mate, and to prove a line (which bounds the validator's time).
FIND_NODES = 12_000
PROOF_NODES = 20_000
#: Longest defences tried at each step for one that keeps the solver's next move unique.
REPLIES_TRIED = 4
#: Nodes allowed to the material search for one position's first look and line (the proof has its own).
MATERIAL_NODES = 30_000
#: The longest material line looked for, in solver moves.
MATERIAL_MOVES = 3
#: A position with fewer legal moves than this is no real choice.
MIN_CHOICES = 6
#: The material search's nodes are cheaper than the mate search's: they count this much less in a rating.
MATERIAL_EFFORT = 20


@dataclass(frozen=True)
class Found:
    fen: str
    moves: str
    source: str
    nodes: int
    tries: int
    rounds: str = ""  # a werera puzzle's rounds from the start (`Puzzle.rounds`)

    def as_dict(self) -> dict[str, object]:
        return {
            "fen": self.fen,
            "moves": self.moves,
            "source": self.source,
            "nodes": self.nodes,
            "tries": self.tries,
            "rounds": self.rounds,
        }


def position_key(fen: str) -> str:
    """What makes two puzzles the same: the placement and the side to move (or the werera)."""
    fields = fen.split()
    return f"{fields[0]} {fields[1]}"


def mate_puzzle(fen: str, source: str) -> Found | None:
    """A mate puzzle from a turn-based position, if the side to move has a short mate with a unique line."""
    position = Position.from_fen(fen)
    if status(position)[0] is not None:
        return None
    men = (position.by_colour[WHITE] | position.by_colour[BLACK]).bit_count()
    limit = next(limit for most, limit in MATE_LIMITS if men <= most)
    try:
        # a mate by checks alone is cheap to find; a quiet mate is looked for only in two moves
        distance = MateSearch(max_nodes=FIND_NODES, checks_only=True).distance(position, limit)
        search = MateSearch(max_nodes=FIND_NODES)
        quiet = search.distance(position, min(distance - 1, 2) if distance else 2)
        distance = quiet or distance
        if distance is None:
            return None
        line = unique_line(search, position, distance)
    except SearchLimitError:
        return None
    return proved_puzzle(fen, line, source, PROOF_NODES)


def proved_puzzle(fen: str, line: list[int] | None, source: str, proof_nodes: int) -> Found | None:
    """The puzzle of a mating line, if a fresh proof (within `proof_nodes`) finds every solver move unique."""
    if line is None:
        return None
    moves = [coordinate(move) for move in line]
    try:
        proof = prove_mate_line(fen, moves, MateSearch(max_nodes=proof_nodes))
    except SearchLimitError:
        return None
    if proof.failure is not None:
        return None
    return Found(fen, " ".join(moves), source, proof.nodes, proof.failed_tries)


def unique_line(search: MateSearch, position: Position, left: int, graded: bool = False) -> list[int] | None:
    """The solver's only mating moves and the longest defences between them, ending with a mate in one;
    a mate in one itself must be the only one, or it is too easy a puzzle. The last mate recorded is the
    first in coordinate order, or with `graded` the finest by Plowden's grades (R10)."""
    if left == 1:
        mates = search.mating_moves(position, 1, limit=2)
        return mates if len(mates) == 1 else None
    mating = search.mating_moves(position, left, limit=2)
    if len(mating) != 1:
        return None
    move = mating[0]
    position.push(move)
    try:
        replies = sorted(best_defence(search, position, left - 1), key=lambda m: _reply_rank(position, m))
        for reply in replies[:REPLIES_TRIED]:
            position.push(reply)
            if left > 2:
                rest = unique_line(search, position, left - 1, graded)
            else:
                rest = _any_mate(search, position, graded)
            position.pop()
            if rest is not None:
                return [move, reply, *rest]
        return None
    finally:
        position.pop()


def _any_mate(search: MateSearch, position: Position, graded: bool = False) -> list[int] | None:
    """The last step: any mate ends the puzzle; the first in coordinate order is recorded, or with
    `graded` the finest mate by Plowden's grades, then the first in coordinate order."""
    mates = search.mating_moves(position, 1)
    if not mates:
        return None
    if graded:
        return [min(mates, key=lambda m: (mate_grade(position, m), coordinate(m)))]
    return [min(mates, key=coordinate)]


def mate_grade(position: Position, move: int) -> int:
    """Plowden's grade of a mating move (R10), finest first: 0 by a medeq, 1 by two fils (one gives check,
    both hold the negus or its squares), 2 by the fers, 3 by der or feres."""
    solver = position.turn
    assert solver is not None
    position.push(move)
    try:
        king = position.negus[solver ^ 1]
        kinds = [position.board[sq] & 7 for sq in range(64) if position.attackers(solver, king) >> sq & 1]
        fils = position.by_colour[solver] & position.by_kind[FIL]
        box = NEGUS_ATTACKS[king] | 1 << king
        boxing = [sq for sq in range(64) if fils >> sq & 1 and FIL_ATTACKS[sq] & box]
    finally:
        position.pop()
    if MEDEQ in kinds:
        return 0
    if FIL in kinds and len(boxing) == 2 == fils.bit_count():
        return 1
    return 2 if FERS in kinds else 3


def _reply_rank(position: Position, move: int) -> tuple[int, str]:
    """Natural defences first: captures, then checks, then the rest, in coordinate order."""
    if position.is_capture(move):
        return 0, coordinate(move)
    return (1 if checking_moves(position, [move]) else 2), coordinate(move)


def material_puzzle(fen: str, source: str) -> Found | None:
    """A material puzzle: a start not already won where one move is best by the proof's margin, followed
    by the best defence and the solver's next only move while the gain is not yet on the board (a fork
    cashed in, a trapped piece taken), up to MATERIAL_MOVES solver moves; the longest line the proof
    accepts is kept, then shorter ones."""
    position = Position.from_fen(fen)
    verdict, legal = status(position)
    us = position.turn
    if verdict is not None or us is None or len(legal) < MIN_CHOICES:
        return None
    if position.is_check() and len(legal) < CHECK_ESCAPES:
        return None
    judge = MaterialJudge(max_nodes=MATERIAL_NODES)
    try:
        # the cheap looks first, by null windows: a gain to be had, the start not already won, and the
        # gain over the start
        if judge.value(position, STEP_DEPTH, (), GAIN - 1, GAIN) < GAIN:
            return None
        standing = judge.standing(position)
        bar = standing + GAIN
        if standing >= START_BAR or judge.value(position, STEP_DEPTH, (), bar - 1, bar) < bar:
            return None
        line = _material_line(judge, position, us)
    except SearchLimitError:
        return None
    for length in range(len(line), 0, -2):
        moves = [coordinate(m) for m in line[:length]]
        proof = MaterialJudge()
        try:
            if prove_material_line(fen, moves, proof) is None:
                return Found(
                    fen,
                    " ".join(moves),
                    source,
                    proof.nodes // MATERIAL_EFFORT,
                    _natural_tries(position, line[0]),
                )
        except SearchLimitError:
            continue
    return None


def _material_line(judge: MaterialJudge, position: Position, solver: int) -> list[int]:
    """The solver's clear best moves and the best defences between them, while the gain is not yet taken."""
    start = material(position, solver)
    line: list[int] = []
    seen: list[tuple[int, ...]] = []
    try:
        while len(line) < 2 * MATERIAL_MOVES - 1:
            move = _clear_best(judge, position, seen)
            if move is None:
                break
            line.append(move)
            seen.append(position.placement_key())
            position.push(move)
            if material(position, solver) >= start + GAIN or status(position)[0] is not None:
                break
            reply, _ = judge.best(position, DEFENCE_DEPTH, seen)
            line.append(reply)
            seen.append(position.placement_key())
            position.push(reply)
    finally:
        for _ in line:
            position.pop()
    return line if len(line) % 2 else line[:-1]


def _clear_best(judge: MaterialJudge, position: Position, seen: list[tuple[int, ...]]) -> int | None:
    """The move better than every other by the proof's margin, if it does not mate and there is a choice."""
    if len(position.legal_moves()) < 2:
        return None
    move, score = judge.best(position, STEP_DEPTH, seen)
    if score >= MATE_BOUND or judge.rival(position, move, STEP_DEPTH, seen, margin_bar(score)) is not None:
        return None
    return move


def _natural_tries(position: Position, solution: int) -> int:
    """The solver's checks and captures other than the solution (they all do worse: the proof says so)."""
    legal = position.legal_moves()
    natural = set(checking_moves(position, legal)) | {m for m in legal if position.is_capture(m)}
    natural.discard(solution)
    return len(natural)
