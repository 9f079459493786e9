"""Proofs for puzzles, each kind in its own module: `mate` (a forced mate found and checked move by move),
`material` (material won by force) and `werera` (one werera round won whatever the other side chooses).

What they share is here: the rules' verdict on a position as a proof needs it, judged by the game's own
order of judgement (R7.5), and the error of a search that met its node limit.
"""

from ..game import CHECKMATE, ONGOING, adjudicate
from ..position import Position

MATED = "mated"  # the side to move is checkmated: the side that just moved has won
DRAWN = "drawn"


class SearchLimitError(Exception):
    """The search met its node limit before it could answer."""


def status(position: Position) -> tuple[str | None, list[int]]:
    """The rules' verdict on a turn-based position, judged by `adjudicate` (R7.5, repetition left out: a
    proof judges a position without the game's history), and the legal moves of the side to move."""
    ruling, moves = adjudicate(position)
    return (None if ruling == ONGOING else MATED if ruling == CHECKMATE else DRAWN), moves
