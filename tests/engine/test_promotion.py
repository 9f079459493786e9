"""R3: promotion to lost pieces only, waiting medeqs and in-place promotion."""

from senterej.engine import BLACK, DER, FERES, FERS, FIL, WHITE, Position
from senterej.engine.game import Game
from senterej.engine.notation import sorted_coordinates


def moves_from(fen: str, square: str) -> list[str]:
    return [m for m in sorted_coordinates(Position.from_fen(fen).legal_moves()) if m.startswith(square)]


def test_r3_1_lost_pieces_are_the_start_counts_minus_what_stands():
    position = Position.from_fen("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0")
    assert position.lost_kinds(WHITE) == [DER]
    assert position.lost_kinds(BLACK) == [FERS, DER]


def test_r3_1_a_promoted_piece_refills_its_lost_slot():
    game = Game("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0")
    game.play("a7a8r")
    assert game.position.lost_kinds(WHITE) == []


def test_r3_2_promotion_only_to_a_lost_kind_by_step_or_capture():
    assert moves_from("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0", "a7") == ["a7a8r", "a7b8r"]


def test_r3_2_one_move_per_lost_kind():
    assert moves_from("4k3/8/8/8/8/8/p7/4K3 b - -", "a2") == ["a2a1b", "a2a1n", "a2a1q", "a2a1r"]


def test_r3_2_promotion_is_compulsory_when_a_kind_is_lost():
    game = Game("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0")
    try:
        game.play("a7a8")
    except ValueError as error:
        assert "not a legal move" in str(error)
    else:
        raise AssertionError("a7a8 without promotion was accepted")


def test_r3_3_nothing_lost_the_medeq_waits_on_the_last_rank():
    fen = "r7/2P5/6k1/8/8/8/8/RNBQKBNR w - - 0 1 0/0"
    assert moves_from(fen, "c7") == ["c7c8"]
    game = Game(fen)
    game.play("c7c8")
    assert moves_from(game.position.fen(), "c8") == []


def test_r3_4_a_waiting_medeq_promotes_in_place_once_a_kind_is_lost():
    assert moves_from("r1P5/8/6k1/8/8/8/8/RNBQKB1R w - - 0 1 0/0", "c8") == ["c8c8n"]


def test_r3_4_in_place_promotion_can_give_check():
    game = Game("r1P4k/8/8/8/8/8/8/1NBQKBN1 w - - 0 1 0/0")
    game.play("c8c8r")
    assert game.position.fen() == "r1R4k/8/8/8/8/8/8/1NBQKBN1 b - - 0 1 0/0"
    assert game.position.is_check()


def test_r3_4_in_place_promotion_does_not_answer_a_check():
    assert moves_from("2P4k/8/8/8/8/8/8/r3K3 w - -", "c8") == []


def test_r3_4_in_place_promotion_is_a_medeq_move_for_the_seventy_move_rule():
    game = Game("2P4k/8/8/8/8/8/7r/N3K3 w - - 30 20 0/0")
    game.play("c8c8q")
    assert game.position.halfmove == 0


def test_r3_2_promotion_choices_follow_both_lost_kinds():
    position = Position.from_fen("r2k4/1P6/8/8/8/8/6p1/4K2R w - - 0 1 0/0")
    assert position.lost_kinds(WHITE) == [FERS, DER, FIL, FERES]
    assert moves_from(position.fen(), "b7") == [
        "b7a8b",
        "b7a8n",
        "b7a8q",
        "b7a8r",
        "b7b8b",
        "b7b8n",
        "b7b8q",
        "b7b8r",
    ]
