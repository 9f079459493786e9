"""The werera generator: seeded werera games played from the start with every round recorded (R5.11), and the
puzzles found in them proved again by the validator with their rounds, the slower side's looked at first."""

from itertools import islice

from senterej.engine.notation import parse_coordinate
from senterej.engine.pieces import BLACK, WHITE
from senterej.engine.proofs.werera_choice import replay
from senterej.engine.werera import quicker_side
from trainer.generate.job_order import jobs
from trainer.generate.selection import tag
from trainer.generate.werera_games import werera_game, werera_job, werera_puzzle
from trainer.puzzle_proofs import validate


def test_r5_11_every_position_of_a_werera_game_is_reached_by_its_rounds_and_holds_all_32_men():
    game = werera_game(1, 4)
    assert game == werera_game(1, 4)  # seeded: the same game every time
    for number, (fen, rounds, source) in enumerate(game, start=1):
        position = replay(rounds)
        assert position.fen() == fen and position.werera == number
        assert (position.by_colour[WHITE] | position.by_colour[BLACK]).bit_count() == 32
        assert source == f"werera seed 1 game 4 round {number}"


def test_r5_3_the_puzzles_of_a_job_are_proved_again_with_their_rounds_and_themes():
    found = werera_job(1, 1)
    assert found and found == werera_job(1, 1)
    for puzzle in found:
        tagged = tag(puzzle)
        assert "werera" in tagged.themes
        assert validate(puzzle.fen, puzzle.moves, " ".join(tagged.themes), puzzle.rounds) is None


def test_r5_2_the_slower_side_is_looked_at_first():
    # round 10 of game 49: White's medeq on f4 takes Black's feres on e5, though Black is quicker
    fen, rounds, source = werera_game(1, 49)[9]
    puzzle = werera_puzzle(fen, rounds, source)
    assert puzzle is not None and puzzle.moves == "f4e5"
    position = replay(rounds)
    man = position.piece_at(parse_coordinate(puzzle.moves) & 63)
    assert man is not None and man.colour == WHITE != quicker_side(10)


def test_the_job_order_plays_a_batch_of_werera_games_each_round():
    assert [job for job in islice(jobs(1), 40) if job[0] == "werera-games"][:3] == [
        ("werera-games", 0, 0),
        ("werera-games", 1, 0),
        ("werera-games", 2, 0),
    ]
