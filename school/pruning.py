"""What the site no longer needs, deleted once an hour by `keep_time`: the task queue's finished rows (a day
after, a failed one a week after, for whoever looks into why), visitors' puzzle streaks and storms once no
session can reach them (a session lasts SESSION_COOKIE_AGE at most after its last change: a visitor keeps
their runs that long, an account keeps its own for good), sessions past their expiry, and the heartbeats of
workers long gone. Each kind is one delete of its own, so that a long prune holds no lock for the others."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from importlib import import_module

from django.conf import settings
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from school.models import WorkerBeat
from trainer.models import PuzzleRun

FINISHED_TASKS_KEPT = timedelta(days=1)
FAILED_TASKS_KEPT = timedelta(days=7)
BEATS_KEPT = timedelta(days=1)


@dataclass(frozen=True)
class Pruned:
    tasks: int
    runs: int
    beats: int


def prune(now: datetime) -> Pruned:
    tasks, _ = DBTaskResult.objects.filter(
        status=TaskResultStatus.SUCCESSFUL, finished_at__lt=now - FINISHED_TASKS_KEPT
    ).delete()
    failed, _ = DBTaskResult.objects.filter(
        status=TaskResultStatus.FAILED, finished_at__lt=now - FAILED_TASKS_KEPT
    ).delete()
    visitors_runs = PuzzleRun.objects.filter(
        user=None, started__lt=now - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    )
    _, by_model = visitors_runs.delete()
    beats, _ = WorkerBeat.objects.filter(beat__lt=now - BEATS_KEPT).delete()
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    return Pruned(tasks=tasks + failed, runs=by_model.get(PuzzleRun._meta.label, 0), beats=beats)
