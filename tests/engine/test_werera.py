"""R4 phases and R5 the werera: hand-checked rounds covering each kind of clash."""

import pytest

from senterej.engine import BLACK, START_FEN, WAIT, WHITE
from senterej.engine.game import BARE_KING, CHECKMATE, ONGOING, Game
from senterej.engine.notation import IllegalMoveError, coordinate
from senterej.engine.werera import (
    BLOCKED,
    CAPTURE_FIRST,
    CHECK,
    ENDED_AFTER_TWENTY,
    ENDED_BY_CAPTURE,
    ENDED_BY_CHECK,
    quicker_side,
)


def play(*rounds: str, fen: str = START_FEN) -> Game:
    game = Game(fen)
    for step in rounds:
        white, black = step.split(",")
        game.play_round(white, black)
    return game


def played(report) -> list[str]:
    return [coordinate(move) for _, move in report.played]


def dropped(report) -> list[tuple[str, str]]:
    return [(coordinate(d.move), d.reason) for d in report.dropped]


def test_r4_1_the_game_starts_in_the_werera():
    game = Game()
    assert game.in_werera and game.position.werera == 1 and game.position.turn is None


def test_r5_2_white_is_quicker_in_odd_rounds_black_in_even():
    assert [quicker_side(n) for n in (1, 2, 3, 19, 20)] == [WHITE, BLACK, WHITE, WHITE, BLACK]


def test_r5_8_moves_that_do_not_clash_are_both_played():
    game = play("e2e3,g8f6")
    report = game.history[-1]
    assert played(report) == ["e2e3", "g8f6"] and report.dropped == [] and report.ended is None
    assert game.position.fen() == "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2 1 1 0/0"


def test_r5_1_a_choice_must_be_legal_in_the_current_position():
    game = Game()
    with pytest.raises(IllegalMoveError):
        game.play_round("e2e4", "e7e6")  # R2.6: no double step
    with pytest.raises(IllegalMoveError):
        game.play_round("e7e6", "0000")  # not White's man
    assert game.position.fen() == START_FEN and game.history == []


def test_r5_5_same_destination_white_quicker_gets_the_square():
    game = play("e2e3,e7e6", "e3e4,0000", "e4e5,e6e5")
    assert played(game.history[-1]) == ["e4e5"]
    assert dropped(game.history[-1]) == [("e6e5", BLOCKED)]
    assert game.position.fen() == "rnbkqbnr/pppp1ppp/4p3/4P3/8/8/PPPP1PPP/RNBQKBNR - Kk 4 0 1 0/0"


def test_r5_5_same_destination_black_quicker_in_an_even_round():
    game = play("e2e3,e7e6", "e3e4,0000", "0000,0000", "e4e5,e6e5")
    assert played(game.history[-1]) == ["e6e5"]
    assert dropped(game.history[-1]) == [("e4e5", BLOCKED)]
    assert game.position.fen() == "rnbkqbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR - Kk 5 0 1 0/0"


def test_r5_3_the_slower_sides_capture_is_played_alone_even_if_the_target_moves_away():
    game = play("e2e3,g8f6", "e3e4,0000", "e4e5,f6e4")
    report = game.history[-1]
    assert played(report) == ["f6e4"] and dropped(report) == [("e4e5", CAPTURE_FIRST)]
    assert (report.ended, report.ended_by) == (ENDED_BY_CAPTURE, BLACK)
    assert game.position.fen() == "rnbkqb1r/pppppppp/8/8/4n3/8/PPPP1PPP/RNBQKBNR w - - 0 1 0/0"


def test_r5_3_when_both_capture_the_quicker_capture_is_played():
    game = play("e2e3,d7d6", "e3e4,d6d5", "e4d5,d5e4")
    assert played(game.history[-1]) == ["e4d5"] and dropped(game.history[-1]) == [("d5e4", CAPTURE_FIRST)]
    assert game.position.fen() == "rnbkqbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b - - 0 1 0/0"
    game = play("e2e3,d7d6", "e3e4,d6d5", "0000,0000", "e4d5,d5e4")
    assert played(game.history[-1]) == ["d5e4"]
    assert game.position.fen() == "rnbkqbnr/ppp1pppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR w - - 0 1 0/0"


def test_r5_4_a_quicker_check_ends_the_werera_and_drops_the_slower_move():
    game = play("g1f3,0000", "f3d4,0000", "d4e6,a7a6")
    report = game.history[-1]
    assert played(report) == ["d4e6"] and dropped(report) == [("a7a6", CHECK)]
    assert (report.ended, report.ended_by) == (ENDED_BY_CHECK, WHITE)
    assert game.position.fen() == "rnbkqbnr/pppppppp/4N3/8/8/8/PPPPPPPP/RNBQKB1R b - - 3 1 0/0"


def test_r5_5_a_slower_check_is_played_and_ends_the_werera():
    game = play("0000,0000", "0000,g8f6", "0000,f6d5", "0000,d5f4", "a2a3,f4d3")
    report = game.history[-1]
    assert played(report) == ["a2a3", "f4d3"] and (report.ended, report.ended_by) == (ENDED_BY_CHECK, BLACK)
    assert game.position.fen() == "rnbkqb1r/pppppppp/8/8/8/P2n4/1PPPPPPP/RNBQKBNR w - - 1 1 0/0"


def test_r5_5_a_line_blocked_by_the_quicker_move_drops_the_slower_one():
    game = play("a2a3,g8f6", "a3a4,f6d5", "a1a3,0000", "a3h3,d5e3")
    assert played(game.history[-1]) == ["d5e3"] and dropped(game.history[-1]) == [("a3h3", BLOCKED)]
    assert game.position.fen() == "rnbkqb1r/pppppppp/8/8/P7/R3n3/1PPPPPPP/1NBQKBNR - Kk 5 2 1 0/0"


def test_r5_5_a_non_capture_never_turns_into_a_capture():
    game = play("0000,g8f6", "0000,f6d5", "c1e3,d5e3")
    assert played(game.history[-1]) == ["c1e3"] and dropped(game.history[-1]) == [("d5e3", BLOCKED)]
    assert game.position.fen() == "rnbkqb1r/pppppppp/8/3n4/8/4B3/PPPPPPPP/RN1QKBNR - Kk 4 3 1 0/0"


def test_r5_5_king_safety_is_checked_again_after_the_quicker_move():
    # The der reaches the 7th rank first; the negus step to d7 would now stand in its line.
    game = play("a1a7,d8d7", fen="3k3q/8/8/8/8/8/8/R3K3 - - 1 0 1 0/0")
    assert played(game.history[-1]) == ["a1a7"] and dropped(game.history[-1]) == [("d8d7", BLOCKED)]
    assert game.in_werera


def test_r5_6_after_twenty_rounds_white_moves():
    game = play(*["0000,0000"] * 20)
    assert game.history[-1].ended == ENDED_AFTER_TWENTY
    assert game.position.fen() == "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
    with pytest.raises(IllegalMoveError):
        game.play_round("0000", "0000")


def test_r5_7_castling_rights_go_when_the_werera_ends():
    game = play("g1f3,0000", "f3d4,0000", "d4e6,0000")
    assert game.position.castling == 0 and game.position.turn == BLACK


def test_r5_9_a_round_that_checkmates_wins():
    game = play("c1c8,0000", fen="k7/pp6/8/7n/8/8/8/2R1K3 - - 1 0 1 0/0")
    assert (game.status, game.result) == (CHECKMATE, "1-0")


def test_r5_9_a_round_that_takes_the_last_piece_draws():
    game = play("c1c8,0000", fen="k1r5/pp6/8/8/8/8/8/2R1K3 - - 1 0 1 0/0")
    assert (game.status, game.result) == (BARE_KING, "1/2-1/2")


def test_r5_10_the_round_report_keeps_both_choices():
    game = play("g1f3,0000", "f3d4,0000", "d4e6,a7a6")
    report = game.history[-1]
    assert report.number == 3 and report.quicker == WHITE
    assert [coordinate(c) for c in report.choices] == ["d4e6", "a7a6"]
    assert report.as_dict() == {
        "round": 3,
        "quicker": "white",
        "white": "d4e6",
        "black": "a7a6",
        "played": [{"side": "white", "move": "d4e6"}],
        "dropped": [{"side": "black", "move": "a7a6", "reason": "check"}],
        "werera_ended": "check",
        "ended_by": "white",
    }
    assert game.history[0].choices[BLACK] == WAIT


def test_r5_a_round_is_refused_once_the_game_is_over():
    game = play("c1c8,0000", fen="k7/pp6/8/7n/8/8/8/2R1K3 - - 1 0 1 0/0")
    with pytest.raises(IllegalMoveError):
        game.play("a8b8")
    assert game.status != ONGOING
