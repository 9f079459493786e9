"""Starting ratings from difficulty: the features on hand-checked puzzles, the simulated solvers (a stronger
one solves nearly everything a weaker one does), the fit (it recovers a known model from synthetic solvers,
and anchors the pool in the middle of the range), and the rating's clipping and spread over the fixture."""

import json
import random
from pathlib import Path

from senterej.engine.notation import parse_coordinate
from senterej.engine.proofs.mate import prove_mate_line
from trainer.generate.calibration import Model, anchored, fit, percentile, synthetic_trials
from trainer.generate.difficulty import CEILING, FEATURES, FLOOR, clipped, difficulty
from trainer.generate.selection import initial_rating
from trainer.generate.solvers import BUDGETS, Solver, ladder, natural_order, think
from trainer.lines import PuzzleLine

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"
ACTIVE = [
    record["fields"]
    for record in map(json.loads, FIXTURE.read_text().splitlines())
    if record["fields"].get("active", True)
]

#: Black's ders: Rg1+ (the g6 der guards g1), Kh2 (the only square), Rg2# (the g1 der guards g2; h1, h3 and
#: g3 are covered). A mate in two by checks, the first the first natural move.
BY_CHECKS = PuzzleLine.of("8/8/6r1/8/6rk/4P3/5N2/7K b - - 0 30 6/0", "g4g1 h1h2 g6g2")
#: White's fers steps to c6 (no check, nothing taken): the negus on a8 has no square (b8 is the medeq's,
#: b7 the fers's and the negus's), and Qb7# follows whatever the feres does. A quiet mate in two.
QUIET = PuzzleLine.of("k4n2/P7/K7/3Q4/8/8/8/8 w - - 0 30 2/2", "d5c6 f8d7 c6b7")
#: Ra5-h5#: the only check on the board (Ra7 is blocked by White's own negus on f7).
ONE_CHECK = PuzzleLine.of("8/5K1k/6n1/R7/8/8/8/8 w - - 0 30 6/1", "a5h5")
#: Rg8# along the back rank behind the medeqs; three other checks fail: Nb6+ (the a7 medeq takes), Nc7+
#: (the negus steps to b8) and the fil's Bc6+ (Kb8 again), all looked at first in coordinate order.
MANY_CHECKS = PuzzleLine.of("k7/pp6/8/3N4/4B3/8/n7/4K1R1 w - - 0 30 0/0", "g1g8")


def test_r7_1_the_hand_made_lines_are_sound_mates():
    for puzzle in (BY_CHECKS, QUIET, ONE_CHECK, MANY_CHECKS):
        assert prove_mate_line(puzzle.fen, list(puzzle.moves)).failure is None


def test_a_quiet_mate_in_two_needs_more_search_than_a_mate_in_two_by_checks():
    quiet, checks = difficulty(QUIET).as_dict(), difficulty(BY_CHECKS).as_dict()
    assert quiet["quiet"] == 1 and checks["quiet"] == 0
    assert quiet["steps"] == checks["steps"] == 1
    assert quiet["effort"] > checks["effort"] + 1  # more than twice the nodes
    assert initial_rating(QUIET) > initial_rating(BY_CHECKS)


def test_a_mate_in_one_among_many_checks_is_harder_than_the_only_check():
    many, one = difficulty(MANY_CHECKS).as_dict(), difficulty(ONE_CHECK).as_dict()
    assert (many["decoys"], one["decoys"]) == (2.0, 0.0)  # log2(1 + 3) and log2(1 + 0)
    assert many["effort"] > one["effort"]  # the mate is the fourth check looked at
    assert initial_rating(MANY_CHECKS) > initial_rating(ONE_CHECK)


def test_the_natural_order_looks_at_checks_then_threats_then_the_rest():
    order = [(move, kind) for move, kind in natural_order(MANY_CHECKS.start.copy())]
    first = [move for move, _ in order[:4]]
    assert first == [parse_coordinate(m) for m in ("d5b6", "d5c7", "e4c6", "g1g8")]
    kinds = [kind for _, kind in order]
    assert kinds == sorted(kinds)


def test_r3_4_a_promotion_in_place_is_looked_at_last_and_costs_more_to_find():
    # Puzzle 17 of the fixture: b8b8r mates in place (R3.4), a move a player from chess does not expect.
    puzzle = PuzzleLine.of("1Pk5/K2q4/8/B7/8/8/8/8 w - - 0 30 3/2", "b8b8r")
    order = natural_order(puzzle.start.copy())
    assert order[-1][0] == parse_coordinate("b8b8r")
    assert difficulty(puzzle).as_dict()["rule"] == 1
    assert think(puzzle.start.copy(), 1).move != parse_coordinate("b8b8r")
    assert think(puzzle.start.copy(), 200).move == parse_coordinate("b8b8r")


def test_r7_3_a_solver_may_grab_the_last_piece_as_a_player_from_chess_would():
    # Puzzle 121 of the fixture: Rf8# along the back rank; Rxf1 takes Black's last piece, a draw (R7.3).
    puzzle = PuzzleLine.of("7k/8/7K/5R2/8/8/8/5n2 w - - 0 30 3/0", "f5f8")
    grabbing = Solver(BUDGETS[-1], habit=1.0)
    assert not grabbing.solves(puzzle)
    assert Solver(BUDGETS[-1], habit=0.0).solves(puzzle)


def test_a_stronger_solver_solves_nearly_everything_a_weaker_one_does():
    """Solvers of every strength see the same blur of a position, and only their lapses are their own: on a
    fixed sample a stronger solver misses at most one puzzle in twenty of those a weaker one solves, and
    solves many more."""
    rng = random.Random(5)
    sample = [PuzzleLine.of(f["fen"], f["moves"]) for f in rng.sample(ACTIVE, 40)]
    solvers = ladder(seed=3)
    results = [[solver.solves(puzzle) for puzzle in sample] for solver in solvers]
    for weaker in range(len(solvers)):
        for stronger in range(weaker + 2, len(solvers)):
            lost = sum(w and not s for w, s in zip(results[weaker], results[stronger], strict=True))
            assert lost <= len(sample) // 20, (solvers[weaker].budget, solvers[stronger].budget, lost)
    assert sum(results[-1]) >= sum(results[0]) + len(sample) // 4


def test_the_fit_recovers_a_known_model_from_synthetic_solvers():
    names = ("effort", "quiet", "rule")
    known = Model((0.0, 250.0, 500.0, 750.0), -400.0, {"effort": 150.0, "quiet": 200.0, "rule": -100.0})
    trials = synthetic_trials(known, 1500, random.Random(11), names)
    found = fit(trials, names)
    # solver 0 is the fit's zero, as in the known model
    for rating, expected in zip(found.solvers, known.solvers, strict=True):
        assert abs(rating - expected) < 40
    assert abs(found.at_zero - known.at_zero) < 60
    for name in names:
        assert abs(found.weights[name] - known.weights[name]) < 30, name


def test_the_anchor_puts_the_middle_of_the_pool_in_the_middle_of_the_range():
    model = Model((0.0, 300.0), 100.0, {"effort": 100.0})
    pool = [(x / 10,) for x in range(0, 201)]  # unanchored ratings from 100 to 2100
    placed = anchored(model, pool)
    low, high = (percentile([placed.rating(f) for f in pool], share) for share in (0.02, 0.98))
    assert abs((low + high) / 2 - (FLOOR + CEILING) / 2) < 1
    assert placed.solvers[1] - placed.solvers[0] == 300  # a shift only: every gap and weight stays
    assert placed.weights == model.weights


def test_the_rating_is_clipped_to_the_range():
    assert (clipped(120.4), clipped(601.4), clipped(1999.6), clipped(9000)) == (FLOOR, 601, 2000, CEILING)


def test_the_fixture_spreads_over_the_range_with_no_clump_on_either_end():
    """A seeded fifth of the fixture: at most one puzzle in fifty on each bound, a quarter below 1200 and a
    quarter above 1600, the easiest below 900 and the hardest above 2100."""
    sample = random.Random(2).sample(ACTIVE, len(ACTIVE) // 5)
    ratings = [initial_rating(PuzzleLine.of(f["fen"], f["moves"]), f["themes"].split()) for f in sample]
    assert sum(r == FLOOR for r in ratings) <= len(sample) // 50
    assert sum(r == CEILING for r in ratings) <= len(sample) // 50
    assert percentile(ratings, 0.25) < 1200 and percentile(ratings, 0.75) > 1600
    assert min(ratings) < 900 and max(ratings) > 2100


def test_every_feature_is_named_and_the_themes_are_found_when_not_given():
    assert set(difficulty(QUIET).as_dict()) == set(FEATURES)
    assert difficulty(ONE_CHECK) == difficulty(ONE_CHECK, ["mateIn1", "derMate", "beatTheCount", "endgame"])
