"""My games' list drawn in one pass in Python, as its template's loop drew it: each row's link, outcome and
line of details. The sentences are translated once a page, not once a game, so that a page of twenty games
costs about what a page of ten does."""

from django.urls import reverse
from django.utils.dateformat import format as date_format_code
from django.utils.formats import get_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext

from play.models import Game
from play.my_games import Row, labels


def draw_rows(rows: list[Row]) -> SafeString:
    against, played = gettext("Against %(opponent)s"), gettext("you played %(side)s")
    modes = labels(Game.Mode)
    day, hour = get_format("DATE_FORMAT"), get_format("TIME_FORMAT")
    parts = []
    for row in rows:
        game = row.game
        created = localtime(game.created)
        ending = f"{escape(capfirst(row.ending))} · " if row.ending else ""
        parts.append(
            '\n          <li class="my-games__game">\n'
            f'            <a class="my-games__title" href="{escape(reverse("game", args=[game.id]))}">'
            f"{escape(against % {'opponent': row.opponent})}</a>\n"
            '            <strong class="my-games__outcome my-games__outcome--'
            f'{"over" if game.is_over else "on"}">{escape(row.outcome)}</strong>\n'
            f'            <span class="muted">{ending}{escape(played % {"side": row.side})} · '
            f"{escape(modes.get(game.mode, game.mode))} · "
            f'<time datetime="{escape(date_format_code(created, "c"))}">'
            f"{escape(date_format_code(created, day))}, "
            f"{escape(date_format_code(created, hour))}</time></span>\n"
            "          </li>\n"
            "        "
        )
    return mark_safe("".join(parts))
