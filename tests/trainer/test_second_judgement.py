"""The second, stricter judgement of the fixture's material and werera puzzles (`validate_puzzles --second`),
on the fields the fixture held before it ran."""

from senterej.engine.notation import parse_coordinate
from senterej.engine.position import Position
from trainer.generate.second_judgement import judge_again

#: Puzzle 1585 as stored before: tagged "advantage" alone, its solution the first move of a mate in four.
MATE_IN_FOUR = {
    "fen": "6k1/4bn1p/3QP3/2B1BK1N/2r5/8/5P2/8 w - - 0 30 0/0",
    "moves": "h5f6",
    "themes": "advantage",
    "rating": 1819,
    "source": "constructed",
}
#: Puzzle 1337 as stored before: the medeq on b4 takes the der on c5, rated 1543.
MEDEQ_TAKES_DER = {
    "fen": "1R6/p7/1p6/P1r5/1P1N4/kb6/B6n/K7 w - - 0 30 0/0",
    "moves": "b4c5",
    "themes": "advantage",
    "rating": 1543,
    "source": "constructed",
}


def test_r7_1_a_solution_that_begins_a_forced_mate_is_given_the_mate_s_line_and_tags():
    judged = judge_again(MATE_IN_FOUR)
    assert judged.mate and judged.retired is None
    moves = str(judged.fields["moves"]).split()
    assert moves[0] == "h5f6" and len(moves) == 7
    position = Position.from_fen(MATE_IN_FOUR["fen"])
    for move in moves:
        position.push(parse_coordinate(move))
    assert position.is_check() and not position.legal_moves()  # R7.1: the line ends in checkmate
    assert "mateIn4" in str(judged.fields["themes"]).split()


def test_a_medeq_taking_a_der_is_rated_as_an_easy_puzzle():
    judged = judge_again(MEDEQ_TAKES_DER)
    assert judged.rerated and judged.retired is None
    assert isinstance(judged.fields["rating"], int) and judged.fields["rating"] < 1200


def test_r3_2_puzzle_1721_is_retired_with_its_reason():
    judged = judge_again(
        {
            "fen": "5q2/4PKbk/N3Np1Q/5P2/8/2p5/8/8 w - - 0 30 0/0",
            "moves": "e7e8r",
            "themes": "lostPiecePromotion advantage",
            "rating": 2130,
            "source": "constructed",
        }
    )
    assert judged.fields["active"] is False
    assert judged.retired == "move 1 (e7e8r): e7f8r wins as much, counted man by man"
