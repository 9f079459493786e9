"""R9.1: positions as FEN, read and written, and malformed input refused with the field named."""

import pytest

from senterej.engine import START_FEN, FenError, Position


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
        ("rnbkqbnr/pppppppp/8/8/8/8/1PPPPPPP/PNBQKBNR w - -", "placement"),  # medeq on its first rank
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
        ("7k/8/8/8/8/8/8/R3K3 w - - 0 1 8/0", "counting"),
        ("7k/8/8/8/8/8/8/RR2K3 w - - 0 1 1/0", "counting"),  # two pieces do not count
        ("7k/8/8/8/8/8/8/R3K3 w - - 0 1 1", "counting"),
        ("k3r3/8/8/8/8/8/8/3QK3 - - 1 0 1 0/0", "placement"),  # check during the werera
        ("rnbkqbn1/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBN1 b - -", "placement"),  # nine Black medeqs
        ("k7/8/8/8/8/8/8/R3K3 w - -", "turn"),  # the side not to move in check
        ("k7/8/8/8/8/8/8/4K3 w - - 0 1", "position"),  # five or six fields
    ],
)
def test_r9_1_malformed_fen_names_the_field(fen, field):
    with pytest.raises(FenError) as raised:
        Position.from_fen(fen)
    assert raised.value.field == field
    assert field in str(raised.value)
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("r1P4k/8/8/8/8/8/8/1NBQKBNR w - - 0 1 0/0", "Black is in check, but White is to move"),
        ("k7/8/8/8/8/8/8/r3K3 b - - 0 1 0/0", "White is in check, but Black is to move"),
    ],
)
def test_r9_1_the_side_not_to_move_in_check_is_refused(fen, problem):
    with pytest.raises(FenError) as raised:
        Position.from_fen(fen)
    assert (raised.value.field, raised.value.problem) == ("turn", problem)


def test_r9_1_the_side_to_move_may_be_in_check():
    assert Position.from_fen("k7/8/8/8/8/8/8/R3K3 b - - 0 1 0/0").is_check()


@pytest.mark.parametrize(
    ("fen", "problem"),
    [
        ("rnbkqbn1/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBN1 b - -", "Black has 9 p, more than its 8 at the start"),
        ("k6P/8/8/8/8/8/PPPPPPPP/4K3 w - -", "White has 9 P, more than its 8 at the start"),
    ],
)
def test_r9_1_no_side_has_more_medeqs_than_its_eight_even_with_pieces_lost(fen, problem):
    """R3.1: a promoted piece fills a lost slot of its kind and the medeq it was is gone, so medeqs never
    outnumber the start's eight, however many pieces a side has lost; a waiting medeq is a medeq too."""
    with pytest.raises(FenError) as raised:
        Position.from_fen(fen)
    assert (raised.value.field, raised.value.problem) == ("placement", problem)


def test_r9_1_eight_medeqs_and_every_piece_is_the_most_a_side_has():
    full = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
    assert Position.from_fen(full).fen() == full
    promoted = "rnbkqbnr/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBNR w - - 0 1 0/0"  # a der may be a promoted medeq
    assert Position.from_fen(promoted).fen() == promoted
