"""How long a bot may think when many are asked at once. A reply thinks its level's full time while no other
reply waits for a worker; with others waiting, each thinks a share of it (`PATIENT_REPLIES` over the replies
waiting and itself), never below the engine's floor (`senterej.engine.bots.FLOOR`: a quarter of its
time, 0.375 s for the Club player). So that a class of twelve playing the Club player at once each hears
back within a few seconds rather than queueing behind eleven full searches: a hurried Club plays weaker, and
the README gives what it costs."""

from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task_backends
from django_tasks_db.models import DBTaskResult
from django_tasks_rq.backend import RQBackend

#: As many replies as may each think their full time while they wait together: one, since a reply that waits
#: for another's full search is already late on a busy machine (the classroom benchmark's p95).
PATIENT_REPLIES = 1


def waiting() -> int:
    """The bots' replies waiting for a worker now (one count on an index, or the Redis list's length)."""
    if isinstance(task_backends[DEFAULT_TASK_BACKEND_ALIAS], RQBackend):
        import django_rq  # an app only with the RQ backend

        return int(django_rq.get_queue("bots").count)
    return DBTaskResult.objects.ready().filter(queue_name="bots").count()


def pace(waiting: int) -> float:
    """The share of its level's time a reply thinks, with so many other replies waiting."""
    return min(1.0, PATIENT_REPLIES / (1 + waiting))
