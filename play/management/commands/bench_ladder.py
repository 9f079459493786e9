"""The bots' ladder played through the site's own game code: each level against the one below it, every game
a `Game` row made by `services.start_game`, every choice the bot's task (`tasks.bot_reply`) played by
`services.bot_acts`, as in a game against a person, so that the bots are measured as the site runs them (the
history and the counters handed over from the stored steps, R7.4, R8.1, R8.2).

A game has one bot seat; here the seat is handed to the side whose turn (or werera choice) it is before each
reply, so two bots play one row without a field of their own. The replies run at once in this process (the
task backend is the immediate one for the run), one game after another. Colours alternate; a game still
going after `--max-plies` half-moves (a werera round counts two) is adjudicated a draw, as in
`python -m senterej.engine.match`, whose table this prints. `make bench-ladder` runs it against a scratch
SQLite file; it refuses a database that holds games unless --force, and removes only the games it made.

`--load N` plays, instead of the ladder, the Club player as it plays with N replies waiting for a worker
(`play.bot_pace`: the task is told N wait) against the Club player idle, `--games` games, and prints the
hurried side's score and each side's CPU time per reply (`make bench-hurry`)."""

import statistics
import time
from collections.abc import Mapping
from typing import Any
from unittest import mock

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from play import bot_pace, services
from play.models import Game
from play.tasks import bot_reply
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.bots import LEVELS
from senterej.engine.match import DEFAULT_MAX_PLIES, Outcome, Pairing, Tally, table

IMMEDIATE = "django_tasks.backends.immediate.ImmediateBackend"


class Command(BaseCommand):
    help = "Each bot level against the one below it, played through the site's services and tasks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=10, help="games a pairing")
        parser.add_argument("--club-games", type=int, help="games of Club against Intermediate (--games)")
        parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES)
        parser.add_argument("--force", action="store_true", help="run on a database that holds games")
        parser.add_argument("--load", type=int, help="Club with this many replies waiting against Club idle")

    def handle(self, *args: Any, **options: Any) -> None:
        if Game.objects.exists() and not options["force"]:
            raise CommandError("This database holds games: run on a scratch database, or give --force.")
        games, club_games = options["games"], options["club_games"]
        max_plies = options["max_plies"]
        if options["load"] is not None:
            self.under_load(options["load"], games, max_plies)
            return
        tallies = []
        started = time.monotonic()
        with override_settings(TASKS=immediate_tasks()):
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

    def under_load(self, load: int, games: int, max_plies: int) -> None:
        """Club told `load` replies wait (White in even-numbered games) against Club idle."""
        score = {"1": 0, "1/2": 0, "0": 0}
        spent: dict[str, list[float]] = {"hurried": [], "idle": []}
        started = time.monotonic()
        with override_settings(TASKS=immediate_tasks()):
            for number in range(games):
                hurried = WHITE if number % 2 == 0 else BLACK
                cpu: dict[int, list[float]] = {WHITE: [], BLACK: []}
                outcome = play_game(Pairing("club", "club", number, 0, max_plies), {hurried: load}, cpu)
                spent["hurried"] += cpu[hurried]
                spent["idle"] += cpu[1 - hurried]
                won = {"1-0": WHITE, "0-1": BLACK}.get(outcome.result)
                points = "1/2" if won is None else "1" if won == hurried else "0"
                score[points] += 1
                self.stderr.write(
                    f"[{time.monotonic() - started:.0f}s] game {number + 1}, hurried Club "
                    f"{'White' if hurried == WHITE else 'Black'}: {outcome.result} ({outcome.status}, "
                    f"{outcome.plies} plies)"
                )
        total = score["1"] + score["1/2"] / 2
        self.stdout.write(
            f"Club with {load} replies waiting against Club idle, {games} games: {total:g} points "
            f"(+{score['1']} ={score['1/2']} -{score['0']})"
        )
        for side, seconds in spent.items():
            if seconds:
                self.stdout.write(
                    f"CPU per reply, {side}: mean {statistics.fmean(seconds):.3f} s, "
                    f"median {statistics.median(seconds):.3f} s over {len(seconds)}"
                )


def immediate_tasks() -> dict[str, dict[str, Any]]:
    """The site's task queues, each task run at once in this process."""
    return {"default": {"BACKEND": IMMEDIATE, "QUEUES": settings.TASKS["default"]["QUEUES"]}}


def play_game(
    pairing: Pairing, waiting: Mapping[int, int] | None = None, cpu: Mapping[int, list[float]] | None = None
) -> Outcome:
    """One game between two bots through the site: the seat goes to the side to act before each reply. A
    side in `waiting` replies as the task does with so many replies waiting; `cpu` gathers each side's CPU
    time per reply."""
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
        thinking = time.process_time()
        with mock.patch.object(bot_pace, "waiting", return_value=(waiting or {}).get(side, 0)):
            bot_reply.enqueue(str(game.id), game.version)
        if cpu is not None:
            cpu[side].append(time.process_time() - thinking)
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
