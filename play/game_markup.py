"""The few pieces of a game's page that are markup made in Python rather than in its template: what a screen
reader hears after a change, and a player's own werera choice in the site's notation. They are kept together
because each marks text as safe, and that is only sound when every piece inside was escaped first."""

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from play.game_words import result_sentence
from play.models import Game
from play.replay import Step
from senterej.board.san_markup import move_html, sentence
from senterej.engine import WAIT, Position
from senterej.engine.notation import parse_coordinate, san


def error_free_announcement(steps: list[Step], game: Game, final: Position) -> str:
    """What the screen reader hears after a change: the result, or the last round or move."""
    if game.is_over:
        return result_sentence(game.status, game.result, final)
    if not steps:
        return ""
    last = steps[-1]
    if last.sentences:
        return mark_safe(" ".join(last.sentences))  # sentences drawn of escaped words and moves
    return format_html("{} {}", last.label, last.text)


def choice_shown(position: Position, side: int, choice: str) -> SafeString:
    """A player's own werera choice, fixed and waiting for the other's, in the site's notation."""
    move = parse_coordinate(choice)
    if move == WAIT:
        return sentence(_("to wait"))
    return move_html(san(position, move, side), side)
