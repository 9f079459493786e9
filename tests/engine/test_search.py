"""The search: known mates, and terminal nodes scored by the real rules (R7, R8) rather than by material."""

import itertools

import pytest

from senterej.engine import START_FEN, Position
from senterej.engine.game import BARE_KING, CHECKMATE, judge
from senterej.engine.notation import coordinate, parse_move
from senterej.engine.search import MATE, Searcher, search

MIDDLEGAME = "r1bk1bnr/pp1qpppp/2np4/2p5/4P3/2NP1N2/PPP1QPPP/R1B1KB1R w - - 0 1 0/0"


def best(fen: str, **limits: float) -> tuple[str, int]:
    result = search(Position.from_fen(fen), **limits)  # type: ignore[arg-type]
    return coordinate(result.move), result.score


def test_r7_1_mate_in_one_the_der_on_the_a_file():
    # the negus on a8 is held by its own negus-neighbour on c7; only Ra2 mates
    result = search(Position.from_fen("k7/2K5/8/8/8/8/1R6/7n w - - 0 1 0/0"), depth=3)
    assert coordinate(result.move) == "b2a2" and result.mate_in == 1 and result.score == MATE - 1


def test_r7_1_mate_in_two_the_der_ladder():
    # two ders on the sixth and fifth ranks: one closes the seventh rank, the other mates on the eighth
    result = search(Position.from_fen("6k1/8/R7/1R6/8/8/8/K6n w - - 0 1 0/0"), depth=5)
    assert coordinate(result.move) in {"b5b7", "a6a7"} and result.mate_in == 2


def test_r7_1_being_mated_scores_as_mate_against():
    # Black to move can only delay Ra8 mate by nothing: every answer is mated at once
    result = search(Position.from_fen("6k1/1R6/R7/8/8/8/8/K6n b - - 0 1 0/0"), depth=4)
    assert result.mate_in == -1


def test_r7_3_the_search_mates_rather_than_take_the_last_piece():
    # Rxg8 would mate too (the feres on e7 guards g8), but taking Black's last piece is a draw;
    # the smothered mate Nf7 wins
    fen = "2R3rk/4N1pp/8/6N1/8/8/8/1K6 w - - 0 1 0/0"
    taking = Position.from_fen(fen)
    taking.push(parse_move(taking, "c8g8"))
    assert judge(taking).status == BARE_KING and not taking.legal_moves()
    assert best(fen, depth=4) == ("g5f7", MATE - 1)


def test_r7_3_an_extra_der_exchange_is_refused_when_it_would_leave_a_bare_king():
    # White (four medeqs to two) could take the der with "mate" on d8, which draws by R7.3
    fen = "k2r4/pp6/8/8/8/8/PPP1P3/3R2K1 w - - 0 1 0/0"
    taking = Position.from_fen(fen)
    taking.push(parse_move(taking, "d1d8"))
    assert judge(taking).status == BARE_KING and taking.is_check() and not taking.legal_moves()
    move, _ = best(fen, depth=4)
    assert move != "d1d8"


def test_r7_3_a_losing_side_takes_the_last_piece_to_draw():
    # Black, a feres against a der and three medeqs, takes the der: White is left with a bare negus
    assert best("6k1/R7/6K1/1n6/8/8/5PPP/8 b - - 0 1 0/0", depth=4) == ("b5a7", 0)


def test_r7_4_a_side_that_cannot_mate_before_the_count_runs_out_scores_a_draw():
    # two ders against a lone feres that has made six counted moves: its next move draws
    assert best("7k/8/8/4n3/8/8/1RR5/K7 w - - 0 1 0/6", depth=6)[1] == 0
    move, score = best("7k/8/8/4n3/8/8/1RR5/K7 b - - 0 1 0/6", depth=4)
    assert score == 0 and move.startswith("e5")  # the feres's seventh counted move


def test_r7_4_a_mate_before_the_count_runs_out_still_wins():
    assert best("7k/R7/8/4n3/8/8/1R6/K7 w - - 0 1 0/6", depth=3) == ("b2b8", MATE - 1)


def test_r8_1_a_position_met_before_in_the_game_scores_as_a_draw():
    position = Position.from_fen(MIDDLEGAME)
    after = {}
    for move in position.legal_moves():
        position.push(move)
        after[move] = position.placement_key()
        position.pop()
    result = Searcher().search(position, depth=2, seen=after.values())
    assert result.score == 0
    # with one way out that does not repeat, the search takes it if it is ahead
    way_out = parse_move(position, "c3d5")
    seen = [key for move, key in after.items() if move != way_out]
    assert Searcher().search(position, depth=2, seen=seen).move == way_out


def test_r8_1_a_losing_side_repeats_to_draw():
    # Black is a der down; the position after Kh7 was met before, so Kh7 draws, and every other move loses
    fen = "7k/8/8/8/8/8/r4PPP/1RR3K1 b - - 0 1 0/0"
    position = Position.from_fen(fen)
    repeat = parse_move(position, "h8h7")
    position.push(repeat)
    seen = [position.placement_key()]
    position.pop()
    result = Searcher().search(position, depth=3, seen=seen)
    assert (result.move, result.score) == (repeat, 0)


def test_r8_2_quiet_moves_at_the_limit_draw():
    # no capture and no medeq to move: any move is the 140th quiet one
    assert best("n6k/8/8/8/8/8/1RR5/K6n w - - 139 80 0/0", depth=4)[1] == 0
    assert best("n6k/8/8/8/8/8/1RR5/K6n w - - 100 80 0/0", depth=2)[1] > 100


def test_the_search_stops_at_its_node_limit():
    result = search(Position.from_fen(MIDDLEGAME), max_nodes=2_000)
    assert result.nodes <= 2_000 and result.move in Position.from_fen(MIDDLEGAME).legal_moves()
    assert 1 <= result.depth < 10


def test_the_search_reads_its_clock_and_stops_at_its_time_limit():
    ticks = itertools.count()
    searcher = Searcher(clock=lambda: float(next(ticks)))  # one second passes at every reading
    result = searcher.search(Position.from_fen(MIDDLEGAME), time_limit=5)
    assert result.nodes < 10 * 256 and result.move in Position.from_fen(MIDDLEGAME).legal_moves()


def test_the_searcher_keeps_its_table_between_searches():
    searcher = Searcher()
    first = searcher.search(Position.from_fen(MIDDLEGAME), depth=3)
    again = searcher.search(Position.from_fen(MIDDLEGAME), depth=3)
    assert again.move == first.move and again.nodes < first.nodes


def test_the_principal_variation_is_a_legal_line():
    result = search(Position.from_fen(MIDDLEGAME), depth=3)
    position = Position.from_fen(MIDDLEGAME)
    assert result.pv[0] == result.move
    for move in result.pv:
        assert move in position.legal_moves()
        position.push(move)


def test_a_mated_side_has_no_move_to_search():
    position = Position.from_fen("R5k1/1R6/8/8/8/8/8/K6n b - - 0 1 0/0")
    assert judge(position).status == CHECKMATE
    result = search(position)
    assert (result.move, result.score) == (0, -MATE)


def test_the_werera_is_not_searched_turn_by_turn():
    with pytest.raises(ValueError, match="werera"):
        search(Position.from_fen(START_FEN))
