"""Tasks lost with their worker, found and run again. Each task worker writes a heartbeat every BEAT_EVERY
seconds from a thread of its own (`task_worker`); a task still marked running whose worker has not been
heard from for LOST_AFTER was lost with it (the worker killed, its machine gone), since a worker that stops
of its own accord finishes its task first. Such a task is handed back to its queue once; lost a second time,
it is marked failed with the reason, and the page that waits on it offers to ask again.

Running a task twice is safe here: a bot's reply is played only on the game's version it was asked for, an
evaluation is written once, a curators' job runs only from its queued state (its own heartbeat marks it
failed instead, `trainer.jobs`), and a puzzle's refutations are the same answers however often they are
worked out (`trainer.refutations`). `keep_time` looks every few seconds. With the RQ backend this is RQ's own
work: it notices a dead worker's job by the worker's heartbeat and marks it failed without running it again,
and the page that waits on it offers to ask again once its patience runs out."""

from datetime import datetime, timedelta

from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from school.models import WorkerBeat

BEAT_EVERY = 2.0
#: Five beats missed: a worker busy with a search still beats, from its own thread.
LOST_AFTER = timedelta(seconds=10)
#: A task is run at most this many times in all.
RUNS = 2
LOST = "school.lost_tasks.WorkerLost"


class WorkerLost(Exception):
    """Why a task lost twice with its worker was given up (the name kept on its row)."""


def beat(worker_id: str, now: datetime) -> None:
    """The worker's sign of life."""
    WorkerBeat.objects.update_or_create(worker_id=worker_id, defaults={"beat": now})


def forget(worker_id: str) -> None:
    """A worker that stops of its own accord leaves no heartbeat behind."""
    WorkerBeat.objects.filter(worker_id=worker_id).delete()


def recover(now: datetime) -> tuple[int, int]:
    """Hands each lost task back to its queue, or fails it when it was lost before; says how many of each."""
    quiet_since = now - LOST_AFTER
    heard = set(WorkerBeat.objects.filter(beat__gt=quiet_since).values_list("worker_id", flat=True))
    running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING, started_at__lt=quiet_since)
    again = failed = 0
    for task in running.only("id", "started_at", "worker_ids"):
        if task.worker_ids and task.worker_ids[-1] in heard:
            continue
        # Only if no worker has claimed it since this look: a claim writes a new start.
        still_lost = running.filter(pk=task.pk, started_at=task.started_at)
        if len(task.worker_ids) < RUNS:
            again += still_lost.update(status=TaskResultStatus.READY, started_at=None)
        else:
            failed += still_lost.update(
                status=TaskResultStatus.FAILED,
                finished_at=now,
                exception_class_path=LOST,
                traceback=f"Its worker stopped while running it, {len(task.worker_ids)} times.",
            )
    return again, failed
