"""Simulated solvers: seeded, human-like searchers of several strengths that try a puzzle as a player does.

A solver looks at the natural moves first: checks (those that take first), captures (the dearer man taken
first), promotions, threats (a quiet move after which the moved man attacks an enemy piece dearer than
itself or unguarded), then the rest; some noise blurs that order. It thinks in rounds k = 1, 2, ...: in
round k it looks for a mate in k among its forcing moves (in round 1 among the checks alone: a mate in one
gives check), weighs every move by material k plies deep (in the first WEIGHED rounds), then looks for a
mate in k among the rest: the quiet moves, and in every round the moves a player from chess does not
expect (a promotion in place, R3.4), looked at last.
It plays the first mate it finds, else the best move by material of its last finished weighing (noise
among near equals), else its first natural move. Its work is counted in nodes: a move looked at at the
root, an attacking node of the mate search, or MATERIAL_EFFORT nodes of the material search. In a werera
round it looks at its choices in the natural order (those that attack the enemy negus, then captures), each
at the cost of a node, and one that wins against a waiting opponent at the cost of a node for each reply
that could change the round, and of the engine's search of the rounds (`think_werera`).

The node budget is a solver's strength, and thinking is uneven: at each move the budget is multiplied by
2 ** (LAPSE * z), z a standard normal draw (a move seen at once, a move overlooked), at most MOST_LAPSE
times over. The budgets are a ladder, each LADDER times the one below. Why each step should be worth the
same rating gap: a searcher's strength grows by a nearly constant amount for every doubling of its effort
(the log-linear law of search, measured by Thompson's self-play of Belle and since for every engine
depth; the returns only diminish far deeper than these budgets); in these solvers the same holds by
construction, because the lapse spreads each budget by the same factor on the logarithmic scale, so the
chance that a solver finds a move that needs W nodes depends only on log B - log W. The fit
(`trainer.generate.calibration`) rates each solver on its own rather than assume the law, and prints the
gaps: on the fixture of 2026-12-01 they are 117, 273, 245, 282, 182 and 149 points, even within a fifth in
the middle of the ladder and smaller at its ends, where the pool holds fewer puzzles that tell neighbours
apart (the weakest two mostly play their first natural move, whatever their budget; few puzzles are hard
enough to part the strongest). A solver's rating is anchored with the pool's (`calibration.anchored`).

A try is played as on the site (`trainer.judging.play`): at each solver move the solver chooses; the try
ends at the first wrong choice; a last move that mates another way counts.
"""

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.pieces import MEDEQ, NEGUS, VALUE, WHITE
from senterej.engine.position import WAIT, Position
from senterej.engine.proofs import MATED, SearchLimitError, status
from senterej.engine.proofs.mate import MateSearch, checking_moves
from senterej.engine.proofs.material import WON, MaterialSearch
from senterej.engine.proofs.werera_choice import GAIN as WERERA_GAIN
from senterej.engine.proofs.werera_choice import WereraJudge
from senterej.engine.werera import play_round
from trainer.generate.finders import MATERIAL_EFFORT
from trainer.lines import PuzzleLine

#: The solvers' budgets, weakest first: each LADDER times the one below.
LADDER = 3
BUDGETS = tuple(3 * LADDER**step for step in range(7))
#: The spread of a solver's thinking from move to move, in doublings of its budget (one standard deviation),
#: and the most a budget may be multiplied by in a lucky move.
LAPSE = 1.0
MOST_LAPSE = 8
#: The blur of the natural order (moves may pass others up to this many classes ahead), and of a solver's
#: judgement of material (one standard deviation, in centipawns).
ORDER_NOISE = 1.0
VALUE_NOISE = 30
#: Moves weighed within this much of the best so far are weighed exactly; worse ones only as worse.
WINDOW = 100
#: The longest mate a solver looks for, and so its last round; material is weighed in the first WEIGHED
#: rounds only (k plies deep in round k): a player does not weigh every move three plies deep.
ROUNDS = 5
WEIGHED = 2

#: How often the weakest solver, at a move where it could take the enemy's last piece, takes it as a player
#: from chess would, not expecting the bare king's draw (R7.3); each stronger solver half as often.
CHESS_HABIT = 0.4

CHECK_TAKING, CHECK, CAPTURE, PROMOTION, THREAT, QUIET, UNEXPECTED = range(7)


class _Spent(Exception):
    """The solver's budget for this move is used up."""


@dataclass
class Thought:
    """What a solver made of one position: its move, and each time its choice changed, the nodes spent so
    far and the new choice (the last entry is the move)."""

    move: int
    changes: list[tuple[int, int]] = field(default_factory=list)


class _Thinking:
    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.spent = 0
        self.changes: list[tuple[int, int]] = []

    def spend(self, nodes: int) -> None:
        self.spent += nodes
        if self.spent > self.budget:
            raise _Spent

    def choose(self, move: int) -> None:
        if not self.changes or self.changes[-1][1] != move:
            self.changes.append((self.spent, move))

    def left(self) -> int:
        return self.budget - self.spent


def natural_class(position: Position, move: int, checks: set[int]) -> int:
    """Where a move stands in the natural order: a check that takes, a check, a capture, a promotion, a
    threat, a quiet move, or a move a player from chess does not expect (a promotion in place, R3.4)."""
    if move >> 12 and move & 63 == move >> 6 & 63:
        return UNEXPECTED
    capture = position.is_capture(move)
    if move in checks:
        return CHECK_TAKING if capture else CHECK
    if capture:
        return CAPTURE
    if move >> 12:
        return PROMOTION
    return THREAT if _threatens(position, move) else QUIET


def _threatens(position: Position, move: int) -> bool:
    """Whether the moved man then attacks an enemy piece (not a medeq) dearer than itself or unguarded."""
    us = position.turn
    assert us is not None
    to = move >> 6 & 63
    worth = VALUE[position.board[move & 63] & 7]
    position.push(move)
    try:
        enemy = position.by_colour[us ^ 1] & ~position.by_kind[MEDEQ] & ~position.by_kind[NEGUS]
        while enemy:
            low = enemy & -enemy
            enemy ^= low
            sq = low.bit_length() - 1
            if position.attackers(us, sq) >> to & 1 and (
                VALUE[position.board[sq] & 7] > worth or not position.attackers(us ^ 1, sq)
            ):
                return True
        return False
    finally:
        position.pop()


def natural_order(position: Position, rng: random.Random | None = None) -> list[tuple[int, int]]:
    """The legal moves with their natural classes, in the order a solver looks at them: by class (blurred by
    ORDER_NOISE when `rng` is given), a dearer capture first, then in coordinate order."""
    legal = position.legal_moves()
    checks = set(checking_moves(position, legal))
    board = position.board
    ranked = []
    for move in legal:
        kind = natural_class(position, move, checks)
        blur = rng.uniform(0, ORDER_NOISE) if rng is not None else 0.0
        taken = VALUE[board[move >> 6 & 63] & 7] if position.is_capture(move) else 0
        ranked.append((kind + blur, -taken, coordinate(move), move, kind))
    ranked.sort()
    return [(move, kind) for *_, move, kind in ranked]


def think(position: Position, budget: int, rng: random.Random | None = None) -> Thought:
    """The move a solver with this budget plays in a turn-based position (noise only with `rng`)."""
    thinking = _Thinking(budget)
    order = natural_order(position, rng)
    thought = Thought(order[0][0])
    thinking.choose(order[0][0])
    mates = MateSearch()
    weighing = MaterialSearch()
    try:
        for k in range(1, ROUNDS + 1):
            forcing = [m for m, kind in order if kind <= (CHECK if k == 1 else THREAT)]
            quiet = [m for m, kind in order if kind == UNEXPECTED or k > 1 and kind > THREAT]
            for move in forcing:
                if _mates(thinking, mates, position, move, k):
                    return _done(thought, thinking, move)
            if k <= WEIGHED:
                values = _weigh(thinking, weighing, position, [m for m, _ in order], k)
                thinking.choose(_best(values, rng))
            for move in quiet:
                if _mates(thinking, mates, position, move, k):
                    return _done(thought, thinking, move)
    except _Spent:
        pass
    return _done(thought, thinking, thinking.changes[-1][1])


def _done(thought: Thought, thinking: _Thinking, move: int) -> Thought:
    thinking.choose(move)
    thought.move, thought.changes = move, thinking.changes
    return thought


def _mates(thinking: _Thinking, search: MateSearch, position: Position, move: int, k: int) -> bool:
    thinking.spend(1)
    before = search.nodes
    search.max_nodes = before + thinking.left()
    try:
        return search.move_mates_within(position, move, k)
    except SearchLimitError:
        raise _Spent from None
    finally:
        thinking.spent += search.nodes - before


def _weigh(
    thinking: _Thinking, search: MaterialSearch, position: Position, moves: list[int], depth: int
) -> list[tuple[int, int]]:
    """Every move's material value `depth` plies deep (exact within WINDOW of the best so far)."""
    values: list[tuple[int, int]] = []
    best = -2 * WON
    for move in moves:
        thinking.spend(1)
        before = search.nodes
        search.max_nodes = before + thinking.left() * MATERIAL_EFFORT
        floor = max(best - WINDOW, -2 * WON)
        try:
            value = search.move_value(position, move, depth, floor, 2 * WON)
        except SearchLimitError:
            raise _Spent from None
        finally:
            thinking.spent += (search.nodes - before) // MATERIAL_EFFORT
        if value <= floor < best:
            value = floor - WINDOW  # only known to be worse: out of reach of the noise
        values.append((move, value))
        best = max(best, value)
    return values


def _best(values: list[tuple[int, int]], rng: random.Random | None) -> int:
    """The move of the highest value, blurred by VALUE_NOISE (never so much as to pass a mate by)."""

    def seen(item: tuple[int, int]) -> float:
        move, value = item
        return value + (rng.gauss(0, VALUE_NOISE) if rng is not None else 0.0)

    return max(values, key=seen)[0]


def think_werera(position: Position, side: int, budget: int, rng: random.Random | None = None) -> Thought:
    """The choice a solver with this budget makes for `side` in a werera round: the first in its natural
    order that ends the werera against a waiting opponent with the gain a werera puzzle asks
    (`senterej.engine.proofs.werera_choice.GAIN`) becomes its choice, and it is played once no reply keeps it
    below that gain."""
    thinking = _Thinking(budget)
    choices = [choice for choice, _ in werera_order(position, side, rng)]
    thinking.choose(choices[0])
    judge = WereraJudge(position, side)
    target = judge.balance + WERERA_GAIN
    try:
        for choice in choices:
            thinking.spend(1)
            if not judge.ends_against_wait(choice) or not _gains(thinking, judge, choice, target):
                continue
            thinking.choose(choice)
            thinking.spend(len(judge.replies(choice)))
            if not _judged(thinking, judge, partial(judge.refuted, choice, target)):
                break
    except _Spent:
        pass
    return _done(Thought(choices[0]), thinking, thinking.changes[-1][1])


def _gains(thinking: _Thinking, judge: WereraJudge, choice: int, target: int) -> bool:
    """Whether a werera choice against a waiting opponent leaves the solver at `target` or above."""

    def against_a_wait() -> bool:
        value = judge.after(choice, WAIT)
        return value is not None and value >= target

    return _judged(thinking, judge, against_a_wait)


def _judged(thinking: _Thinking, judge: WereraJudge, question: Callable[[], bool]) -> bool:
    """The judge's answer, its search nodes counted as the material search's are."""
    before = judge.nodes
    judge.max_nodes = before + thinking.left() * MATERIAL_EFFORT
    try:
        return question()
    except SearchLimitError:
        raise _Spent from None
    finally:
        thinking.spent += (judge.nodes - before) // MATERIAL_EFFORT


def werera_order(position: Position, side: int, rng: random.Random | None = None) -> list[tuple[int, int]]:
    """A side's werera choices with their natural classes, in the natural order: those that attack the
    enemy negus (a check ends the werera, R5.4) or take first."""
    ranked = []
    for choice in position.legal_moves(side):
        after = _round_against_a_wait(position, side, choice)
        kind = CHECK if after.turn == side ^ 1 and after.is_check() else QUIET
        if kind == QUIET and position.is_capture(choice):
            kind = CAPTURE
        blur = rng.uniform(0, ORDER_NOISE) if rng is not None else 0.0
        ranked.append((kind + blur, coordinate(choice), choice, kind))
    ranked.sort()
    return [(choice, kind) for *_, choice, kind in ranked] or [(WAIT, QUIET)]


def _round_against_a_wait(position: Position, side: int, choice: int) -> Position:
    after = position.copy()
    play_round(after, *((choice, WAIT) if side == WHITE else (WAIT, choice)))
    return after


@dataclass(frozen=True)
class Solver:
    """A simulated solver: its budget and the seed of its noise."""

    budget: int
    seed: int = 0
    #: How often it takes the enemy's last piece when it can (CHESS_HABIT for the weakest).
    habit: float = CHESS_HABIT

    @property
    def name(self) -> str:
        return f"solver-{self.budget}"

    def budget_now(self, rng: random.Random) -> int:
        """This move's budget: the solver's own, multiplied by its lapse of the moment."""
        factor = min(2 ** (LAPSE * rng.gauss(0, 1)), MOST_LAPSE)
        return max(1, math.floor(self.budget * factor))

    def solves(self, puzzle: PuzzleLine) -> bool:
        """Whether this solver's try at the puzzle succeeds, as the site judges a try. What a position shows
        (the blur of the natural order and of the weighing, and whether the last piece tempts) is seeded by
        the seed, the puzzle and the position, the same for every strength, so that a stronger solver sees
        what a weaker one sees and only thinks longer; the lapse of the moment is the solver's own."""
        return tries(puzzle, lambda position, side: self._choose(puzzle, position, side))

    def _choose(self, puzzle: PuzzleLine, position: Position, side: int) -> int:
        key = f"{self.seed}:{' '.join(puzzle.moves)}:{position.fen()}"
        shown, lapse = random.Random(key), random.Random(f"{key}:{self.budget}")
        budget = self.budget_now(lapse)
        if position.turn is None:
            return think_werera(position, side, budget, shown).move
        grabs = last_piece_captures(position)
        if grabs and shown.random() < self.habit:
            return grabs[0]
        return think(position, budget, shown).move


def last_piece_captures(position: Position) -> list[int]:
    """The captures of the enemy's last piece (a fers, der, fil or feres), in coordinate order."""
    us = position.turn
    assert us is not None
    if position.piece_count(us ^ 1) != 1:
        return []
    pieces = position.by_colour[us ^ 1] & ~position.by_kind[MEDEQ] & ~position.by_kind[NEGUS]
    return sorted(
        (m for m in position.legal_moves() if pieces >> (m >> 6 & 63) & 1 and position.is_capture(m)),
        key=coordinate,
    )


def tries(puzzle: PuzzleLine, choose: Callable[[Position, int], int]) -> bool:
    """Plays a try: `choose` gives the solver's move in a position (a copy), for the side to play."""
    for ply in range(0, len(puzzle.moves), 2):
        position = puzzle.positions[ply]
        if not right_move(puzzle, ply, choose(position.copy(), puzzle.side_at(position))):
            return False
    return True


def right_move(puzzle: PuzzleLine, ply: int, move: int) -> bool:
    """Whether `move` at this ply of the line is what the site takes: the line's move, or at the last ply
    any move that mates."""
    if move == parse_coordinate(puzzle.moves[ply]):
        return True
    position = puzzle.positions[ply]
    return (
        ply == len(puzzle.moves) - 1 and position.turn is not None and _mates_at_once(position.copy(), move)
    )


def _mates_at_once(position: Position, move: int) -> bool:
    position.push(move)
    return status(position)[0] == MATED


def ladder(seed: int = 0) -> list[Solver]:
    """The solvers of every strength, weakest first."""
    return [Solver(budget, seed, CHESS_HABIT / 2**step) for step, budget in enumerate(BUDGETS)]
