"""The proof search on hand-made positions: unique and shared mates, a bare king (R7.3), the count (R7.4) for
either side and a quiet mate (the werera's proofs: test_werera_proofs.py)."""

import random

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.position import Position
from senterej.engine.proofs import DRAWN, MATED, status
from senterej.engine.proofs.mate import (
    MateSearch,
    _direct_checks,
    best_defence,
    checking_moves,
    prove_mate_line,
)

MATE_IN_ONE = "k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0"
LAST_PIECE_MATES = "k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0"
QUIET = "k7/8/1K6/8/8/8/7n/7R w - - 0 1 {counting}"


def mating(fen: str, moves: int) -> list[str]:
    return sorted(coordinate(m) for m in MateSearch().mating_moves(Position.from_fen(fen), moves))


def after(fen: str, *moves: str) -> Position:
    position = Position.from_fen(fen)
    for move in moves:
        position.push(parse_coordinate(move))
    return position


def test_the_only_mate_in_one_is_proved():
    assert mating(MATE_IN_ONE, 1) == ["c1c8"]
    assert status(after(MATE_IN_ONE, "c1c8"))[0] == MATED
    assert prove_mate_line(MATE_IN_ONE, ["c1c8"]).failure is None


def test_r7_3_taking_the_last_piece_is_no_mate():
    assert status(after(LAST_PIECE_MATES, "c1c8"))[0] == DRAWN
    assert mating(LAST_PIECE_MATES, 1) == []
    assert mating(LAST_PIECE_MATES, 3) == []
    assert prove_mate_line(LAST_PIECE_MATES, ["c1c8"]).failure == "move 1 (c1c8) does not mate"


def test_r7_3_bare_king_trap_the_quiet_move_mates_but_not_alone():
    fen = QUIET.format(counting="0/0")
    assert status(after(fen, "h1h2"))[0] == DRAWN
    assert mating(fen, 1) == []
    # Rd1 and Re1 both mate in two; Rf1 is taken, Rg1 is blocked by Ng4, Rc1 meets Kb8
    assert mating(fen, 2) == ["h1d1", "h1e1"]
    failure = prove_mate_line(fen, ["h1d1", "a8b8", "d1d8"]).failure
    assert failure == "move 1 (h1d1) is not the only mate in 2: h1e1"


def test_the_longest_defence_is_every_reply_that_does_not_hasten_mate():
    position = after(QUIET.format(counting="0/0"), "h1d1")
    replies = sorted(coordinate(m) for m in best_defence(MateSearch(), position, 1))
    assert replies == ["a8b8", "h2f1", "h2f3", "h2g4"]


def test_r7_4_a_mate_on_the_seventh_counted_move_wins():
    assert mating("k7/8/1K6/8/8/8/8/n6R w - - 0 40 6/0", 1) == ["h1h8"]


def test_r7_4_the_solver_count_running_out_stops_the_mate():
    assert mating(QUIET.format(counting="5/0"), 2) == ["h1d1", "h1e1"]  # the seventh der move mates
    assert mating(QUIET.format(counting="6/0"), 2) == []  # the seventh der move would be a quiet one


def test_r7_4_the_defender_count_is_a_defence():
    assert mating(QUIET.format(counting="0/6"), 2) == []  # any feres move is its seventh: a draw
    assert mating(QUIET.format(counting="0/5"), 3) == ["h1d1", "h1e1"]  # b6c7 and h1g1 are too slow now


FORK_MATE = "1N3N1k/3Pq1pb/4KQp1/8/P7/8/8/8 w - - 0 30 0/0"


def test_a_mate_in_three_ends_with_a_promotion_to_a_lost_kind():
    proof = prove_mate_line(FORK_MATE, ["f8g6", "h8g8", "g6e7", "g8f8", "d7d8r"])
    assert proof.failure is None and proof.nodes > 0
    # R3.2: White has both feres, so d7d8n is no move at all
    assert (
        prove_mate_line(FORK_MATE, ["f8g6", "h8g8", "g6e7", "g8f8", "d7d8n"]).failure
        == "move 5 (d7d8n) is not legal"
    )
    assert prove_mate_line(FORK_MATE, ["f8g6", "h8g8", "d7d8r"]).failure == "move 1 (f8g6) does not mate in 2"


def test_a_line_one_move_longer_than_the_mate_is_refused_at_its_first_move():
    # f8g6 is the only move that mates in four, but it mates in three: the line is not checked further
    line = ["f8g6", "h8g8", "g6e7", "g8f8", "e7c6", "f8g8", "d7d8r"]
    assert prove_mate_line(FORK_MATE, line).failure == "move 1: there is a mate in 3 or less"


def test_a_search_reused_across_proofs_gives_the_same_verdicts():
    search = MateSearch()
    assert prove_mate_line(LAST_PIECE_MATES, ["c1c8"], search).failure == "move 1 (c1c8) does not mate"
    proof = prove_mate_line(FORK_MATE, ["f8g6", "h8g8", "g6e7", "g8f8", "d7d8r"], search)
    assert proof.failure is None
    assert (
        proof.failed_tries
        == prove_mate_line(FORK_MATE, ["f8g6", "h8g8", "g6e7", "g8f8", "d7d8r"]).failed_tries
    )


def test_the_checks_generated_by_themselves_are_the_checks():
    """`_direct_checks`, used for the last move of a line, against every legal move played out: the same
    checks, in positions of random games (R2.7: a move that leaves its own negus attacked is none)."""
    rng = random.Random(7)
    compared = checked = 0
    for _ in range(30):
        position = Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0")
        for _ in range(rng.randrange(10, 120)):
            verdict, legal = status(position)
            if verdict is not None:
                break
            position.push(rng.choice(legal))
        if status(position)[0] is not None:
            continue
        direct = _direct_checks(position)
        if direct is None:
            continue
        legal = position.legal_moves()
        played = [m for m in direct if m in legal]
        checks = checking_moves(position, legal)
        assert sorted(checking_moves(position, played)) == sorted(checks)
        compared += 1
        checked += bool(checks)
    assert compared >= 10 and checked >= 5


def test_a_line_must_be_legal_and_end_with_the_solver():
    assert prove_mate_line(MATE_IN_ONE, ["c1d2"]).failure == "move 1 (c1d2) is not legal"
    assert (
        prove_mate_line(MATE_IN_ONE, ["c1c8", "a8a7"]).failure == "the line must end with the solver's move"
    )


def test_a_shorter_mate_makes_a_longer_line_unsound():
    line = ["e1d2", "h5g3", "c1c8"]
    assert prove_mate_line(MATE_IN_ONE, line).failure == "move 1: there is a mate in 1 or less"
