"""A puzzle's line, worked out once: who solves, the positions along it, its SAN, a werera puzzle's round."""

import pytest

from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import parse_coordinate
from testing.page_text import heard, seen
from trainer.lines import LineError, PuzzleLine
from trainer.puzzle_words import numbered

LADDER = ("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1d1 h2f3 d1d8")
# The ladder with colours swapped and the board turned: Black mates.
BLACK_LADDER = ("7r/7N/8/8/8/1k6/8/K7 b - - 0 1 0/0", "h8d8 h7f6 d8d1")
# Round 1 of the werera, White quicker: c1c8 mates whatever Black chooses.
WERERA = ("k7/pp6/8/7n/8/8/8/2R1K3 - - 1 0 1 0/0", "c1c8")
# Round 2, Black quicker (R5.2), and the choice is Black's: the solver is the owner of the man it moves.
BLACK_WERERA = ("2r1k3/8/8/7N/8/8/PP6/K7 - - 2 0 1 0/0", "c8c1")


def test_the_solver_is_the_side_to_move_in_turn_based_play():
    assert PuzzleLine.of(*LADDER).solver == WHITE
    assert PuzzleLine.of(*BLACK_LADDER).solver == BLACK


def test_r5_in_a_werera_puzzle_the_solver_owns_the_man_the_choice_moves_and_the_round_is_told():
    white, black = PuzzleLine.of(*WERERA), PuzzleLine.of(*BLACK_WERERA)
    assert (white.solver, white.werera_round, white.quicker) == (WHITE, 1, WHITE)
    assert (black.solver, black.werera_round, black.quicker) == (BLACK, 2, BLACK)
    assert PuzzleLine.of(*LADDER).werera_round is None and PuzzleLine.of(*LADDER).quicker is None


def test_a_line_whose_choice_cannot_be_read_is_white_s_so_that_it_can_still_be_shown():
    assert PuzzleLine.of(WERERA[0], "zz").solver == WHITE
    assert PuzzleLine.of(WERERA[0], "").solver == WHITE


def test_the_positions_follow_the_line_and_the_start_is_left_as_it_was():
    line = PuzzleLine.of(*LADDER)
    assert [p.fen().split()[0] for p in line.positions] == [
        "k7/8/1K6/8/8/8/7n/7R",
        "k7/8/1K6/8/8/8/7n/3R4",
        "k7/8/1K6/8/8/5n2/8/3R4",
        "k2R4/8/1K6/8/8/5n2/8/8",
    ]
    assert line.at(1).fen() == line.positions[1].fen()
    assert line.after(["h1h8"]).fen().split()[0] == "k6R/8/1K6/8/8/8/7n/8"
    assert line.start.fen() == LADDER[0]
    assert line.mates and len(line.solver_steps) == 2


def test_r5_4_a_werera_choice_that_checks_is_played_as_a_round_and_ends_the_werera():
    line = PuzzleLine.of(*WERERA)
    end = line.end
    assert end.werera is None and end.turn == BLACK  # the check ended the werera: Black, checked, moves next
    assert line.mates


def test_a_line_is_written_in_san_with_move_numbers_from_any_ply():
    white = PuzzleLine.of(*LADDER)
    assert white.sans() == ["Rd1", "Nf3", "Rd8#"]
    assert white.sans(["d1d8"], ply=2) == ["Rd8#"]
    assert PuzzleLine.of(*BLACK_LADDER).sans() == ["Rd8", "Nf6", "Rd1#"]
    assert PuzzleLine.of(*WERERA).sans() == ["Rc8#"]


def test_a_line_is_shown_in_the_sites_notation_with_move_numbers_and_each_movers_men():
    white = PuzzleLine.of(*LADDER)
    labels = numbered(white.start, white.sans(), white.solver)
    assert [seen(label) for label in labels] == ["1. [der]d1", "[feres]f3", "2. [der]d8#"]
    assert [heard(label) for label in labels] == ["1. der to d1", "feres to f3", "2. der to d8, mate"]
    assert "piece--white" in labels[0] and "piece--black" in labels[1]
    black = PuzzleLine.of(*BLACK_LADDER)
    labels = numbered(black.start, black.sans(), black.solver)
    assert [seen(label) for label in labels] == ["1\u2026 [der]d8", "2. [feres]f6", "[der]d1#"]
    assert "piece--black" in labels[0] and "piece--white" in labels[1]
    werera = PuzzleLine.of(*WERERA)
    assert [seen(label) for label in numbered(werera.start, werera.sans(), werera.solver)] == ["[der]c8#"]


@pytest.mark.parametrize(
    ("moves", "number", "unreadable"),
    [
        ("h1d1 h2f3 d1d9", 3, "not a move in coordinate notation"),
        ("h1d1 a8a7 d1d8", 2, ""),
        ("h1h2 h2f3", 2, ""),
    ],
)
def test_a_line_that_cannot_be_played_names_its_first_bad_move(moves, number, unreadable):
    with pytest.raises(LineError) as raised:
        PuzzleLine.of(LADDER[0], moves).check_playable()
    assert raised.value.number == number
    assert (unreadable in raised.value.unreadable) if unreadable else raised.value.unreadable == ""


def test_a_sound_line_is_playable():
    PuzzleLine.of(*LADDER).check_playable()
    PuzzleLine.of(*WERERA).check_playable()
    assert Position.from_fen(LADDER[0]).fen() == LADDER[0]


def test_r7_1_the_line_accepts_its_own_moves_and_on_the_last_any_mate():
    two_ders = PuzzleLine.of("k7/8/1K6/8/8/8/6n1/3R3R w - - 0 30 0/0", "d1d8")
    ladder = PuzzleLine.of(*LADDER)
    accepted = [
        two_ders.accepts(0, parse_coordinate("d1d8")),
        two_ders.accepts(0, parse_coordinate("h1h8")),  # mates too, on the line's last move
        ladder.accepts(0, parse_coordinate("h1d1")),
        ladder.accepts(2, parse_coordinate("d1d8")),
    ]
    refused = [
        two_ders.accepts(0, parse_coordinate("d1d2")),
        ladder.accepts(0, parse_coordinate("h1e1")),  # a mate in two as well, but not the last move
        PuzzleLine.of(*WERERA).accepts(0, parse_coordinate("e1d1")),
    ]
    assert all(accepted) and not any(refused)
