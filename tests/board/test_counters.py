"""The rules' counters beside a board: the count of a lone piece (R7.4), the seventy-move rule (R8.2) and the
werera's round with its quicker side (R5.2), in words, in a labelled region, only where they apply."""

from django.utils import translation

from senterej.board.counters import (
    SEVENTY_SHOWN_FROM,
    Count,
    Counters,
    count_ran_out,
    counters_of,
    draw_counters,
)
from senterej.engine import BLACK, DER, FERES, FERS, FIL, WHITE, Piece, Position
from senterej.engine.game import COUNTING, Game
from testing.page_text import heard, seen

# White: two ders; Black: a lone feres that has made five counted moves (R7.4).
FERES_AT_FIVE = "8/8/8/3k4/8/2n5/8/R3K2R w - - 0 1 0/5"
# Each side has one piece: White's der has made six counted moves, Black's feres three.
BOTH_COUNT = "1n5k/6pp/8/8/8/8/6PP/4R1K1 w - - 12 60 6/3"


def test_r7_4_a_count_in_progress_says_whose_lone_piece_counts_and_how_many_moves_it_has_left():
    shown = counters_of(Position.from_fen(FERES_AT_FIVE))
    assert shown.counts == (Count(Piece(BLACK, FERES), 5),) and shown.counts[0].left == 2
    html = draw_counters(Position.from_fen(FERES_AT_FIVE))
    assert heard(html) == (
        "The count (R7.4) Black's lone feres: 5 of 7 counted moves made, 2 left. A seventh counted move that "
        "is not mate draws the game. Moves of the negus and the medeqs are not counted."
    )
    made, left = "\u25cf" * 5, "\u25cb" * 2  # five filled pips, two hollow, hidden from screen readers
    assert seen(html).startswith(f"The count (R7.4) {made}{left} Black's lone feres")


def test_r7_4_the_count_follows_the_game_from_the_capture_that_leaves_one_piece():
    game = Game("3k4/8/2n5/8/8/n7/8/R3K2R w - - 0 1 0/0")  # Black has two feres: nobody counts yet
    assert counters_of(game.position).counts == ()
    game.play("Rxa3")  # now one: Black's count starts at 0, with all seven moves ahead
    assert counters_of(game.position).counts == (Count(Piece(BLACK, FERES), 0),)
    for move in ("Nb4", "Ke2", "Nc6", "Kd3", "Kd7"):  # the last, a negus move, is not counted
        game.play(move)
    assert counters_of(game.position).counts == (Count(Piece(BLACK, FERES), 2),)
    assert counters_of(game.position).counts[0].left == 5


def test_r7_4_both_sides_count_at_once_each_with_its_own_piece():
    html = draw_counters(Position.from_fen(BOTH_COUNT))
    said = heard(html)
    assert "White's lone der: 6 of 7 counted moves made, 1 left" in said
    assert "Black's lone feres: 3 of 7 counted moves made, 4 left" in said
    assert said.count("The count (R7.4)") == 1 and html.count("<dd>") == 2


def test_r7_3_with_no_piece_left_there_is_no_count_but_a_bare_king():
    assert not counters_of(Position.from_fen("7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0"))
    assert draw_counters(Position.from_fen("7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0")) == ""


def test_r7_4_a_game_ended_by_the_count_says_whose_piece_counted_and_a_mate_on_the_seventh_wins():
    game = Game("1k6/8/8/4n3/8/8/3Q1PPP/3R2K1 b - - 0 1 0/6")
    game.play("Nc4")  # the feres's seventh counted move, not mate
    assert game.status == COUNTING
    assert count_ran_out(game.position) == (
        "Draw by the count: Black's lone feres made its seventh counted move without mate."
    )
    assert "The seventh was not mate: the game is drawn." in heard(draw_counters(game.position))
    mated = Game("1n5k/6pp/8/8/8/8/6PP/4R1K1 w - - 12 60 6/3")
    mated.play("Re8#")  # the der's seventh counted move mates: a win (R7.5 judges mate first)
    assert mated.result == "1-0"
    assert "The seventh gave mate, and mate wins." in heard(draw_counters(mated.position))


def test_r8_2_the_seventy_move_counter_is_shown_from_half_its_length_at_its_known_value():
    assert SEVENTY_SHOWN_FROM == 70
    quiet = "n7/3k4/8/8/8/8/4R3/4K3 w - - %s 90 0/0"
    assert counters_of(Position.from_fen(quiet % 69)).quiet is None
    assert counters_of(Position.from_fen(quiet % 70)).quiet == 70
    html = draw_counters(Position.from_fen(quiet % 125))
    assert heard(html).endswith(
        "The seventy-move rule (R8.2) 125 of 140 moves without a capture or a medeq move (70 by each side). "
        "15 moves left before a draw."
    )


def test_r8_2_the_counter_grows_with_quiet_moves_and_is_gone_after_a_medeq_move():
    game = Game("n7/3k4/8/8/8/8/4R2P/4K3 w - - 138 110 0/0")
    game.play("Re3")
    assert counters_of(game.position).quiet == 139
    assert "1 move left before a draw." in heard(draw_counters(game.position))
    game.play("Kd6")
    assert game.status == "seventy-moves"
    assert "The 140th has been played: the game is drawn." in heard(draw_counters(game.position))
    again = Game("n7/3k4/8/8/8/8/4R2P/4K3 w - - 138 110 0/0")
    again.play("h3")  # a medeq move starts the seventy moves again
    assert counters_of(again.position).quiet is None


def test_r5_2_a_werera_board_tells_the_round_and_the_quicker_side():
    odd = Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 3 0 1 0/0")
    even = Position.from_fen("rnbkqbnr/pppp1ppp/4p3/8/8/5N2/PPPPPPPP/RNBQKB1R - Kk 4 1 1 0/0")
    assert (counters_of(odd).round, counters_of(odd).quicker) == (3, WHITE)
    assert (counters_of(even).round, counters_of(even).quicker) == (4, BLACK)
    assert heard(draw_counters(even)) == (
        "The werera (R5) Round 4 of 20. Black is quicker this round: its move comes first, unless only White "
        "captures."
    )
    assert Counters().quicker is None and counters_of(Position.from_fen(FERES_AT_FIVE)).round is None


def test_a_drill_whose_opponent_passes_tells_only_the_werera_round():
    assert counters_of(Position.from_fen(FERES_AT_FIVE), judged=False) == Counters()
    werera = Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 5 0 1 0/0")
    assert counters_of(werera, judged=False) == Counters(round=5)


def test_the_counters_are_a_labelled_region_in_the_readers_language():
    html = draw_counters(Position.from_fen(BOTH_COUNT))
    assert html.startswith('<section class="counters" aria-label="Counters of the rules">')
    with translation.override("sk"):
        html = draw_counters(Position.from_fen(BOTH_COUNT))
        assert 'aria-label="Počítadlá pravidiel"' in html
        said = heard(html)
        assert "Počítanie (R7.4)" in said
        assert "Osamelý biely der (veža): 6 zo 7 započítaných ťahov, zostáva 1." in said
        assert "Osamelý čierny feres (jazdec): 3 zo 7 započítaných ťahov, zostávajú 4." in said
        werera = Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 7 0 1 0/0")
        assert "Kolo 7 z 20. V tomto kole je rýchlejší Biely" in heard(draw_counters(werera))
        game = Game("1k6/8/8/4n3/8/8/3Q1PPP/3R2K1 b - - 0 1 0/6")
        game.play("Nc4")
        assert count_ran_out(game.position).startswith("Remíza počítaním: osamelý čierny feres (jazdec)")
    assert "Counters of the rules" in draw_counters(Position.from_fen(BOTH_COUNT))


def test_every_lone_piece_is_named():
    for kind, name in ((FERS, "fers"), (DER, "der"), (FIL, "fil"), (FERES, "feres")):
        position = Position.from_fen(f"4k3/8/8/8/8/8/8/{Piece(WHITE, kind).letter}3K2n w - - 0 1 2/0")
        assert f"White's lone {name}: 2 of 7" in heard(draw_counters(position))
