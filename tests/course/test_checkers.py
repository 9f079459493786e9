"""The task checker, goal by goal, on hand-made positions (each names the rule its task teaches)."""

import pytest

from course.checkers import (
    FAILED,
    ILLEGAL,
    REFUSED,
    SOLVED,
    Score,
    TaskError,
    TaskRules,
    answer,
    replay,
    score,
    start,
)
from senterej.engine import BLACK, FERES, WHITE
from senterej.engine.notation import parse_coordinate
from senterej.engine.werera import BLOCKED, CAPTURE_FIRST

LADDER = "k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0"


def test_r2_2_stars_are_collected_by_the_der_while_the_other_side_passes():
    rules = TaskRules(
        fen="7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0",
        side=WHITE,
        goal="stars",
        squares=("a5", "e5"),
        max_moves=6,
        par=2,
    )
    first = replay(rules, ["a1a5"])
    assert first.state == "continue" and first.collected == {"a5"}
    assert first.position.turn == WHITE
    assert replay(rules, ["a1a5", "a5e5"]).state == SOLVED


def test_r2_2_capture_the_marked_men_without_losing_the_der():
    rules = TaskRules(
        fen="7k/8/1q6/p7/8/8/8/R3K3 w - - 0 1 0/0",
        side=WHITE,
        goal="capture",
        squares=("a5", "b6"),
        opponent="capture",
        max_moves=8,
        par=4,
    )
    taken = replay(rules, ["a1a5"])  # R2.4: the fers on b6 guards a5
    assert (taken.state, taken.reason, taken.reply) == (FAILED, "taken", "b6a5")
    assert replay(rules, ["a1b1", "b1b6", "b6a6", "a6a5"]).state == SOLVED


def test_r2_7_give_check():
    rules = TaskRules(fen="k7/8/8/3n4/8/8/8/4K2R w - - 0 1 0/0", side=WHITE, goal="check")
    assert replay(rules, ["h1h8"]).state == SOLVED
    missed = replay(rules, ["h1h2"])
    assert (missed.state, missed.reason) == (FAILED, "no-check")


def test_r7_1_mate_in_one():
    rules = TaskRules(
        fen="k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0",
        side=WHITE,
        goal="status",
        status="checkmate",
        opponent="scripted",
    )
    assert replay(rules, ["Rxc8"]).state == SOLVED


def test_r7_3_taking_the_last_piece_fails_a_mate_task():
    rules = TaskRules(
        fen="k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0",
        side=WHITE,
        goal="status",
        status="checkmate",
        opponent="scripted",
    )
    verdict = replay(rules, ["c1c8"])
    assert (verdict.state, verdict.reason) == (FAILED, "bare-king")


def test_r7_1_mate_in_two_with_a_scripted_reply():
    rules = TaskRules(
        fen=LADDER,
        side=WHITE,
        goal="status",
        status="checkmate",
        opponent="scripted",
        replies={"h1d1": "h2f3"},
        max_moves=2,
        par=2,
    )
    first = replay(rules, ["h1d1"])
    assert (first.state, first.reply) == ("continue", "h2f3")
    assert replay(rules, ["h1d1", "d1d8"]).state == SOLVED
    assert replay(rules, ["h1h2"]).reason == "bare-king"  # R7.3: the greedy capture draws
    assert replay(rules, ["h1g1"]).reason == "off-script"


def test_a_mate_not_delivered_in_time_fails():
    rules = TaskRules(
        fen=LADDER, side=WHITE, goal="status", status="checkmate", opponent="scripted", max_moves=1
    )
    verdict = replay(rules, ["h1d1"])  # no scripted reply: the line cannot go on
    assert (verdict.state, verdict.reason) == (FAILED, "off-script")


def test_r3_2_choose_the_lost_piece():
    rules = TaskRules(
        fen="1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0",
        side=WHITE,
        goal="moves",
        accept=("a7a8r",),
    )
    assert replay(rules, ["a7a8r"]).state == SOLVED
    assert replay(rules, ["a7b8r"]).reason == "not-the-move"
    assert replay(rules, ["a7a8q"]).state == ILLEGAL  # R3.2: the fers is not lost


def test_r6_castle_in_the_werera():
    rules = TaskRules(fen="r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0", side=WHITE, goal="castle")
    solved = replay(rules, ["e1g1"])
    assert solved.state == SOLVED and solved.report is not None
    assert replay(rules, ["h1h2"]).reason == "no-castling"


def test_r5_3_the_slower_capture_is_played_even_though_its_target_moves():
    rules = TaskRules(
        fen="rnbkqb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 2 1 0/0",
        side=BLACK,
        goal="played",
        accept=("f6e4",),
        werera_choice="e4e5",
    )
    verdict = replay(rules, ["f6e4"])
    assert verdict.state == SOLVED and verdict.report.ended == "capture"
    assert replay(rules, ["f6d5"]).reason == "not-the-move"


def test_r5_5_a_choice_dropped_by_the_round_fails():
    rules = TaskRules(
        fen="rnbkqbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 0 1 0/0",
        side=BLACK,
        goal="played",
        werera_choice="e4e5",
    )
    verdict = replay(rules, ["e6e5"])  # round 3: White is quicker and reaches e5 first
    assert (verdict.state, verdict.reason) == (FAILED, "dropped")


def test_an_illegal_last_move_is_refused_and_an_illegal_earlier_one_is_tampering():
    rules = TaskRules(
        fen="7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0", side=WHITE, goal="stars", squares=("a5", "e5"), max_moves=6
    )
    assert replay(rules, ["a1b2"]).state == ILLEGAL
    with pytest.raises(TaskError):
        replay(rules, ["a1b2", "a1a5"])
    solved = TaskRules(fen="k7/8/8/3n4/8/8/8/4K2R w - - 0 1 0/0", side=WHITE, goal="check")
    with pytest.raises(TaskError):
        replay(solved, ["h1h8", "h8h7"])


def test_a_question_has_one_right_answer():
    rules = TaskRules(fen="k7/q1K5/8/8/8/8/8/R7 b - - 0 1 0/0", side=BLACK, goal="question", answer=2)
    assert answer(rules, 2).state == SOLVED and answer(rules, 0).reason == "wrong-answer"


def test_stars_follow_mistakes_extra_moves_and_a_hint():
    rules = TaskRules(fen="7k/8/8/8/8/8/8/R3K3 w - -", side=WHITE, goal="stars", par=2)
    assert [score(rules, 2, 0).stars, score(rules, 3, 0).stars, score(rules, 2, 1).stars] == [3, 2, 2]
    assert score(rules, 2, 0, hint=True) == Score(2, hint=True)
    assert score(rules, 4, 1, hint=True) == Score(1, extra_moves=2, mistakes=1, hint=True)


def test_a_task_with_an_unknown_goal_or_a_finished_start_is_refused():
    with pytest.raises(TaskError):
        TaskRules(fen="7k/8/8/8/8/8/8/R3K3 w - -", side=WHITE, goal="win")
    with pytest.raises(TaskError):
        TaskRules(fen="7k/8/8/8/8/8/8/R3K3 w - -", side=WHITE, goal="status", status="checkmate")
    stalemated = TaskRules(
        fen="k7/q1K5/8/8/8/8/8/R7 b - - 0 1 0/0", side=BLACK, goal="check", opponent="scripted"
    )
    with pytest.raises(TaskError):
        replay(stalemated, ["a8b8"])


def test_r5_5_castling_dropped_by_the_round_does_not_solve_a_castle_task():
    # Round 2: Black is quicker; its feres reaches g3 and attacks f1, so White's castling no longer fits.
    rules = TaskRules(
        fen="3k4/8/8/7n/8/8/8/4K2R - K 2 0 1 0/0", side=WHITE, goal="castle", werera_choice="h5g3"
    )
    verdict = replay(rules, ["e1g1"])
    assert (verdict.state, verdict.reason) == (FAILED, "dropped")  # it was castling, dropped by the round


def test_r2_3_only_the_named_man_moves_in_its_drill():
    # The feres is walled in; a medeq could reach e5 in three moves once the feres has jumped away.
    rules = TaskRules(
        fen="7k/8/8/3P1P2/3PNP2/3PPP2/8/6K1 w - - 0 1 0/0",
        side=WHITE,
        goal="stars",
        squares=("e5",),
        collector="e4",
        max_moves=7,
        par=3,
    )
    refused = replay(rules, ["e4d2", "e3e4"])  # a legal medeq step (R2.6), but the drill is the feres's
    assert (refused.state, refused.reason, refused.params) == (REFUSED, "other-man", {"man": str(FERES)})
    assert refused.moves == 0 and refused.collected == frozenset()
    assert replay(rules, ["g1h2"]).state == REFUSED  # the negus too (R2.1)
    assert replay(rules, ["e4d2", "d2c4", "c4e5"]).state == SOLVED
    with pytest.raises(TaskError):
        replay(rules, ["e4d2", "e3e4", "e4e5"])  # a refused move inside a stored line is tampering
    with pytest.raises(TaskError):
        TaskRules(fen=rules.fen, side=WHITE, goal="stars", squares=("e5",), collector="z9")
    with pytest.raises(TaskError):
        start(TaskRules(fen=rules.fen, side=WHITE, goal="stars", squares=("e5",), collector="e6"))


def test_r7_2_a_stalemate_the_opponent_must_accept_solves_a_stalemate_task():
    rules = TaskRules(
        fen="7k/2n3pp/8/1r6/5p2/p4P2/P1q5/K3R2B w - - 0 1 0/0",
        side=WHITE,
        goal="status",
        status="stalemate",
        opponent="scripted",
        replies={"e1e8": "c7e8"},
    )
    verdict = replay(rules, ["e1e8"])  # Black's only answer takes the der and leaves White no move
    assert (verdict.state, verdict.reply) == (SOLVED, "c7e8")
    missed = replay(rules, ["e1c1"])
    assert (missed.state, missed.reason) == (FAILED, "off-script")


FOIL = "r1bkqb1r/ppp1ppp1/2np1n1p/8/8/3BP2P/PPPPNPP1/RNBQK2R - Kk 5 0 1 0/0"


def test_r5_5_the_slower_negus_step_dropped_because_it_would_be_attacked_foils_it():
    rules = TaskRules(fen=FOIL, side=WHITE, goal="foil", werera_choice="d8d7")
    verdict = replay(rules, ["d3b5"])  # round 5: White is quicker, and the fil on b5 attacks d7
    assert verdict.state == SOLVED
    assert [(d.move, d.reason) for d in verdict.report.dropped] == [(parse_coordinate("d8d7"), BLOCKED)]
    fitted = replay(rules, ["a2a3"])
    assert (fitted.state, fitted.reason) == (FAILED, "still-fits")
    assert replay(rules, ["0000"]).reason == "waited"


def test_r5_3_when_both_sides_capture_only_the_quicker_capture_is_played():
    rules = TaskRules(
        fen="rnbkqbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3 0 1 0/0",
        side=WHITE,
        goal="played",
        accept=("e4d5",),
        werera_choice="d5e4",
    )
    verdict = replay(rules, ["e4d5"])
    assert verdict.state == SOLVED and verdict.report.ended == "capture"
    assert [(d.move, d.reason) for d in verdict.report.dropped] == [(parse_coordinate("d5e4"), CAPTURE_FIRST)]
    slow = replay(rules, ["b1c3"])  # a quiet choice: Black's capture is played alone
    assert (slow.state, slow.reason) == (FAILED, "dropped")
