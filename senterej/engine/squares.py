"""Squares as numbers 0..63 (a1 = 0, h8 = 63), sets of squares as 64-bit integers, and the attack tables
of the Senterej men (R2). Only the der slides, so it is the only man whose attacks depend on the board."""

from .pieces import DER, FERES, FERS, FIL, MEDEQ, NEGUS

FILE_NAMES = "abcdefgh"
RANK_NAMES = "12345678"
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
SQUARE_OF_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

ALL = (1 << 64) - 1
RANK_1 = 0xFF
RANK_8 = 0xFF << 56


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def squares_of(bits: int) -> list[int]:
    """The squares of the set `bits`, a1 first."""
    squares = []
    while bits:
        low = bits & -bits
        bits ^= low
        squares.append(low.bit_length() - 1)
    return squares


def _steps(sq: int, deltas: tuple[tuple[int, int], ...]) -> int:
    file, rank = sq % 8, sq // 8
    bb = 0
    for df, dr in deltas:
        f, r = file + df, rank + dr
        if 0 <= f < 8 and 0 <= r < 8:
            bb |= 1 << (r * 8 + f)
    return bb


_KING_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
_FERS_STEPS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_FIL_STEPS = ((2, 2), (2, -2), (-2, 2), (-2, -2))
_ROOK_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))

NEGUS_ATTACKS = [_steps(sq, _KING_STEPS) for sq in range(64)]  # R2.1
FERES_ATTACKS = [_steps(sq, _KNIGHT_STEPS) for sq in range(64)]  # R2.3
FERS_ATTACKS = [_steps(sq, _FERS_STEPS) for sq in range(64)]  # R2.4
FIL_ATTACKS = [_steps(sq, _FIL_STEPS) for sq in range(64)]  # R2.5: leaps, so nothing blocks it
#: MEDEQ_ATTACKS[colour][sq]: the squares a medeq of that colour on sq attacks (R2.6).
MEDEQ_ATTACKS = [
    [_steps(sq, ((1, 1), (-1, 1))) for sq in range(64)],
    [_steps(sq, ((1, -1), (-1, -1))) for sq in range(64)],
]


def _ray(sq: int, df: int, dr: int, occupied: int) -> int:
    """The squares a der on sq reaches in one direction, up to and including the first occupied square."""
    file, rank = sq % 8, sq // 8
    bb = 0
    f, r = file + df, rank + dr
    while 0 <= f < 8 and 0 <= r < 8:
        b = 1 << (r * 8 + f)
        bb |= b
        if occupied & b:
            break
        f, r = f + df, r + dr
    return bb


def _subsets(mask: int) -> list[int]:
    subsets, subset = [], 0
    while True:
        subsets.append(subset)
        subset = (subset - mask) & mask
        if not subset:
            return subsets


def _line_table(directions: tuple[tuple[int, int], ...]) -> tuple[list[int], list[dict[int, int]]]:
    """For each square: the mask of squares whose occupancy matters along these lines (edges excluded: the
    last square of a ray is reached whether or not it is occupied), and the attacks for each occupancy."""
    masks, tables = [], []
    for sq in range(64):
        full = 0
        for df, dr in directions:
            ray = _ray(sq, df, dr, 0)
            if not ray:
                continue
            edge = 1 << (ray.bit_length() - 1) if df + dr > 0 else ray & -ray
            full |= ray & ~edge
        masks.append(full)
        (df1, dr1), (df2, dr2) = directions
        tables.append({occ: _ray(sq, df1, dr1, occ) | _ray(sq, df2, dr2, occ) for occ in _subsets(full)})
    return masks, tables


RANK_MASKS, RANK_ATTACKS = _line_table(((1, 0), (-1, 0)))
FILE_MASKS, FILE_ATTACKS = _line_table(((0, 1), (0, -1)))

_LEAPS = {FERES: FERES_ATTACKS, FIL: FIL_ATTACKS, FERS: FERS_ATTACKS, NEGUS: NEGUS_ATTACKS}


def der_attacks(sq: int, occupied: int) -> int:
    """R2.2: along ranks and files up to and including the first occupied square."""
    return RANK_ATTACKS[sq][occupied & RANK_MASKS[sq]] | FILE_ATTACKS[sq][occupied & FILE_MASKS[sq]]


def man_attacks(kind: int, colour: int, sq: int, occupied: int) -> int:
    """The squares a man of `kind` and `colour` on `sq` attacks (R2), with `occupied` blocking a der."""
    if kind == DER:
        return der_attacks(sq, occupied)
    if kind == MEDEQ:
        return MEDEQ_ATTACKS[colour][sq]
    return _LEAPS[kind][sq]


def _between(a: int, b: int) -> int:
    for df, dr in _ROOK_DIRECTIONS:
        ray = _ray(a, df, dr, 1 << b)
        if ray & (1 << b):
            return ray & ~(1 << b)
    return 0


#: BETWEEN[a][b]: the squares strictly between a and b when they share a rank or file, else 0. Only a der
#: can be blocked, so only its lines matter.
BETWEEN = [[_between(a, b) for b in range(64)] for a in range(64)]
#: LINE[a][b]: the whole rank or file through a and b (both included) when they share one, else 0.
LINE = [
    [
        (RANK_ATTACKS[a][0] | 1 << a)
        if a // 8 == b // 8 and a != b
        else (FILE_ATTACKS[a][0] | 1 << a)
        if a % 8 == b % 8 and a != b
        else 0
        for b in range(64)
    ]
    for a in range(64)
]
