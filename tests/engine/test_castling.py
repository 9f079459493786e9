"""R6 castling, and R4.2: it exists only during the werera."""

from senterej.engine import BLACK, WHITE, Position
from senterej.engine.game import Game
from senterej.engine.notation import sorted_coordinates
from senterej.engine.werera import BLOCKED


def moves(fen: str, side: int) -> list[str]:
    return sorted_coordinates(Position.from_fen(fen).legal_moves(side))


def test_r6_1_white_castles_to_g1_with_the_der_to_f1():
    game = Game()
    for white in ("g1f3", "f1h3", "e1g1"):
        game.play_round(white, "0000")
    assert game.position.fen() == "rnbkqbnr/pppppppp/8/8/8/5N1B/PPPPPPPP/RNBQ1RK1 - k 4 3 1 0/0"


def test_r6_1_black_castles_to_b8_with_the_der_to_c8():
    game = Game("r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0")
    assert "d8b8" in moves(game.position.fen(), BLACK)
    game.play_round("0000", "d8b8")
    assert game.position.fen() == "1kr5/8/8/8/8/8/8/4K2R - K 2 1 1 0/0"


def test_r6_2_squares_between_must_be_empty():
    assert "e1g1" not in moves("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0", WHITE)


def test_r6_2_the_crossed_square_must_not_be_attacked():
    assert "e1g1" not in moves("3k1r2/8/8/8/8/8/8/4K2R - K 1 0 1 0/0", WHITE)


def test_r6_2_the_landing_square_must_not_be_attacked():
    assert "e1g1" not in moves("3k2r1/8/8/8/8/8/8/4K2R - K 1 0 1 0/0", WHITE)
    assert "e1g1" in moves("3k3r/8/8/8/8/8/8/4K2R - K 1 0 1 0/0", WHITE)


def test_r6_2_a_negus_that_moved_has_lost_castling():
    game = Game("r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0")
    game.play_round("e1f1", "0000")
    game.play_round("f1e1", "0000")
    assert game.position.fen().split()[2] == "k"
    assert "e1g1" not in moves(game.position.fen(), WHITE)


def test_r6_2_a_der_that_moved_has_lost_castling():
    game = Game("r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0")
    game.play_round("0000", "a8a7")
    game.play_round("0000", "a7a8")
    assert game.position.fen().split()[2] == "K"


def test_r6_2_castling_conditions_are_checked_again_for_the_slower_side():
    # Round 2: Black is quicker; its feres now attacks f1, so White's castling no longer fits (R5.5).
    game = Game("3k4/8/8/7n/8/8/8/4K2R - K 2 0 1 0/0")
    report = game.play_round("e1g1", "h5g3")
    assert [d.reason for d in report.dropped] == [BLOCKED]
    assert game.position.fen() == "3k4/8/8/8/8/6n1/8/4K2R - K 3 1 1 0/1"  # R7.4: the lone feres counts


def test_r4_2_no_castling_in_turn_based_play():
    assert "e1g1" not in moves("3k4/8/8/8/8/8/8/4K2R w - -", WHITE)


def test_r6_3_castling_is_written_as_the_negus_move_and_o_o():
    from senterej.engine.notation import parse_san, san

    position = Position.from_fen("r2k4/8/8/8/8/8/8/4K2R - Kk 1 0 1 0/0")
    white_castles = parse_san(position, "O-O", WHITE)
    assert san(position, white_castles, WHITE) == "O-O"
    assert sorted_coordinates([white_castles, parse_san(position, "O-O", BLACK)]) == ["d8b8", "e1g1"]
