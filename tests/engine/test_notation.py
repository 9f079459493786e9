"""R9.2 coordinate notation and R9.3 SAN, written and read."""

import pytest

from senterej.engine import WAIT, WHITE, Position
from senterej.engine.notation import (
    IllegalMoveError,
    coordinate,
    parse_coordinate,
    parse_move,
    parse_san,
    san,
)

TURN_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


@pytest.mark.parametrize("text", ["e2e3", "e7e8r", "e8e8r", "e1g1", "d8b8", "a2a1n", "0000"])
def test_r9_2_coordinates_round_trip(text):
    assert coordinate(parse_coordinate(text)) == text


def test_r9_2_waiting_is_0000():
    assert parse_coordinate("0000") == WAIT


@pytest.mark.parametrize("text", ["", "e2", "e9e3", "e2e3k", "E2E3", "e2-e3", "e2e3q5"])
def test_r9_2_malformed_coordinates_are_refused(text):
    with pytest.raises(IllegalMoveError):
        parse_coordinate(text)


@pytest.mark.parametrize(
    ("fen", "move", "expected"),
    [
        (TURN_START, "g1f3", "Nf3"),
        (TURN_START, "e2e3", "e3"),
        (TURN_START, "c1e3", "Be3"),
        ("k7/8/8/3p4/4P3/8/8/K7 w - -", "e4d5", "exd5"),
        ("k7/8/8/8/8/8/K7/R6R w - -", "a1d1", "Rad1"),
        ("7k/8/8/R7/8/8/8/R5K1 w - -", "a1a3", "R1a3"),
        ("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -", "a7a8r", "a8=R"),
        ("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -", "a7b8r", "axb8=R"),
        ("r1P5/8/6k1/8/8/8/8/RNBQKB1R w - -", "c8c8n", "c8=N"),
        ("r7/2P5/6k1/8/8/8/8/RNBQKBNR w - -", "c7c8", "c8"),
        ("r1P4k/8/8/8/8/8/8/1NBQKBN1 w - -", "c8c8r", "c8=R+"),
        ("k1r5/pp6/8/7n/8/8/8/2R1K3 w - -", "c1c8", "Rxc8#"),
    ],
)
def test_r9_3_san_written_and_read_back(fen, move, expected):
    position = Position.from_fen(fen)
    number = parse_coordinate(move)
    assert san(position, number) == expected
    assert parse_san(position, expected) == number
    assert position.fen() == Position.from_fen(fen).fen()  # writing SAN leaves the position as it was


def test_r9_3_castling_in_the_werera_is_o_o():
    position = Position.from_fen("r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0")
    assert san(position, parse_coordinate("e1g1"), WHITE) == "O-O"
    assert parse_san(position, "0-0", WHITE) == parse_coordinate("e1g1")


def test_r9_3_reading_is_lenient_about_check_marks_and_x():
    position = Position.from_fen("k7/8/8/3p4/4P3/8/8/K7 w - -")
    assert parse_san(position, "exd5+") == parse_san(position, "ed5") == parse_coordinate("e4d5")


def test_r9_3_a_medeq_push_is_not_read_as_a_capture():
    position = Position.from_fen("k7/8/8/3p4/4P3/8/8/K7 w - -")
    with pytest.raises(IllegalMoveError):
        parse_san(position, "d5")


def test_r9_3_an_ambiguous_move_names_the_candidates():
    position = Position.from_fen("k7/8/8/8/8/8/K7/R6R w - -")
    with pytest.raises(IllegalMoveError, match="ambiguous.*a1d1.*h1d1"):
        parse_san(position, "Rd1")


@pytest.mark.parametrize("text", ["Nf4", "Ke2", "O-O", "e4", "Zz9", "x"])
def test_r9_3_illegal_or_unreadable_san_is_refused(text):
    with pytest.raises(IllegalMoveError):
        parse_san(Position.from_fen(TURN_START), text)


def test_r9_2_parse_move_takes_either_notation_and_checks_legality():
    position = Position.from_fen(TURN_START)
    assert parse_move(position, "g1f3") == parse_move(position, "Nf3")
    with pytest.raises(IllegalMoveError):
        parse_move(position, "e2e4")
