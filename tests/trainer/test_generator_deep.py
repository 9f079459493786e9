"""Deep mates: mates in four and five proved on hand-made positions (the only mating move at every solver
step, R7.1), a line with a second mate refused, the last piece left alone (R7.3) and a lone piece's count as
a defence (R7.4), two-fil mates graded as Plowden ranked them (R10), the climbs of `generate_puzzles --deep`
reproducible from a seed, and the deep puzzles added to a fixture without touching the puzzles already
there. The positions come from those climbs (seed 1)."""

import json
import re

import pyffish
from django.core.management import call_command

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.pieces import MEDEQ, NEGUS, WHITE
from senterej.engine.position import Position
from senterej.engine.proofs import DRAWN, status
from senterej.engine.proofs.mate import MateSearch, prove_mate_line
from testing.fairy import VARIANT, fairy_fen, load
from trainer.generate.deep import (
    DEEP_KIND,
    DEEP_LEAST,
    DEEP_MOST,
    DEEP_PROOF_NODES,
    climbed_puzzle,
    deep_puzzle,
)
from trainer.generate.difficulty import difficulty
from trainer.generate.finders import Found, mate_grade
from trainer.generate.selection import Tagged, goals_met, initial_rating, select_more, tag
from trainer.lines import PuzzleLine
from trainer.puzzle_proofs import validate

#: White's feres and two ders keep Black's negus on the back rank until a der mates.
MATE_IN_FOUR = "3k1N2/1Rp3R1/3n3K/8/8/8/8/8 w - - 0 30 0/0"
MATE_IN_FOUR_LINE = "f8e6 d8e8 e6c7 e8d8 c7e6 d8c8 g7c7"
#: Five moves by Black: feres and fil checks drive White's negus to d1, where the medeq mates by becoming a
#: der, a kind Black has lost (R3.2).
MATE_IN_FIVE = "8/8/8/8/8/1N3k2/1qP2bpb/3K1n2 b - - 0 30 3/0"
MATE_IN_FIVE_LINE = "f1e3 d1d2 e3c4 d2d3 c4e5 d3d2 h2f4 d2d1 g2g1r"
#: Black's lone feres on g5 is White's to take with Nh3xg5, a draw (R7.3): White mates in four with its
#: two feres instead, every move a check.
LAST_PIECE_LEFT = "8/8/6QN/5pn1/7k/7N/7K/3B4 w - - 0 30 0/{count}"
LAST_PIECE_LEFT_LINE = "h6f5 h4g4 f5e3 g4h4 e3g2 h4g4 h3f2"
#: Black's ders mate in four while White's lone feres runs about, its moves counted (R7.4).
COUNTING = "8/8/8/1P3r2/3k4/7K/6r1/2N2n2 b - - 0 30 {count}/0"
COUNTING_LINE = "g2h2 h3g4 h2h5 c1b3 d4e3 b3a1 f5g5"
#: Black mates in four with either feres move, Na6 or Ne6: no puzzle.
TWO_MATES_IN_FOUR = "8/2K5/8/2n5/k7/2r5/2Nr3P/8 b - - 0 30 1/0"
TWO_MATES_IN_FOUR_LINE = "c5a6 c7b6 d2d6 b6a7 c3c7 a7a8 d6d8"
#: Fc4-a6 mates: the a6 fil checks c8 and the d5 fil holds b7.
TWO_FIL_MATE = "2KN4/8/1r1k4/3b4/2b5/8/8/8 b - - 0 30 3/0"


def test_r7_1_a_unique_mate_in_four_is_proved_and_rated_strong():
    proof = prove_mate_line(MATE_IN_FOUR, MATE_IN_FOUR_LINE.split())
    assert proof.failure is None and 0 < proof.nodes <= DEEP_PROOF_NODES
    assert validate(MATE_IN_FOUR, MATE_IN_FOUR_LINE) is None
    tagged = tag(Found(MATE_IN_FOUR, MATE_IN_FOUR_LINE, "hand-made", proof.nodes, proof.failed_tries))
    # a mate by feres checks: harder than three puzzles in four of the pool (its upper quartile is 1681)
    assert tagged.themes[:2] == ["mateIn4", "derMate"] and tagged.rating >= 1700


def test_r3_2_a_unique_mate_in_five_ends_with_a_promotion_to_a_lost_der():
    proof = prove_mate_line(MATE_IN_FIVE, MATE_IN_FIVE_LINE.split())
    assert proof.failure is None and proof.nodes <= DEEP_PROOF_NODES
    tagged = tag(Found(MATE_IN_FIVE, MATE_IN_FIVE_LINE, "hand-made", proof.nodes, proof.failed_tries))
    assert tagged.themes[:2] == ["mateIn5", "derMate"] and "lostPiecePromotion" in tagged.themes
    assert 2000 <= tagged.rating < 2400  # among the hardest, and not on the ceiling


def test_r7_3_a_mate_in_four_that_leaves_the_last_piece_alone():
    fen = LAST_PIECE_LEFT.format(count=2)
    assert prove_mate_line(fen, LAST_PIECE_LEFT_LINE.split()).failure is None
    taken = Position.from_fen(fen)
    taken.push(parse_coordinate("h3g5"))
    assert status(taken)[0] == DRAWN  # the bare king
    assert "bareKingTrap" in tag(Found(fen, LAST_PIECE_LEFT_LINE, "hand-made", 0, 0)).themes


def test_r7_4_a_lone_feres_near_the_end_of_its_count_holds_the_mate_off():
    line = COUNTING_LINE.split()
    assert prove_mate_line(COUNTING.format(count=4), line).failure is None
    # two feres moves from 5 make its seventh, a draw: no mate in four any more
    assert prove_mate_line(COUNTING.format(count=5), line).failure == "move 1 (g2h2) does not mate in 4"


def test_a_deeper_mate_rates_higher_by_the_model():
    line = MATE_IN_FOUR_LINE.split()
    four, three = (PuzzleLine.of(MATE_IN_FOUR, " ".join(line[:length])) for length in (7, 5))
    steps = difficulty(four).as_dict()["steps"] - difficulty(three).as_dict()["steps"]
    assert steps == 1
    assert initial_rating(four) > initial_rating(three)


def test_r7_1_a_mate_in_four_with_a_second_first_move_is_refused():
    failure = prove_mate_line(TWO_MATES_IN_FOUR, TWO_MATES_IN_FOUR_LINE.split()).failure
    assert failure == "move 1 (c5a6) is not the only mate in 4: c5e6"
    assert deep_puzzle(TWO_MATES_IN_FOUR, "hand-made") is None
    # trying everything finds the same two first moves
    assert BruteForce().mating_moves(Position.from_fen(TWO_MATES_IN_FOUR), 4) == ["c5a6", "c5e6"]


def test_a_line_one_move_short_of_the_mate_is_refused():
    short = MATE_IN_FOUR_LINE.split()[:-2]
    assert prove_mate_line(MATE_IN_FOUR, short).failure == "move 1 (f8e6) does not mate in 3"


def test_the_deep_search_finds_the_unique_mate_in_four():
    found = deep_puzzle(MATE_IN_FOUR, "hand-made")
    assert found is not None and found.moves == MATE_IN_FOUR_LINE and found.source == "hand-made"


def test_r10_plowden_grades_the_two_fil_mate_above_the_der():
    position = Position.from_fen(TWO_FIL_MATE)
    assert mate_grade(position, parse_coordinate("c4a6")) == 1
    # the tag asks more: the fil on d5 only doubles the der's guard of b7, so it is not a two-fil mate
    assert tag(Found(TWO_FIL_MATE, "c4a6", "hand-made", 0, 0)).themes == ["mateIn1"]
    der = Position.from_fen("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0")
    assert mate_grade(der, parse_coordinate("c1c8")) == 3


def test_the_search_is_as_sound_with_a_node_limit_it_does_not_reach():
    limited = prove_mate_line(MATE_IN_FOUR, MATE_IN_FOUR_LINE.split(), MateSearch(max_nodes=DEEP_PROOF_NODES))
    assert limited == prove_mate_line(MATE_IN_FOUR, MATE_IN_FOUR_LINE.split())


# --- the job kind ---


class BruteForce:
    """Forced mates found by trying everything, with nothing of the solver under test: the engine's plain
    legal moves (R2, R3; checked against Fairy-Stockfish in tests/engine), mate as R7.1 has it, and R7.3
    judged first (R7.5), so a move that leaves either side without a piece draws even if it mates. It knows
    no count (R7.4) and no draw of R8: a test first shows that none of them can come into the line."""

    def __init__(self) -> None:
        self.known: dict[tuple, bool] = {}

    @staticmethod
    def bare(position: Position) -> bool:
        pieces = [0, 0]
        for square in range(64):
            man = position.piece_at(square)
            if man is not None and man.kind not in (NEGUS, MEDEQ):
                pieces[man.colour] += 1
        return 0 in pieces

    def mates(self, position: Position, moves: int) -> bool:
        """The side to move mates in at most `moves` moves whatever the other side does."""
        key = (position.placement_key(), moves)
        if key not in self.known:
            self.known[key] = any(self.forces(position, move, moves) for move in position.legal_moves())
        return self.known[key]

    def forces(self, position: Position, move: int, moves: int) -> bool:
        """`move` mates, or every reply to it is mated within the moves left."""
        position.push(move)
        try:
            if self.bare(position):
                return False
            replies = position.legal_moves()
            if not replies:
                return position.is_check()
            return moves > 1 and all(self._mated_after(position, reply, moves - 1) for reply in replies)
        finally:
            position.pop()

    def _mated_after(self, position: Position, reply: int, moves: int) -> bool:
        position.push(reply)
        try:
            return not self.bare(position) and self.mates(position, moves)
        finally:
            position.pop()

    def mating_moves(self, position: Position, moves: int) -> list[str]:
        return [coordinate(move) for move in position.legal_moves() if self.forces(position, move, moves)]


def test_r7_1_a_climb_from_a_fixed_seed_gives_the_same_unique_deep_mate_every_time():
    found = climbed_puzzle(1, 7, 7)  # the eighth climb of the eighth set, seed 1
    assert found is not None and found == climbed_puzzle(1, 7, 7)  # the seed decides everything

    # The position holds the material its source names, the solver (White or Black) first.
    named = re.fullmatch(rf"{DEEP_KIND} (\S+) v (\S+) seed 1 climb 7", found.source)
    assert named is not None
    start = Position.from_fen(found.fen)
    assert start.turn is not None  # a turn-based position (R4.1)
    placement = found.fen.split()[0]
    solver, defender = (str.isupper, str.islower) if start.turn == WHITE else (str.islower, str.isupper)
    for men, side in zip(named.groups(), (solver, defender), strict=True):
        assert sorted(men.split("+")) == sorted(man.upper() for man in placement if side(man))

    line = found.moves.split()
    length = (len(line) + 1) // 2
    assert len(line) % 2 == 1 and DEEP_LEAST <= length <= DEEP_MOST
    # No count or seventy-move rule can reach the end of the line (R7.4, R8.2); R8.1 needs more moves.
    counts = [int(count) for count in found.fen.split()[6].split("/")]
    assert max(counts) + length < 7 and int(found.fen.split()[4]) + len(line) < 140

    # Every solver move is the only one that mates in the moves left, and none mates sooner, so each reply
    # was a longest defence (R7.1); the last move mates, and leaves the defender a piece (R7.3).
    brute = BruteForce()
    position = Position.from_fen(found.fen)
    for step in range(length):
        left = length - step
        if left > 1:
            assert not brute.mates(position, left - 1), f"a quicker mate at move {step + 1}"
        assert brute.mating_moves(position, left) == [line[2 * step]], f"move {step + 1}"
        for move in line[2 * step : 2 * step + 2]:
            position.push(parse_coordinate(move))
    assert position.legal_moves() == [] and position.is_check() and not BruteForce.bare(position)

    # Fairy-Stockfish plays the same line, every move legal to it, and calls its end a checkmate.
    load()
    fairy = fairy_fen(found.fen)
    for ply in range(len(line)):
        assert line[ply] in pyffish.legal_moves(VARIANT, fairy, line[:ply]), line[ply]
    assert pyffish.legal_moves(VARIANT, fairy, line) == [] and pyffish.gives_check(VARIANT, fairy, line)


# --- adding to a fixture ---


def _tagged(fen: str, themes: list[str], source: str = "test") -> Tagged:
    return Tagged(Found(fen, "a1a2", source, 0, 0), themes, 2000)


def test_deep_puzzles_are_added_without_breaking_a_share_of_the_whole():
    kept = [(f"k7/8/8/8/8/{i}R{7 - i}/8/K7 w - - 0 1 0/0", ["derMate", "mateIn2"]) for i in range(1, 5)]
    kept += [(f"k7/8/8/8/8/{i}N{7 - i}/8/K7 w - - 0 1 0/0", ["advantage"]) for i in range(1, 7)]
    fives = [
        _tagged(f"k7/8/8/{i}B{7 - i}/8/8/8/K7 w - - 0 1 0/0", ["mateIn5", "derMate"]) for i in range(1, 7)
    ]
    fours = [
        _tagged(f"k7/8/8/8/{i}N{7 - i}/8/8/K7 w - - 0 1 0/0", ["mateIn4", "feresMate"]) for i in range(1, 7)
    ]
    old = _tagged(kept[0][0], ["mateIn5"])  # the same position as a kept puzzle: never added
    chosen = select_more(kept, [old, *fours, *fives], 6)
    themes = [t for tagged in chosen for t in tagged.themes]
    # 6 of 16 at most may be ders (4 kept): two mates in five, then the mates in four
    assert themes.count("mateIn5") == 2 and themes.count("mateIn4") == 4 and old not in chosen
    assert not goals_met(kept, chosen)


def test_the_deep_run_keeps_every_other_puzzle_and_appends_after_the_largest_id(tmp_path):
    fixture = tmp_path / "puzzles.jsonl"
    kept = [
        {
            "model": "trainer.puzzle",
            "pk": pk,
            "fields": {
                "fen": f"k7/8/8/8/8/8/{pk}P/K7 w - - 0 1 0/0",
                "themes": theme,
                "source": "selfplay 1",
            },
        }
        for pk, theme in ((5, "advantage"), (7, "fork"), (6, "werera"))
    ]
    stale = {
        "model": "trainer.puzzle",
        "pk": 9,
        "fields": {"fen": "x", "themes": "mateIn4", "source": "deep x"},
    }
    fixture.write_text("".join(json.dumps(record) + "\n" for record in [kept[0], stale, *kept[1:]]))
    found = Found(MATE_IN_FOUR, MATE_IN_FOUR_LINE, f"{DEEP_KIND} hand-made", 5000, 3)
    state = tmp_path / "state"
    state.write_text(json.dumps({"job": "deep 1 0 0", "found": [found.as_dict()]}) + "\n")
    call_command("generate_puzzles", deep=True, output=str(fixture), state=str(state), max_jobs=1, count=5)
    lines = fixture.read_text().splitlines()
    assert lines[:3] == [json.dumps(record) for record in kept] and len(lines) == 4
    added = json.loads(lines[3])
    assert added["pk"] == 8 and added["fields"]["moves"] == MATE_IN_FOUR_LINE
    assert added["fields"]["themes"].startswith("mateIn4") and added["fields"]["rating"] == tag(found).rating
