"""The board component's tags: `{% board view %}` draws a BoardView (or a bare position as a picture),
`{% piece piece %}` one man. Both are drawn in Python in one pass (`senterej.board.drawing`)."""

from django import template
from django.utils.safestring import SafeString

from senterej.board.drawing import draw_board, draw_piece
from senterej.board.view import BoardView
from senterej.engine import Piece, Position

register = template.Library()


@register.simple_tag
def board(view: BoardView | Position) -> SafeString:
    return draw_board(view)


@register.simple_tag
def piece(piece: Piece) -> SafeString:
    return draw_piece(piece)
