"""Watching a game by its read-only link (`Game.watch_code`): the game as a spectator sees it, without a seat.
A spectator learns of a werera choice only that it has been made, never which it is (R5.1), exactly as the
opponent does."""

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from play.models import Game
from play.services import PlayError, Seats
from senterej.engine import BLACK, WHITE
from senterej.engine.pieces import COLOURS


def watched(code: str) -> Game:
    """The game this watching link shows; an analysis is nobody's game to watch."""
    game = Game.objects.exclude(mode=Game.Mode.IMPORTED).filter(watch_code=code).first() if code else None
    if game is None:
        raise PlayError(_("There is no game to watch at this link: check that it was copied whole."), 404)
    return game


def chosen(game: Game, hidden_from: frozenset[int] = frozenset()) -> list[str]:
    """That a side has fixed its choice for the open werera round, and nothing more: to a spectator, of
    either side; to a player (`hidden_from` their sides), of the other."""
    sentences = {WHITE: _("White has chosen."), BLACK: _("Black has chosen.")}
    return [sentences[side] for side in COLOURS if game.choice(side) and side not in hidden_from]


def watch_url(request: HttpRequest, game: Game, seats: Seats) -> str:
    """The link the players may give to spectators (none for an analysis, nor for anyone but a player)."""
    if not seats.sides or game.mode == Game.Mode.IMPORTED:
        return ""
    return request.build_absolute_uri(reverse("watch", args=[game.watch_code]))
