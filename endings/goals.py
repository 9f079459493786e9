"""An ending's verdict, judged from its game alone (pure: no database, no request): won, lost or going on
against the goal, the learner's moves used, and the stars those moves earn against the par.

- mate, fers: won by the learner's checkmate (R7.1); any other end loses, a draw by the bare negus (R7.3),
  the count (R7.4), stalemate (R7.2) or R8 included.
- hold: won when the game ends without the learner losing (a draw by any rule, or even a win); lost only when
  the learner loses: mated, or resigning.
- stop: lost as soon as a medeq of the other side promotes (R3.2, also in place, R3.4), and when the learner
  loses the game; won when the other side has no medeq left, or when the game ends otherwise."""

from dataclasses import dataclass

from endings.catalogue import FERS, HOLD, MATE, STOP
from senterej.board.sides import Side
from senterej.engine import MEDEQ, Position
from senterej.engine.game import CHECKMATE, ONGOING

WON, LOST, GOING_ON = "won", "lost", "going-on"
#: Won within the par: three stars; within the par and as many moves again: two; later: one.
MOST_STARS = 3


@dataclass(frozen=True)
class Verdict:
    outcome: str  # WON, LOST or GOING_ON
    moves: int  # the learner's moves played
    stars: int  # 0 unless won

    @property
    def settled(self) -> bool:
        return self.outcome != GOING_ON


def stars(moves: int, par: int) -> int:
    if moves <= par:
        return MOST_STARS
    return 2 if moves <= 2 * par else 1


def stars_shown(count: int) -> list[bool]:
    """Each of the stars drawn, earned or not."""
    return [index < count for index in range(MOST_STARS)]


def _winner(result: str) -> Side | None:
    return {"1-0": Side.WHITE, "0-1": Side.BLACK}.get(result)


def judge(
    *, kind: str, learner: int, par: int, status: str, result: str, steps: list[dict[str, str]], fen: str
) -> Verdict:
    side, other = Side.of(learner), Side.of(learner ^ 1)
    moves = sum(1 for step in steps if step.get("kind") == "move" and step.get("side") == side)
    outcome = _outcome(kind, side, other, status, _winner(result), steps, fen)
    return Verdict(outcome, moves, stars(moves, par) if outcome == WON else 0)


def _outcome(
    kind: str,
    side: Side,
    other: Side,
    status: str,
    winner: Side | None,
    steps: list[dict[str, str]],
    fen: str,
) -> str:
    over = status != ONGOING
    if kind in (MATE, FERS):
        if not over:
            return GOING_ON
        return WON if status == CHECKMATE and winner == side else LOST
    if kind == HOLD:
        if not over:
            return GOING_ON
        return LOST if winner == other else WON
    assert kind == STOP, kind
    if any(step.get("side") == other and len(step.get("move", "")) == 5 for step in steps):
        return LOST  # a coordinate with a fifth letter is a promotion (R9.2)
    if over:
        return LOST if winner == other else WON
    position = Position.from_fen(fen)
    return WON if not position.by_kind[MEDEQ] & position.by_colour[other.colour] else GOING_ON
