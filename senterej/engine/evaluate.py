"""A static evaluation that knows Senterej: centipawns from White's side.

Beyond material and placement it weighs what the rules make different from chess. The fers and fil are weak,
so a der or feres counts for far more. A medeq is worth more near its last rank only while its side has a lost
kind to become (R3). And a side that is ahead can win only by mate: taking the last enemy piece draws (R7.3),
a lone piece draws after seven counted moves (R7.4) and 140 quiet moves draw (R8.2), so an advantage shrinks
as the weaker side runs out of pieces, runs its count or the quiet moves pile up. The search scores the draws
themselves; this file only makes it see them coming.

The rules are symmetric under a half turn of the board with the colours swapped (the negus stands on e1 and
d8, R1.3, and castles to g1 and b8, R6.1), so each table is written for White and turned for Black.
"""

from functools import lru_cache

from .fen import COUNT_LIMIT, SEVENTY_MOVES
from .pieces import BLACK, DER, FERES, FERS, FIL, MEDEQ, PIECE_KINDS, START_COUNT, VALUE, WHITE
from .position import Position
from .squares import (
    ALL,
    FERES_ATTACKS,
    FERS_ATTACKS,
    FIL_ATTACKS,
    NEGUS_ATTACKS,
    RANK_1,
    RANK_8,
    der_attacks,
)

#: The pieces' worth when a side has all of them; the game phase runs from this down to no pieces at all.
LOST_BY_VALUE = (DER, FERES, FERS, FIL)
FULL_PIECES = VALUE[FERS] + 2 * (VALUE[DER] + VALUE[FIL] + VALUE[FERES])


def _table(rows: str) -> list[int]:
    """A table written as a board seen by White (rank 8 on the first line) into a list indexed a1 = 0."""
    ranks = [[int(value) for value in line.split()] for line in rows.strip().splitlines()]
    return [value for rank in reversed(ranks) for value in rank]


_FERES = _table("""
    -30 -15 -10 -10 -10 -10 -15 -30
    -15   0   5   5   5   5   0 -15
    -10   5  15  20  20  15   5 -10
    -10   5  20  25  25  20   5 -10
    -10   5  15  20  20  15   5 -10
    -10   0  10  10  10  10   0 -10
    -15  -5   0   5   5   0  -5 -15
    -30 -20 -10 -10 -10 -10 -20 -30
""")
_FIL = _table("""
     -5   0   0   0   0   0   0  -5
      0   5   5   5   5   5   5   0
      0   5  10  10  10  10   5   0
      0   5  10  15  15  10   5   0
      0   5  10  15  15  10   5   0
      0   5  10  10  10  10   5   0
      0   0   5   5   5   5   0   0
    -10  -5  -5  -5  -5  -5  -5 -10
""")
_FERS = _table("""
      0   0   0   0   0   0   0   0
      0   5   5   5   5   5   5   0
      0   5  10  10  10  10   5   0
      0   5  10  15  15  10   5   0
      0   5  10  15  15  10   5   0
      0   5  10  10  10  10   5   0
      0   0   5   5   5   5   0   0
     -5  -5  -5   0   0  -5  -5  -5
""")
_DER = _table("""
      5   5   5   5   5   5   5   5
     15  20  20  20  20  20  20  15
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0   0   0
      0   0   0   0   0   0   0   0
     -5   0   5  10  10   5   0  -5
""")
#: Advancement; the last rank (a waiting medeq) is valued apart, by what it may still become.
_MEDEQ = _table("""
      0   0   0   0   0   0   0   0
     45  50  55  60  60  55  50  45
     25  30  35  40  40  35  30  25
     10  15  20  30  30  20  15  10
      5   5  15  25  25  15   5   5
      0   0   5  10  10   5   0   0
      0   0   0 -10 -10   0   0   0
      0   0   0   0   0   0   0   0
""")
#: The negus hides while pieces are about (castled on g1 is best), and walks to the centre when they are gone.
_NEGUS_MIDDLE = _table("""
    -40 -40 -40 -40 -40 -40 -40 -40
    -40 -40 -40 -40 -40 -40 -40 -40
    -40 -40 -40 -40 -40 -40 -40 -40
    -40 -40 -40 -40 -40 -40 -40 -40
    -30 -30 -30 -35 -35 -30 -30 -30
    -20 -20 -25 -25 -25 -25 -20 -20
     -5  -5 -10 -15 -15 -10   0   0
      0   5   0 -10  -5   0  20  15
""")
_NEGUS_END = _table("""
    -30 -20 -15 -10 -10 -15 -20 -30
    -20  -5   0   5   5   0  -5 -20
    -15   0  10  15  15  10   0 -15
    -10   5  15  20  20  15   5 -10
    -10   5  15  20  20  15   5 -10
    -15   0  10  15  15  10   0 -15
    -20  -5   0   5   5   0  -5 -20
    -30 -20 -15 -10 -10 -15 -20 -30
""")


def _signed(white_table: list[int], value: int) -> tuple[list[int], list[int]]:
    """Value plus placement for a White man, and the same turned half round and negated for a Black one."""
    return [value + v for v in white_table], [-(value + white_table[63 - sq]) for sq in range(64)]


#: PLACED[code][sq]: material and placement of the piece `code` (kind | colour << 3) standing on sq.
PLACED: list[list[int]] = [[0] * 64 for _ in range(16)]
for _kind, _white_table in ((FERES, _FERES), (FIL, _FIL), (FERS, _FERS), (DER, _DER)):
    PLACED[_kind], PLACED[_kind | BLACK << 3] = _signed(_white_table, VALUE[_kind])
NEGUS_MIDDLE = _signed(_NEGUS_MIDDLE, 0)
NEGUS_END = _signed(_NEGUS_END, 0)

#: The leapers' attacks by square; the der's depend on the board (`der_attacks`).
ATTACKS = {FERES: FERES_ATTACKS, FIL: FIL_ATTACKS, FERS: FERS_ATTACKS}
#: Safe squares a piece reaches, per square: a little for the leapers, more for the der on open lines.
MOBILITY = {FERES: 4, FIL: 3, FERS: 3, DER: 3}
#: Attacks on the squares around the enemy negus: mate is the only way to win, so pressure there counts.
KING_PRESSURE = {FERES: 12, FIL: 8, FERS: 10, DER: 14, MEDEQ: 6}
PROMOTION_SHARE = (0.0, 0.0, 0.0, 0.05, 0.1, 0.2, 0.35)  # of the best lost kind's value, by ranks advanced
WAITING_SHARE = 0.8  # a waiting medeq becomes the lost kind in place with one move (R3.4)
WAITING_STUCK = 40  # a waiting medeq with nothing to become has no moves at all (R3.3)
DOUBLED = 15
ISOLATED = 12
PASSED = (0, 5, 10, 20, 35, 55, 80)
CASTLING_RIGHT = 20
#: The share of an advantage kept against two and against three enemy pieces (a lone one is worse still).
FEW_PIECES_SHARE = {2: (7, 10), 3: (9, 10)}
QUIET_FROM = 60  # quiet moves (R8.2) from which an advantage starts to fade
FILES = [0x0101010101010101 << f for f in range(8)]
NOT_A_FILE, NOT_H_FILE = ~FILES[0] & ALL, ~FILES[7] & ALL
ADJACENT_FILES = [(FILES[f - 1] if f else 0) | (FILES[f + 1] if f < 7 else 0) for f in range(8)]


def _ahead(colour: int, sq: int) -> int:
    """The squares in front of sq (towards the last rank of `colour`) on its file and the two beside it."""
    rank, file = sq // 8, sq % 8
    ranks = range(rank + 1, 8) if colour == WHITE else range(rank)
    span = FILES[file] | ADJACENT_FILES[file]
    return sum(1 << (r * 8) for r in ranks) * 0xFF & span


#: PASSED_MASK[colour][sq]: where an enemy medeq would stop a medeq of `colour` on sq from being passed.
PASSED_MASK = [[_ahead(colour, sq) for sq in range(64)] for colour in (WHITE, BLACK)]


def evaluate(position: Position) -> int:
    """Centipawns from White's side, for any position (the werera too); the results themselves (mate, bare
    king, the count run out) are the search's to judge."""
    by_colour, by_kind = position.by_colour, position.by_kind
    occupied = by_colour[WHITE] | by_colour[BLACK]
    negus = position.negus
    white_medeqs, black_medeqs = by_kind[MEDEQ] & by_colour[WHITE], by_kind[MEDEQ] & by_colour[BLACK]
    medeq_guard = (
        (white_medeqs & NOT_A_FILE) << 7 | (white_medeqs & NOT_H_FILE) << 9,
        (black_medeqs & NOT_A_FILE) >> 9 | (black_medeqs & NOT_H_FILE) >> 7,
    )
    score = _medeqs(white_medeqs, black_medeqs, _best_lost(position, WHITE), _best_lost(position, BLACK))
    pieces_worth = 0
    for colour in (WHITE, BLACK):
        own = by_colour[colour]
        zone = NEGUS_ATTACKS[negus[colour ^ 1]]
        # a square an enemy medeq guards is no place for a piece, so it does not count as mobility
        free = ~own & ~medeq_guard[colour ^ 1]
        side = KING_PRESSURE[MEDEQ] * (medeq_guard[colour] & zone).bit_count()
        for kind in PIECE_KINDS:
            bb = own & by_kind[kind]
            if not bb:
                continue
            placed = PLACED[kind | colour << 3]
            table = ATTACKS.get(kind)
            reach = pressure = 0
            while bb:
                low = bb & -bb
                bb ^= low
                sq = low.bit_length() - 1
                score += placed[sq]
                attacks = table[sq] if table is not None else der_attacks(sq, occupied)
                reach += (attacks & free).bit_count()
                pressure += (attacks & zone).bit_count()
                pieces_worth += VALUE[kind]
            side += MOBILITY[kind] * reach + KING_PRESSURE[kind] * pressure
        score += side if colour == WHITE else -side
    phase = min(pieces_worth, FULL_PIECES)
    middle = NEGUS_MIDDLE[WHITE][negus[WHITE]] + NEGUS_MIDDLE[BLACK][negus[BLACK]]
    end = NEGUS_END[WHITE][negus[WHITE]] + NEGUS_END[BLACK][negus[BLACK]]
    score += _part(middle, phase, FULL_PIECES) + _part(end, FULL_PIECES - phase, FULL_PIECES)
    if position.werera is not None:
        score += CASTLING_RIGHT * ((position.castling & 1) - (position.castling >> 1 & 1))
    return _weighed_against_the_draws(position, score)


def _part(value: int, numerator: int, denominator: int) -> int:
    """value * numerator / denominator rounded towards zero, so that White and Black are treated alike."""
    part = abs(value) * numerator // denominator
    return part if value >= 0 else -part


def _best_lost(position: Position, colour: int) -> int:
    """The value of the best kind a medeq of `colour` could promote to (R3.1), 0 if it has lost none."""
    own, by_kind = position.by_colour[colour], position.by_kind
    for kind in LOST_BY_VALUE:
        if (own & by_kind[kind]).bit_count() < START_COUNT[kind]:
            return VALUE[kind]
    return 0


@lru_cache(maxsize=1 << 16)
def _medeqs(white: int, black: int, white_best_lost: int, black_best_lost: int) -> int:
    """Material, advancement, structure and promotion of the medeqs, from White's view. Cached: the medeqs
    change far less often than the other men during a search."""
    return _side_medeqs(WHITE, white, black, white_best_lost) - _side_medeqs(
        BLACK, black, white, black_best_lost
    )


def _side_medeqs(colour: int, own: int, enemy: int, best_lost: int) -> int:
    last_rank = RANK_8 if colour == WHITE else RANK_1
    score = 0
    bb = own
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        if low & last_rank:
            score += int(WAITING_SHARE * best_lost) if best_lost else WAITING_STUCK
            continue
        advanced = sq // 8 if colour == WHITE else 7 - sq // 8
        score += VALUE[MEDEQ] + _MEDEQ[sq if colour == WHITE else 63 - sq]
        score += int(PROMOTION_SHARE[advanced] * best_lost)
        if not PASSED_MASK[colour][sq] & enemy:
            score += PASSED[advanced] if best_lost else PASSED[advanced] // 2
    for file in range(8):
        on_file = (own & FILES[file]).bit_count()
        if on_file:
            score -= DOUBLED * (on_file - 1)
            if not own & ADJACENT_FILES[file]:
                score -= ISOLATED * on_file
    return score


def _weighed_against_the_draws(position: Position, score: int) -> int:
    """Shrinks an advantage the rules are about to make worthless (R7.3, R7.4, R8.2); see the module's doc."""
    if score == 0:
        return 0
    strong = WHITE if score > 0 else BLACK
    weak = strong ^ 1
    weak_pieces = position.piece_count(weak)
    if weak_pieces == 0:
        return 0
    if weak_pieces == 1:
        # a lone piece draws by running its count unless mated first: only a fast mate wins now, so
        # material hardly matters any more; driving the negus to the edge does
        left = COUNT_LIMIT - position.counting[weak]
        score = _part(score, 1 + left, 64) + (
            _mop_up(position, strong) if strong == WHITE else -_mop_up(position, strong)
        )
    elif weak_pieces in FEW_PIECES_SHARE:
        # fewer pieces are fewer exchanges away from a lone piece: the side ahead keeps them on the board
        score = _part(score, *FEW_PIECES_SHARE[weak_pieces])
    if position.piece_count(strong) == 1:
        # the stronger side's own last piece may make only six counted moves, and taking it draws
        score = _part(score, 3 + COUNT_LIMIT - position.counting[strong], 20)
    quiet = position.halfmove - QUIET_FROM
    if quiet > 0:
        score = _part(score, SEVENTY_MOVES - position.halfmove, SEVENTY_MOVES - QUIET_FROM)
    return score


def _mop_up(position: Position, strong: int) -> int:
    """Drives the weak negus to the edge and the strong negus near it, to mate before the count runs out."""
    weak_sq, strong_sq = position.negus[strong ^ 1], position.negus[strong]
    edge = 3 - min(weak_sq % 8, 7 - weak_sq % 8, weak_sq // 8, 7 - weak_sq // 8)
    distance = abs(weak_sq % 8 - strong_sq % 8) + abs(weak_sq // 8 - strong_sq // 8)
    return 12 * edge + 4 * (14 - distance)
