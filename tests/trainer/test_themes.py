"""Each theme predicate on puzzles whose theme is plain to see: three hand-made from the rules (the bare
king, the count, a mate in one), the others real positions and lines from the generator."""

import pytest

from trainer.lines import PuzzleLine
from trainer.themes import (
    PREDICATES,
    advantage,
    bare_king_trap,
    beat_the_count,
    der_mate,
    discovered_attack,
    endgame,
    feres_mate,
    fers_mate,
    fork,
    hanging_piece,
    in_place_promotion,
    lost_piece_promotion,
    pawn_mate,
    quiet_move,
    themes,
    trapped_piece,
    two_fil_mate,
    werera,
)

MATE_IN_ONE = PuzzleLine.of("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
# h1h2 takes the last piece (a draw, R7.3); the quiet der move then Rd8 mates
BARE_KING = PuzzleLine.of("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1d1 a8b8 d1d8")
# the der makes its seventh counted move and mates (R7.4 comes after R7.1)
COUNT = PuzzleLine.of("k7/8/1K6/8/8/8/8/n6R w - - 0 40 6/0", "h1h8")
FEATHER = PuzzleLine.of("8/8/8/8/k2n4/pq6/8/KB6 b - - 0 30 2/0", "d4c2")
FERS = PuzzleLine.of("8/8/6P1/8/Q5kn/2n3B1/4pp1P/5q1K b - - 0 30 0/0", "f1g2")
PAWN = PuzzleLine.of("5n1k/4pKnp/2P1BPQB/7P/8/8/8/8 w - - 0 30 0/0", "f6g7")
TWO_FILS = PuzzleLine.of("8/4PN1k/4K2P/6pq/4bB1P/8/6Np/3b4 w - - 0 30 0/0", "f7g5 h7g6 e7e8b")
FORK = PuzzleLine.of("1N3N1k/3Pq1pb/4KQp1/8/P7/8/8/8 w - - 0 30 0/0", "f8g6 h8g8 g6e7 g8f8 d7d8r")
IN_PLACE = PuzzleLine.of("8/n7/6P1/8/2b5/1bp1k1N1/2q3P1/3pK1N1 b - - 0 30 0/0", "d1d1r")
HANGING = PuzzleLine.of("8/8/8/8/3P2qk/p5Qn/1P4Bp/6nK b - - 0 30 0/0", "h4g3 b2a3 h3f2")
DISCOVERED = PuzzleLine.of("3B2k1/n3KR2/2P2P1p/p2bN3/3r4/8/8/8 b - - 0 30 0/0", "d5f7")
TRAPPED = PuzzleLine.of("6K1/4P3/6nk/5PBp/7r/5N2/b4p2/3R4 w - - 0 30 0/0", "d1d6 a2c4 d6g6")
QUIET = PuzzleLine.of("2k5/5q2/7r/8/8/7B/4n2K/2B3r1 b - - 9 78 0/0", "g1g3 c1a3 h6h3")
WERERA = PuzzleLine.of("8/8/8/8/3n4/rrB5/PNP5/K1k5 - - 8 0 1 0/0", "d4c2")


def test_mate_in_counts_the_solver_moves():
    assert themes(MATE_IN_ONE)[:2] == ["mateIn1", "derMate"]
    assert PREDICATES["mateIn2"](BARE_KING)
    assert PREDICATES["mateIn3"](FORK) and not PREDICATES["mateIn2"](FORK)


@pytest.mark.parametrize(
    "predicate, yes, no",
    [
        (der_mate, MATE_IN_ONE, FEATHER),
        (feres_mate, FEATHER, MATE_IN_ONE),
        (fers_mate, FERS, FEATHER),
        (pawn_mate, PAWN, FERS),
        (two_fil_mate, TWO_FILS, FERS),
        (fork, FORK, MATE_IN_ONE),
        (discovered_attack, DISCOVERED, FORK),
        (hanging_piece, HANGING, FORK),
        (trapped_piece, TRAPPED, HANGING),
        (lost_piece_promotion, FORK, IN_PLACE),
        (in_place_promotion, IN_PLACE, FORK),
        (bare_king_trap, BARE_KING, MATE_IN_ONE),
        (beat_the_count, COUNT, BARE_KING),
        (werera, WERERA, MATE_IN_ONE),
        (quiet_move, QUIET, MATE_IN_ONE),
        (advantage, DISCOVERED, MATE_IN_ONE),
        (endgame, BARE_KING, FORK),
    ],
)
def test_predicate(predicate, yes, no):
    assert predicate(yes)
    assert not predicate(no)


def test_r7_3_the_capture_of_the_last_piece_is_the_trap_not_the_solution():
    taking = PuzzleLine.of("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1h2")
    assert not bare_king_trap(taking)
    assert not PREDICATES["mateIn1"](taking)  # a bare king, not a mate


def test_endgame_kinds():
    assert PREDICATES["derEndgame"](PuzzleLine.of("3k4/R7/1r6/5RK1/8/8/8/8 w - - 0 30 0/0", "f5f8"))
    assert not PREDICATES["derEndgame"](BARE_KING)


def test_a_werera_choice_is_judged_against_a_waiting_opponent():
    assert themes(WERERA) == ["mateIn1", "feresMate", "werera"]
