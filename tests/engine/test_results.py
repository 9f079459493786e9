"""R7 winning and the protection of the weaker side, R8 draws, judged in the order of R7.5."""

from senterej.engine import BLACK, WHITE
from senterej.engine.game import (
    BARE_KING,
    CHECKMATE,
    COUNTING,
    ONGOING,
    REPETITION,
    SEVENTY_MOVE_RULE,
    STALEMATE,
    Game,
    adjudicate,
    draw_by_count_or_r8,
    is_bare_king,
)
from senterej.engine.notation import sorted_coordinates
from senterej.engine.position import START_FEN, Position

COUNTING_START = "7k/8/8/4n3/8/8/1RN5/K7 w - - 0 1 0/0"
KNIGHT_TOUR = ["e5g6", "g6e7", "e7g8", "g8f6", "f6h5", "h5g7", "g7e6"]
KING_WALK = ["a1a2", "a2a3", "a3a4", "a4a5", "a5a6", "a6a7", "a7a8"]


def play(fen: str, *moves: str) -> Game:
    game = Game(fen)
    for move in moves:
        game.play(move)
    return game


def interleave(white: list[str], black: list[str]) -> list[str]:
    return [move for pair in zip(white, black, strict=True) for move in pair]


def test_r7_1_checkmate_wins():
    game = play("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
    assert (game.status, game.result, game.judgement.winner) == (CHECKMATE, "1-0", WHITE)


def test_r7_2_stalemate_is_a_draw():
    game = Game("k7/q1K5/8/8/8/8/8/R7 b - - 0 1 0/0")
    assert (game.status, game.result) == (STALEMATE, "1/2-1/2")


def test_r7_3_taking_the_last_piece_draws_even_when_it_mates():
    game = play("k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
    assert (game.status, game.result) == (BARE_KING, "1/2-1/2")
    assert game.position.fen() == "k1R5/pp6/8/8/8/8/8/4K3 b - - 0 1 1/0"


def test_r7_3_a_negus_with_only_medeqs_is_bare():
    assert Game("4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1 0/0").status == BARE_KING


def test_r7_4_the_seventh_counted_move_draws():
    game = play(COUNTING_START, *interleave(KING_WALK, KNIGHT_TOUR))
    assert (game.status, game.result) == (COUNTING, "1/2-1/2")
    assert game.position.counting == (0, 7)


def test_r7_4_six_counted_moves_do_not_draw():
    game = play(COUNTING_START, *interleave(KING_WALK[:6], KNIGHT_TOUR[:6]))
    assert game.status == ONGOING
    assert game.position.fen() == "7k/K5n1/8/8/8/8/1RN5/8 w - - 12 7 0/6"


def test_r7_4_negus_moves_are_not_counted():
    game = play("7k/8/8/4n3/8/8/1RN5/K7 b - - 0 1 0/3", "h8g8", "a1a2")
    assert game.position.counting == (0, 3)
    game.play("e5g6")
    assert game.position.counting == (0, 4)


def test_r7_4_the_count_starts_when_a_side_comes_down_to_one_piece():
    game = play("7k/8/1R5r/4n3/8/8/2N5/K7 w - - 0 1 0/0", "b6h6")
    assert game.position.counting == (0, 0)
    game.play("h8g8")
    game.play("a1b1")
    game.play("e5c6")
    assert game.position.counting == (0, 1)


def test_r7_4_promotion_resets_the_count():
    game = play("7k/8/8/4n3/8/RN6/5p2/K7 b - - 0 1 0/6", "f2f1n", "a1b1", "e5g6")
    assert game.status == ONGOING
    assert game.position.fen() == "7k/8/6n1/8/8/RN6/8/1K3n2 w - - 2 3 0/0"


def test_r7_5_checkmate_on_the_seventh_counted_move_wins():
    game = play("k7/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 6/0", "c1c8")
    assert (game.status, game.result) == (CHECKMATE, "1-0")
    assert game.position.counting == (7, 0)


def test_r7_5_counting_is_judged_before_the_seventy_move_rule():
    game = play("7k/8/8/4n3/8/8/1RN5/K7 b - - 139 1 0/6", "e5g6")
    assert game.position.halfmove == 140
    assert game.status == COUNTING


def test_r7_5_bare_king_is_judged_before_checkmate():
    game = play("k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
    assert game.position.is_check(BLACK) and not game.position.legal_moves()
    assert game.status == BARE_KING


def test_r7_5_one_judgement_gives_the_status_with_the_legal_moves():
    mated = Position.from_fen("k1R5/pp6/8/7n/8/8/8/4K3 b - - 0 1 0/0")
    assert adjudicate(mated) == (CHECKMATE, [])
    status, moves = adjudicate(Position.from_fen(COUNTING_START))
    assert status == ONGOING and "b2b8" in sorted_coordinates(moves)
    bare = Position.from_fen("k7/pp6/8/8/8/8/8/2R1K3 b - - 0 1 0/0")
    assert is_bare_king(bare) and adjudicate(bare) == (BARE_KING, [])
    assert adjudicate(Position.from_fen(START_FEN)) == (ONGOING, [])  # the werera: no side is to move


def test_r7_5_repetition_is_judged_only_when_the_occurrences_are_given():
    position = Position.from_fen("7k/8/8/4n3/8/8/1RN5/K7 w - - 139 70 0/0")
    assert draw_by_count_or_r8(position) is None
    assert draw_by_count_or_r8(position, repetitions=3) == REPETITION
    counted = Position.from_fen("7k/8/8/4n3/8/8/1R6/K7 w - - 140 70 7/0")
    assert draw_by_count_or_r8(counted, repetitions=3) == COUNTING  # R7.4 before R8.1 and R8.2


def test_r8_1_the_third_occurrence_draws():
    start = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    game = play(start, *shuffle, *shuffle[:3])
    assert game.status == ONGOING
    game.play(shuffle[3])
    assert (game.status, game.result) == (REPETITION, "1/2-1/2")


def test_r8_1_werera_positions_do_not_count_for_repetition():
    game = Game()
    for number in range(20):
        game.play_round(*(("g1f3", "g8f6") if number % 2 == 0 else ("f3g1", "f6g8")))
    assert game.status == ONGOING
    assert game.position.fen() == "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 40 1 0/0"


def test_r8_2_seventy_moves_without_capture_or_medeq_move_draw():
    game = play("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 138 70 0/0", "g1f3", "g8f6")
    assert (game.status, game.position.halfmove) == (SEVENTY_MOVE_RULE, 140)


def test_r8_2_a_medeq_move_or_a_capture_resets_the_clock():
    game = play("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 138 70 0/0", "e2e3", "g8f6")
    assert (game.status, game.position.halfmove) == (ONGOING, 1)
    game = play("k6n/8/8/3p4/4P3/8/8/K6R w - - 50 30 0/0", "e4d5")
    assert game.position.halfmove == 0


def test_r8_2_werera_moves_count():
    game = Game()
    game.play_round("g1f3", "g8f6")
    assert game.position.halfmove == 2
