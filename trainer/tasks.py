"""The trainer's background tasks: curators' long jobs (see `trainer.jobs`)."""

from django_tasks import task

from trainer import jobs


@task(queue_name="jobs")
def curation_job(job_id: int) -> None:
    jobs.run(job_id)
