"""Glicko-2 against Glickman's paper "Example of the Glicko-2 system": the worked example, and the
volatility step (step 5) against the paper's equations, written out independently (testing/glicko.py), far
from 1500."""

import math

import pytest

from testing.glicko import SCALE, paper_update
from trainer.rating import MAX_RD, MIN_RD, PROVISIONAL_RD, RATING_FLOOR, Rating, aim, rate_attempt, update

PAPER_RESULTS = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]


def as_results(results):
    return [(Rating(r, d, 0.06), s) for r, d, s in results]


def test_the_papers_worked_example():
    new = update(Rating(1500, 200, 0.06), as_results(PAPER_RESULTS), tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


@pytest.mark.parametrize("rating", [1500, 2500, 3000, 600])
@pytest.mark.parametrize("tau", [0.3, 0.5, 1.2])
def test_the_volatility_step_follows_the_papers_equations_far_from_1500(rating, tau):
    results = [(rating - 100, 30, 1.0), (rating + 50, 100, 0.0), (rating + 200, 300, 0.0)]
    expected = paper_update(rating, 200, 0.06, results, tau)
    got = update(Rating(rating, 200, 0.06), as_results(results), tau=tau)
    assert got.volatility == pytest.approx(expected[2], rel=1e-6)
    assert got.rd == pytest.approx(expected[1], rel=1e-6)
    assert got.rating == pytest.approx(expected[0], rel=1e-6)


def test_the_uncorrected_package_misses_the_paper_at_3000():
    import glicko2

    player = glicko2.Player(3000, 200, 0.06)
    player._tau = 0.5
    results = [(2900, 30, 1.0), (3050, 100, 0.0), (3200, 300, 0.0)]
    player.update_player([r for r, _, _ in results], [d for _, d, _ in results], [s for _, _, s in results])
    assert player.vol != pytest.approx(paper_update(3000, 200, 0.06, results, 0.5)[2], rel=1e-6)


def test_a_period_without_games_only_widens_the_deviation():
    new = update(Rating(1800, 100, 0.06), [])
    assert new.rating == 1800 and new.rd == pytest.approx(math.sqrt(100**2 + (0.06 * SCALE) ** 2))


def test_an_attempt_rates_both_sides_from_their_values_before():
    player, puzzle = Rating(1500, 100, 0.06), Rating(1600, 80, 0.06)
    new_player, new_puzzle = rate_attempt(player, puzzle, solved=True)
    assert new_player.rating > 1500 and new_puzzle.rating < 1600
    assert new_player == update(player, [(puzzle, 1.0)])
    assert new_puzzle == update(puzzle, [(player, 0.0)])


def test_a_provisional_player_does_not_move_the_puzzle():
    puzzle = Rating(1600, 80, 0.06)
    _, new_puzzle = rate_attempt(Rating(1500, PROVISIONAL_RD + 1, 0.06), puzzle, solved=False)
    assert new_puzzle == puzzle


def test_bounds_hold():
    low, _ = rate_attempt(Rating(RATING_FLOOR, 60, 0.06), Rating(300, 45, 0.06), solved=False)
    assert low.rating == RATING_FLOOR
    steady = Rating(1500, MIN_RD, 0.06)
    for _ in range(30):
        steady, _ = rate_attempt(steady, Rating(1500, 45, 0.06), solved=True)
    assert MIN_RD <= steady.rd <= MAX_RD


def test_a_newcomer_is_aimed_below_the_rating_by_how_unsure_it_is_and_a_settled_player_at_it():
    """Glicko-2's deviation says how unsure a rating is (Glickman): the aim is the rating less the deviation
    above its floor, 305 for a newcomer at the widest, none at the floor."""
    assert aim(Rating(1431.0, MAX_RD)) == 1431.0 - (350.0 - 45.0)
    assert aim(Rating(1431.0, MIN_RD)) == 1431.0
    assert aim(Rating(1600.0, 145.0)) == 1500.0
