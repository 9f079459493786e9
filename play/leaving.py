"""Leaving a game and coming back: who has the game open, aborting a game that has hardly begun, and
claiming a game whose online opponent has gone away. Writes follow the services' rules: the row locked, the
version checked, nothing changed when the request is refused."""

import uuid
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from play.models import Game
from play.services import PlayError, Seats, finish, locked, player_side
from senterej.engine import WHITE

#: Steps after which a game can no longer be aborted: from the third, it is a game that counts.
ABORT_BEFORE = 2
#: An online opponent who has not had the game open for this long may be claimed against.
ABSENCE = timedelta(seconds=60)
#: How often a player's presence is written down: a poll every second need not write every second.
PRESENCE_EVERY = ABSENCE / 6

WIN, DRAW = "win", "draw"


def note_presence(game: Game, seats: Seats, now: datetime) -> None:
    """Writes down that the players of these seats have an online game open (at most every few seconds),
    without touching the game's version or its time of change."""
    if game.mode != Game.Mode.ONLINE or game.is_over:
        return
    stale = now - PRESENCE_EVERY
    for side in seats.sides:
        field = "white_seen" if side == WHITE else "black_seen"
        seen = getattr(game, field)
        if seen is None or seen < stale:
            unseen = Q(**{f"{field}__lt": stale}) | Q(**{f"{field}__isnull": True})
            Game.objects.filter(unseen, pk=game.pk).update(**{field: now})
            setattr(game, field, now)


def absent_side(game: Game, seats: Seats, now: datetime) -> int | None:
    """The opponent's side, when the asker plays an online game whose opponent has not had it open for
    longer than the limit."""
    if game.mode != Game.Mode.ONLINE or game.is_over or not game.joined or len(seats.sides) != 1:
        return None
    mine = next(iter(seats.sides))
    other = mine ^ 1
    seen = (game.white_seen if other == WHITE else game.black_seen) or game.created
    return other if now - seen > ABSENCE else None


def can_abort(game: Game) -> bool:
    """A game may be aborted before it has properly begun: an invitation nobody took, or its first steps."""
    if game.is_over or game.mode == Game.Mode.IMPORTED:
        return False
    return len(game.steps) < ABORT_BEFORE or (game.mode == Game.Mode.ONLINE and not game.joined)


def abort(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    with transaction.atomic():
        game = locked(game_id, version)
        player_side(game, seats)
        if not can_abort(game):
            raise PlayError(_("This game has begun: it can no longer be aborted. You may resign."), 409)
        game.status, game.result = Game.Status.ABORTED, "*"
        finish(game)
        return game


def claim(*, game_id: uuid.UUID, seats: Seats, version: int, outcome: str, now: datetime) -> Game:
    """The player who stayed takes the win, or a draw, from an opponent who went away."""
    with transaction.atomic():
        game = locked(game_id, version)
        player_side(game, seats)
        absent = absent_side(game, seats, now)
        if absent is None:
            raise PlayError(_("Your opponent is still here: the game goes on."), 409)
        if outcome not in (WIN, DRAW):
            raise PlayError(_("Claim the win or a draw."))
        game.status = Game.Status.ABANDONED
        game.result = "1/2-1/2" if outcome == DRAW else ("0-1" if absent == WHITE else "1-0")
        finish(game)
        return game
