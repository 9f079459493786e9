"""Material puzzles proved by the standard of lichess-puzzler, judged by the engine's own search with the
rules inside (a bare king R7.3, the count R7.4 and the draws of R8 are scored where they happen); and a plain
alpha-beta search on material alone, for judging a course's lines.

The bars, all on the engine's centipawns turned into win chances as lichess-puzzler does:

- START_BAR: the start is not already won. The solver's position is valued as if it passed (the opponent to
  move, a null move, searched START_DEPTH plies), which is what it holds without the idea; it must be worth
  less than a feres (300), the cheapest piece that decides a game of Senterej (a fers or fil is weak, and a
  medeq or two rarely decide alone). In check no move can be passed, so the static evaluation stands in.
- MARGIN: at each solver move the solution is the engine's best and every other legal move has a win chance
  at least 0.3 lower. A win chance, not centipawns, as lichess-puzzler judges an attacking move: a der more
  matters little when the solver is already far ahead and much near equality, and the margin follows.
  Lichess-puzzler asks 0.42 of chess engines' scores; this engine scales an advantage down where the rules
  may yet draw (to seven tenths against two pieces, R7.3/R7.4), so a feres won from equality against two
  pieces scores about 210 (a win chance of 0.37) and could never pass 0.42. 0.3 asks, near equality, that
  every other move be about a fers (180) worse, the least piece that still counts; far ahead, a der worse.
- GAIN: the line ends with the solver at least 250 up by the engine's value, and at least 250 better than
  at the start: more than a fers (180) or a fil (150), the weak pieces, and a feres (300) still clears it
  when the rules' weighting trims it to nine tenths against three pieces.
- No move mates in MATE_LOOK moves or fewer, by the mate proofs' own search (that is a mate puzzle, and
  mates matter more than material), a single capture that cannot be taken back is not a puzzle
  (nothing is hidden), and a start in check is a puzzle only when the escape is the idea: there are at least
  CHECK_ESCAPES escapes to choose from and the solution does not simply take the checking man.
- The defender's replies in the line are its best by the same search (within DEFENCE_SLACK), so that the
  line shows what the solver must meet, not a helpmate.
- A second evaluation must agree at each solver move: by the men's values alone (`MaterialSearch`, the same
  depth, a bare king a draw and a mate WON), no other move wins as much. The engine's evaluation shrinks an
  advantage over a lone piece to an eighth, since the piece may run its count to a draw (R7.4), so a move
  that takes the last but one enemy piece is scored far below a quiet one that leaves that piece en prise:
  the search stands pat rather than take it, and the man merely hanging counts in full. That is how the
  capturing promotions (R3.2) of puzzles 1721 and 1708 were passed over for a quiet promotion beside the
  same fers, though they take it at once and one of them mates in four, beyond STEP_DEPTH and MATE_LOOK.
  Counted man by man, the capture wins at least as much, and the puzzle is refused.

Each solver move is searched STEP_DEPTH plies (with the search's check extensions and quiescence), enough to
see a fork or a skewer cashed in; a longer line is proved step by step. The whole proof shares one budget of
nodes and raises SearchLimitError past it; the rivals of a move are looked for by null-window searches at
the margin's bar, far cheaper than scoring every move.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..evaluate import evaluate
from ..notation import coordinate, parse_coordinate
from ..pieces import VALUE, WHITE
from ..position import Position
from ..search import INFINITY, MATE_BOUND, Searcher
from ..speech import _
from . import MATED, SearchLimitError, status
from .mate import MateSearch

#: What a mate is worth inside a material search.
WON = 50_000
#: The bars of the module's docstring.
START_BAR = 300
MARGIN = 0.3
GAIN = 250
CHECK_ESCAPES = 3
DEFENCE_SLACK = 50
#: Plies searched at each solver move, at the start (the null move) and at each defence.
STEP_DEPTH = 3
START_DEPTH = 1
DEFENCE_DEPTH = 2
#: Another move that mates in this many moves or fewer makes a mate puzzle; the mate search's nodes for it.
MATE_LOOK = 3
MATE_NODES = 10_000
#: The nodes one proof may use: about half a second.
PROOF_NODES = 40_000
#: lichess-puzzler's slope from centipawns to win chances.
WIN_SLOPE = 0.00368208


def material(position: Position, side: int) -> int:
    """The material balance from `side`'s view."""
    board = position.board
    score = 0
    for sq in range(64):
        code = board[sq]
        if code:
            value = VALUE[code & 7]
            score += value if code >> 3 == side else -value
    return score


class MaterialSearch:
    """A plain alpha-beta search on material, every node judged by the rules (a bare king is a draw, a mate
    is WON), with a quiescence search on captures and promotions (and every reply to a check)."""

    def __init__(self, max_nodes: int | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62

    def value(self, position: Position, depth: int, alpha: int = -2 * WON, beta: int = 2 * WON) -> int:
        """The value for the side to move of a search `depth` plies deep (fail-hard outside the window)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        verdict, legal = status(position)
        if verdict is not None:
            return -WON if verdict == MATED else 0
        if depth <= 0:
            return self._quiesce(position, alpha, beta, legal)
        for move in _capture_order(position, legal):
            position.push(move)
            score = -self.value(position, depth - 1, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def _quiesce(self, position: Position, alpha: int, beta: int, legal: list[int]) -> int:
        us = position.turn
        assert us is not None
        if position.is_check():
            moves = legal
        else:
            stand = material(position, us)
            if stand >= beta:
                return beta
            alpha = max(alpha, stand)
            board = position.board
            moves = [m for m in legal if m >> 12 or (board[m >> 6 & 63] and m & 63 != m >> 6 & 63)]
        for move in _capture_order(position, moves):
            position.push(move)
            score = -self.value(position, 0, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def move_value(self, position: Position, move: int, depth: int, alpha: int, beta: int) -> int:
        position.push(move)
        try:
            return -self.value(position, depth - 1, -beta, -alpha)
        finally:
            position.pop()


def _capture_order(position: Position, moves: list[int]) -> list[int]:
    board = position.board

    def rank(move: int) -> int:
        frm, to = move & 63, move >> 6 & 63
        victim = board[to] & 7 if frm != to else 0
        return (
            -(10 * VALUE.get(victim, 0) - VALUE[board[frm] & 7] // 10 + VALUE.get(move >> 12, 0))
            if victim or move >> 12
            else 0
        )

    return sorted(moves, key=rank)


def win_chance(score: int) -> float:
    """From -1 (lost) to 1 (won): lichess-puzzler's curve of centipawns, a mate at either end."""
    if abs(score) >= MATE_BOUND:
        return 1.0 if score > 0 else -1.0
    return 2 / (1 + math.exp(-WIN_SLOPE * score)) - 1


@dataclass
class MaterialJudge:
    """The engine's search under one budget of nodes: every score from the mover's view, R7.3, R7.4 and
    R8 judged inside. Past `max_nodes` in all it raises SearchLimitError."""

    max_nodes: int = PROOF_NODES
    #: Plies searched at each solver move, and the longest mate looked for at the first (a stricter
    #: judgement looks deeper).
    step_depth: int = STEP_DEPTH
    mate_look: int = MATE_LOOK
    mate_nodes: int = MATE_NODES
    nodes: int = 0
    searcher: Searcher = field(default_factory=Searcher)

    def value(
        self,
        position: Position,
        depth: int,
        seen: Iterable[tuple[int, ...]],
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> int:
        """The position's value to the side to move, `depth` plies deep (only a bound outside the window)."""
        try:
            return self.searcher.value(position, depth, alpha, beta, seen, max_nodes=self._left())
        finally:
            self.nodes += self.searcher.nodes

    def score(
        self,
        position: Position,
        move: int,
        depth: int,
        seen: list[tuple[int, ...]],
        alpha: int = -INFINITY,
        beta: int = INFINITY,
    ) -> int:
        """The move's score to the mover, `depth` plies deep counting the move."""
        path = [*seen, position.placement_key()]
        position.push(move)
        try:
            return -self.value(position, depth - 1, path, -beta, -alpha)
        finally:
            position.pop()

    def reaches(
        self, position: Position, move: int, depth: int, seen: list[tuple[int, ...]], bar: int
    ) -> bool:
        """Whether the move scores `bar` or more (a null-window search: far cheaper than its score)."""
        return self.score(position, move, depth, seen, bar - 1, bar) >= bar

    def rival(
        self, position: Position, move: int, depth: int, seen: list[tuple[int, ...]], bar: int
    ) -> int | None:
        """Another legal move that scores `bar` or more (captures and promotions looked at first), or None."""
        others = sorted((m for m in position.legal_moves() if m != move), key=lambda m: _forcing(position, m))
        return next((other for other in others if self.reaches(position, other, depth, seen, bar)), None)

    def mating_moves(self, position: Position) -> list[int]:
        """The moves that force mate in `mate_look` moves or fewer, by the mate proofs' own search (the
        engine's search prunes what a mate needs): those of the shortest mate, at most two."""
        search = MateSearch(max_nodes=min(self.mate_nodes, self._left()))
        try:
            distance = search.distance(position, self.mate_look)
            return search.mating_moves(position, distance, limit=2) if distance else []
        finally:
            self.nodes += search.nodes

    def best(self, position: Position, depth: int, seen: list[tuple[int, ...]]) -> tuple[int, int]:
        """The engine's best move and its score, `depth` plies deep."""
        try:
            result = self.searcher.search(position, depth=depth, max_nodes=self._left(), seen=seen)
        finally:
            self.nodes += self.searcher.nodes
        forced = len(position.legal_moves()) == 1  # the search looks one ply at a forced move
        if result.depth < (1 if forced else depth):
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        return result.move, result.score

    def material_rival(self, position: Position, move: int) -> int | None:
        """Another legal move that wins at least as much as `move` by the men's values alone, searched as
        deep as a solver move (captures and promotions looked at first), or None."""
        search = MaterialSearch(max_nodes=self._left())
        try:
            bar = search.move_value(position, move, self.step_depth, -2 * WON, 2 * WON)
            others = sorted(
                (m for m in position.legal_moves() if m != move), key=lambda m: _forcing(position, m)
            )
            return next(
                (m for m in others if search.move_value(position, m, self.step_depth, bar - 1, bar) >= bar),
                None,
            )
        finally:
            self.nodes += search.nodes

    def standing(self, position: Position) -> int:
        """What the side to move holds without a move of its own: the value if it passed (a null move),
        or in check, where it cannot pass, the static evaluation."""
        us = position.turn
        assert us is not None
        if position.is_check():
            return evaluate(position) if us == WHITE else -evaluate(position)
        position.turn = us ^ 1
        try:
            return -self.value(position, START_DEPTH, ())
        finally:
            position.turn = us

    def _left(self) -> int:
        if self.nodes >= self.max_nodes:
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        return self.max_nodes - self.nodes


def prove_material_line(fen: str, moves: list[str], judge: MaterialJudge | None = None) -> str | None:
    """Why the line is not a material puzzle by the module's standard, or None if it is one: a start in
    check, a mate by any move, the start already won, each step, the end, a free capture, in that order.
    Raises SearchLimitError when the proof needs more than the judge's nodes."""
    judge = judge or MaterialJudge()
    position = Position.from_fen(fen)
    if position.turn is None or len(moves) % 2 == 0:
        return _("a material line is played turn by turn and ends with the solver's move")
    if position.is_check() and not _escape_is_the_idea(position, parse_coordinate(moves[0])):
        return _("the solver starts in check and the escape is no idea")
    start: int | None = None
    seen: list[tuple[int, ...]] = []
    end = 0
    for index, text in enumerate(moves):
        move = parse_coordinate(text)
        verdict, legal = status(position)
        if verdict is not None or move not in legal:
            return _("move %(number)s (%(move)s) is not legal") % {"number": index + 1, "move": text}
        failure = None if index % 2 else _mate_failure(judge, position, move)
        if failure is None and start is None:
            # after the first move's mates, so that a mate puzzle is named as such, even when won already
            start = judge.standing(position)
            if start >= START_BAR:
                return _("the solver is already winning (%(score)s centipawns) before the first move") % {
                    "score": start
                }
        if failure is None and index % 2 == 0:
            failure, end = _solver_step(judge, position, move, legal, seen)
        elif failure is None:
            failure = _defence_step(judge, position, move, seen)
        if failure is not None:
            return _("move %(number)s (%(move)s): %(failure)s") % {
                "number": index + 1,
                "move": text,
                "failure": failure,
            }
        seen.append(position.placement_key())
        position.push(move)
    assert start is not None
    if end < GAIN or end < start + GAIN:
        return _("the line ends %(end)s centipawns up from %(start)s at the start: the gain is not clear") % {
            "end": end,
            "start": start,
        }
    if len(moves) == 1 and _free_capture(Position.from_fen(fen), parse_coordinate(moves[0])):
        return _("a single capture that cannot be taken back: there is nothing to find")
    return None


def _escape_is_the_idea(position: Position, move: int) -> bool:
    """In check, the escape is the idea only among enough escapes, and not by simply taking the checker."""
    solver = position.turn
    assert solver is not None
    legal = position.legal_moves()
    checkers = position.attackers(solver ^ 1, position.negus[solver])
    takes_checker = position.is_capture(move) and checkers >> (move >> 6 & 63) & 1
    return len(legal) >= CHECK_ESCAPES and not takes_checker


def _free_capture(position: Position, move: int) -> bool:
    """A capture that no reply can take back."""
    if not position.is_capture(move):
        return False
    target = move >> 6 & 63
    position.push(move)
    replies = position.legal_moves()
    return not any(reply >> 6 & 63 == target and position.is_capture(reply) for reply in replies)


def _solver_step(
    judge: MaterialJudge, position: Position, move: int, legal: list[int], seen: list[tuple[int, ...]]
) -> tuple[str | None, int]:
    """Why `move` is not the one move that keeps the gain, and its score."""
    if len(legal) < 2:
        return _("it is the only legal move"), 0
    depth = judge.step_depth
    score = judge.score(position, move, depth, seen)
    if score >= MATE_BOUND:
        return _("it mates: that is a mate puzzle"), score
    rival = judge.rival(position, move, depth, seen, margin_bar(score))
    if rival is None:
        counted = judge.material_rival(position, move)
        if counted is None:
            return None, score
        return _("%(move)s wins as much, counted man by man") % {"move": coordinate(counted)}, score
    if judge.reaches(position, rival, depth, seen, score + 1):
        return _("the engine prefers %(move)s") % {"move": coordinate(rival)}, score
    return _("%(move)s does nearly as well") % {"move": coordinate(rival)}, score


def _mate_failure(judge: MaterialJudge, position: Position, move: int) -> str | None:
    """Whether the solution or another move mates: a mate puzzle, not a material one."""
    mates = judge.mating_moves(position)
    if move in mates:
        return _("it mates: that is a mate puzzle")
    if mates:
        return _("%(move)s mates: that is a mate puzzle") % {"move": coordinate(mates[0])}
    return None


def margin_bar(score: int) -> int:
    """The least score within MARGIN of `score`'s win chance: a rival that reaches it does nearly as well."""
    chance = win_chance(score) - MARGIN
    if chance <= -1:
        return -MATE_BOUND
    return math.ceil(-math.log(2 / (chance + 1) - 1) / WIN_SLOPE)


def _defence_step(
    judge: MaterialJudge, position: Position, move: int, seen: list[tuple[int, ...]]
) -> str | None:
    """Why `move` is not one of the defender's best replies."""
    score = judge.score(position, move, DEFENCE_DEPTH, seen)
    better = judge.rival(position, move, DEFENCE_DEPTH, seen, score + DEFENCE_SLACK + 1)
    if better is not None:
        return _("%(move)s is a better defence") % {"move": coordinate(better)}
    return None


def _forcing(position: Position, move: int) -> tuple[int, int]:
    """Captures and promotions before the rest, the most won first (the victim and the man promoted to)."""
    frm, to = move & 63, move >> 6 & 63
    victim = position.board[to] & 7 if frm != to else 0
    return (0 if victim or move >> 12 else 1), -VALUE.get(victim, 0) - VALUE.get(move >> 12, 0)
