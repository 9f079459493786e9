"""The bots' ladder played through the site's own game code: each level against the one below it, every game
a `Game` row made by `services.start_game`, every choice the bot's task (`tasks.bot_reply`) played by
`services.bot_acts`, as in a game against a person, so that the bots are measured as the site runs them (the
history and the counters handed over from the stored steps, R7.4, R8.1, R8.2).

A game has one bot seat; here the seat is handed to the side whose turn (or werera choice) it is before each
reply, so two bots play one row without a field of their own. The replies run at once in this process (the
task backend is the immediate one for the run), one game after another. Colours alternate; a game still
going after `--max-plies` half-moves (a werera round counts two) is adjudicated a draw, as in
`python -m senterej.engine.match`, whose table this prints. `make bench-ladder` runs it against a scratch
SQLite file; it refuses a database that holds games unless --force, and removes only the games it made."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from play import services
from play.models import Game
from play.tasks import bot_reply
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.bots import LEVELS
from senterej.engine.match import DEFAULT_MAX_PLIES, Outcome, Pairing, Tally, table

IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


class Command(BaseCommand):
    help = "Each bot level against the one below it, played through the site's services and tasks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=10, help="games a pairing")
        parser.add_argument("--club-games", type=int, help="games of Club against Intermediate (--games)")
        parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES)
        parser.add_argument("--force", action="store_true", help="run on a database that holds games")

    def handle(self, *args: Any, **options: Any) -> None:
        if Game.objects.exists() and not options["force"]:
            raise CommandError("This database holds games: run on a scratch database, or give --force.")
        games, club_games = options["games"], options["club_games"]
        max_plies = options["max_plies"]
        tallies = []
        started = time.monotonic()
        with override_settings(TASKS=IMMEDIATE_TASKS):
            for lower, upper in zip(LEVELS, LEVELS[1:], strict=False):
                count = club_games if upper == "club" and club_games is not None else games
                tally = Tally(upper, lower)
                for number in range(count):
                    pairing = Pairing(upper, lower, number, 0, max_plies)
                    outcome = play_game(pairing)
                    tally.add(outcome)
                    white, black = pairing.levels
                    self.stderr.write(
                        f"[{time.monotonic() - started:.0f}s] game {number + 1} {white} v {black}:"
                        f" {outcome.result} ({outcome.status}, {outcome.plies} plies)"
                    )
                tallies.append(tally)
        self.stdout.write(table(tallies))


def play_game(pairing: Pairing) -> Outcome:
    """One game between two bots through the site: the seat goes to the side to act before each reply."""
    levels = pairing.levels
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level=levels[BLACK])
    plies = 0
    while not game.is_over and plies < pairing.max_plies:
        position = Position.from_fen(game.fen)
        if position.werera is None:
            side = position.turn
            assert side is not None
        else:
            side = WHITE if not game.white_choice else BLACK
        steps = len(game.steps)
        if side != game.bot_side or levels[side] != game.bot_level:
            Game.objects.filter(pk=game.pk).update(bot_colour=Side.of(side), bot_level=levels[side])
        bot_reply.enqueue(str(game.id), game.version)
        game.refresh_from_db()
        if len(game.steps) == steps and not game.choice(side) and not game.is_over:
            raise CommandError(f"the {levels[side]} bot did not answer in game {game.id}")
        # A round is two plies. The site may play the bot's next move itself after a round that ends the
        # werera (the same bot is then to move), so the plies are counted from the steps, not the replies.
        plies = sum(2 if step["kind"] == "round" else 1 for step in game.steps)
    outcome = Outcome(pairing, game.result, game.status, plies, adjudicated=not game.is_over)
    if outcome.adjudicated:
        outcome.result = "1/2-1/2"
    game.delete()
    return outcome
