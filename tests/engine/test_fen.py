"""R9.1: positions as FEN, read and written, and malformed input refused with the field named."""

import pytest

from senterej.engine import START_FEN, FenError, Position
from senterej.engine.notation import sorted_coordinates


def test_r9_1_the_start_round_trips():
    assert Position.from_fen(START_FEN).fen() == START_FEN


def test_r9_1_four_fields_are_enough():
    assert Position.from_fen("8/8/8/8/8/8/8/K6k w - -").fen() == "8/8/8/8/8/8/8/K6k w - - 0 1 0/0"


@pytest.mark.parametrize(
    "fen",
    [
        "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2 1 1 0/0",
        "rnbkqbnr/pppppppp/8/8/8/5N1B/PPPPPPPP/RNBQ1RK1 - k 4 3 1 0/0",
        "7k/K5n1/8/8/8/8/1RN5/8 w - - 12 7 0/6",
        "2P5/r7/6k1/8/8/8/8/RNBQKBNR w - - 1 2 0/1",
    ],
)
def test_r9_1_fields_round_trip(fen):
    assert Position.from_fen(fen).fen() == fen


@pytest.mark.parametrize(
    ("fen", "field"),
    [
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - -", "placement"),  # short rank
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - -", "placement"),  # long rank
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP w - -", "placement"),  # seven ranks
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - -", "placement"),  # not a letter
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - -", "placement"),  # two White negus
        ("rnb1qbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", "placement"),  # no Black negus
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/PNBQKBNR w - -", "placement"),  # medeq on its first rank
        ("k7/8/8/8/8/8/8/QQ2K3 w - -", "placement"),  # two fers
        ("k7/8/8/8/8/8/8/RRR1K3 w - -", "placement"),  # three ders
        ("k7/8/8/8/8/8/8/4K3 x - -", "turn"),
        ("k7/8/8/8/8/8/8/4K3 w K -", "castling"),  # castling outside the werera
        ("k7/8/8/8/8/8/8/4K3 - Q 1", "castling"),
        ("r2k4/8/8/8/8/8/8/4K3 - K 1", "castling"),  # no der on h1
        ("k7/8/8/8/8/8/8/4K3 - - 21", "werera"),
        ("k7/8/8/8/8/8/8/4K3 - - -", "werera"),
        ("k7/8/8/8/8/8/8/4K3 w - 3", "werera"),
        ("k7/8/8/8/8/8/8/4K3 w - - -1 1 0/0", "halfmove"),
        ("k7/8/8/8/8/8/8/4K3 w - - 141 1 0/0", "halfmove"),
        ("k7/8/8/8/8/8/8/4K3 w - - 0 0 0/0", "fullmove"),
        ("k7/8/8/8/8/8/8/4K3 - - 1 0 2 0/0", "fullmove"),
        ("k7/8/8/8/8/8/8/R3K3 w - - 0 1 8/0", "counting"),
        ("k7/8/8/8/8/8/8/RR2K3 w - - 0 1 1/0", "counting"),  # two pieces do not count
        ("k7/8/8/8/8/8/8/R3K3 w - - 0 1 1", "counting"),
        ("k3r3/8/8/8/8/8/8/3QK3 - - 1 0 1 0/0", "placement"),  # check during the werera
        ("k7/8/8/8/8/8/8/4K3 w - - 0 1", "position"),  # five or six fields
    ],
)
def test_r9_1_malformed_fen_names_the_field(fen, field):
    with pytest.raises(FenError) as raised:
        Position.from_fen(fen)
    assert raised.value.field == field
    assert field in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_r9_1_a_side_not_to_move_in_check_is_accepted_but_its_negus_is_never_taken():
    position = Position.from_fen("r1P4k/8/8/8/8/8/8/1NBQKBNR w - - 0 1 0/0")
    assert position.is_check(1)
    assert "h1h8" not in sorted_coordinates(position.legal_moves())
    assert "h1h7" in sorted_coordinates(position.legal_moves())


def test_r9_1_more_than_eight_medeqs_but_never_more_than_sixteen_men():
    Position.from_fen("rnbkqbn1/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBN1 b - - 0 1 0/0")
    with pytest.raises(FenError, match="17 men"):
        Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBN1 b - - 0 1 0/0")
