"""The task queues by urgency: the bots' replies, the analysis board's evaluations and the curators' jobs each
wait in a queue of their own, served by workers of their own, so that a curator's job queued first never
holds back a bot's reply (the worker of the bots' queue takes the reply and leaves the job to its own)."""

import pytest
from django.conf import settings
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from analysis.tasks import evaluate
from play import services
from play.models import Game
from play.tasks import bot_reply
from school.env import TASK_QUEUES
from senterej.engine import BLACK
from testing.factories import PuzzleFactory
from trainer import jobs
from trainer.models import CurationJob
from trainer.tasks import curation_job

# The start position with the werera over (R4): White to move, turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def test_each_task_waits_in_its_own_queue():
    assert (bot_reply.queue_name, evaluate.queue_name, curation_job.queue_name) == (
        "bots",
        "analysis",
        "jobs",
    )
    assert settings.TASKS["default"]["QUEUES"] == list(TASK_QUEUES) == ["bots", "analysis", "jobs"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.queued_tasks
def test_a_bots_reply_is_not_held_back_by_a_curators_job_queued_before_it(curator):
    job = jobs.start(kind=CurationJob.Kind.REVALIDATE, user=curator, payload=[PuzzleFactory().pk])
    game = services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level="novice", fen=TURNS)
    assert [row.queue_name for row in DBTaskResult.objects.order_by("enqueued_at")] == ["jobs", "bots"]
    call_command(
        "task_worker", "--batch", "--queue-name=bots", "--no-startup-delay", "--no-reload", verbosity=0
    )
    game.refresh_from_db()
    job.refresh_from_db()
    assert len(game.steps) == 1 and game.steps[0]["side"] == "white"
    assert job.status == CurationJob.Status.QUEUED
    call_command(
        "task_worker", "--batch", "--queue-name=jobs", "--no-startup-delay", "--no-reload", verbosity=0
    )
    job.refresh_from_db()
    assert job.status == CurationJob.Status.DONE
