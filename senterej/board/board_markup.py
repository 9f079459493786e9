"""The board's markup, drawn in one pass in Python: a page may draw many boards (the rules page draws ten),
and a template tag per square and per man cost more than the rest of the page.

Every word is escaped where it is made. The words of one language (the board's labels, each square's label
with each man or none, each man's drawing) are looked up once per language and kept; the markup, which the
script and the styles rely on, is kept byte for byte by tests/board/golden."""

import math
from dataclasses import dataclass, field
from typing import Any

from django.core.signals import setting_changed
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy, pgettext

from senterej.board.explain import NAMES
from senterej.board.sides import Side
from senterej.board.view import STAR, TARGET, BoardView
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
    #: The address that says why a move is not legal (`senterej.views`), in this language.
    why: str = field(init=False)
    #: What the board says when a square is chosen that holds no move: "%(square)s" is the square's name.
    empty: str = field(init=False)
    stuck: str = field(init=False)
    refused: str = field(init=False)
    #: colour: what the board says when a man of the other side is chosen.
    theirs: dict[int, str] = field(init=False, default_factory=dict)
    #: What a square is besides its man, each said in its name as well as drawn.
    marks: dict[str, str] = field(init=False, default_factory=dict)
    last: str = field(init=False)
    check: str = field(init=False)
    hint: str = field(init=False)
    #: (square, code of the man on it or 0): the square's label.
    labels: dict[tuple[int, int], str] = field(init=False, default_factory=dict)
    #: code of a man: his drawing.
    men: dict[int, str] = field(init=False, default_factory=dict)
    #: colour: the buttons that promote a medeq of that side, each with its man's drawing and name.
    promotions: dict[int, str] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.board = escape(gettext("Senterej board"))
        self.selected = escape(gettext("selected"))
        self.target = escape(gettext("can move here"))
        self.promote_to = escape(gettext("Promote to"))
        self.cancel = escape(gettext("Cancel"))
        self.why = escape(reverse("board:why"))
        self.empty = escape(gettext("There is no man on %(square)s: choose one of your men first."))
        self.stuck = escape(
            gettext("The man on %(square)s has no move now: choose the square you meant, and learn why.")
        )
        self.refused = escape(gettext("That move is not legal in this position."))
        self.theirs = {
            WHITE: escape(gettext("The man on %(square)s is not yours: you play White.")),
            BLACK: escape(gettext("The man on %(square)s is not yours: you play Black.")),
        }
        self.marks = {STAR: escape(pgettext("square", "star")), TARGET: escape(pgettext("square", "target"))}
        self.last = escape(pgettext("square", "last move"))
        self.check = escape(pgettext("square", "check"))
        self.hint = escape(pgettext("square", "hint"))
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
        for colour in (WHITE, BLACK):
            self.promotions[colour] = "".join(
                f'<button type="button" data-promotion="{Piece(colour, kind).letter.lower()}">'
                f'<svg class="piece piece--{Side.of(colour).value}" aria-hidden="true">'
                f'<use href="{self.sprite}#{Piece(colour, kind).name}"></use></svg>'
                f"<span>{escape(NAMES[kind])}</span></button>"
                for kind in PIECE_KINDS
            )


_WORDS: dict[str | None, Words] = {}


def words() -> Words:
    """The active language's words, made on first use in this process with the drawings' address, which
    changes only with the settings (and a release, in a new process): asking the static files for it again
    at every board cost as much as drawing a row of squares."""
    language = get_language()
    found = _WORDS.get(language)
    if found is None:
        found = _WORDS[language] = Words(escape(static("board/pieces.svg")))
    return found


def _forget_words(**kwargs: Any) -> None:
    """Settings changed (a test's languages, catalogues or static files): the words are made again."""
    _WORDS.clear()


setting_changed.connect(_forget_words)


def draw_piece(piece: Piece) -> SafeString:
    return mark_safe(words().men[CODES[piece]])  # made of escaped words only


def _arrows(view: BoardView) -> str:
    """The view's arrows as an SVG laid over the 64 squares (one unit a square), hidden from screen readers:
    the page names the moves. The more often a move was played, the wider; its count stands on the square it
    goes to, where its head points, so that moves of one man to squares in one line are told apart."""
    if not view.arrows:
        return ""
    most = max(count for _start, _end, count in view.arrows)

    def centre(sq: int) -> tuple[float, float]:
        rank, file = divmod(sq, 8)
        if view.orientation == WHITE:
            return file + 0.5, 7 - rank + 0.5
        return 7 - file + 0.5, rank + 0.5

    parts = ['<svg class="board__arrows" viewBox="0 0 8 8" aria-hidden="true" focusable="false">']
    for start, end, count in sorted(view.arrows, key=lambda arrow: arrow[2]):
        (x1, y1), (x2, y2) = centre(start), centre(end)
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        dx, dy = (x2 - x1) / length, (y2 - y1) / length
        width = 0.1 + 0.14 * count / most
        head, half = 0.36, 0.2 + width / 2  # the head's length and half its breadth, in squares
        tx, ty = x2 - dx * 0.24, y2 - dy * 0.24  # the tip stops short of the count on its square
        bx, by = tx - dx * head, ty - dy * head
        corners = [(tx, ty), (bx - dy * half, by + dx * half), (bx + dy * half, by - dx * half)]
        points = " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)
        parts.append(
            f'<g><line x1="{x1}" y1="{y1}" x2="{bx:.2f}" y2="{by:.2f}" stroke-width="{width:.2f}"/>'
            f'<polygon points="{points}"/>'
            f'<circle cx="{x2}" cy="{y2}" r="0.22"/><text x="{x2}" y="{y2}" dy="0.09">{count}</text></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def draw_board(view: BoardView | Position) -> SafeString:
    """The board's markup: a grid of labelled squares, live (its legal moves, a promotion picker, a line that
    says why a move is refused) when the view has a side to move."""
    if isinstance(view, Position):
        view = BoardView(view)
    said = words()
    board = view.position.board
    check = view.check_square()
    side = view.side
    focus = ' tabindex="-1"' if side is not None else ""
    live = "" if side is None else " board--live"
    # A live board is held with its picker and its line of words: a grid may hold nothing but rows.
    parts = ['<div class="board-play">\n'] if side is not None else []
    parts.append(f'<div class="board{live}" role="grid" aria-label="{said.board}"')
    if side is not None:
        parts.append(
            f' data-legal="{escape(view.legal_json())}" data-form="{escape(view.form_id)}"'
            f' data-side="{Side.of(side).value}" data-fen="{escape(view.position.fen())}"'
            f' data-why="{said.why}" data-text-selected="{said.selected}" data-text-target="{said.target}"'
            f' data-text-empty="{said.empty}" data-text-theirs="{said.theirs[side]}"'
            f' data-text-stuck="{said.stuck}" data-text-refused="{said.refused}"'
        )
    parts.append(">\n  ")
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
            label = said.labels[sq, code]
            if sq in view.last_move:
                classes += " is-last"
                label += f", {said.last}"
            if sq == check:
                classes += " is-check"
                label += f", {said.check}"
            if sq in view.marks:
                classes += " is-marked"
                label += f", {said.marks[view.mark]}"
            if sq == view.hint:
                classes += " is-hint"
                label += f", {said.hint}"
            parts.append(
                f'<div role="gridcell" class="board__square board__square--{classes}"'
                f' data-square="{SQUARE_NAMES[sq]}" aria-label="{label}"{focus}>'
                f"{said.men[code] if code else ''}</div>"
            )
        parts.append("\n  </div>")
    files = "".join(f"<span>{SQUARE_NAMES[sq][0]}</span>" for sq in rows[-1][1])
    parts.append(f'\n  <div class="board__files" aria-hidden="true"><span></span>{files}</div>\n  ')
    parts.append(_arrows(view))
    parts.append("\n</div>\n")
    if side is not None:
        parts.append(
            f'<div class="board__picker" role="dialog" aria-label="{said.promote_to}" hidden>\n'
            f"  <p>{said.promote_to}</p>\n"
            f"  {said.promotions[side]}\n"
            f'  <button type="button" class="board__picker-cancel" data-cancel>{said.cancel}</button>\n'
            "</div>\n</div>\n"
            '<p class="board__says" role="status"></p>\n'
        )
    return mark_safe("".join(parts))  # made of escaped words only
