"""How a bot chooses in the werera (R5), seeing only the position and its own side.

Both sides choose at once, so a choice is scored against the opponent's plausible choices (waiting, every
capture, every check and its most promising other moves): each pair is resolved by the real round rules
(`werera.play_round`) and the result valued, and a choice's score leans on its worst case. That makes the bot
respect R5.3 without a special case: an enemy capture chosen this round is played whatever the bot does
(unless the bot is quicker and captures too), so a piece left hanging is lost even if it moves away, and the
bot's own capture of a hanging piece succeeds even if that piece moves.

A position after the round is valued by the rules first (a capture may leave a bare king, R7.3). If the
werera ended, a short search from there follows. If it goes on, the next round is looked at the same way:
a capture chosen by the side quicker next round is played alone, else the other side's capture is.
"""

import random
import time
from dataclasses import dataclass

from .evaluate import evaluate
from .fen import LAST_WERERA_ROUND
from .pieces import WHITE
from .position import WAIT, Position
from .search import INFINITY, Searcher
from .werera import play_round, quicker_side


@dataclass(frozen=True)
class WereraStyle:
    """How hard a bot thinks in the werera."""

    width: int = 10  # own choices looked at closely, after a first sort (all captures are added)
    replies: int = 8  # the opponent's quiet moves considered, besides waiting, captures and checks
    depth: int = 0  # plies searched after the werera has ended (0: captures only)
    worst_share: float = 0.7  # the rest of a choice's score is its average over the replies
    noise: float = 0.0  # centipawns of random error on each choice's score
    seconds: float | None = None  # time after which no more choices are looked at


def choose_werera(
    position: Position,
    side: int,
    style: WereraStyle = WereraStyle(),
    rng: random.Random | None = None,
    searcher: Searcher | None = None,
) -> int:
    """A legal move of `side` in the werera position, or WAIT. The opponent's choice is not an input."""
    if position.werera is None:
        raise ValueError("not a werera position")
    rng = rng or random.Random(0)
    deadline = time.monotonic() + style.seconds if style.seconds is not None else float("inf")
    value = _Valuer(searcher or Searcher(), style.depth)
    them = side ^ 1
    # first sorts: each side's choices valued as if the other waited
    ours = _ranked(position, side, value, deadline)
    theirs = _ranked(position, them, value, deadline)
    candidates = [
        move for index, (move, _) in enumerate(ours) if index < style.width or _sharp(position, move)
    ]
    forcing = [move for move, _ in theirs if move != WAIT and _forcing(position, them, move)]
    replies = _unique([WAIT, *forcing] + [move for move, _ in theirs[: style.replies]])
    best_move, best_score = candidates[0], -float("inf")
    for move in candidates:
        outcomes = []
        for reply in replies:
            white, black = (move, reply) if side == WHITE else (reply, move)
            outcomes.append(value.after_round(position, white, black, side))
            if time.monotonic() > deadline and best_score > -float("inf"):
                return best_move  # out of time: this choice is not fully weighed, the best so far stands
        worst = min(outcomes)
        score = worst + (1 - style.worst_share) * (sum(outcomes) / len(outcomes) - worst)
        if style.noise:
            score += rng.gauss(0, style.noise)
        if score > best_score:
            best_move, best_score = move, score
    return best_move


class _Valuer:
    """Values positions for one side; the searcher's table carries over between them, and positions met
    again (a pair of choices can give the same position as the choice alone) are valued once."""

    def __init__(self, searcher: Searcher, depth: int) -> None:
        self.searcher = searcher
        self.depth = depth
        self.known: dict[tuple[object, ...], int] = {}

    def after_round(self, position: Position, white: int, black: int, side: int) -> int:
        after = position.copy()
        play_round(after, white, black)
        key = (after.placement_key(), after.werera, after.castling, after.counting)
        if key not in self.known:
            self.known[key] = self.of(after, WHITE)
        return self.known[key] if side == WHITE else -self.known[key]

    def of(self, position: Position, side: int, floor: int = -INFINITY) -> int:
        """The value for `side`; when it is no more than `floor`, only that it is (fail-soft)."""
        if position.werera is not None:
            return self._next_round(position, side)
        if position.turn == side:
            return self.searcher.value(position, self.depth, alpha=floor)
        return -self.searcher.value(position, self.depth, beta=-floor)

    def _next_round(self, position: Position, side: int) -> int:
        """The werera goes on: the quicker side of the next round captures if it gains by it, else the
        slower side does (R5.3), else the position stands as it is."""
        quick = quicker_side(position.werera or LAST_WERERA_ROUND)
        slow = quick ^ 1
        standing = evaluate(position) * (1 if slow == WHITE else -1)
        if_quick_waits = -self._best_capture(position, slow, floor=standing)
        for_quick = self._best_capture(position, quick, floor=if_quick_waits)
        return for_quick if side == quick else -for_quick

    def _best_capture(self, position: Position, side: int, floor: int) -> int:
        """The best of `floor` and what capturing does for `side` (the capture ends the werera, R5.7)."""
        best = floor
        for move in position.legal_moves(side):
            if position.is_capture(move):
                after = position.copy()
                play_round(after, *((move, WAIT) if side == WHITE else (WAIT, move)))
                best = max(best, self.of(after, side, floor=best))
        return best


def _ranked(position: Position, side: int, value: _Valuer, deadline: float) -> list[tuple[int, int]]:
    """The choices of `side` (waiting too), best first for it, each valued as if the opponent waited.
    Waiting and captures are valued first; what the clock leaves no time for is put last."""
    moves = position.legal_moves(side)
    moves.sort(key=position.is_capture, reverse=True)
    ranked = []
    for move in [WAIT, *moves]:
        if time.monotonic() > deadline:
            ranked.append((move, -INFINITY))
            continue
        white, black = (move, WAIT) if side == WHITE else (WAIT, move)
        ranked.append((move, value.after_round(position, white, black, side)))
    ranked.sort(key=lambda pair: pair[1], reverse=True)
    return ranked


def _sharp(position: Position, move: int) -> bool:
    """Waiting and captures are always weighed against the replies, however they rank alone."""
    return move == WAIT or position.is_capture(move)


def _forcing(position: Position, side: int, move: int) -> bool:
    """A capture, or a check: either ends the werera (R5.3, R5.4)."""
    if position.is_capture(move):
        return True
    position.push(move, side)
    try:
        return position.is_check(side ^ 1)
    finally:
        position.pop()


def _unique(moves: list[int]) -> list[int]:
    return list(dict.fromkeys(moves))
