"""Constructed positions: the men of a material set placed at random (seeded) around the two neguses, with
the rules of Senterej built in (a medeq about to promote, a last piece en prise, a count near its end)."""

import random
from dataclasses import dataclass

from senterej.engine.fen import parse_fen
from senterej.engine.pieces import BLACK, KIND_OF_LETTER, MEDEQ, WHITE, Piece
from senterej.engine.position import Position
from senterej.engine.proofs import status
from trainer.generate.finders import Found, mate_puzzle, material_puzzle
from trainer.generate.ideas import has_idea

POSITIONS_PER_BATCH = 200


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


def _distance(a: int, b: int) -> int:
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def square_near(rng: random.Random, empty: set[int], centre: int, reach: int, rows: range) -> int | None:
    """A random empty square within `reach` of `centre` (or anywhere, a third of the time) on `rows`."""
    squares = sorted(sq for sq in empty if sq // 8 in rows)
    close = [sq for sq in squares if _distance(sq, centre) <= reach]
    pool = close if close and rng.random() < 0.67 else squares
    return rng.choice(pool) if pool else None


def constructed_fen(spec: Endgame, rng: random.Random) -> str | None:
    """A random legal position with the attacker to move, or None if the draw failed."""
    attacker = rng.choice((WHITE, BLACK))
    defender = attacker ^ 1
    board: dict[int, Piece] = {}
    edges = [sq for sq in range(64) if sq % 8 in (0, 7) or sq // 8 in (0, 7)]
    their_king = rng.choice(edges) if rng.random() < 0.6 else rng.randrange(64)
    board[their_king] = Piece(defender, KIND_OF_LETTER["K"])
    empty = set(range(64)) - {their_king}
    our_king = square_near(
        rng, {sq for sq in empty if _distance(sq, their_king) >= 2}, their_king, 3, range(8)
    )
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
            sq = square_near(rng, empty, king, 3 if side == attacker else 2, rows)
            if sq is None:
                return None
            board[sq] = Piece(side, kind)
            empty.discard(sq)
    if spec.hanging and not _put_en_prise(board, attacker, rng):
        return None
    counts = [0, 0]
    for side, span in ((attacker, spec.count), (defender, spec.defender_count)):
        pieces = sum(1 for piece in board.values() if piece.colour == side and piece.letter.upper() in "QRBN")
        if pieces == 1:
            counts[side] = rng.randint(*span)
    placement = placement_of(board)
    fen = f"{placement} {'wb'[attacker]} - - 0 30 {counts[WHITE]}/{counts[BLACK]}"
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return None
    if status(position)[0] is not None:
        return None
    return position.fen()


def _put_en_prise(board: dict[int, Piece], attacker: int, rng: random.Random) -> bool:
    """Moves the defender's one piece onto a square an attacking piece attacks."""
    defender_pieces = [sq for sq, p in board.items() if p.colour != attacker and p.letter.upper() in "QRBN"]
    if len(defender_pieces) != 1:
        return False
    piece = board.pop(defender_pieces[0])
    probe = Position(parse_fen(placement_of(board) + " - - 1"))  # only to see attacks: checks do not matter
    targets = [
        sq for sq in range(64) if sq not in board and probe.attackers(attacker, sq) & ~probe.by_kind[MEDEQ]
    ]
    if not targets:
        return False
    board[rng.choice(targets)] = piece
    return True


def placement_of(board: dict[int, Piece]) -> str:
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
            puzzle = material_puzzle(fen, source) if has_idea(Position.from_fen(fen)) else None
        else:
            puzzle = mate_puzzle(fen, source)
        if puzzle is not None:
            found.append(puzzle)
    return found
