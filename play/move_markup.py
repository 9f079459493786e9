"""The rows of a game's list of moves (`move_list.rows`) drawn in one pass in Python: the template language
drew them a tag at a time, each cell's step localized as a number, so that the list cost more than the rest
of the game's page. The markup is the one `play/moves.html` drew, which the styles, the page's script and the
browser tests rely on: a row per round or move number, each cell a link to its step, the step looked at
marked; the word said for a wait is translated once a list. Words are escaped by html.escape itself, which
Django's escape wraps, so the markup is the same."""

from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from play.move_list import Cell, rows
from play.replay import Step

#: A move or choice missing from its row: White's first cell when the game started with Black to move, and
#: the last row's Black cell while it is White's move.
_GAP_FIRST = '<td class="moves__cell"><span aria-hidden="true">\u2026</span></td>'
_GAP = '<td class="moves__cell"></td>'


def _cell(cell: Cell, ply: int, waited: str) -> str:
    current = ' aria-current="step"' if cell.step == ply else ""
    told = " moves__cell--dropped" if cell.dropped else " moves__cell--waited" if cell.waited else ""
    return "".join(
        (
            f'<td class="moves__cell{told}">'
            f'<a href="?ply={cell.step}" hx-get="?ply={cell.step}" hx-target="#game" hx-swap="outerHTML"'
            f"{current}>",
            waited if cell.waited else cell.shown,
            "</a></td>",
        )
    )


def draw_moves(steps: list[Step], ply: int) -> SafeString:
    """The rows of the game's steps ("" for none), the step `ply` marked where it stands."""
    word = escape(gettext("waited"))
    waited = (
        f'<span class="san san--wait"><span class="sr-only">{word}</span>'
        '<span aria-hidden="true">\u2014</span></span>'
    )
    drawn = []
    for row in rows(steps):
        current = ' class="is-current"' if ply in row.steps else ""
        white = _GAP_FIRST if row.white is None else _cell(row.white, ply, waited)
        black = _GAP if row.black is None else _cell(row.black, ply, waited)
        drawn.append(
            f'<tr{current}><th scope="row"><span aria-hidden="true">{escape(row.label)}</span>'
            f'<span class="sr-only">{escape(row.said)}</span></th>{white}{black}</tr>'
        )
    return mark_safe("\n".join(drawn))
