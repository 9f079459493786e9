"""Puzzles found in one position: a unique mating line, a material win (werera puzzles: `werera`). Each is
proved before it is kept."""

from dataclasses import dataclass

from senterej.engine.notation import coordinate
from senterej.engine.pieces import BLACK, FERS, FIL, MEDEQ, WHITE
from senterej.engine.position import Position
from senterej.engine.proofs import SearchLimitError, status
from senterej.engine.proofs.mate import MateSearch, best_defence, checking_moves, prove_mate_line
from senterej.engine.proofs.material import (
    GAIN,
    KEPT_PIECES,
    WON,
    MaterialSearch,
    material,
    material_step,
    prove_material_line,
)
from senterej.engine.squares import FIL_ATTACKS, NEGUS_ATTACKS

#: The longest mate looked for, by the number of men on the board: sparse positions are searched deeper.
MATE_LIMITS = ((6, 5), (12, 4), (64, 3))
#: Attacking nodes allowed to find a mate, and to prove a line (which bounds the validator's time).
FIND_NODES = 12_000
PROOF_NODES = 20_000
#: Longest defences tried at each step for one that keeps the solver's next move unique.
REPLIES_TRIED = 4
#: Nodes allowed to the material search for one position (a first look, then the proof of a line).
MATERIAL_NODES = 15_000
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


def material_puzzle(fen: str, source: str, first_look: int = 2) -> Found | None:
    """A material puzzle: one move that wins at least GAIN, two plies deep, with the loser keeping two
    pieces; followed, when it is just as clear, by the best defence and the one move that cashes in.
    `first_look` 1 skips positions where no capture wins at once (cheaper, but it misses forks)."""
    position = Position.from_fen(fen)
    verdict, legal = status(position)
    us = position.turn
    if verdict is not None or us is None or position.piece_count(us ^ 1) <= KEPT_PIECES:
        return None
    if len(legal) < MIN_CHOICES:
        return None
    search = MaterialSearch(max_nodes=MATERIAL_NODES)
    try:
        if (
            first_look < 2
            and _best_material_move(search, position, legal, 1)[1] < material(position, us) + GAIN
        ):
            return None
        first, value = _best_material_move(search, position, legal, 2)
        if value < material(position, us) + GAIN or value >= WON // 2:
            return None
        if material_step(search, position, first, 2) is not None:
            return None
        line = [first]
        position.push(first)
        replies = position.legal_moves()
        reply = min(
            replies, key=lambda m: (-search.move_value(position, m, 3, -2 * WON, 2 * WON), coordinate(m))
        )
        position.push(reply)
        second, _ = _best_material_move(search, position, position.legal_moves(), 2)
        position.pop()
        position.pop()
        longer = [coordinate(m) for m in (first, reply, second)]
        if prove_material_line(fen, longer, MaterialSearch(max_nodes=MATERIAL_NODES)) is None:
            line = [first, reply, second]
    except SearchLimitError:
        return None
    moves = [coordinate(m) for m in line]
    proof = MaterialSearch(max_nodes=MATERIAL_NODES)
    try:
        if prove_material_line(fen, moves, proof) is not None:
            return None
    except SearchLimitError:
        return None
    return Found(
        fen, " ".join(moves), source, proof.nodes // MATERIAL_EFFORT, _natural_tries(position, first)
    )


def _best_material_move(
    search: MaterialSearch, position: Position, legal: list[int], depth: int
) -> tuple[int, int]:
    """The move with the highest value `depth` plies deep (the first in coordinate order among equals)."""
    best, best_value = 0, -2 * WON
    for move in sorted(legal, key=coordinate):
        value = search.move_value(position, move, depth, best_value, 2 * WON)
        if value > best_value or not best:
            best, best_value = move, value
    return best, best_value


def _natural_tries(position: Position, solution: int) -> int:
    """The solver's checks and captures other than the solution (they all do worse: the proof says so)."""
    legal = position.legal_moves()
    natural = set(checking_moves(position, legal)) | {m for m in legal if position.is_capture(m)}
    natural.discard(solution)
    return len(natural)
