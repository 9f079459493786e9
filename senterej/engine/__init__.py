"""The rules of Senterej as specified by the project's RULES.md, in pure Python (standard library only)."""

from .fen import FenError
from .pieces import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Piece
from .position import START_FEN, WAIT, Position
from .squares import square_name

__all__ = [
    "BLACK",
    "DER",
    "FERES",
    "FERS",
    "FIL",
    "MEDEQ",
    "NEGUS",
    "START_FEN",
    "WAIT",
    "WHITE",
    "FenError",
    "Piece",
    "Position",
    "square_name",
]
