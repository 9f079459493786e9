"""Puzzle generation: positions harvested from bot self-play (werera included) and from constructed endgames,
mates found and proved by `senterej.engine.solver`, themes tagged by `trainer.themes`, and an initial rating.

Everything here is deterministic for a seed: the bots play without a clock, the random placements come from
seeded generators and the searches are bounded by nodes, not time.

Deep mates (`deep_jobs`, run by `generate_puzzles --deep`) come from climbs: a constructed position with a
mate has one man at a time moved elsewhere, a move kept when the mate by checks grows no shorter and no less
unique, until it is a mate in five that only one move starts (or, for two-fil mates, until the one mate in
one is by two fils); the end of the climb is then searched in full, with larger node budgets, for a unique
line. Self-play positions are searched with the same budgets. Every deep puzzle is proved by the same
`prove_mate_line` as the others, within DEEP_PROOF_NODES, which bounds what the validator spends on it.

The initial rating (before players' results move it) is

    rating = 500 + 420 * (n - 1) + 130 * log2(1 + tries) + 110 * log10(1 + nodes) + 150 * quiet + 60 * rare

clipped to 600-2400, where n is the number of solver moves, tries the natural first moves (checks and
captures) that fail, nodes the solver's effort to prove the line (the mate search's attacking nodes, or a
twentieth of the material search's nodes, which are cheaper), quiet 1 when the first
move neither checks nor takes, and rare 1 for a puzzle built on a rule of Senterej (the bare king, the count,
promotion to a lost kind, the werera), which players from chess do not expect.
"""

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import count

from senterej.engine.bots import Bot
from senterej.engine.fen import parse_fen
from senterej.engine.game import Game
from senterej.engine.notation import coordinate, parse_move
from senterej.engine.pieces import BLACK, FERS, FIL, KIND_OF_LETTER, MEDEQ, WHITE, Piece
from senterej.engine.position import Position
from senterej.engine.proofs import MATED, SearchLimitError, status
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
from senterej.engine.proofs.werera import prove_werera_choice, werera_winning_choices
from senterej.engine.squares import FIL_ATTACKS, NEGUS_ATTACKS

from .themes import SENTEREJ_THEMES, Puzzle, themes

SELFPLAY_LEVELS = ("novice", "beginner", "casual")
MAX_PLIES = 240
#: The longest mate looked for, by the number of men on the board: sparse positions are searched deeper.
MATE_LIMITS = ((6, 5), (12, 4), (64, 3))
#: Attacking nodes allowed to find a mate, and to prove a line (which bounds the validator's time).
FIND_NODES = 12_000
PROOF_NODES = 20_000
#: Longest defences tried at each step for one that keeps the solver's next move unique.
REPLIES_TRIED = 4
PUZZLES_PER_GAME = 3
#: Nodes allowed to the material search for one position (a first look, then the proof of a line).
MATERIAL_NODES = 15_000
#: A position with fewer legal moves than this is no real choice.
MIN_CHOICES = 6
#: The material search's nodes are cheaper than the mate search's: they count this much less in a rating.
MATERIAL_EFFORT = 20
POSITIONS_PER_BATCH = 200


@dataclass(frozen=True)
class Found:
    fen: str
    moves: str
    source: str
    nodes: int
    tries: int

    def as_dict(self) -> dict[str, object]:
        return {
            "fen": self.fen,
            "moves": self.moves,
            "source": self.source,
            "nodes": self.nodes,
            "tries": self.tries,
        }


def position_key(fen: str) -> str:
    """What makes two puzzles the same: the placement and the side to move (or the werera)."""
    fields = fen.split()
    return f"{fields[0]} {fields[1]}"


# --- proving ---


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
        line = _unique_line(search, position, distance)
    except SearchLimitError:
        return None
    return _proved(fen, line, source, PROOF_NODES)


def _proved(fen: str, line: list[int] | None, source: str, proof_nodes: int) -> Found | None:
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


def _unique_line(search: MateSearch, position: Position, left: int, graded: bool = False) -> list[int] | None:
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
                rest = _unique_line(search, position, left - 1, graded)
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


def werera_puzzle(fen: str, source: str) -> Found | None:
    """A werera puzzle: one side has exactly one choice this round that mates whatever the other chooses."""
    position = Position.from_fen(fen)
    for side in (WHITE, BLACK):
        choices = werera_winning_choices(position, side, limit=2)
        if len(choices) == 1:
            return Found(fen, coordinate(choices[0]), source, 0, 0)
    return None


def validate(fen: str, moves: str, stored_themes: str | None = None) -> str | None:
    """Proves a puzzle from scratch; None if it is sound, else the reason it is not. With `stored_themes`,
    the themes must also be the ones the predicates give."""
    try:
        if fen.split()[1] == "-":
            failure = prove_werera_choice(fen, moves.split())
        elif _ends_in_mate(fen, moves):
            failure = prove_mate_line(fen, moves.split()).failure
        else:
            failure = prove_material_line(fen, moves.split())
    except ValueError as error:
        return str(error)
    if failure is None and stored_themes is not None:
        expected = themes(Puzzle.of(fen, moves))
        if stored_themes.split() != expected:
            return f"themes {stored_themes!r} should be {' '.join(expected)!r}"
    return failure


def reachable(fen: str) -> bool:
    """Not a position no game can reach: the side not to move in check (the engine reads those, R9.1)."""
    position = Position.from_fen(fen)
    return position.turn is None or not position.is_check(position.turn ^ 1)


def _ends_in_mate(fen: str, moves: str) -> bool:
    position = Position.from_fen(fen)
    for text in moves.split():
        position.push(parse_move(position, text))
    return status(position)[0] == MATED


# --- harvesting ---


def selfplay_positions(seed: int, game: int) -> list[tuple[str, str]]:
    """Every position of one bot game (the werera's included) with its source."""
    rng = random.Random(f"selfplay {seed} {game}")
    bots = [Bot(rng.choice(SELFPLAY_LEVELS), seed=rng.randrange(1 << 30)) for _ in (WHITE, BLACK)]
    record = Game()
    seen: list[tuple[int, ...]] = []
    positions = []
    for ply in range(MAX_PLIES):
        if record.is_over:
            break
        position = record.position
        positions.append((position.fen(), f"selfplay seed {seed} game {game} ply {ply}"))
        if record.in_werera:
            record.play_round(
                bots[WHITE].choose_werera(position, WHITE), bots[BLACK].choose_werera(position, BLACK)
            )
        else:
            seen.append(position.placement_key())
            record.play(bots[position.turn].choose_move(position, seen))
    return positions


def selfplay_job(seed: int, game: int, material_only: bool = False) -> list[Found]:
    """Mate and werera puzzles from one game (or, with `material_only`, material puzzles)."""
    found: list[Found] = []
    covered: set[str] = set()
    for fen, source in selfplay_positions(seed, game):
        if len(found) >= PUZZLES_PER_GAME:
            break
        if position_key(fen) in covered:
            continue
        if material_only:
            puzzle = None if fen.split()[1] == "-" else material_puzzle(fen, source, first_look=1)
        else:
            puzzle = werera_puzzle(fen, source) if fen.split()[1] == "-" else mate_puzzle(fen, source)
        if puzzle is not None:
            found.append(puzzle)
            covered.update(position_key(p.fen()) for p in Puzzle.of(puzzle.fen, puzzle.moves).positions)
    return found


@dataclass(frozen=True)
class Endgame:
    """A material set for constructed positions: the attacker's men and the defender's besides the negus
    (letters as in FEN), where the attacker's medeqs go, and the counts a lone piece may start with."""

    attacker: str
    defender: str
    promote: str = ""  # "step": the first medeq one step from its last rank; "waiting": on it
    count: tuple[int, int] = (0, 3)  # the attacker's count when it has one piece
    defender_count: tuple[int, int] = (0, 3)
    hanging: bool = False  # the defender's lone piece stands where the attacker can take it
    werera: bool = False
    kind: str = "endgame"  # how the puzzle's source names it

    @property
    def name(self) -> str:
        sides = [
            "+".join(["K", *self.attacker]),
            "+".join(["K", *self.defender]),
        ]
        extra = {"step": " promoting", "waiting": " waiting medeq"}.get(self.promote, "")
        if self.count[0] >= 4 or self.defender_count[0] >= 4:
            extra += " counting"
        if self.hanging:
            extra += " last piece en prise"
        return f"{self.kind} " + " v ".join(sides) + extra


ENDGAMES = (
    Endgame("R", "N"),
    Endgame("RP", "B"),
    Endgame("RN", "N"),
    Endgame("RR", "R"),
    Endgame("NN", "B"),
    Endgame("NN", "P"),
    Endgame("NB", "Q"),
    Endgame("NQ", "N"),
    Endgame("NQP", "B"),
    Endgame("QBB", "N"),
    Endgame("BBP", "Q"),
    Endgame("BBPP", "N"),
    Endgame("QPP", "B"),
    Endgame("NPP", "Q"),
    Endgame("NNP", "BP"),
    Endgame("QPPP", "NP"),
    Endgame("BPPP", "QP"),
)
#: Endgames built on a rule of Senterej: promotion to a lost kind (R3.2) or in place (R3.4), the last piece
#: en prise (R7.3), and a lone piece's count near its end (R7.4), the solver's or the defender's.
RULE_ENDGAMES = (
    Endgame("RPP", "B", promote="step"),
    Endgame("R", "N", count=(5, 6)),
    Endgame("NP", "B", promote="waiting"),
    Endgame("R", "N", hanging=True),
    Endgame("RR", "NP", defender_count=(5, 6)),
    Endgame("NP", "B", promote="step"),
    Endgame("RP", "B", count=(5, 6)),
    Endgame("NPP", "Q", promote="waiting"),
    Endgame("NN", "B", hanging=True),
    Endgame("RN", "BP", defender_count=(5, 6)),
    Endgame("QP", "N", promote="step"),
    Endgame("NPP", "B", count=(4, 6)),
    Endgame("BP", "Q", promote="waiting"),
    Endgame("QP", "N", hanging=True),
    Endgame("NN", "B", defender_count=(5, 6)),
    Endgame("BBP", "N", promote="step"),
    Endgame("RPP", "N", count=(5, 6)),
    Endgame("QPP", "N", promote="waiting"),
    Endgame("NP", "B", hanging=True),
    Endgame("NB", "Q", defender_count=(5, 6)),
    Endgame("RP", "N", promote="waiting"),
    Endgame("N", "QP", count=(4, 6)),
    Endgame("BBP", "N", hanging=True),
    Endgame("QPP", "B", count=(4, 6)),
)
#: Positions with more on the board, for puzzles that are not endgames; mostly without ders, whose mates
#: would crowd out the others.
CROWDED = (
    Endgame("RNBPP", "RNBPP", kind="constructed"),
    Endgame("NNQBPP", "RNBPP", kind="constructed"),
    Endgame("NNBPPP", "QBBPP", kind="constructed"),
    Endgame("NNBBQP", "RNPP", kind="constructed"),
    Endgame("BBQPPP", "NNPP", kind="constructed"),
    Endgame("NNQPPP", "RBBPP", kind="constructed"),
    Endgame("BBQNPP", "RNBP", kind="constructed"),
    Endgame("NNQPP", "BQPP", promote="step", kind="constructed"),
    Endgame("NBBQPP", "NNPP", promote="waiting", kind="constructed"),
    Endgame("NBQPPP", "NBPP", kind="constructed"),
    Endgame("NNBBPP", "NQPP", kind="constructed"),
)
WERERA_SETS = (
    Endgame("RRN", "NBPP", werera=True, kind="werera"),
    Endgame("NQP", "NBP", werera=True, kind="werera"),
    Endgame("NNBP", "RPP", werera=True, kind="werera"),
    Endgame("BBQP", "NPP", werera=True, kind="werera"),
    Endgame("NNPP", "BQPP", werera=True, kind="werera"),
)


def _distance(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def _near(rng: random.Random, empty: set[int], centre: int, reach: int, rows: range) -> int | None:
    """A random empty square within `reach` of `centre` (or anywhere, a third of the time) on `rows`."""
    squares = sorted(sq for sq in empty if sq // 8 in rows)
    close = [sq for sq in squares if _distance(sq, centre) <= reach]
    pool = close if close and rng.random() < 0.67 else squares
    return rng.choice(pool) if pool else None


def constructed_fen(spec: Endgame, rng: random.Random) -> str | None:
    """A random legal position with the attacker to move (or a werera round), or None if the draw failed."""
    attacker = rng.choice((WHITE, BLACK))
    defender = attacker ^ 1
    board: dict[int, Piece] = {}
    edges = [sq for sq in range(64) if sq % 8 in (0, 7) or sq // 8 in (0, 7)]
    their_king = rng.choice(edges) if rng.random() < 0.6 else rng.randrange(64)
    board[their_king] = Piece(defender, KIND_OF_LETTER["K"])
    empty = set(range(64)) - {their_king}
    our_king = _near(rng, {sq for sq in empty if _distance(sq, their_king) >= 2}, their_king, 3, range(8))
    if our_king is None:
        return None
    board[our_king] = Piece(attacker, KIND_OF_LETTER["K"])
    empty.discard(our_king)
    last = 7 if attacker == WHITE else 0
    step_rank = 6 if attacker == WHITE else 1
    for side, letters, king in ((attacker, spec.attacker, their_king), (defender, spec.defender, their_king)):
        promoted = False
        for letter in letters:
            kind = KIND_OF_LETTER[letter]
            if kind == MEDEQ and side == attacker and spec.promote and not promoted:
                rows = range(last, last + 1) if spec.promote == "waiting" else range(step_rank, step_rank + 1)
                promoted = True
            elif kind == MEDEQ:
                rows = range(1, 7)  # never on a first rank; a waiting medeq only when asked for
            else:
                rows = range(8)
            sq = _near(rng, empty, king, 3 if side == attacker else 2, rows)
            if sq is None:
                return None
            board[sq] = Piece(side, kind)
            empty.discard(sq)
    if spec.hanging and not _put_en_prise(board, attacker, rng):
        return None
    counts = [0, 0]
    for side, span in ((attacker, spec.count), (defender, spec.defender_count)):
        pieces = sum(1 for piece in board.values() if piece.colour == side and piece.letter.upper() in "QRBN")
        if pieces == 1 and not spec.werera:
            counts[side] = rng.randint(*span)
    placement = _placement(board)
    if spec.werera:
        fen = f"{placement} - - {rng.randint(4, 20)} 0 1 {counts[WHITE]}/{counts[BLACK]}"
    else:
        fen = f"{placement} {'wb'[attacker]} - - 0 30 {counts[WHITE]}/{counts[BLACK]}"
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return None
    if position.turn is not None and (
        position.is_check(position.turn ^ 1) or status(position)[0] is not None
    ):
        return None
    return position.fen()


def _put_en_prise(board: dict[int, Piece], attacker: int, rng: random.Random) -> bool:
    """Moves the defender's one piece onto a square an attacking piece attacks."""
    defender_pieces = [sq for sq, p in board.items() if p.colour != attacker and p.letter.upper() in "QRBN"]
    if len(defender_pieces) != 1:
        return False
    piece = board.pop(defender_pieces[0])
    probe = Position(parse_fen(_placement(board) + " - - 1"))  # only to see attacks: checks do not matter
    targets = [
        sq for sq in range(64) if sq not in board and probe.attackers(attacker, sq) & ~probe.by_kind[MEDEQ]
    ]
    if not targets:
        return False
    board[rng.choice(targets)] = piece
    return True


def _placement(board: dict[int, Piece]) -> str:
    rows = []
    for rank in range(7, -1, -1):
        row, gap = "", 0
        for file in range(8):
            piece = board.get(rank * 8 + file)
            if piece is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + piece.letter
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def constructed_job(
    seed: int, spec_index: int, batch: int, specs: tuple[Endgame, ...], material_only: bool = False
) -> list[Found]:
    spec = specs[spec_index]
    rng = random.Random(f"{spec.name} {seed} {batch}")
    found = []
    for index in range(batch * POSITIONS_PER_BATCH, (batch + 1) * POSITIONS_PER_BATCH):
        fen = constructed_fen(spec, rng)
        if fen is None:
            continue
        source = f"{spec.name} seed {seed} #{index}"
        if material_only:
            puzzle = material_puzzle(fen, source)
        else:
            puzzle = werera_puzzle(fen, source) if spec.werera else mate_puzzle(fen, source)
        if puzzle is not None:
            found.append(puzzle)
    return found


# --- deep mates ---

#: Deep mates are mates in DEEP_LEAST to DEEP_MOST moves (two-fil mates in any number up to TWO_FIL_MOST).
DEEP_LEAST = 3
DEEP_MOST = 5
TWO_FIL_MOST = 3
#: Attacking nodes for a deep look: one step of a climb (checks only), the first look at a candidate
#: (checks only), its unique line (full width), and its proof, which bounds what the validator spends on it.
CLIMB_NODES = 4_000
DEEP_FIND_NODES = 20_000
DEEP_LINE_NODES = 60_000
DEEP_PROOF_NODES = 30_000
#: Climbs in one job (climbs towards a two-fil mate in one are cheaper), and the men moved in each.
CLIMBS_PER_JOB = 8
TWO_FIL_CLIMBS_PER_JOB = 20
CLIMB_STEPS = 1000
#: Random positions tried for the start of a climb (it must hold a mate already).
CLIMB_STARTS = 200
#: The sources of deep puzzles begin with this: `generate_puzzles --deep` keeps every other puzzle as it is.
DEEP_KIND = "deep"

#: Material for deep mates: the attacker strong enough to mate by a long series of checks, the defender
#: with a piece or two so that it is no bare king (R7.3), sometimes a lone one with its count (R7.4). The
#: minor pieces give the unique mates in four and five (and have fewer moves to refute); ders give many
#: mates, but most are shared or quicker by a quiet move.
DEEP_SETS = (
    Endgame("NNBQ", "NP", kind=DEEP_KIND),
    Endgame("NNBP", "BP", kind=DEEP_KIND),
    Endgame("RRN", "NP", kind=DEEP_KIND),
    Endgame("NNBQ", "BP", kind=DEEP_KIND),
    Endgame("NBBQP", "NP", kind=DEEP_KIND),
    Endgame("NNQP", "BP", kind=DEEP_KIND),
    Endgame("RNN", "BP", kind=DEEP_KIND),
    Endgame("NNBB", "NP", kind=DEEP_KIND),
    Endgame("NNBQP", "BP", kind=DEEP_KIND),
    Endgame("RNB", "NP", kind=DEEP_KIND),
)
#: Material for two-fil mates (R10: by two fils, applauded): both fils, and men to close the last squares.
TWO_FIL_SETS = (
    Endgame("BBQ", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBN", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBQP", "NP", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBR", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBNP", "BP", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBQN", "RP", kind=f"{DEEP_KIND} two-fil"),
)


def deep_puzzle(fen: str, source: str, least: int = DEEP_LEAST, most: int = DEEP_MOST) -> Found | None:
    """A mate puzzle in `least` to `most` moves with a unique line, looked for with the larger budgets of
    deep mates; the last mate is the finest by Plowden's grades. A quiet mate quicker than the mate by
    checks is taken instead, if it is still long enough."""
    position = Position.from_fen(fen)
    if status(position)[0] is not None:
        return None
    try:
        distance = MateSearch(max_nodes=DEEP_FIND_NODES, checks_only=True).distance(position, most)
        if distance is None or distance < least:
            return None
        search = MateSearch(max_nodes=DEEP_LINE_NODES)
        quicker = search.distance(position, distance - 1) if distance > 1 else None
        distance = quicker or distance
        if distance < least:
            return None
        line = _unique_line(search, position, distance, graded=True)
    except SearchLimitError:
        return None
    return _proved(fen, line, source, DEEP_PROOF_NODES)


def _deep_score(fen: str, most: int) -> tuple[int, int] | None:
    """How far a climb has come: the mate by checks (its length, 0 for none, and 1 if one move alone
    starts it), or None for a position no game reaches or one too costly to look at."""
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return None
    if position.is_check(position.turn ^ 1) or status(position)[0] is not None:
        return None
    search = MateSearch(max_nodes=CLIMB_NODES, checks_only=True)
    try:
        distance = search.distance(position, most)
        if distance is None:
            return 0, 0
        return distance, int(len(search.mating_moves(position, distance, limit=2)) == 1)
    except SearchLimitError:
        return None


def _two_fil_score(fen: str, most: int) -> tuple[int, int] | None:
    """A climb towards a two-fil mate in one: 3 when the one mate in one is by two fils, 2 when some mate
    in one is, 1 for any mate in one, 0 for none (None as for `_deep_score`)."""
    del most
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return None
    if position.is_check(position.turn ^ 1) or status(position)[0] is not None:
        return None
    mates = MateSearch(max_nodes=CLIMB_NODES).mating_moves(position, 1)
    if not mates:
        return 0, 0
    if not any(mate_grade(position, move) == 1 for move in mates):
        return 1, 0
    return (3 if len(mates) == 1 else 2), 0


def _relocated(fen: str, rng: random.Random) -> str:
    """The position with one man (either side's, negus included) moved to another empty square, most often
    one near the defending negus; a medeq never onto a first or last rank."""
    position = Position.from_fen(fen)
    board = {sq: piece for sq in range(64) if (piece := position.piece_at(sq)) is not None}
    square = rng.choice(sorted(board))
    piece = board.pop(square)
    assert position.turn is not None
    target = position.negus[position.turn ^ 1]
    empty = {sq for sq in range(64) if sq not in board and (piece.kind != MEDEQ or 1 <= sq // 8 <= 6)}
    new = _near(rng, empty, target, 2, range(8))
    board[square if new is None else new] = piece
    return " ".join([_placement(board), *fen.split()[1:]])


def climb(
    spec: Endgame,
    rng: random.Random,
    score: Callable[[str, int], tuple[int, int] | None],
    most: int,
    top: tuple[int, int],
) -> str | None:
    """A constructed position improved one moved man at a time: a move is kept when the score is no worse
    (so the climb also wanders along a level), and the best position met is returned once the score
    reaches `top`, or after CLIMB_STEPS moves; None if no start was found (one with a mate, for a climb
    towards a deep mate)."""
    fen, current = None, (0, 0)
    for _ in range(CLIMB_STARTS):
        start = constructed_fen(spec, rng)
        value = score(start, most) if start is not None else None
        if start is not None and value is not None and (value[0] > 0 or score is _two_fil_score):
            fen, current = start, value
            break
    if fen is None:
        return None
    best, best_value = fen, current
    for _ in range(CLIMB_STEPS):
        if best_value >= top:
            break
        moved = _relocated(fen, rng)
        value = score(moved, most)
        if value is None or value < current:
            continue
        fen, current = moved, value
        if current > best_value:
            best, best_value = fen, current
    return best


def deep_job(seed: int, spec_index: int, batch: int, two_fil: bool = False) -> list[Found]:
    """The puzzles of one batch of climbs (`climbed_puzzle`) on one material set."""
    climbs = TWO_FIL_CLIMBS_PER_JOB if two_fil else CLIMBS_PER_JOB
    found = []
    for index in range(batch * climbs, (batch + 1) * climbs):
        puzzle = climbed_puzzle(seed, spec_index, index, two_fil)
        if puzzle is not None:
            found.append(puzzle)
    return found


def climbed_puzzle(seed: int, spec_index: int, index: int, two_fil: bool = False) -> Found | None:
    """A deep mate (or a two-fil mate) from one climb, seeded by itself: the climb starts from a constructed
    position with a mate and moves men until the mate by checks is as long as wanted and begins with one
    move only (or until the one mate in one is by two fils); then the puzzle is looked for and proved."""
    spec = (TWO_FIL_SETS if two_fil else DEEP_SETS)[spec_index]
    rng = random.Random(f"{spec.name} {seed} climb {index}")
    source = f"{spec.name} seed {seed} climb {index}"
    if not two_fil:
        fen = climb(spec, rng, _deep_score, DEEP_MOST, (DEEP_MOST, 1))
        return deep_puzzle(fen, source) if fen else None
    fen = climb(spec, rng, _two_fil_score, TWO_FIL_MOST, (3, 0))
    puzzle = deep_puzzle(fen, source, 1, TWO_FIL_MOST) if fen else None
    if puzzle is None or "twoFilMate" not in themes(Puzzle.of(puzzle.fen, puzzle.moves)):
        return None
    return puzzle


def selfplay_deep_job(seed: int, game: int) -> list[Found]:
    """Deep mates from the positions of one self-play game, looked for with the deep budgets."""
    found: list[Found] = []
    covered: set[str] = set()
    for fen, source in selfplay_positions(seed, game):
        if len(found) >= PUZZLES_PER_GAME:
            break
        if fen.split()[1] == "-" or position_key(fen) in covered:
            continue
        puzzle = deep_puzzle(fen, f"{DEEP_KIND} {source}")
        if puzzle is not None:
            found.append(puzzle)
            covered.update(position_key(p.fen()) for p in Puzzle.of(puzzle.fen, puzzle.moves).positions)
    return found


# --- rating and selection ---


def initial_rating(puzzle: Puzzle, nodes: int, tries: int, tags: list[str]) -> int:
    """The formula of the module's docstring."""
    solver_moves = len(puzzle.solver_steps)
    quiet = "quietMove" in tags
    rare = any(tag in SENTEREJ_THEMES for tag in tags)
    rating = (
        500
        + 420 * (solver_moves - 1)
        + 130 * math.log2(1 + tries)
        + 110 * math.log10(1 + nodes)
        + 150 * quiet
        + 60 * rare
    )
    return round(min(2400, max(600, rating)))


@dataclass(frozen=True)
class Tagged:
    found: Found
    themes: list[str]
    rating: int


def tag(found: Found) -> Tagged:
    puzzle = Puzzle.of(found.fen, found.moves)
    tags = themes(puzzle)
    return Tagged(found, tags, initial_rating(puzzle, found.nodes, found.tries, tags))


#: Balance (the share of the fixture a theme may hold at most).
MAX_SHARE = 0.4
MAX_SHARE_OF = {"mateIn1": 0.25}


def select(candidates: list[Tagged], target: int) -> list[Tagged]:
    """Up to `target` puzzles with no theme over its share, preferring the Senterej themes and then rarer
    themes; duplicates (the same position) are dropped."""
    unique: dict[str, Tagged] = {}
    for candidate in candidates:
        if reachable(candidate.found.fen):
            unique.setdefault(position_key(candidate.found.fen), candidate)
    pool = list(unique.values())
    frequency: dict[str, int] = {}
    for candidate in pool:
        for theme in candidate.themes:
            frequency[theme] = frequency.get(theme, 0) + 1

    def priority(candidate: Tagged) -> tuple[int, float, str]:
        rare = any(t in SENTEREJ_THEMES for t in candidate.themes)
        rarity = min((frequency[t] for t in candidate.themes), default=len(pool))
        return (0 if rare else 1, rarity, candidate.found.source)

    pool.sort(key=priority)
    # the largest size whose shares can all be kept, looked for from the top: rounding makes a size fail
    # where a larger one works, so the sizes are not bisected
    for size in range(min(target, len(pool)), 0, -1):
        chosen = _fill(pool, size)
        if len(chosen) >= size:
            return chosen
    return []


def _fill(pool: list[Tagged], size: int, kept: list[list[str]] | None = None) -> list[Tagged]:
    """The first `size` candidates of the pool that keep every share of the whole: the `kept` puzzles'
    themes (a fixture being extended) and the chosen ones."""
    kept = kept or []
    counts: dict[str, int] = {}
    for tags in kept:
        for t in tags:
            counts[t] = counts.get(t, 0) + 1
    whole = size + len(kept)
    chosen = []
    for candidate in pool:
        if len(chosen) >= size:
            break
        if all(counts.get(t, 0) + 1 <= MAX_SHARE_OF.get(t, MAX_SHARE) * whole for t in candidate.themes):
            chosen.append(candidate)
            for t in candidate.themes:
                counts[t] = counts.get(t, 0) + 1
    return chosen


#: What the deep puzzles are for: at least this many of each theme in the whole fixture.
DEEP_GOALS = {"mateIn5": 15, "mateIn4": 25, "twoFilMate": 8}
#: The order in which deep candidates are taken, and how many new ones of each are taken first: the longest
#: mates, the two-fil mates, then the mates in three (each a few more than the goal asks for); the rest of
#: each kind only after them.
DEEP_WANTED = {"mateIn5": 18, "mateIn4": 30, "twoFilMate": 12, "mateIn3": 100}


def select_more(kept: list[tuple[str, list[str]]], candidates: list[Tagged], target: int) -> list[Tagged]:
    """Up to `target` puzzles to add to the `kept` ones (each its FEN and themes) with no theme over its
    share of the whole: new positions only, taken in the order of DEEP_WANTED (the Senterej themes first,
    then the quicker proofs, which the validator makes again, then by source), each kind up to its number
    there, then the others in the same order."""
    known = {position_key(fen) for fen, _ in kept}
    unique: dict[str, Tagged] = {}
    for candidate in candidates:
        key = position_key(candidate.found.fen)
        if key not in known and reachable(candidate.found.fen):
            unique.setdefault(key, candidate)
    wanted = list(DEEP_WANTED)

    def kind(candidate: Tagged) -> int:
        return min((wanted.index(t) for t in candidate.themes if t in wanted), default=len(wanted))

    def priority(candidate: Tagged) -> tuple[int, int, int, str]:
        rare = any(t in SENTEREJ_THEMES for t in candidate.themes)
        return kind(candidate), 0 if rare else 1, candidate.found.nodes, candidate.found.source

    first: list[Tagged] = []
    later: list[Tagged] = []
    taken = dict.fromkeys(range(len(wanted) + 1), 0)
    for candidate in sorted(unique.values(), key=priority):
        number = kind(candidate)
        taken[number] += 1
        within = number < len(wanted) and taken[number] <= DEEP_WANTED[wanted[number]]
        (first if within else later).append(candidate)
    pool = first + later
    themes_kept = [tags for _, tags in kept]
    for size in range(min(target, len(pool)), 0, -1):
        chosen = _fill(pool, size, themes_kept)
        if len(chosen) >= size:
            return chosen
    return []


def goals_met(kept: list[tuple[str, list[str]]], chosen: list[Tagged]) -> bool:
    """Whether the kept puzzles and the chosen ones together have every theme of DEEP_GOALS often enough."""
    counts: dict[str, int] = {}
    for tags in [tags for _, tags in kept] + [t.themes for t in chosen]:
        for t in tags:
            counts[t] = counts.get(t, 0) + 1
    return all(counts.get(theme, 0) >= least for theme, least in DEEP_GOALS.items())


# --- jobs ---

SETS = {"endgame": ENDGAMES, "rules": RULE_ENDGAMES, "crowded": CROWDED, "werera": WERERA_SETS}
GAMES_PER_ROUND = 2


def jobs(seed: int) -> Iterator[tuple[str, int, int]]:
    """The endless, fixed order of jobs. Each round plays two self-play games and draws batches of
    constructed positions, the material sets taken in turn; crowded positions, the best source of mates in
    two and more, twice as often, and the material puzzles (plentiful) every other round."""
    for round_number in count():
        for game in range(GAMES_PER_ROUND):
            yield ("selfplay", round_number * GAMES_PER_ROUND + game, 0)
        yield ("endgame", round_number % len(ENDGAMES), round_number // len(ENDGAMES))
        yield ("rules", round_number % len(RULE_ENDGAMES), round_number // len(RULE_ENDGAMES))
        for batch in (2 * round_number, 2 * round_number + 1):
            yield ("crowded", batch % len(CROWDED), batch // len(CROWDED))
        yield ("werera", round_number % len(WERERA_SETS), round_number // len(WERERA_SETS))
        if round_number % 2 == 0:
            half = round_number // 2
            yield ("selfplay-material", half, 0)
            yield ("crowded-material", half % len(CROWDED), half // len(CROWDED))


def deep_jobs(seed: int) -> Iterator[tuple[str, int, int]]:
    """The endless, fixed order of the deep jobs (`generate_puzzles --deep`): each round climbs two batches
    of deep mates and one of two-fil mates, and looks through one self-play game with the deep budgets."""
    for round_number in count():
        for batch in (2 * round_number, 2 * round_number + 1):
            yield ("deep", batch % len(DEEP_SETS), batch // len(DEEP_SETS))
        yield ("two-fil", round_number % len(TWO_FIL_SETS), round_number // len(TWO_FIL_SETS))
        yield ("selfplay-deep", round_number, 0)


def job_name(seed: int, job: tuple[str, int, int]) -> str:
    kind, first, second = job
    return f"{kind} {seed} {first} {second}"


def run_job(seed: int, job: tuple[str, int, int]) -> list[Found]:
    kind, first, second = job
    if kind == "selfplay":
        return selfplay_job(seed, first)
    if kind == "selfplay-material":
        return selfplay_job(seed, first, material_only=True)
    if kind == "deep":
        return deep_job(seed, first, second)
    if kind == "two-fil":
        return deep_job(seed, first, second, two_fil=True)
    if kind == "selfplay-deep":
        return selfplay_deep_job(seed, first)
    if kind == "crowded-material":
        return constructed_job(seed, first, second, CROWDED, material_only=True)
    return constructed_job(seed, first, second, SETS[kind])
