"""The board component's tags: `{% board view %}` draws a BoardView (or a bare position as a picture),
`{% piece piece %}` one man."""

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from senterej.board.sides import Side
from senterej.board.view import BoardView
from senterej.engine import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Piece, Position, square_name
from senterej.engine.pieces import PIECE_KINDS

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


def square_label(sq: int, piece: Piece | None) -> str:
    if piece is None:
        return _("%(square)s, empty") % {"square": square_name(sq)}
    return _("%(square)s, %(piece)s") % {"square": square_name(sq), "piece": PIECE_LABELS[piece]}


@register.inclusion_tag("board/_board.html")
def board(view: BoardView | Position) -> dict[str, object]:
    if isinstance(view, Position):
        view = BoardView(view)
    position = view.position
    check = view.check_square()
    rows = []
    for number, squares in view.rows():
        cells = []
        for sq in squares:
            piece = position.piece_at(sq)
            rank, file = divmod(sq, 8)
            cells.append(
                {
                    "name": square_name(sq),
                    "light": (rank + file) % 2 == 1,
                    "piece": piece,
                    "label": square_label(sq, piece),
                    "last": sq in view.last_move,
                    "check": sq == check,
                    "mark": sq in view.marks,
                    "hint": sq == view.hint,
                }
            )
        rows.append({"number": number, "squares": cells})
    promotions = []
    if view.side is not None:
        promotions = [
            {"letter": Piece(view.side, kind).letter.lower(), "piece": Piece(view.side, kind)}
            for kind in PIECE_KINDS
        ]
    return {
        "rows": rows,
        "files": [square_name(sq)[0] for sq in view.rows()[-1][1]],
        "legal": view.legal_json(),
        "form_id": view.form_id,
        "promotions": promotions,
    }


@register.inclusion_tag("board/_piece.html")
def piece(piece: Piece) -> dict[str, object]:
    return {
        "name": piece.name,
        "colour": Side.of(piece.colour).value,
        "label": PIECE_LABELS[piece],
    }
