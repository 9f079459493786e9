"""Turn-based move generation (R2, R3.2) and perft (R9.4) checked against Fairy-Stockfish, an independent
engine, through pyffish.

Fairy-Stockfish is given a Shatranj-like game with Senterej's start position and letters (Q for the fers,
B for the fil) and promotion limited to the start counts, which is R3.1-R3.2. What it cannot model is left
out of the comparison (see `beyond_fairy_stockfish`):
- R3.3: a medeq that reaches its last rank while nothing is lost stays there as a waiting pawn.
  Fairy-Stockfish forbids that step instead (promotion is compulsory there and every kind is at its limit).
- R3.4: a waiting pawn promoting where it stands: Fairy-Stockfish has no move from a square to itself.
- R4-R6: the werera, its rounds of hidden moves and its castling. Only turn-based positions are compared.
Everything else must agree exactly: the moves of every man, check, pins, evasions and promotion to lost kinds.

The positions are fixed: seeded random playouts from the start and from a few endgames, taking every position
along the way, plus hand-made ones (and their colour-flipped twins) for pins, der checks, double checks and
fil, fers, feres and medeq checks.
"""

import random

import pyffish
import pytest

from senterej.engine.fen import COUNT_LIMIT
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.perft import perft
from senterej.engine.pieces import MEDEQ, WHITE
from senterej.engine.position import Position, move_from, move_promotion, move_to
from testing.fairy import VARIANT, fairy_fen, load

START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
ENDGAMES = [
    "r2k4/pppp4/8/8/8/8/4PPPP/4K2R w - - 0 1 0/0",
    "1n1k4/1ppp4/8/8/8/8/4PPP1/4KN2 w - - 0 1 0/0",
    "3k1b2/p4p2/8/8/8/8/P4P2/2B1K3 w - - 0 1 0/0",
    "3kq3/2p3p1/8/8/8/8/1P3P2/3QK3 b - - 0 1 0/0",
    "r2k3r/1p4p1/8/8/8/8/1P4P1/R3K2R w - - 0 1 0/0",
    "2k4r/6P1/1P6/8/8/1p6/6p1/3K1R2 w - - 0 1 0/0",
    "3k4/p1P5/1n6/8/8/2N5/1p3P2/4K3 b - - 0 1 0/0",
]
HAND_MADE = {
    "pinned-feres": "3kr3/8/8/8/8/8/4N3/4K3 w - - 0 1 0/0",
    "pinned-der-slides-along-the-pin": "3kr3/8/8/8/8/8/4R3/4K3 w - - 0 1 0/0",
    "pinned-medeq-steps-along-the-pin": "4r3/3k4/8/8/8/8/4P3/4K3 w - - 0 1 0/0",
    "medeq-pinned-on-a-rank": "3k4/8/8/8/2b5/r2PK3/8/8 w - - 0 1 0/0",
    "der-check-blocked-or-taken": "3k4/8/8/8/8/8/1R6/r3K3 w - - 0 1 0/0",
    "der-check-blocked-by-a-medeq": "3k4/8/8/8/K6r/4P3/8/8 w - - 0 1 0/0",
    "double-check-der-and-feres": "3k4/8/8/8/8/3n4/7R/4K2r w - - 0 1 0/0",
    "double-check-der-and-fil": "3k4/8/8/8/8/2b5/8/R3K2r w - - 0 1 0/0",
    "fil-check-cannot-be-blocked": "3k4/8/8/8/8/2b5/8/1N2K3 w - - 0 1 0/0",
    "fil-checks-over-a-man": "3k4/8/8/8/8/6b1/5N2/4K3 w - - 0 1 0/0",
    "fers-check-negus-takes": "3k4/8/8/8/8/8/3q4/4K3 w - - 0 1 0/0",
    "fers-check-guarded-by-a-fil": "3k4/8/8/8/1b6/8/3q4/4K3 w - - 0 1 0/0",
    "medeq-check": "3k4/8/8/3p4/4K3/8/8/8 w - - 0 1 0/0",
    "feres-check": "3k4/8/8/8/8/5n2/8/4K3 w - - 0 1 0/0",
    "negus-cannot-step-back-along-a-der": "3k4/8/8/8/8/8/8/r3K3 w - - 0 1 0/0",
    "fil-leaps-over-a-medeq": "3k4/8/8/8/8/8/3P4/2B1K3 w - - 0 1 0/0",
    "negus-facing-negus": "8/8/8/3k4/8/3K4/8/8 w - - 0 1 0/0",
    "promotion-to-every-lost-kind": "r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1 0/0",
    "promotion-to-the-one-lost-kind": "r2k4/1P6/8/8/8/8/8/RNBQKBN1 w - - 0 1 0/0",
    "promotion-giving-check": "3k4/5P2/8/8/8/8/8/4K3 w - - 0 1 0/0",
    "promotion-taking-the-checker": "1r1k4/P7/8/8/8/8/8/1K6 w - - 0 1 0/0",
    "promotion-blocking-a-der-check": "r6K/1P6/8/8/8/3k4/8/8 w - - 0 1 0/0",
    "waiting-pawn-step-with-nothing-lost": "rnbkqbn1/7P/8/8/8/8/8/RNBQKBNR w - - 0 1 0/0",
    "waiting-pawn-with-a-lost-kind": "3kP3/8/8/8/8/8/8/4K2R w - - 0 1 0/0",
}
PLAYOUT_SEEDS = range(4)


def beyond_fairy_stockfish(position: Position, move: int) -> bool:
    """R3.3 (a medeq stepping onto its last rank unpromoted) and R3.4 (promotion in place)."""
    frm, to = move_from(move), move_to(move)
    piece = position.piece_at(frm)
    if piece is None or piece.kind != MEDEQ:
        return False
    last_rank = 7 if piece.colour == WHITE else 0
    return frm == to or (to // 8 == last_rank and not move_promotion(move))


def our_moves(position: Position) -> list[str]:
    return sorted(coordinate(m) for m in position.legal_moves() if not beyond_fairy_stockfish(position, m))


def fairy_moves(fen: str) -> list[str]:
    return sorted(pyffish.legal_moves(VARIANT, fairy_fen(fen), []))


def fairy_perft(fen: str, depth: int, played: tuple[str, ...] = ()) -> int:
    moves = pyffish.legal_moves(VARIANT, fairy_fen(fen), list(played))
    if depth == 1:
        return len(moves)
    return sum(fairy_perft(fen, depth - 1, (*played, move)) for move in moves)


def playout(fen: str, seed: int, plies: int) -> list[str]:
    """The positions of one random game. Captures are preferred half the time, so that the games reach
    endgames and promotions within a few dozen plies."""
    rng = random.Random(seed)
    position = Position.from_fen(fen)
    fens = [position.fen()]
    for _ in range(plies):
        moves = sorted(position.legal_moves())  # sorted: the games do not depend on the generator's order
        if not moves:
            break
        captures = [m for m in moves if position.is_capture(m)]
        position.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))
        fens.append(position.fen())
        if max(position.counting) >= COUNT_LIMIT:
            break  # the count has ended the game (R7.4); one more piece move would not fit in a FEN
    return fens


def flipped(fen: str) -> str:
    """The same position with the colours swapped and the board turned upside down."""
    placement, turn, castling, werera, halfmove, fullmove, counting = fen.split()
    white_count, black_count = counting.split("/")
    return " ".join(
        (
            "/".join(reversed(placement.swapcase().split("/"))),
            "b" if turn == "w" else "w",
            castling,
            werera,
            halfmove,
            fullmove,
            f"{black_count}/{white_count}",
        )
    )


def fixed_positions() -> dict[str, str]:
    """Test id -> FEN, each position once, the same on every run."""
    ids: dict[str, str] = {}
    for name, fen in HAND_MADE.items():
        ids.setdefault(fen, name)
        ids.setdefault(flipped(fen), f"flipped-{name}")
    for seed in PLAYOUT_SEEDS:
        for ply, fen in enumerate(playout(START, seed, 70)):
            ids.setdefault(fen, f"start-{seed}-{ply}")
        for number, endgame in enumerate(ENDGAMES):
            for ply, fen in enumerate(playout(endgame, 100 * number + seed, 30)):
                ids.setdefault(fen, f"endgame{number}-{seed}-{ply}")
    return {name: fen for fen, name in ids.items()}


POSITIONS = fixed_positions()


def within_fairy_stockfish(position: Position, depth: int) -> bool:
    """Whether no move of the perft tree of that depth is one that Fairy-Stockfish cannot model."""
    moves = position.legal_moves()
    if any(beyond_fairy_stockfish(position, m) for m in moves):
        return False
    if depth == 1:
        return True
    for move in moves:
        position.push(move)
        within = within_fairy_stockfish(position, depth - 1)
        position.pop()
        if not within:
            return False
    return True


@pytest.fixture(scope="module", autouse=True)
def variant() -> None:
    load()
    assert VARIANT in pyffish.variants()
    assert fairy_fen(START) == pyffish.start_fen(VARIANT)


def test_r2_r3_2_the_fixed_positions_cover_checks_and_promotions() -> None:
    checks = double_checks = promotions = beyond = 0
    for fen in POSITIONS.values():
        position = Position.from_fen(fen)
        checkers = position.attackers(position.turn ^ 1, position.negus[position.turn]).bit_count()
        checks += checkers >= 1
        double_checks += checkers >= 2
        moves = position.legal_moves()
        promotions += any(move_promotion(m) and move_from(m) != move_to(m) for m in moves)
        beyond += any(beyond_fairy_stockfish(position, m) for m in moves)
    assert len(POSITIONS) >= 200
    assert checks >= 20
    assert double_checks >= 2
    assert promotions >= 20
    assert beyond >= 2


@pytest.mark.parametrize("fen", POSITIONS.values(), ids=POSITIONS.keys())
def test_r2_r3_2_legal_moves_match_fairy_stockfish(fen: str) -> None:
    position = Position.from_fen(fen)
    assert not position.is_check(position.turn ^ 1), "Fairy-Stockfish would take the negus"
    assert our_moves(position) == fairy_moves(fen), fen


def test_r3_3_waiting_pawn_step_is_beyond_fairy_stockfish() -> None:
    """Why the comparison leaves out R3.3: with nothing lost, Fairy-Stockfish refuses the step to h8."""
    fen = HAND_MADE["waiting-pawn-step-with-nothing-lost"]
    position = Position.from_fen(fen)
    assert parse_coordinate("h7h8") in position.legal_moves()
    assert not any(move.startswith("h7") for move in fairy_moves(fen))


def test_r3_4_in_place_promotion_is_beyond_fairy_stockfish() -> None:
    fen = HAND_MADE["waiting-pawn-with-a-lost-kind"]
    position = Position.from_fen(fen)
    assert {coordinate(m) for m in position.legal_moves() if move_from(m) == move_to(m)} == {
        "e8e8q",
        "e8e8r",
        "e8e8b",
        "e8e8n",
    }
    assert not any(move.startswith("e8") for move in fairy_moves(fen))


PERFT_CASES = [
    (START, 3),
    ("rnbkq1nr/ppppp2p/3b2p1/8/8/N1PPp2P/PP2QPP1/R1B1KBNR w - - 0 7 0/0", 3),
    ("3kq2r/r1p2ppp/1n5b/3Pp2n/8/3PP2B/P4PPP/2RQK1NR w - - 1 16 0/0", 3),
    ("r1bk4/p7/npp2p2/3P2n1/P1P5/5PP1/2P1Q3/RN3KN1 w - - 0 26 0/0", 2),
    ("5r2/1pk5/6p1/8/8/6P1/1P6/4RK2 w - - 4 11 1/5", 3),
    # promotions to lost kinds inside the tree, for both sides (R3.2)
    ("r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1 0/0", 3),
    ("3k4/1P4p1/8/8/8/8/1p4P1/4K3 w - - 0 1 0/0", 3),
]


def test_r9_4_perft_cases_stay_within_what_fairy_stockfish_models() -> None:
    for fen, depth in PERFT_CASES:
        assert within_fairy_stockfish(Position.from_fen(fen), depth), fen


@pytest.mark.parametrize(("fen", "depth"), PERFT_CASES)
def test_r9_4_perft_matches_fairy_stockfish(fen: str, depth: int) -> None:
    assert perft(Position.from_fen(fen), depth) == fairy_perft(fen, depth)
