"""The difficulty model fitted to simulated solvers: the solvers of `trainer.generate.solvers` try every
puzzle of a pool, and a logistic regression of their results on the puzzles' features
(`trainer.generate.difficulty`) gives the weights of the starting rating.

The model: solver s solves puzzle p with the chance 1 / (1 + 10 ** ((D(p) - R(s)) / 400)), where
D(p) = a + sum of w_j x_pj over the features and R(s) is the solver's rating: the 400-point logistic scale
of Glicko-2, so that a puzzle's D is what a player's rating is compared with. Each solver is rated on its
own (the ladder of budgets is not assumed to be even: the fit shows the gaps). The parameters are fitted by
maximum likelihood with Newton's method; a small ridge (RIDGE) keeps them finite should a feature separate
the results.

The results fix the ratings only up to a common shift: adding the same number to every solver and to a
leaves every chance the same. The anchor chooses the shift so that the middle of the pool's spread (the
mean of its 2nd and 98th percentiles, unclipped) falls on the middle of FLOOR-CEILING: the pool then
spreads over the range the site offers, and the solvers sit where the puzzles they solve half the time
sit.
"""

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from senterej.engine.position import Position
from trainer.generate.difficulty import CEILING, FEATURES, FLOOR, Difficulty, clipped, difficulty
from trainer.generate.solvers import ladder
from trainer.lines import PuzzleLine

#: Logistic units per rating point on the 400-point scale.
SCALE = math.log(10) / 400
RIDGE = 1e-3
#: The pool's percentiles whose mean the anchor puts at the middle of FLOOR-CEILING.
ANCHOR_PERCENTILES = (0.02, 0.98)
#: The fewest puzzles with a feature for its weight to be fitted.
MIN_SUPPORT = 20
#: The men of a position still in the werera (R1.4).
ALL_MEN = 32
#: The rating bands of the fit's table.
BANDS = tuple(range(FLOOR, CEILING, 300))


@dataclass(frozen=True)
class Trial:
    """One solver's try at one puzzle."""

    solver: int
    features: tuple[float, ...]
    solved: bool


@dataclass(frozen=True)
class Model:
    """The fitted model in rating points: each solver's rating, the rating of a puzzle whose features are
    all zero, and the weight of each feature."""

    solvers: tuple[float, ...]
    at_zero: float
    weights: dict[str, float]

    def rating(self, features: Sequence[float]) -> float:
        return self.at_zero + sum(w * x for w, x in zip(self.weights.values(), features, strict=True))

    def shifted(self, by: float) -> "Model":
        return Model(tuple(r + by for r in self.solvers), self.at_zero + by, self.weights)


def chance(solver: float, puzzle: float) -> float:
    """The chance that a solver of this rating solves a puzzle of that rating (the 400-point scale)."""
    return 1 / (1 + 10 ** ((puzzle - solver) / 400))


def fit(trials: Sequence[Trial], names: Sequence[str] = FEATURES, iterations: int = 50) -> Model:
    """The maximum-likelihood model of the trials (solver 0 rated 0: the shift is left to `anchored`)."""
    solvers = max(t.solver for t in trials) + 1
    size = solvers - 1 + 1 + len(names)
    theta = [0.0] * size
    for _ in range(iterations):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for trial in trials:
            row = _design(trial, solvers)
            z = sum(a * b for a, b in zip(row, theta, strict=True))
            p = 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))
            error, weight = trial.solved - p, p * (1 - p)
            for i, ri in enumerate(row):
                if ri:
                    gradient[i] += error * ri
                    line = hessian[i]
                    for j, rj in enumerate(row):
                        if rj:
                            line[j] += weight * ri * rj
        for i in range(size):
            gradient[i] -= RIDGE * theta[i]
            hessian[i][i] += RIDGE
        step = _solve(hessian, gradient)
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    points = [t / SCALE for t in theta]
    ratings = (0.0, *points[: solvers - 1])
    at_zero, *weights = points[solvers - 1 :]
    return Model(ratings, at_zero, dict(zip(names, weights, strict=True)))


def _design(trial: Trial, solvers: int) -> list[float]:
    """The trial's row: the logit is R(s) - a - sum w x, in logistic units."""
    ratings = [1.0 if trial.solver == s else 0.0 for s in range(1, solvers)]
    return [*ratings, -1.0, *(-x for x in trial.features)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gaussian elimination with partial pivoting; the matrix is positive
    definite)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    solution = [0.0] * n
    for r in range(n - 1, -1, -1):
        known = sum(rows[r][c] * solution[c] for c in range(r + 1, n))
        solution[r] = (rows[r][n] - known) / rows[r][r]
    return solution


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def anchored(model: Model, pool: Iterable[Sequence[float]]) -> Model:
    """The model shifted so that the middle of the pool's spread is the middle of FLOOR-CEILING."""
    ratings = [model.rating(features) for features in pool]
    low, high = (percentile(ratings, share) for share in ANCHOR_PERCENTILES)
    return model.shifted((FLOOR + CEILING) / 2 - (low + high) / 2)


@dataclass(frozen=True)
class Simulated:
    """A puzzle of the pool: its key, its features and each solver's result, weakest solver first."""

    key: int
    features: Difficulty
    solved: tuple[bool, ...]


def can_happen(fen: str) -> bool:
    """Whether a puzzle's position can be reached in a game: a werera position still holds all 32 men, for
    the first capture ends the werera (R5.3, R5.11). The fit leaves the others out: what they teach about
    the werera is not what a real werera puzzle asks."""
    position = Position.from_fen(fen)
    men = (position.by_colour[0] | position.by_colour[1]).bit_count()
    return position.werera is None or men == ALL_MEN


def simulate_one(key: int, fen: str, moves: str, themes: str, seed: int) -> Simulated:
    puzzle = PuzzleLine.of(fen, moves)
    features = difficulty(puzzle, themes.split())
    return Simulated(key, features, tuple(solver.solves(puzzle) for solver in ladder(seed)))


def trials_of(simulated: Iterable[Simulated], names: Sequence[str] = FEATURES) -> list[Trial]:
    """Every solver's try at every puzzle, with the puzzle's features of these names."""
    at = [FEATURES.index(name) for name in names]
    return [
        Trial(solver, tuple(item.features.values[i] for i in at), solved)
        for item in simulated
        for solver, solved in enumerate(item.solved)
    ]


def fit_pool(simulated: Sequence[Simulated]) -> tuple[Model, list[str], list[Simulated]]:
    """The model fitted to the pool and anchored on it, with the features the pool cannot weigh and the
    puzzles it was fitted to. A feature that fewer than MIN_SUPPORT puzzles have is not weighed (its weight
    stays 0) and the puzzles that have it are left out: a weight learnt from a handful would say more
    about them than about the feature."""
    support = {name: sum(1 for item in simulated if item.features.as_dict()[name]) for name in FEATURES}
    unweighed = [name for name in FEATURES if support[name] < MIN_SUPPORT]
    kept = [item for item in simulated if not any(item.features.as_dict()[name] for name in unweighed)]
    names = [name for name in FEATURES if name not in unweighed]
    partial = fit(trials_of(kept, names), names)
    weights = {name: partial.weights.get(name, 0.0) for name in FEATURES}
    model = Model(partial.solvers, partial.at_zero, weights)
    return anchored(model, [item.features.values for item in kept]), unweighed, kept


@dataclass(frozen=True)
class Cell:
    simulated: float
    predicted: float
    tries: int


def table(model: Model, simulated: Sequence[Simulated]) -> list[list[Cell | None]]:
    """Per solver (weakest first) and rating band (of the clipped ratings the model gives): the share of
    tries solved, and the mean chance the model gives them."""
    rows: list[list[Cell | None]] = []
    for solver, rating in enumerate(model.solvers):
        row: list[Cell | None] = []
        for low in BANDS:
            chances, results = [], []
            for item in simulated:
                puzzle = clipped(model.rating(item.features.values))
                if low <= puzzle < low + 300 or (puzzle == CEILING and low == BANDS[-1]):
                    chances.append(chance(rating, puzzle))
                    results.append(item.solved[solver])
            row.append(
                Cell(sum(results) / len(results), sum(chances) / len(chances), len(results))
                if results
                else None
            )
        rows.append(row)
    return rows


def errors(model: Model, simulated: Sequence[Simulated]) -> tuple[float, float]:
    """The model's mean log loss (natural logarithm) and Brier score over every try, from its clipped
    ratings."""
    loss = brier = 0.0
    count = 0
    for item in simulated:
        puzzle = clipped(model.rating(item.features.values))
        for solver, solved in enumerate(item.solved):
            p = min(max(chance(model.solvers[solver], puzzle), 1e-9), 1 - 1e-9)
            loss -= math.log(p if solved else 1 - p)
            brier += (solved - p) ** 2
            count += 1
    return loss / count, brier / count


def synthetic_trials(
    model: Model, puzzles: int, rng: random.Random, names: Sequence[str] = FEATURES
) -> list[Trial]:
    """Tries by solvers who follow a known model exactly, at random features: what the fit must recover."""
    trials = []
    for _ in range(puzzles):
        features = tuple(rng.uniform(0, 3) for _ in names)
        rating = model.rating(features)
        for solver, strength in enumerate(model.solvers):
            trials.append(Trial(solver, features, rng.random() < chance(strength, rating)))
    return trials
