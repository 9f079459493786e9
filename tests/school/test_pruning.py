"""The hourly pruning (`school.pruning`, run by `manage.py keep_time`): each kind of row is deleted just past
the age it is kept for, and kept just before it; an account's own runs are never pruned."""

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from play.tasks import bot_reply
from school import pruning
from school.models import WorkerBeat
from testing.factories import PuzzleRunFactory
from trainer.models import PuzzleRun

pytestmark = [pytest.mark.django_db, pytest.mark.queued_tasks]


def finished_task(status: str, age: timedelta) -> str:
    row = DBTaskResult.objects.get(pk=bot_reply.enqueue("00000000-0000-0000-0000-000000000000", 1).id)
    DBTaskResult.objects.filter(pk=row.pk).update(status=status, finished_at=timezone.now() - age)
    return str(row.pk)


def test_each_kind_is_pruned_past_its_age_and_kept_before_it(learner, settings):
    hour = timedelta(hours=1)
    day = timedelta(days=1)
    kept_tasks = {
        finished_task(TaskResultStatus.SUCCESSFUL, day - hour),
        finished_task(TaskResultStatus.FAILED, 7 * day - hour),
        str(bot_reply.enqueue("00000000-0000-0000-0000-000000000000", 2).id),  # still waiting
    }
    finished_task(TaskResultStatus.SUCCESSFUL, day + hour)
    finished_task(TaskResultStatus.FAILED, 7 * day + hour)
    session_age = timedelta(seconds=settings.SESSION_COOKIE_AGE)
    visitors_recent = PuzzleRunFactory(user=None, started=timezone.now() - session_age + hour)
    PuzzleRunFactory(user=None, started=timezone.now() - session_age - hour)
    accounts_old = PuzzleRunFactory(user=learner, started=timezone.now() - 100 * day)
    WorkerBeat.objects.create(worker_id="gone", beat=timezone.now() - day - hour)
    WorkerBeat.objects.create(worker_id="quiet", beat=timezone.now() - day + hour)
    Session.objects.create(session_key="a" * 32, session_data="", expire_date=timezone.now() - hour)
    Session.objects.create(session_key="b" * 32, session_data="", expire_date=timezone.now() + hour)

    assert pruning.prune(timezone.now()) == pruning.Pruned(tasks=2, runs=1, beats=1)

    assert {str(pk) for pk in DBTaskResult.objects.values_list("pk", flat=True)} == kept_tasks
    assert set(learner.puzzle_runs.all()) == {accounts_old}
    assert list(PuzzleRun.objects.filter(user=None)) == [visitors_recent]
    assert list(WorkerBeat.objects.values_list("worker_id", flat=True)) == ["quiet"]
    assert list(Session.objects.values_list("session_key", flat=True)) == ["b" * 32]


def test_keep_time_prunes_when_asked_once():
    finished_task(TaskResultStatus.SUCCESSFUL, timedelta(days=2))
    call_command("keep_time", "--once")
    assert not DBTaskResult.objects.exists()
