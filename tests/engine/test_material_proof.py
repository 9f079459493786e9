"""The material proof by lichess-puzzler's standard, judged by the engine's search with the rules inside:
known answers kept and refused, each naming its rule."""

import json
from pathlib import Path

import pytest

from senterej.engine.notation import parse_coordinate
from senterej.engine.pieces import BLACK, FERS, WHITE
from senterej.engine.position import Position
from senterej.engine.proofs import SearchLimitError
from senterej.engine.proofs.mate import MateSearch
from senterej.engine.proofs.material import (
    MARGIN,
    MATE_LOOK,
    STEP_DEPTH,
    MaterialJudge,
    margin_bar,
    prove_material_line,
    win_chance,
)

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"
#: Both sides with der, fil, fers and feres; White's feres jumps to c7, checking the negus and taking the der.
FORK = "r1b1kq2/1p1p1ppp/6n1/1N6/8/8/P3QPPP/2BR2K1 w - - 0 30 0/0"
#: Black's feres on d5 is attacked by White's der and defended by nothing.
HANGING = "2b2rk1/p3qppp/8/3n4/8/8/P3QPPP/1NBR2K1 w - - 0 30 0/0"


def fixture_puzzle(pk: int) -> tuple[str, list[str]]:
    for line in FIXTURE.read_text().splitlines():
        record = json.loads(line)
        if record["pk"] == pk:
            return record["fields"]["fen"], record["fields"]["moves"].split()
    raise LookupError(pk)


def score(fen: str, move: str) -> int:
    """The move's score to the mover by the proof's own search."""
    return MaterialJudge().score(Position.from_fen(fen), parse_coordinate(move), STEP_DEPTH, [])


def test_a_fork_that_wins_the_der_is_kept_as_one_move_and_as_the_line_that_cashes_it_in():
    assert prove_material_line(FORK, ["b5c7"]) is None
    assert prove_material_line(FORK, ["b5c7", "e8d8", "c7a8"]) is None


def test_a_single_free_capture_of_an_undefended_man_is_refused():
    assert prove_material_line(HANGING, ["d1d5"]) == (
        "a single capture that cannot be taken back: there is nothing to find"
    )


def test_a_solution_another_move_equals_is_refused():
    # with a feres on b4, both it and the der take the undefended feres
    both = "2b2rk1/p3qppp/8/3n4/1N6/8/P3QPPP/2BR2K1 w - - 0 30 0/0"
    assert prove_material_line(both, ["d1d5"]) == "move 1 (d1d5): the engine prefers b4d5"


def test_an_already_won_start_is_refused():
    a_der_up = "2b2rk1/p3qppp/8/3n4/8/8/P3QPPP/RNBR2K1 w - - 0 30 0/0"
    failure = prove_material_line(a_der_up, ["d1d5"])
    assert failure is not None and failure.startswith("the solver is already winning")


def test_a_start_in_check_with_one_escape_is_refused():
    only_block = "6k1/5ppp/2n5/8/8/4N3/5PPP/4r2K w - - 0 30 0/0"  # the der checks; only the feres blocks
    assert Position.from_fen(only_block).legal_moves() == [parse_coordinate("e3f1")]
    assert prove_material_line(only_block, ["e3f1"]) == "the solver starts in check and the escape is no idea"


def test_r7_4_puzzle_250_throws_away_a_counting_draw():
    fen, moves = fixture_puzzle(250)
    assert moves == ["b7b8r"] and Position.from_fen(fen).counting[WHITE] == 4
    # White's lone fers runs its count to a draw; a second piece (the promotion) stops the count
    assert score(fen, "b7b8r") < score(fen, "c3b2")
    assert prove_material_line(fen, moves) == "move 1 (b7b8r): the engine prefers c3b2"


@pytest.mark.parametrize(("pk", "mate"), [(345, "e7f8"), (354, "f2f1r")])
def test_an_advantage_that_another_move_turns_into_mate_is_a_mate_puzzle(pk, mate):
    fen, moves = fixture_puzzle(pk)
    assert prove_material_line(fen, moves) == f"move 1 ({moves[0]}): {mate} mates: that is a mate puzzle"


def test_r7_4_a_line_whose_end_the_count_draws_is_refused():
    counting = "2b3k1/p4ppp/8/3n4/8/8/P4PPP/3R2K1 w - - 0 30 {count}/0"  # White's der is its last piece
    assert score(counting.format(count=0), "d1d5") > 0
    # the capture is the der's seventh counted move and does not mate: drawn
    assert score(counting.format(count=6), "d1d5") == 0
    failure = prove_material_line(counting.format(count=6), ["d1d5"])
    assert failure is not None and failure.startswith("move 1 (d1d5): the engine prefers")


def test_r7_3_taking_the_last_piece_is_a_draw_and_no_gain():
    last_piece = "k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0"  # c1c8 takes the last der and mates, yet draws
    assert score(last_piece, "c1c8") == 0
    failure = prove_material_line(last_piece, ["c1c8"])
    assert failure is not None and failure.startswith("move 1 (c1c8):")


def test_a_line_must_be_legal_and_end_with_the_solver():
    assert prove_material_line(FORK, ["b5c7", "e8d8"]) == (
        "a material line is played turn by turn and ends with the solver's move"
    )
    assert prove_material_line(FORK, ["b5c8"]) == "move 1 (b5c8) is not legal"


def test_the_proof_keeps_to_its_budget_of_nodes():
    with pytest.raises(SearchLimitError):
        prove_material_line(FORK, ["b5c7", "e8d8", "c7a8"], MaterialJudge(max_nodes=200))
    judge = MaterialJudge()
    assert prove_material_line(FORK, ["b5c7", "e8d8", "c7a8"], judge) is None
    assert 0 < judge.nodes <= judge.max_nodes


def test_the_margin_is_a_win_chance():
    assert win_chance(0) == 0 and win_chance(10**5) == 1 and round(win_chance(300), 2) == 0.5
    for value in (0, 250, 600):
        bar = margin_bar(value)
        assert win_chance(value) - win_chance(bar) <= MARGIN < win_chance(value) - win_chance(bar - 1)


@pytest.mark.parametrize("pk", [1721, 1708])
def test_r3_2_a_promotion_beside_a_fers_it_could_take_is_refused(pk):
    """R3.2: the medeq on e7 may promote to a der by a step (e7e8r) or by taking the fers on f8 (e7f8r).
    Taking it leaves Black one piece, which the evaluation shrinks to an eighth (R7.4), while the step leaves
    the fers en prise and counted in full; counted man by man the capture wins at least as much."""
    fen, moves = fixture_puzzle(pk)
    assert moves == ["e7e8r"]
    position = Position.from_fen(fen)
    assert position.board[parse_coordinate("f8f8") & 63] == FERS | BLACK << 3
    assert prove_material_line(fen, moves) == "move 1 (e7e8r): e7f8r wins as much, counted man by man"


def test_r3_2_r7_1_puzzle_1721s_capturing_promotion_mates_in_four():
    """The line the issue gives: the der made on f8 mates on h8 while Black's lone fil runs its count."""
    fen, _ = fixture_puzzle(1721)
    game = Position.from_fen(fen)
    for move in ["e7f8r", "g7e5", "f7f6", "c3c2", "e6g5", "h7h6", "f8h8"]:
        assert parse_coordinate(move) in game.legal_moves()
        game.push(parse_coordinate(move))
    assert game.is_check() and not game.legal_moves()
    # beyond the three moves the material proof looks for mates in, and its solver step's depth
    search = MateSearch(max_nodes=200_000)
    first = Position.from_fen(fen)
    assert not search.move_mates_within(first, parse_coordinate("e7f8r"), MATE_LOOK)
    assert search.move_mates_within(first, parse_coordinate("e7f8r"), 4)


def test_a_capture_the_count_makes_look_small_is_still_weighed_in_full():
    """R7.4: by the engine's evaluation the capture is worth far less than the quiet promotion (the lone fil
    left may run its count); by the men's values it is worth at least as much."""
    fen, _ = fixture_puzzle(1708)
    assert score(fen, "e7f8r") < score(fen, "e7e8r") - 200
    judge = MaterialJudge()
    assert judge.material_rival(Position.from_fen(fen), parse_coordinate("e7e8r")) == parse_coordinate(
        "e7f8r"
    )
