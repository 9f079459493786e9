"""Glicko-2 ratings for players and puzzles (Mark Glickman, "Example of the Glicko-2 system"), on the glicko2
package with one correction. No Django here: pure arithmetic, tested against the paper.

Choices, after the best puzzle trainers: players start with a deviation of 350, at the median rating of the
puzzles (`trainer.services.starting_rating`; START where there are none); tau is 0.75; the deviation stays
within 45-350 and the rating above 400. One attempt is one rating period for the player and for the puzzle,
both rated from their values before the attempt. A player whose deviation is still above PROVISIONAL_RD does
not move the puzzle: the puzzle would learn from a guess. A try with a hint is a loss (score 0), as viewing
the solution is."""

import math
from dataclasses import dataclass

import glicko2

TAU = 0.75
MIN_RD = 45.0
MAX_RD = 350.0
RATING_FLOOR = 400.0
PROVISIONAL_RD = 200.0


#: Where a new puzzle starts (its own starting rating comes from the generator), and a player when there
#: are no puzzles to take the median of.
START = 1500.0
START_VOLATILITY = 0.06


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = MAX_RD
    volatility: float = START_VOLATILITY


class _Player(glicko2.Player):
    """The package's f(x) of step 5 has the rating mu squared where the paper has the deviation phi squared.
    At 1500 mu is 0 and the paper's worked example hides the slip; away from 1500 it moves the volatility
    (and through it the deviation). This restores the paper's f(x) = e^x (delta^2 - phi^2 - v - e^x) /
    (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi2 = self._Player__rd**2
        return ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau**2


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """One rating period: the player's new rating from its results (score 1, 0.5 or 0 against each)."""
    engine = _Player(player.rating, player.rd, player.volatility)
    engine._tau = tau
    if results:
        engine.update_player(
            [r.rating for r, _ in results], [r.rd for r, _ in results], [s for _, s in results]
        )
    else:
        engine.did_not_compete()
    return Rating(engine.rating, engine.rd, engine.vol)


def bounded(rating: Rating) -> Rating:
    return Rating(max(rating.rating, RATING_FLOOR), min(max(rating.rd, MIN_RD), MAX_RD), rating.volatility)


def aim(rating: Rating) -> float:
    """Where a player's next puzzle is aimed: their rating, less how much more unsure it still is than a
    settled player's (the deviation above its floor). A newcomer, at the pool's median with the widest
    deviation, is offered puzzles some 300 points below it, which someone who has just learnt the rules
    solves; each rated try narrows the deviation, and the aim rises to the rating as it settles."""
    return rating.rating - (rating.rd - MIN_RD)


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """A rated attempt: the player won against the puzzle if solved, lost otherwise (asking for the solution
    counts as a loss). Both sides are rated from their values before the attempt."""
    score = 1.0 if solved else 0.0
    new_player = bounded(update(player, [(puzzle, score)]))
    if player.rd > PROVISIONAL_RD:
        return new_player, puzzle
    return new_player, bounded(update(puzzle, [(player, 1.0 - score)]))
