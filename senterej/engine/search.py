"""Game-tree search for turn-based positions: negamax with alpha-beta (principal variation search), iterative
deepening, a transposition table, move ordering (table move, captures by MVV-LVA, killers, history) and a
quiescence search on captures and promotions.

Every node is judged by the real rules in the order of R7.5 before it is searched or evaluated: a bare
king (R7.3) is a draw even when the capture that made it also mated; checkmate scores as a mate (nearer is
better); stalemate, a run-out count (R7.4, unless the counted move mated) and 140 quiet moves (R8.2) are
draws, and so is any position met again on the line searched or earlier in the game (R8.1: a repetition the
side to move can force once, it can force twice more).
"""

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .evaluate import evaluate
from .fen import SEVENTY_MOVES
from .game import draw_by_count_or_r8, is_bare_king
from .pieces import BLACK, MEDEQ, VALUE, WHITE
from .position import Position
from .proofs import SearchLimitError

MATE = 100_000
#: Scores beyond this are mates; a mate found `ply` half-moves from the root scores MATE - ply.
MATE_BOUND = MATE - 1_000
INFINITY = 1_000_000
#: Per ply of depth left: how far ahead (or behind) the static score must be to prune near the horizon.
FUTILITY_MARGIN = 150
#: Quiescence skips a capture that would leave the score this far below alpha even if nothing is taken back.
DELTA_MARGIN = 200
DRAW = 0
MAX_PLY = 64
#: How often (in nodes) the clock is read: reading it costs, and a few hundred nodes take a few milliseconds.
CLOCK_EVERY = 128
#: The transposition table is cleared when it grows past this many entries, to bound memory.
TABLE_LIMIT = 300_000

EXACT, LOWER, UPPER = 0, 1, 2
TABLE_MOVE_FIRST = 1 << 30
CAPTURE_FIRST = 1 << 24
PROMOTION_FIRST = 1 << 23
KILLER_FIRST = 1 << 22


class _OutOfTime(Exception):
    """Raised inside the tree when a node or time limit is reached; the last finished answer stands."""


@dataclass
class SearchResult:
    move: int  # 0 when the side to move has no legal move
    score: int  # centipawns from the side to move's view, or +-(MATE - plies) for a mate
    depth: int  # the deepest iteration finished
    nodes: int
    seconds: float
    pv: list[int] = field(default_factory=list)

    @property
    def mate_in(self) -> int | None:
        """Moves to mate (positive: the side to move mates, negative: it is mated), or None."""
        if abs(self.score) < MATE_BOUND:
            return None
        plies = MATE - abs(self.score)
        return (plies + 1) // 2 if self.score > 0 else -((plies + 1) // 2)


def mate_score(score: int) -> bool:
    return abs(score) >= MATE_BOUND


class Searcher:
    """One search at a time. The transposition table, killers and history are kept between searches, so a
    bot that keeps its searcher answers the next move faster."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock  # seconds; a test can give its own clock
        self.table: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
        self.history = [[0] * 4096 for _ in (WHITE, BLACK)]
        self.nodes = 0
        self._position: Position | None = None
        self._killers: list[list[int]] = []
        self._path: list[tuple[int, ...]] = []
        self._seen: frozenset[tuple[int, ...]] = frozenset()
        self._deadline = 0.0
        self._max_nodes = 0
        self._improved: list[tuple[int, int]] = []
        self._horizon = 1  # the depth of the current iteration

    def search(
        self,
        position: Position,
        *,
        depth: int = MAX_PLY - 1,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        seen: Iterable[tuple[int, ...]] = (),
    ) -> SearchResult:
        """Iterative deepening up to `depth` plies, stopping early at `max_nodes` nodes or `time_limit`
        seconds. `seen` holds the placement keys of the positions met earlier in the game (for R8.1)."""
        start = self.clock()
        moves = self._begin(position, max_nodes, time_limit, seen, start)
        self.history = [[value // 8 for value in row] for row in self.history]  # old news is only a hint
        moves = self._ordered(moves, 0, self._table_move(position))
        result = SearchResult(moves[0] if moves else 0, 0, 0, 0, 0.0)
        if not moves:
            result.score = -MATE if position.is_check() else DRAW
            return result
        if len(moves) == 1:
            depth = min(depth, 1)  # the answer is forced: only say what it is worth
        for iteration in range(1, depth + 1):
            self._improved.clear()
            self._horizon = iteration
            try:
                score, move = self._root(iteration, moves)
            except _OutOfTime:
                if self._improved:  # a move that beat the last iteration's best stands
                    result.score, result.move = self._improved[-1]
                break
            moves.remove(move)
            moves.insert(0, move)
            result.move, result.score, result.depth = move, score, iteration
            if mate_score(score) and MATE - abs(score) <= iteration:
                break  # a mate within the horizon is already the shortest
        result.nodes, result.seconds = self.nodes, self.clock() - start
        result.pv = self._principal_variation(position, result.move)
        return result

    def score_moves(
        self,
        position: Position,
        depth: int,
        seen: Iterable[tuple[int, ...]] = (),
        max_nodes: int | None = None,
    ) -> list[tuple[int, int]]:
        """Every legal move with its score from the mover's view, each searched `depth` plies with a full
        window, so that a weaker bot can choose among good and less good moves. Past `max_nodes` nodes it
        raises SearchLimitError."""
        moves = self._begin(position, max_nodes, None, seen, self.clock())
        moves = self._ordered(moves, 0, self._table_move(position))
        self._horizon = max(depth, 1)
        scores = []
        for move in moves:
            position.push(move)
            self._path.append(position.placement_key())
            try:
                scores.append((move, -self._negamax(depth - 1, -INFINITY, INFINITY, 1)))
            except _OutOfTime:
                raise SearchLimitError(f"more than {max_nodes} nodes") from None
            finally:
                self._path.pop()
                position.pop()
        return scores

    def value(
        self,
        position: Position,
        depth: int = 0,
        alpha: int = -INFINITY,
        beta: int = INFINITY,
        seen: Iterable[tuple[int, ...]] = (),
        max_nodes: int | None = None,
    ) -> int:
        """What a turn-based position is worth to the side to move: the rules' verdict if the game is over,
        else a search of `depth` plies (0: captures and promotions only). Outside the window (alpha, beta)
        the answer is only a bound: at most alpha, or at least beta. Past `max_nodes` nodes it raises
        SearchLimitError."""
        self._begin(position, max_nodes, None, seen, self.clock())
        self._horizon = max(depth, 1)
        try:
            return self._negamax(depth, alpha, beta, 0)
        except _OutOfTime:
            raise SearchLimitError(f"more than {max_nodes} nodes") from None

    def _begin(
        self,
        position: Position,
        max_nodes: int | None,
        time_limit: float | None,
        seen: Iterable[tuple[int, ...]],
        start: float,
    ) -> list[int]:
        if position.turn is None:
            raise ValueError("the search plays turn-based positions; the werera has its own policy")
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self._position = position
        self._seen = frozenset(seen)
        self._path = [position.placement_key()]
        self._killers = [[0, 0] for _ in range(MAX_PLY + 1)]
        self.nodes = 0
        self._max_nodes = max_nodes if max_nodes is not None else 1 << 62
        self._deadline = start + time_limit if time_limit is not None else float("inf")
        return position.legal_moves()

    def _root(self, depth: int, moves: list[int]) -> tuple[int, int]:
        position = self._position
        assert position is not None
        alpha, best_move = -INFINITY, moves[0]
        for index, move in enumerate(moves):
            position.push(move)
            self._path.append(position.placement_key())
            try:
                if index == 0:
                    score = -self._negamax(depth - 1, -INFINITY, -alpha, 1)
                else:
                    score = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -self._negamax(depth - 1, -INFINITY, -alpha, 1)
            finally:
                self._path.pop()
                position.pop()
            if score > alpha:
                alpha, best_move = score, move
                if index:
                    self._improved.append((score, move))
        self.table[_table_key(position, self._path[0])] = (depth, EXACT, alpha, best_move)
        return alpha, best_move

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._max_nodes:
            raise _OutOfTime
        if self.nodes % CLOCK_EVERY == 0 and self.clock() >= self._deadline:
            raise _OutOfTime

    def _judged(self, position: Position, ply: int) -> int | None:
        """The score of a position the rules have already decided (R7.5 order), None if the game goes on."""
        if is_bare_king(position):
            return DRAW  # R7.3
        if draw_by_count_or_r8(position) is not None:
            if position.is_check() and not position.legal_moves():
                return -MATE + ply  # R7.1 comes before R7.4 and R8.2
            return DRAW
        return None

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        position = self._position
        assert position is not None
        self._tick()
        judged = self._judged(position, ply)
        if judged is not None:
            return judged
        key = self._path[-1]
        if key in self._seen or key in self._path[:-1]:
            return DRAW  # R8.1
        in_check = position.is_check()
        if in_check and depth > 0 and ply < 2 * self._horizon:
            depth += 1  # a check is forcing: look one move further (but not forever along a line of checks)
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply)
        # no mate can be better than one found nearer the root
        alpha, beta = max(alpha, -MATE + ply), min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        table_key = _table_key(position, key)
        entry = self.table.get(table_key)
        table_move = 0
        if entry is not None:
            entry_depth, flag, stored, table_move = entry
            if entry_depth >= depth:
                score = _from_table(stored, ply)
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score
        moves = position.legal_moves()
        if not moves:
            return -MATE + ply if in_check else DRAW  # R7.1, R7.2
        us = position.turn
        assert us is not None
        # Pruning trusts the static score, which is safe only while no draw rule is near: each side keeps
        # two pieces (no count, no bare king a capture away) and the quiet moves are far from R8.2's limit.
        stand = -INFINITY
        if (
            not in_check
            and beta - alpha == 1
            and abs(beta) < MATE_BOUND
            and position.piece_count(WHITE) >= 2
            and position.piece_count(BLACK) >= 2
            and position.halfmove < SEVENTY_MOVES - 40
        ):
            stand = evaluate(position) if us == WHITE else -evaluate(position)
            if depth <= 3 and stand - FUTILITY_MARGIN * depth >= beta:
                return stand  # so far ahead that a few moves will not undo it
            if depth >= 3 and stand >= beta:
                score = self._null_move(us, depth, beta, ply)
                if score >= beta:
                    return beta
        board = position.board
        original_alpha, best, best_move = alpha, -INFINITY, 0
        futile = stand > -INFINITY and depth <= 2 and stand + FUTILITY_MARGIN * depth <= alpha
        for index, move in enumerate(self._ordered(moves, ply, table_move)):
            frm, to = move & 63, move >> 6 & 63
            quiet = not (board[to] and frm != to) and not move >> 12
            position.push(move)
            if futile and quiet and index and not position.is_check():
                position.pop()  # a quiet move this near the horizon will not lift the score to alpha
                best = max(best, stand)
                continue
            self._path.append(position.placement_key())
            try:
                if index == 0:
                    score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    # late quiet moves are searched a ply less first (late move reduction)
                    reduction = 1 if quiet and depth >= 3 and index >= 4 and not in_check else 0
                    score = -self._negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                    if score > alpha and (reduction or score < beta):
                        score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                self._path.pop()
                position.pop()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if quiet:
                            self._remember_cutoff(us, move, ply, depth)
                        break
        flag = EXACT if original_alpha < best < beta else (LOWER if best >= beta else UPPER)
        self.table[table_key] = (depth, flag, _to_table(best, ply), best_move)
        return best

    def _null_move(self, us: int, depth: int, beta: int, ply: int) -> int:
        """Lets the opponent move twice: if we still stand at beta or above, a real move would too. Never
        in check (the turn could not pass) and only with pieces about, where passing is not a help."""
        position = self._position
        assert position is not None
        position.turn = us ^ 1
        self._path.append(position.placement_key())
        try:
            reduction = 3 if depth >= 6 else 2
            return -self._negamax(depth - 1 - reduction, -beta, -beta + 1, ply + 1)
        finally:
            self._path.pop()
            position.turn = us

    def _quiesce(self, alpha: int, beta: int, ply: int) -> int:
        position = self._position
        assert position is not None
        self._tick()
        judged = self._judged(position, ply)
        if judged is not None:
            return judged
        us = position.turn
        assert us is not None
        if position.is_check():
            moves = position.legal_moves()
            if not moves:
                return -MATE + ply
            best = -INFINITY
        else:
            best = evaluate(position) if us == WHITE else -evaluate(position)
            if best >= beta or ply >= MAX_PLY:
                return best
            alpha = max(alpha, best)
            moves = self._captures(position, us, alpha - best - DELTA_MARGIN)
        for move in self._ordered(moves, ply, 0):
            position.push(move)
            try:
                score = -self._quiesce(-beta, -alpha, ply + 1)
            finally:
                position.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _captures(self, position: Position, us: int, margin: int) -> list[int]:
        """The promotions, and the captures worth a look: not one that cannot win back `margin`, nor one
        that gives a man for a cheaper one on a guarded square; but always one that takes the last enemy
        piece, for that is a draw (R7.3), which may be just what a losing side is looking for."""
        board = position.board
        them = us ^ 1
        last_piece = position.piece_count(them) == 1
        chosen = []
        for move in position.legal_moves():
            frm, to = move & 63, move >> 6 & 63
            victim = board[to] & 7 if frm != to else 0
            if not victim:
                if move >> 12:
                    chosen.append(move)
                continue
            takes_last_piece = last_piece and victim != MEDEQ
            worth_it = VALUE[victim] > margin and (
                VALUE[board[frm] & 7] <= VALUE[victim] or not position.attackers(them, to)
            )
            if takes_last_piece or worth_it:
                chosen.append(move)
        return chosen

    def _ordered(self, moves: list[int], ply: int, table_move: int) -> list[int]:
        position = self._position
        assert position is not None and position.turn is not None
        board = position.board
        history = self.history[position.turn]
        killers = self._killers[ply] if ply < len(self._killers) else [0, 0]

        def rank(move: int) -> int:
            if move == table_move:
                return TABLE_MOVE_FIRST
            frm, to = move & 63, move >> 6 & 63
            victim = board[to] if frm != to else 0
            if victim:
                return CAPTURE_FIRST + 8 * VALUE[victim & 7] - VALUE[board[frm] & 7] // 8
            if move >> 12:
                return PROMOTION_FIRST + VALUE[move >> 12]
            if move == killers[0]:
                return KILLER_FIRST + 1
            if move == killers[1]:
                return KILLER_FIRST
            return history[move & 4095]

        return sorted(moves, key=rank, reverse=True)

    def _remember_cutoff(self, us: int, move: int, ply: int, depth: int) -> None:
        killers = self._killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move
        row = self.history[us]
        row[move & 4095] = min(row[move & 4095] + depth * depth, KILLER_FIRST - 1)

    def _table_move(self, position: Position) -> int:
        entry = self.table.get(_table_key(position, position.placement_key()))
        return entry[3] if entry is not None else 0

    def _principal_variation(self, position: Position, first: int) -> list[int]:
        """The expected line, read back from the table (stopping at a repetition)."""
        line = [first] if first else []
        played = 0
        seen = set()
        move = first
        while move and move in position.legal_moves() and len(line) < MAX_PLY:
            position.push(move)
            played += 1
            key = position.placement_key()
            if key in seen:
                break
            seen.add(key)
            move = self._table_move(position)
            if move and move in position.legal_moves():
                line.append(move)
            else:
                move = 0
        for _ in range(played):
            position.pop()
        return line


def _table_key(position: Position, placement: tuple[int, ...]) -> tuple[object, ...]:
    """The placement and side to move, plus what else decides the result: the counts (R7.4), and the quiet
    moves (R8.2) once they are near enough the limit to matter within a search."""
    quiet = position.halfmove if position.halfmove >= SEVENTY_MOVES - 2 * MAX_PLY else 0
    return (placement, position.counting, quiet)


def _to_table(score: int, ply: int) -> int:
    """Mates are stored as distances from the stored node, not from the root."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def search(
    position: Position,
    *,
    depth: int = MAX_PLY - 1,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    seen: Iterable[tuple[int, ...]] = (),
) -> SearchResult:
    """A fresh search of a turn-based position (see `Searcher.search`)."""
    return Searcher().search(position, depth=depth, max_nodes=max_nodes, time_limit=time_limit, seen=seen)
