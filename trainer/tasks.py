"""The trainer's background tasks: curators' long jobs (see `trainer.jobs`), and the engine's answers to a new
or edited puzzle's wrong first moves (see `trainer.refutations`)."""

from django_tasks import task

from trainer import jobs, refutations


@task(queue_name="jobs")
def curation_job(job_id: int) -> None:
    jobs.run(job_id)


@task(queue_name="jobs")
def fill_refutations(puzzle_id: int) -> None:
    refutations.fill(puzzle_id)
