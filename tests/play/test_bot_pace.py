"""The bots' pace under load (`play.bot_pace`): the replies waiting for a worker are counted in the bots' own
queue, and a reply thinks less the more wait with it."""

import pytest
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from analysis.tasks import evaluate
from play import bot_pace, services, tasks
from play.models import Game
from senterej.engine import WHITE
from senterej.engine.bots import Bot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.queued_tasks]

# The start position with the werera over (R4): the Club player (Black) answers White's move turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
WHITE_SEAT = services.Seats(frozenset({WHITE}))


def club_waiting() -> Game:
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="club", fen=TURNS)
    return services.submit_move(game_id=game.id, seats=WHITE_SEAT, text="e2e3", version=game.version)


def test_the_share_of_time_falls_as_replies_wait():
    assert [bot_pace.pace(waiting) for waiting in (0, 1, 3, 7, 11)] == [1.0, 0.5, 0.25, 0.125, 1 / 12]


def test_only_the_bots_replies_still_waiting_are_counted():
    games = [club_waiting() for _ in range(3)]
    evaluate.enqueue(1)  # another queue's task
    assert bot_pace.waiting() == 3
    DBTaskResult.objects.filter(args_kwargs__args__0=str(games[0].id)).update(status=TaskResultStatus.RUNNING)
    assert bot_pace.waiting() == 2


def test_a_reply_with_many_waiting_thinks_its_floor(monkeypatch):
    """Eight Club replies wait; the first taken thinks with seven behind it: 1/8 of 1.5 s, raised to the
    floor, a quarter of it: 0.375 s."""
    games = [club_waiting() for _ in range(8)]
    made = []

    def watched(level: str, seed: int | None = None, pace: float = 1.0) -> Bot:
        bot = Bot(level, seed=seed, pace=pace)
        made.append(bot.settings.seconds)
        return bot

    monkeypatch.setattr(tasks, "Bot", watched)
    first = DBTaskResult.objects.get(args_kwargs__args__0=str(games[0].id))
    DBTaskResult.objects.filter(pk=first.pk).update(status=TaskResultStatus.RUNNING)
    tasks.bot_reply.call(str(games[0].id), games[0].version)
    games[0].refresh_from_db()
    assert made == [0.375] and len(games[0].steps) == 2
