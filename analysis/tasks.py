"""The analysis board's background work: the engine's evaluation of a position, searched by the task worker
so that no request waits on it and no transaction is open while it runs (see `analysis.evaluations`)."""

from django_tasks import task

from analysis import evaluations


@task(queue_name="analysis")
def evaluate(evaluation_id: int) -> None:
    evaluations.finish(evaluation_id)
