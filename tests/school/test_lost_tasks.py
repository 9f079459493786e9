"""Tasks lost with their worker (`school.lost_tasks`, looked for by `manage.py keep_time`): a task still
marked running whose worker has gone quiet is handed back to its queue once and then played, lost twice it
fails with the reason, and a task whose worker still beats is left alone however long it runs."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from play import services
from play.models import Game
from school import lost_tasks
from school.models import WorkerBeat
from senterej.engine import WHITE

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.queued_tasks]

# The start position with the werera over (R4): the bot (Black) answers White's move turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def waiting_reply() -> tuple[Game, DBTaskResult]:
    """A bot game whose reply is queued: White has played e2e3 and the bot is to answer."""
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    white = services.Seats(frozenset({WHITE}))
    game = services.submit_move(game_id=game.id, seats=white, text="e2e3", version=game.version)
    return game, DBTaskResult.objects.get()


def claimed(task: DBTaskResult, *, by: list[str], seconds_ago: float) -> None:
    """As a worker's claim leaves the row: running, started then, each worker that took it named."""
    DBTaskResult.objects.filter(pk=task.pk).update(
        status=TaskResultStatus.RUNNING,
        started_at=timezone.now() - timedelta(seconds=seconds_ago),
        worker_ids=by,
    )


def run_worker() -> None:
    call_command(
        "task_worker", "--batch", "--queue-name", "bots", "--no-startup-delay", "--no-reload", verbosity=0
    )


def test_a_reply_lost_with_its_worker_is_queued_again_and_played():
    game, task = waiting_reply()
    claimed(task, by=["killed"], seconds_ago=11)
    call_command("keep_time", "--once")
    task.refresh_from_db()
    assert (task.status, task.started_at) == (TaskResultStatus.READY, None)
    run_worker()
    game.refresh_from_db()
    task.refresh_from_db()
    assert [step["side"] for step in game.steps] == ["white", "black"]
    assert task.status == TaskResultStatus.SUCCESSFUL and len(task.worker_ids) == 2


def test_a_task_lost_twice_fails_with_the_reason():
    game, task = waiting_reply()
    claimed(task, by=["killed", "killed again"], seconds_ago=30)
    assert lost_tasks.recover(timezone.now()) == (0, 1)
    task.refresh_from_db()
    assert task.status == TaskResultStatus.FAILED and task.finished_at is not None
    assert task.task_result.errors[0].exception_class is lost_tasks.WorkerLost
    assert "stopped while running it, 2 times" in task.traceback
    run_worker()
    game.refresh_from_db()
    assert len(game.steps) == 1  # nothing runs it a third time: the game's page offers to ask again


def test_a_long_task_whose_worker_still_beats_is_left_running():
    _, task = waiting_reply()
    claimed(task, by=["busy"], seconds_ago=120)
    lost_tasks.beat("busy", timezone.now() - timedelta(seconds=9))
    assert lost_tasks.recover(timezone.now()) == (0, 0)
    task.refresh_from_db()
    assert task.status == TaskResultStatus.RUNNING


def test_a_quiet_worker_is_not_given_up_before_the_patience_runs_out():
    """Claimed a moment ago by a worker that has not beaten yet: too soon to say it was lost."""
    _, task = waiting_reply()
    claimed(task, by=["starting"], seconds_ago=9)
    assert lost_tasks.recover(timezone.now()) == (0, 0)
    lost_tasks.beat("starting", timezone.now() - timedelta(seconds=11))
    claimed(task, by=["starting"], seconds_ago=11)
    assert lost_tasks.recover(timezone.now()) == (1, 0)


def test_a_worker_that_stops_of_its_own_accord_leaves_no_heartbeat():
    waiting_reply()
    run_worker()
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL
    assert not WorkerBeat.objects.exists()
