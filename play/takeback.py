"""A takeback against a bot: the player's last move and the bot's reply go, and the game goes on from the
position before them. Only a game against a bot takes moves back, and not a practice game, whose moves count
towards its stars (`panels.is_practice`). The write runs in one transaction with the game's row locked and
checks the request against the stored version, as the other services do; the bot's reply, when one is owed,
is asked of the background task after the commit."""

import uuid
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from play import panels, services
from play.models import Game
from play.replay import replay
from play.services import PlayError, Seats


def take_back(*, game_id: uuid.UUID, seats: Seats, version: int) -> Game:
    """Against a bot: the player's last move and the bot's reply are taken back (or the last werera round
    when that was the last step), and the game goes on from the position before them."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or not seats.sides:
            raise PlayError(_("There is no such game."), 404)
        if game.mode != Game.Mode.BOT:
            raise PlayError(_("Only a game against a bot allows taking moves back."), 400)
        services.check_version(game, version)
        if game.is_over:
            raise PlayError(_("This game is over."), 409)
        if services.bot_to_act(game):
            raise PlayError(_("Wait for the bot's reply, then take back."), 409)
        if panels.is_practice(game):
            raise PlayError(
                _("A practice game takes no moves back: each move counts towards its stars."), 409
            )
        kept = kept_steps(game)
        if kept is None:
            raise PlayError(_("There is nothing to take back."), 409)
        game.steps = game.steps[:kept]
        played = replay(game)
        game.fen = played.position.fen()
        game.status, game.result = played.status, played.result
        game.white_choice = game.black_choice = game.draw_offer = ""
        game.version += 1
        game.save()
    return services.ask_bot(game)


def kept_steps(game: Game) -> int | None:
    """How many steps a takeback keeps: all before the player's last move or last werera round, and so
    before the bot's replies to it; None when the player has nothing to take back."""
    bot = game.bot_colour
    steps: list[dict[str, Any]] = game.steps
    count = len(steps)
    while count and steps[count - 1]["kind"] == "move" and steps[count - 1]["side"] == bot:
        count -= 1
    return count - 1 if count else None


def may_take_back(game: Game, seats: Seats) -> bool:
    """Whether the player of a game against a bot may take back now."""
    return (
        game.mode == Game.Mode.BOT
        and bool(seats.sides)
        and not game.is_over
        and not services.bot_to_act(game)
        and kept_steps(game) is not None
        and not panels.is_practice(game)
    )
