"""How hard a puzzle is to find, from features a generator computes cheaply, and the starting rating it gives.

The features of a puzzle (each bounded by nodes, so that all of them take about a tenth of a second):

- `effort`: log2(1 + W), W the most nodes the natural-order search of a solver (`trainer.generate.solvers`,
  without its noise) spends at any solver move before it chooses that move and keeps it up to EFFORT_NODES
  (a move it has not settled on by then counts as UNSETTLED nodes);
- `steps`: the solver moves after the first (each one more chance to go wrong);
- `decoys`: log2(1 + the checks and captures at the first move that fail);
- `rivals`: log2(1 + the other moves that look as good as the best at a shallow look: one ply, and the
  captures after it, within NEAR centipawns; in a werera round, the other choices that win as much against
  a waiting opponent);
- the key move's kind: `quiet`, `capture`, `promotion` (0 or 1; a check is the kind the others are measured
  from, and a check that takes counts as a check);
- `rule`: a rule of Senterej that players from chess do not expect (the bare king R7.3, the count R7.4,
  promotion to a lost kind R3.2 or in place R3.4);
- `werera`: a werera round (R5), and `slower`: the solver is the slower side of the round (R5.2), whose
  choice is played second or dropped.

The rating is RATING_AT_ZERO plus the sum of each feature times its weight in WEIGHTS, on the 400-point
logistic scale of the players' ratings (Glicko-2), clipped to FLOOR-CEILING. The weights are a logistic
regression of simulated solvers' tries on these features, fitted and anchored by `manage.py fit_ratings`
(`trainer.generate.calibration`, which says how); the fit of 2026-12-01 by

    manage.py fit_ratings --file fixtures/puzzles.jsonl --seed 1

on the grown pool of 1,500 active puzzles (chosen with the constants of a first fit on the pool grown the
same way, then rated again with these) gave the constants below: 2% of the pool is rated below 827 and 2%
above 2173, none on the floor, 0.2% on the ceiling. Each doubling of the nodes a move needs adds 94 points,
each solver move after the first 84, a quiet key move 101 and a capture 125 (both measured from a check: a
capture's gain has to be weighed, while a mate by check is found among the checks first), and a rule of
Senterej 39. A werera round counts -99 and a slower solver -40 more: the solvers apply R5.3-R5.5 without
fail, so that the round's order costs them nothing, and the choices of a werera position that a search must
weigh are few (the first capture ends the round). Players from chess will find them harder than that; their
tries move those ratings (Glicko-2).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from senterej.engine.notation import parse_coordinate
from senterej.engine.pieces import VALUE
from senterej.engine.position import WAIT, Position
from senterej.engine.proofs import SearchLimitError
from senterej.engine.proofs.material import WON, MaterialSearch
from senterej.engine.proofs.werera_choice import GAIN, WereraJudge
from senterej.engine.werera import quicker_side
from trainer.generate.solvers import (
    CAPTURE,
    CHECK,
    natural_order,
    right_move,
    think,
    think_werera,
    werera_order,
)
from trainer.lines import PuzzleLine
from trainer.themes import themes

#: The nodes the search may spend at one move to settle on it, and what a move not settled by then counts.
EFFORT_NODES = 1000
UNSETTLED = 2 * EFFORT_NODES
#: A move within this many centipawns of the best at the shallow look is a rival.
NEAR = 100
#: The material search's nodes for the shallow look at one position.
LOOK_NODES = 4000
#: The themes that turn on a rule of Senterej a player from chess does not expect.
RULE_THEMES = ("bareKingTrap", "beatTheCount", "lostPiecePromotion", "inPlacePromotion")

FEATURES = (
    "effort",
    "steps",
    "decoys",
    "rivals",
    "quiet",
    "capture",
    "promotion",
    "rule",
    "werera",
    "slower",
)

#: The fit of 2026-12-01 (see the module's docstring).
RATING_AT_ZERO = 826.7
WEIGHTS = {
    "effort": 93.5,
    "steps": 84.4,
    "decoys": 56.9,
    "rivals": 21.9,
    "quiet": 100.9,
    "capture": 125.0,
    "promotion": 24.4,
    "rule": 38.7,
    "werera": -99.3,
    "slower": -40.0,
}
FLOOR, CEILING = 600, 2400


@dataclass(frozen=True)
class Difficulty:
    """A puzzle's features, in the order of FEATURES."""

    values: tuple[float, ...]

    def as_dict(self) -> dict[str, float]:
        return dict(zip(FEATURES, self.values, strict=True))

    def rating(self) -> float:
        """The model's rating, unclipped."""
        return RATING_AT_ZERO + sum(WEIGHTS[name] * value for name, value in self.as_dict().items())


def clipped(rating: float) -> int:
    """A rating rounded and kept within FLOOR-CEILING."""
    return round(min(CEILING, max(FLOOR, rating)))


def difficulty(puzzle: PuzzleLine, tags: Sequence[str] | None = None) -> Difficulty:
    """The features of a proved puzzle; its themes are worked out when they are not given."""
    if tags is None:
        tags = themes(puzzle)
    start = puzzle.start
    first = parse_coordinate(puzzle.moves[0])
    if start.werera is None:
        decoys, rivals = _competitors(start.copy(), first)
        kind = _kind(puzzle)
    else:
        decoys, rivals = _werera_competitors(start.copy(), puzzle.solver, first)
        kind = _werera_kind(start.copy(), puzzle.solver, first)
    slower = start.werera is not None and quicker_side(start.werera) != puzzle.solver
    values = {
        "effort": math.log2(1 + _effort(puzzle)),
        "steps": len(puzzle.solver_steps) - 1,
        "decoys": math.log2(1 + decoys),
        "rivals": math.log2(1 + rivals),
        "quiet": kind == "quiet",
        "capture": kind == "capture",
        "promotion": kind == "promotion",
        "rule": any(tag in RULE_THEMES for tag in tags),
        "werera": start.werera is not None,
        "slower": slower,
    }
    return Difficulty(tuple(float(values[name]) for name in FEATURES))


def simple_capture(puzzle: PuzzleLine) -> bool:
    """A puzzle of one move that takes a man dearer than the one taking it (a medeq takes a der): the first
    move a player looks at, whatever the engine's weighing of the count makes of it (R7.4)."""
    if len(puzzle.moves) != 1 or puzzle.start.werera is not None:
        return False
    position, move = puzzle.solver_steps[0]
    board = position.board
    frm, to = move & 63, move >> 6 & 63
    return position.is_capture(move) and VALUE[board[to] & 7] > VALUE[board[frm] & 7]


def _effort(puzzle: PuzzleLine) -> int:
    """The most nodes spent at any solver move before the search settles on the right move; none for a
    simple capture, which a player sees at once where the solvers may doubt it."""
    if simple_capture(puzzle):
        return 0
    most = 0
    for ply in range(0, len(puzzle.moves), 2):
        position = puzzle.positions[ply]
        if position.turn is None:
            thought = think_werera(position.copy(), puzzle.side_at(position), EFFORT_NODES)
        else:
            thought = think(position.copy(), EFFORT_NODES)
        settled = thought.changes[-1][0] if right_move(puzzle, ply, thought.move) else UNSETTLED
        most = max(most, settled)
    return most


def _kind(puzzle: PuzzleLine) -> str:
    before, move = puzzle.solver_steps[0]
    if move >> 12:
        return "promotion"
    if puzzle.positions[1].is_check(puzzle.solver ^ 1):
        return "check"
    return "capture" if before.is_capture(move) else "quiet"


def _werera_kind(position: Position, side: int, choice: int) -> str:
    """A werera choice's kind: a check if it attacks the enemy negus when the opponent waits (R5.4)."""
    kind = dict(werera_order(position, side)).get(choice)
    return "check" if kind == CHECK else "capture" if kind == CAPTURE else "quiet"


def _competitors(position: Position, solution: int) -> tuple[int, int]:
    """The checks and captures other than the solution (they fail: the proof says so), and the other moves
    within NEAR of the best at a shallow look."""
    order = natural_order(position)
    decoys = sum(1 for move, kind in order if kind <= CAPTURE and move != solution)
    search = MaterialSearch(max_nodes=LOOK_NODES)
    values = {}
    try:
        for move, _ in order:
            values[move] = search.move_value(position, move, 1, -2 * WON, 2 * WON)
    except SearchLimitError:
        pass
    best = max(values.values(), default=0)
    rivals = sum(1 for move, value in values.items() if move != solution and value >= best - NEAR)
    return decoys, rivals


def _werera_competitors(position: Position, side: int, solution: int) -> tuple[int, int]:
    """A werera round's forcing choices other than the solution, and its other choices that win the gain a
    werera puzzle asks against a waiting opponent (within LOOK_NODES of the engine's search)."""
    order = werera_order(position, side)
    decoys = sum(1 for choice, kind in order if kind <= CAPTURE and choice != solution)
    judge = WereraJudge(position, side, max_nodes=LOOK_NODES)
    target = judge.balance + GAIN
    rivals = 0
    try:
        for choice, _ in order:
            if choice != solution and judge.ends_against_wait(choice):
                value = judge.after(choice, WAIT)
                rivals += value is not None and value >= target
    except SearchLimitError:
        pass
    return decoys, rivals
