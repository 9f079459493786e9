"""Werera proofs (R5): hand-checked rounds from the start (R5.11) where one choice wins whatever the other
side chooses, judged by the engine's value of the position after the round, and rounds that do not reach
the puzzle's position (R9.1)."""

import pytest

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.pieces import BLACK, WHITE
from senterej.engine.position import WAIT, Position
from senterej.engine.proofs import SearchLimitError
from senterej.engine.proofs.werera_choice import (
    GAIN,
    MARGIN,
    WereraJudge,
    prove_werera_choice,
    replay,
    werera_choice_failure,
    werera_winning_choices,
)

#: Black's feres walks to e4, where White's medeq on d3 attacks it; round 3 is White's (R5.2).
FERES_ON_E4 = "d2d3/g8f6 a2a3/f6e4"
#: The same feres, a round later: Black is quicker in round 4.
FERES_ON_E4_ROUND_4 = FERES_ON_E4 + " a3a4/h7h6"
#: White's feres on g5 stands where Black's feres on e4 can take it, and Black is quicker in round 4.
FERESES_FACE = "d2d3/g8f6 g1f3/f6e4 f3g5/h7h6"

DXE4 = parse_coordinate("d3e4")


def test_r5_11_the_rounds_reach_a_position_with_all_32_men():
    position = replay(FERES_ON_E4)
    assert position.fen() == "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0"
    assert (position.by_colour[WHITE] | position.by_colour[BLACK]).bit_count() == 32


def test_r5_3_the_quicker_sides_capture_wins_whatever_the_slower_side_chooses():
    position = replay(FERES_ON_E4)
    judge = WereraJudge(position, WHITE)
    # every reply gives one round: White's capture goes first and alone, Black's Nxf2 is dropped
    assert judge.replies(DXE4) == [WAIT]
    assert judge.after(DXE4, parse_coordinate("e4f2")) == judge.after(DXE4, WAIT) >= judge.balance + GAIN
    assert [coordinate(m) for m in werera_winning_choices(position, WHITE)] == ["d3e4"]
    assert prove_werera_choice(position.fen(), ["d3e4"], FERES_ON_E4) is None


def test_r5_3_the_slower_sides_capture_wins_when_the_quicker_has_no_capture_worth_making():
    position = replay(FERES_ON_E4_ROUND_4)
    judge = WereraJudge(position, WHITE)
    exf2 = parse_coordinate("e4f2")
    # Black is quicker: a quiet Black choice lets White's capture be played; Black's one capture goes first
    assert judge.replies(DXE4) == [WAIT, exf2]
    assert judge.after(DXE4, parse_coordinate("c7c6")) == judge.after(DXE4, WAIT)
    # Nxf2 is played alone and White's dxe4 dropped, but Kxf2 takes the feres back: still a gain for White
    assert judge.balance + GAIN <= judge.after(DXE4, exf2) < judge.after(DXE4, WAIT)
    assert prove_werera_choice(position.fen(), ["d3e4"], FERES_ON_E4_ROUND_4) is None


def test_r5_3_a_choice_is_refused_when_a_reply_ends_the_werera_against_the_solver():
    position = replay(FERESES_FACE)
    judge = WereraJudge(position, WHITE)
    # Black is quicker in round 4: Nxg5 is played first, White's capture is dropped, and White is a feres down
    assert judge.after(DXE4, parse_coordinate("e4g5")) < judge.balance
    assert werera_winning_choices(position, WHITE) == []
    assert prove_werera_choice(position.fen(), ["d3e4"], FERESES_FACE) == (
        "the worst reply leaves a gain of -224 centipawns, less than 250"
    )


def test_r5_3_a_quiet_choice_leaves_the_werera_open_against_a_wait_and_wins_nothing():
    position = replay(FERES_ON_E4)
    judge = WereraJudge(position, WHITE)
    assert (
        not judge.ends_against_wait(parse_coordinate("b1c3"))
        and judge.worst(parse_coordinate("b1c3")) is None
    )
    assert werera_choice_failure(position, WHITE, parse_coordinate("b1c3")) == (
        "a reply leaves the werera open: the round wins nothing"
    )


def test_r5_3_a_werera_choice_that_mates_whatever_the_reply_still_wins():
    # a teaching diagram (men left out): White is quicker in round 5 and Black has nothing to take
    position = Position.from_fen("k7/8/1K6/8/8/n7/8/7R - - 5 0 1 0/0")
    assert [coordinate(m) for m in werera_winning_choices(position, WHITE)] == ["h1h8"]
    assert werera_choice_failure(position, WHITE, parse_coordinate("h1h8")) is None


def test_r5_4_the_quicker_sides_check_ends_the_werera_first():
    # Black is quicker in round 6: Nc4+ ends the werera, and the der's mate is dropped
    position = Position.from_fen("k7/8/1K6/8/8/n7/8/7R - - 6 0 1 0/0")
    judge = WereraJudge(position, WHITE)
    assert judge.after(parse_coordinate("h1h8"), parse_coordinate("a3c4")) < judge.balance + GAIN
    assert werera_winning_choices(position, WHITE) == []


def test_r5_5_a_slower_quiet_choice_meets_every_quicker_choice_as_a_round_of_its_own():
    # White's der move as the slower side in round 4: it is played after Black's, if it still fits
    position = replay(FERES_ON_E4_ROUND_4)
    judge = WereraJudge(position, WHITE)
    choices = judge.replies(parse_coordinate("a1a3"))
    assert len(choices) == 1 + len(position.legal_moves(BLACK))


def test_no_other_choice_wins_nearly_as_much_and_the_margin_is_below_the_gain():
    assert 0 < MARGIN < GAIN
    position = replay(FERES_ON_E4)
    judge = WereraJudge(position, WHITE)
    worst = judge.worst(DXE4)
    assert worst is not None
    others = [m for m in position.legal_moves(WHITE) if m != DXE4 and judge.ends_against_wait(m)]
    assert all(judge.refuted(m, worst - MARGIN) for m in others)


@pytest.mark.parametrize(
    ("fen", "rounds", "reason"),
    [
        (
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0",
            "d2d3/g8f6",
            "the rounds reach rnbkqb1r/pppppppp/5n2/8/8/3P4/PPP1PPPP/RNBQKBNR - Kk 2 1 1 0/0,"
            " not the puzzle's position",
        ),
        (  # the right placement in the wrong round
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 5 0 1 0/0",
            FERES_ON_E4,
            "the rounds reach rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0,"
            " not the puzzle's position",
        ),
        (  # castling rights the rounds did not lose
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - K 3 0 1 0/0",
            FERES_ON_E4,
            "the rounds reach rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0,"
            " not the puzzle's position",
        ),
        (  # R5.11: eight men cannot be a werera position
            "8/8/8/8/3n4/rrB5/PNP5/K1k5 - - 8 0 1 0/0",
            "",
            "a werera puzzle needs the rounds from the start that reach it",
        ),
        (
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0",
            FERES_ON_E4 + " d3e4/0000",
            "round 3 (d3e4/0000) ends the werera",
        ),
        (
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0",
            "d2d3",
            "round 1 (d2d3) is not two choices",
        ),
        (
            "rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0",
            "d2d4/g8f6",
            "d2d4 is not a legal move for white here",
        ),
    ],
)
def test_r9_1_a_werera_puzzle_is_refused_unless_its_rounds_reach_exactly_its_position(fen, rounds, reason):
    assert prove_werera_choice(fen, ["d3e4"], rounds) == reason


def test_the_proof_is_bounded_by_nodes():
    position = replay(FERES_ON_E4_ROUND_4)
    with pytest.raises(SearchLimitError):
        werera_choice_failure(position, WHITE, DXE4, max_nodes=10)
