"""The board component's tags: `{% board view %}` draws a BoardView (or a bare position as a picture),
`{% piece piece %}` one man, `{% counters view %}` the rules' counters beside a board. All are drawn in
Python in one pass (`senterej.board.board_markup`, `senterej.board.counters`)."""

from django import template
from django.utils.safestring import SafeString

from senterej.board.board_markup import draw_board, draw_piece
from senterej.board.counters import draw_counters
from senterej.board.view import BoardView
from senterej.engine import Piece, Position

register = template.Library()


@register.simple_tag
def board(view: BoardView | Position) -> SafeString:
    return draw_board(view)


@register.simple_tag
def piece(piece: Piece) -> SafeString:
    return draw_piece(piece)


@register.simple_tag
def counters(view: BoardView | Position, judged: bool = True) -> SafeString:
    """`judged=False` for a drill whose opponent passes: only the werera's round is told there."""
    return draw_counters(view.position if isinstance(view, BoardView) else view, judged)
