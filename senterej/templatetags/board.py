"""The board component: `{% board position %}` draws any engine position, `{% piece piece %}` one man."""

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from senterej.engine import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Piece, Position, square_name

register = template.Library()

# Whole phrases rather than "colour + name", so that a translation can make the words agree.
PIECE_LABELS = {
    Piece(WHITE, NEGUS): gettext_lazy("White negus"),
    Piece(WHITE, FERS): gettext_lazy("White fers"),
    Piece(WHITE, DER): gettext_lazy("White der"),
    Piece(WHITE, FIL): gettext_lazy("White fil"),
    Piece(WHITE, FERES): gettext_lazy("White feres"),
    Piece(WHITE, MEDEQ): gettext_lazy("White medeq"),
    Piece(BLACK, NEGUS): gettext_lazy("Black negus"),
    Piece(BLACK, FERS): gettext_lazy("Black fers"),
    Piece(BLACK, DER): gettext_lazy("Black der"),
    Piece(BLACK, FIL): gettext_lazy("Black fil"),
    Piece(BLACK, FERES): gettext_lazy("Black feres"),
    Piece(BLACK, MEDEQ): gettext_lazy("Black medeq"),
}
FILES = [square_name(sq)[0] for sq in range(8)]


def square_label(sq: int, piece: Piece | None) -> str:
    if piece is None:
        return _("%(square)s, empty") % {"square": square_name(sq)}
    return _("%(square)s, %(piece)s") % {"square": square_name(sq), "piece": PIECE_LABELS[piece]}


@register.inclusion_tag("senterej/_board.html")
def board(position: Position) -> dict[str, object]:
    """White's view: rank 8 at the top, the a-file on the left; a1 is a dark square."""
    ranks = []
    for rank in reversed(range(8)):
        squares = []
        for file in range(8):
            sq = rank * 8 + file
            piece = position.piece_at(sq)
            squares.append(
                {
                    "name": square_name(sq),
                    "light": (rank + file) % 2 == 1,
                    "piece": piece,
                    "label": square_label(sq, piece),
                }
            )
        ranks.append({"number": rank + 1, "squares": squares})
    return {"ranks": ranks, "files": FILES}


@register.inclusion_tag("senterej/_piece.html")
def piece(piece: Piece) -> dict[str, object]:
    return {
        "name": piece.name,
        "colour": "white" if piece.colour == WHITE else "black",
        "label": PIECE_LABELS[piece],
    }
