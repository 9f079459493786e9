"""The board's markup, drawn in one pass in Python: a page may draw many boards (the rules page draws ten),
and a template tag per square and per man cost more than the rest of the page.

Every word is escaped where it is made. The words of one language (the board's labels, each square's label
with each man or none, each man's drawing) are looked up once per language and kept; the markup is exactly
what the template renderer drew before (tests/board/golden), which the script and the styles rely on."""

from dataclasses import dataclass, field
from typing import Any

from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy

from senterej.board.sides import Side
from senterej.board.view import BoardView
from senterej.engine import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Piece, Position
from senterej.engine.pieces import PIECE_KINDS
from senterej.engine.squares import SQUARE_NAMES

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
#: A man as the position's board stores him (colour << 3 | kind); 0 is an empty square.
CODES = {piece: piece.colour << 3 | piece.kind for piece in PIECE_LABELS}


def square_label(sq: int, piece: Piece | None) -> str:
    """A square's accessible name in the active language: "e4, White der", "e4, empty"."""
    if piece is None:
        return gettext("%(square)s, empty") % {"square": SQUARE_NAMES[sq]}
    return gettext("%(square)s, %(piece)s") % {"square": SQUARE_NAMES[sq], "piece": PIECE_LABELS[piece]}


@dataclass
class Words:
    """One language's words of the board, escaped, with each man's drawing."""

    sprite: str
    board: str = field(init=False)
    selected: str = field(init=False)
    target: str = field(init=False)
    promote_to: str = field(init=False)
    cancel: str = field(init=False)
    #: (square, code of the man on it or 0): the square's label.
    labels: dict[tuple[int, int], str] = field(init=False, default_factory=dict)
    #: code of a man: his drawing.
    men: dict[int, str] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.board = escape(gettext("Senterej board"))
        self.selected = escape(gettext("selected"))
        self.target = escape(gettext("can move here"))
        self.promote_to = escape(gettext("Promote to"))
        self.cancel = escape(gettext("Cancel"))
        for piece, code in CODES.items():
            label = escape(PIECE_LABELS[piece])
            self.men[code] = (
                f'<svg class="piece piece--{Side.of(piece.colour).value}" role="img" aria-label="{label}">'
                f'<title>{label}</title><use href="{self.sprite}#{piece.name}"></use></svg>\n'
            )
        for sq in range(64):
            self.labels[sq, 0] = escape(square_label(sq, None))
            for piece, code in CODES.items():
                self.labels[sq, code] = escape(square_label(sq, piece))


_WORDS: dict[tuple[str | None, str], Words] = {}


def words() -> Words:
    """The active language's words, made on first use in this process."""
    sprite = escape(static("board/pieces.svg"))
    key = (get_language(), sprite)
    found = _WORDS.get(key)
    if found is None:
        found = _WORDS[key] = Words(sprite)
    return found


def _forget_words(**kwargs: Any) -> None:
    """Settings changed (a test's languages, catalogues or static files): the words are made again."""
    _WORDS.clear()


setting_changed.connect(_forget_words)


def draw_piece(piece: Piece) -> SafeString:
    return mark_safe(words().men[CODES[piece]])  # made of escaped words only


def draw_board(view: BoardView | Position) -> SafeString:
    """The board's markup: a grid of labelled squares, live (its legal moves, a promotion picker) when the
    view has a side to move."""
    if isinstance(view, Position):
        view = BoardView(view)
    said = words()
    board = view.position.board
    check = view.check_square()
    legal = view.legal_json()
    focus = ' tabindex="-1"' if legal else ""
    parts = [
        f'<div class="board{" board--live" if legal else ""}" role="grid" aria-label="{said.board}"',
        (
            f' data-legal="{escape(legal)}" data-form="{escape(view.form_id)}"'
            f' data-text-selected="{said.selected}" data-text-target="{said.target}">\n  '
            if legal
            else ">\n  "
        ),
    ]
    rows = view.rows()
    last_row = len(rows) - 1
    for index, (number, squares) in enumerate(rows):
        bottom = " board__row--bottom" if index == last_row else ""
        parts.append(
            f'<div class="board__row{bottom}" role="row">\n'
            f'    <span class="board__rank" role="rowheader">{number}</span>\n    '
        )
        for sq in squares:
            code = board[sq]
            rank, file = divmod(sq, 8)
            classes = "light" if (rank + file) % 2 == 1 else "dark"
            if sq in view.last_move:
                classes += " is-last"
            if sq == check:
                classes += " is-check"
            if sq in view.marks:
                classes += " is-marked"
            if sq == view.hint:
                classes += " is-hint"
            parts.append(
                f'<div role="gridcell" class="board__square board__square--{classes}"'
                f' data-square="{SQUARE_NAMES[sq]}" aria-label="{said.labels[sq, code]}"{focus}>'
                f"{said.men[code] if code else ''}</div>"
            )
        parts.append("\n  </div>")
    files = "".join(f"<span>{SQUARE_NAMES[sq][0]}</span>" for sq in rows[-1][1])
    parts.append(f'\n  <div class="board__files" aria-hidden="true"><span></span>{files}</div>\n  ')
    if view.side is not None:
        buttons = "".join(
            f'<button type="button" data-promotion="{Piece(view.side, kind).letter.lower()}">'
            f"{said.men[CODES[Piece(view.side, kind)]]}</button>"
            for kind in PIECE_KINDS
        )
        parts.append(
            f'<div class="board__picker" role="dialog" aria-label="{said.promote_to}" hidden>\n'
            f"    <p>{said.promote_to}</p>\n"
            f"    {buttons}\n"
            f'    <button type="button" class="board__picker-cancel" data-cancel>{said.cancel}</button>\n'
            "  </div>"
        )
    parts.append("\n</div>\n")
    return mark_safe("".join(parts))  # made of escaped words only
