"""R9.4 perft: legal move sequences counted by move generation alone."""

import pytest

from senterej.engine import START_FEN, Position
from senterej.engine.game import BARE_KING, COUNTING, judge
from senterej.engine.notation import parse_coordinate
from senterej.engine.perft import perft

TURN_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


@pytest.mark.parametrize(("depth", "nodes"), [(0, 1), (1, 16), (2, 256), (3, 4176), (4, 68122)])
def test_r9_4_perft_from_the_turn_based_start(depth, nodes):
    assert perft(Position.from_fen(TURN_START), depth) == nodes


@pytest.mark.parametrize(
    ("fen", "nodes"),
    [
        ("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w - - 0 1 0/0", 351),
        ("Pnbk1bnr/1ppppppp/8/8/8/8/1PPPPPPP/RNB1KBNR w - - 0 1 0/0", 369),
        ("r2k4/1P6/8/8/8/8/6p1/4K2R w - - 0 1 0/0", 326),
        ("r3k2r/1p3pP1/2n1b3/3pQ3/1B2p3/2N2q2/P1PP1P1p/R3K2R w - - 0 1 0/0", 975),
    ],
)
def test_r9_4_perft_with_promotions_depth_two(fen, nodes):
    assert perft(Position.from_fen(fen), 2) == nodes


def test_r9_4_perft_ignores_the_bare_king_rule():
    position = Position.from_fen("7k/8/8/8/8/8/7n/K6R w - - 0 1 0/0")
    position.push(parse_coordinate("h1h2"))
    assert judge(position).status == BARE_KING
    assert perft(position, 1) == 2  # h8g8 and h8g7 are still counted


def test_r9_4_perft_ignores_the_counting_rule():
    position = Position.from_fen("7k/8/8/8/8/8/7n/K6R b - - 0 1 0/7")
    assert judge(position).status == COUNTING
    assert perft(position, 1) == len(position.legal_moves()) > 0


def test_r9_4_perft_needs_a_turn_based_position():
    with pytest.raises(ValueError):
        perft(Position.from_fen(START_FEN), 1)


def test_r9_4_perft_leaves_the_position_as_it_was():
    position = Position.from_fen("r3k2r/1p3pP1/2n1b3/3pQ3/1B2p3/2N2q2/P1PP1P1p/R3K2R b - - 0 1 0/0")
    perft(position, 3)
    assert position.fen() == "r3k2r/1p3pP1/2n1b3/3pQ3/1B2p3/2N2q2/P1PP1P1p/R3K2R b - - 0 1 0/0"
