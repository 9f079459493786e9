"""Fairy-Stockfish, through pyffish, as an independent judge of Senterej's turn-based moves (R2, R3.1-R3.2).

It is given a Shatranj-like game with Senterej's start position and letters (Q for the fers, B for the
fil) and promotion limited to the start counts, which is R3.1-R3.2. What it cannot model, a test leaves out
of its comparison: R3.3 (a waiting medeq: Fairy-Stockfish forbids that step instead), R3.4 (promotion in
place), the werera and castling (R4-R6), and the results of R7.3, R7.4 and R8, which it is told not to
judge."""

import pyffish

VARIANT = "senterej-crosscheck"
# No extinction or bare-king rule, stalemate a draw and no move-count rules: nothing that could change
# Fairy-Stockfish's move lists. promotionLimit counts the men of a kind on the board, as lost() does in R3.1.
VARIANT_CONFIG = f"""
[{VARIANT}]
king = k
fers = q
rook = r
alfil = b
knight = n
pawn = p
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
doubleStep = false
castling = false
promotionPieceTypes = qrbn
promotionLimit = q:1 r:2 b:2 n:2
mandatoryPawnPromotion = true
stalemateValue = draw
checkmateValue = loss
nMoveRule = 0
"""


def load() -> None:
    """Teaches Fairy-Stockfish the variant (again, which is harmless)."""
    pyffish.load_variant_config(VARIANT_CONFIG)


def fairy_fen(fen: str) -> str:
    """A turn-based Senterej FEN as Fairy-Stockfish reads it: placement and turn, the rest left out."""
    placement, turn = fen.split()[:2]
    return f"{placement} {turn} - - 0 1"
