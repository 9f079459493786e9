"""The same bot reply through the RQ backend (TASK_BACKEND=rq), for workers on many machines: enqueued in
Redis by the page, run by an RQ worker as `manage.py rqworker` runs one, played under the game's lock.
`make test` starts a private Redis (tools/redis) and names it in REDIS_URL; without one this file is
skipped."""

import os

import pytest
from django.test import Client
from django.urls import reverse
from django_tasks_rq.backend import Job
from rq import SimpleWorker

from play import bot_pace, services
from play.models import Game
from school.env import RQ_BACKEND, TASK_QUEUES
from senterej.engine import WHITE

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.queued_tasks,
    pytest.mark.skipif("REDIS_URL" not in os.environ, reason="no Redis named in REDIS_URL"),
    # One Redis queue for the file: its tests run in one process of a parallel run (make test's loadgroup).
    pytest.mark.xdist_group("redis"),
]

TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


@pytest.fixture
def rq(settings):
    import django_rq

    settings.TASKS = {"default": {"BACKEND": RQ_BACKEND, "QUEUES": list(TASK_QUEUES)}}
    queue = django_rq.get_queue("bots")
    queue.empty()
    yield queue
    queue.empty()


def test_a_bot_reply_goes_through_redis_and_an_rq_worker(rq, client: Client):
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token]}
    session.save()
    response = client.post(reverse("game_move", args=[game.id]), {"move": "e2e3", "version": game.version})
    assert response.status_code == 302
    game.refresh_from_db()
    assert len(game.steps) == 1 and rq.count == 1 and bot_pace.waiting() == 1
    # What `manage.py rqworker default --job-class django_tasks_rq.backend.Job` does, in this process.
    SimpleWorker([rq], connection=rq.connection, job_class=Job).work(burst=True)
    game.refresh_from_db()
    assert len(game.steps) == 2 and game.steps[1]["side"] == "black" and rq.count == 0
