"""The bots' replies, run as background tasks so that no search holds a request or a database lock.

When the bot is to act (its werera choice for a round that has opened, or its move), the service that made
the change enqueues `bot_reply` with the game's version then. The task reads the game without a
lock, replays it and lets the bot choose from the position alone (in the werera it never looks at the other
side's hidden choice, R5.1), then hands the choice to `services.bot_acts`, which locks the row and plays it
only if the game still has that version: a reply that comes too late changes nothing, even when a takeback
and a new move have brought the game back to as many steps as it had, and asking again is always safe. With
many replies waiting, the bot thinks less (`play.bot_pace`)."""

import uuid

from django_tasks import task

from play import bot_pace, services
from play.models import Game
from play.replay import replay
from senterej.engine.bots import Bot


@task(queue_name="bots")
def bot_reply(game_id: str, version: int) -> None:
    game = Game.objects.filter(pk=uuid.UUID(game_id)).first()
    if game is None or game.version != version or not services.bot_to_act(game):
        return
    side = game.bot_side
    assert side is not None
    played = replay(game)
    pace = bot_pace.pace(bot_pace.waiting())
    bot = Bot(game.bot_level, seed=game.id.int + len(game.steps), pace=pace)
    if played.in_werera:
        choice = bot.choose_werera(played.position.copy(), side)
    else:
        choice = bot.choose_move(played.position.copy(), played.seen)
    services.bot_acts(game_id=game.id, version=version, choice=choice)
