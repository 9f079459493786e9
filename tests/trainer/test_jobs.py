"""Curators' long jobs (proving many puzzles again, importing a file) run by the task worker with the site's
own database backend: the admin answers at once with the job's page, which shows its progress until the
worker has done it, and then what it found; a job that breaks says so and is never left running. The puzzles
an import or a generation writes are handed, each to a task of its own, to have their wrong first moves
answered by the engine."""

import json
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from testing.factories import DER_MATE, FERES_MATE, LADDER, LADDER_REASON, PuzzleFactory
from trainer import jobs, puzzle_edits, refutations
from trainer.models import CurationJob, Puzzle

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.queued_tasks]

CHANGELIST = "admin:trainer_puzzle_changelist"
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"


@pytest.fixture(autouse=True)
def answered(monkeypatch) -> list[int]:
    """The puzzles whose wrong first moves a task was asked to answer, in the order asked: the jobs are the
    subject here, so the engine's answers themselves are left to tests/trainer/test_refutations.py."""
    asked: list[int] = []
    monkeypatch.setattr(refutations, "fill", asked.append)
    return asked


def run_worker() -> None:
    call_command(
        "task_worker", "--batch", "--queue-name", "jobs", "--no-startup-delay", "--no-reload", verbosity=0
    )


def revalidate(client, puzzles: list[Puzzle]):
    data = {"action": "revalidate", "_selected_action": [puzzle.pk for puzzle in puzzles]}
    response = client.post(reverse(CHANGELIST), data)
    assert response.status_code == 302
    return response["Location"]


def test_a_revalidation_answers_at_once_and_its_page_follows_the_worker(admin_client):
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    address = revalidate(admin_client, [sound, broken])
    job = CurationJob.objects.get()
    assert (job.status, job.done, job.total) == (CurationJob.Status.QUEUED, 0, 2)
    assert DBTaskResult.objects.count() == 1
    page = admin_client.get(address).content.decode()
    assert "Status: waiting. 0 of 2 done." in page and 'hx-trigger="every 2s"' in page
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page  # a browser without scripts
    run_worker()
    page = admin_client.get(address).content.decode()
    assert (
        "Status: done. 2 of 2 done." in page
        and 'http-equiv="refresh"' not in page
        and "hx-trigger" not in page
    )
    assert f"Puzzle {broken.pk} fails:" in page and "1 of 2 puzzles are sound." in page
    assert jobs.describe(CurationJob.objects.get())[0] == f"Puzzle {broken.pk} fails: {LADDER_REASON}"


def test_the_job_reports_its_progress_as_it_goes(admin_client, monkeypatch):
    puzzles = [PuzzleFactory(line=DER_MATE), PuzzleFactory(line=FERES_MATE), PuzzleFactory(line=DER_MATE)]
    revalidate(admin_client, puzzles)
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", 0.0)
    seen = []
    prove = puzzle_edits.validate

    def watched(*args: str) -> str | None:
        seen.append(CurationJob.objects.get().done)
        return prove(*args)

    monkeypatch.setattr(puzzle_edits, "validate", watched)
    run_worker()
    assert seen == [0, 1, 2]
    assert CurationJob.objects.get().done == 3


def test_an_import_of_many_lines_runs_in_the_worker(admin_client, answered):
    records = [json.loads(text) for text in FIXTURE.read_text().splitlines()]
    # sixty of the site's sound puzzles: sixty positions, each its own
    served = [record for record in records if record["fields"].pop("active", True)][:60]
    lines = [json.dumps(record) for record in served]
    file = SimpleUploadedFile("puzzles.jsonl", "\n".join(lines).encode())
    response = admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file})
    assert response.status_code == 302 and not Puzzle.objects.exists()
    run_worker()
    page = admin_client.get(response["Location"]).content.decode()
    assert "Imported: 60 new, 0 updated, 0 unchanged." in page
    assert Puzzle.objects.count() == 60
    # each new puzzle handed to a task of its own to have its wrong first moves answered
    assert sorted(answered) == sorted(Puzzle.objects.values_list("pk", flat=True))


def test_a_job_that_breaks_says_so_and_is_not_left_running(admin_client, monkeypatch):
    address = revalidate(admin_client, [PuzzleFactory(line=DER_MATE)])

    def broken(*args: str) -> str | None:
        raise RuntimeError("the engine's table is gone")

    monkeypatch.setattr(puzzle_edits, "validate", broken)
    run_worker()
    job = CurationJob.objects.get()
    assert job.status == CurationJob.Status.FAILED and job.finished is not None
    page = admin_client.get(address).content.decode()
    assert "The job stopped: the engine&#x27;s table is gone" in page


def test_a_job_lost_with_its_worker_is_marked_failed_on_its_page_and_can_be_run_again(admin_client):
    """A worker killed mid-job leaves it running with a stale heartbeat: within a minute of the last beat the
    page still waits; after it, the page says the worker stopped, stops reloading, and runs the work again as
    a new job, which the next worker finishes."""
    address = revalidate(admin_client, [PuzzleFactory(line=DER_MATE)])
    job = CurationJob.objects.get()
    DBTaskResult.objects.all().delete()  # the worker that held it was killed
    beat = timezone.now() - jobs.PATIENCE + timedelta(seconds=10)
    CurationJob.objects.filter(pk=job.pk).update(status=CurationJob.Status.RUNNING, heartbeat=beat)
    page = admin_client.get(address).content.decode()
    assert "Status: running." in page and 'http-equiv="refresh"' in page and "Run it again" not in page
    CurationJob.objects.filter(pk=job.pk).update(heartbeat=beat - timedelta(seconds=11))
    page = admin_client.get(address).content.decode()
    assert "Status: failed." in page and 'http-equiv="refresh"' not in page
    assert "The worker running this job stopped before the job was done. Run it again." in page
    again = reverse("admin:trainer_puzzle_job_again", args=[job.pk])
    assert f'action="{again}"' in page
    response = admin_client.post(again)
    new = CurationJob.objects.exclude(pk=job.pk).get()
    assert response["Location"] == reverse("admin:trainer_puzzle_job", args=[new.pk])
    assert (new.kind, new.payload, new.status) == (job.kind, job.payload, CurationJob.Status.QUEUED)
    run_worker()
    new.refresh_from_db()
    assert new.status == CurationJob.Status.DONE and new.heartbeat is not None
    assert admin_client.post(reverse("admin:trainer_puzzle_job_again", args=[new.pk])).status_code == 302
    assert CurationJob.objects.count() == 2  # a job that did not fail is not run again


def test_a_running_job_beats_while_it_works(admin_client, monkeypatch):
    """The heartbeat is written from beside the work while the work runs, not only at its steps."""
    revalidate(admin_client, [PuzzleFactory(line=DER_MATE)])
    job = CurationJob.objects.get()
    monkeypatch.setattr(jobs, "BEAT_EVERY", 0.05)
    beats = []

    def slow(**options):
        first = CurationJob.objects.get(pk=job.pk).heartbeat
        deadline = time.monotonic() + 5
        while CurationJob.objects.get(pk=job.pk).heartbeat == first and time.monotonic() < deadline:
            time.sleep(0.05)
        beats.append(CurationJob.objects.get(pk=job.pk).heartbeat != first)
        return []

    monkeypatch.setattr(puzzle_edits, "revalidate", slow)
    run_worker()
    assert beats == [True]


def test_a_job_runs_once(admin_client):
    revalidate(admin_client, [PuzzleFactory(line=DER_MATE)])
    job = CurationJob.objects.get()
    jobs.run(job.pk)
    jobs.run(job.pk)
    assert Puzzle.objects.get().changes.filter(kind="validated").count() == 1


def test_a_job_s_page_is_for_curators_only(client, learner, admin_client):
    address = revalidate(admin_client, [PuzzleFactory(line=DER_MATE)])
    client.force_login(learner)
    response = client.get(address)
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))
    missing = reverse("admin:trainer_puzzle_job", args=[CurationJob.objects.get().pk + 1])
    assert admin_client.get(missing).status_code == 404


@pytest.fixture
def pool(db):
    """The site's own puzzles: a generation keeps the balance of a real pool, and leaves its positions out."""
    call_command("loaddata", str(FIXTURE), verbosity=0)
    return set(Puzzle.objects.values_list("pk", flat=True))


def test_a_generation_adds_new_proved_puzzles_from_the_worker(admin_client, pool, answered):
    form = admin_client.get(reverse("admin:trainer_puzzle_generate"))
    assert form.status_code == 200 and 'name="count"' in form.content.decode()
    response = admin_client.post(reverse("admin:trainer_puzzle_generate"), {"count": 3, "seed": 5})
    assert response.status_code == 302 and Puzzle.objects.count() == len(pool)
    job = CurationJob.objects.get()
    assert (job.kind, job.total) == (CurationJob.Kind.GENERATE, 3 * jobs.GENERATOR_RUNS_PER_PUZZLE)
    run_worker()
    job.refresh_from_db()
    made = job.result["created"]
    assert job.status == CurationJob.Status.DONE and len(made) == 3 and sorted(answered) == sorted(made)
    for puzzle in Puzzle.objects.filter(pk__in=made):
        assert puzzle_edits.validate(puzzle.fen, puzzle.moves, puzzle.themes, puzzle.rounds) is None
        assert puzzle.changes.get().kind == "created"
    page = admin_client.get(response["Location"]).content.decode()
    assert (
        f"3 new puzzles of the 3 asked for, proved, from {job.result['runs']} runs of the generator." in page
    )


def test_a_generation_leaves_out_the_positions_already_here(admin_client, pool):
    for _ in range(2):  # the same seed twice: the second run finds the first one's puzzles again
        admin_client.post(reverse("admin:trainer_puzzle_generate"), {"count": 2, "seed": 5})
        run_worker()
    fens = list(Puzzle.objects.values_list("fen", flat=True))
    assert len(fens) == len(set(fens))
    first, second = (job.result["created"] for job in CurationJob.objects.order_by("pk"))
    assert len(first) == 2 and not set(first) & set(second) and not set(first) & pool


@pytest.mark.parametrize(
    "data", [{"count": 0, "seed": 1}, {"count": 51, "seed": 1}, {"count": "x", "seed": 1}]
)
def test_a_generation_asks_for_a_sensible_number(admin_client, data):
    response = admin_client.post(reverse("admin:trainer_puzzle_generate"), data)
    assert response.status_code == 400 and not CurationJob.objects.exists()


def validated(puzzle: Puzzle) -> int:
    return puzzle.changes.filter(kind="validated").count()


def run_one_task() -> None:
    call_command(
        "task_worker",
        "--batch",
        "--max-tasks=1",
        "--queue-name=jobs",
        "--no-startup-delay",
        "--no-reload",
        verbosity=0,
    )


@pytest.fixture
def five(db) -> list[Puzzle]:
    """Five puzzles, the fourth unsound (a ladder, which the proof refuses)."""
    lines = [DER_MATE, FERES_MATE, DER_MATE, LADDER, FERES_MATE]
    return [PuzzleFactory(line=line) for line in lines]


def test_a_revalidation_is_proved_in_chunks_each_a_task_of_its_own(admin_client, five, monkeypatch):
    monkeypatch.setattr(jobs, "CHUNK", 2)
    address = revalidate(admin_client, list(reversed(five)))
    run_one_task()
    job = CurationJob.objects.get()
    assert (job.status, job.saved, job.done) == (CurationJob.Status.RUNNING, 2, 2)
    assert [validated(puzzle) for puzzle in five] == [1, 1, 0, 0, 0]  # in the order of their ids
    assert "Status: running. 2 of 5 done." in admin_client.get(address).content.decode()
    run_worker()
    job.refresh_from_db()
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 3  # ceil(5 / 2) tasks
    assert (job.status, job.saved, job.done, job.result["proved"]) == (CurationJob.Status.DONE, 5, 5, 5)
    assert [pk for pk, _, _ in job.result["failing"]] == [five[3].pk]
    assert [validated(puzzle) for puzzle in five] == [1, 1, 1, 1, 1]
    assert "4 of 5 puzzles are sound." in admin_client.get(address).content.decode()


def test_a_chunk_lost_with_its_worker_is_proved_again_from_the_last_chunk_kept(
    admin_client, five, monkeypatch
):
    monkeypatch.setattr(jobs, "CHUNK", 2)
    revalidate(admin_client, five)
    run_one_task()
    # The second chunk's worker is killed after proving one puzzle of it: its row stays running.
    puzzle_edits.revalidate(puzzles=[five[2]], user=None)
    DBTaskResult.objects.filter(status="READY").update(
        status="RUNNING", started_at=timezone.now() - timedelta(seconds=11), worker_ids=["killed"]
    )
    call_command("keep_time", "--once")
    run_worker()
    job = CurationJob.objects.get()
    assert (job.status, job.saved, job.result["proved"]) == (CurationJob.Status.DONE, 5, 5)
    assert [pk for pk, _, _ in job.result["failing"]] == [five[3].pk]
    assert [validated(puzzle) for puzzle in five] == [1, 1, 2, 1, 1]


def test_a_chunk_run_twice_is_kept_once(admin_client, five, monkeypatch):
    monkeypatch.setattr(jobs, "CHUNK", 2)
    revalidate(admin_client, five)
    CurationJob.objects.update(status=CurationJob.Status.RUNNING)
    stale = CurationJob.objects.get()
    jobs._revalidate_chunk(stale)
    jobs._revalidate_chunk(stale)  # the same chunk again, as a second worker that took it would
    job = CurationJob.objects.get()
    assert (job.saved, job.result["proved"]) == (2, 2)
    assert DBTaskResult.objects.filter(status="READY").count() == 2  # the first task, and one next chunk


def test_a_curator_cancels_a_revalidation_and_keeps_the_chunks_it_finished(admin_client, five, monkeypatch):
    monkeypatch.setattr(jobs, "CHUNK", 2)
    address = revalidate(admin_client, five)
    run_one_task()
    job = CurationJob.objects.get()
    cancel = reverse("admin:trainer_puzzle_job_cancel", args=[job.pk])
    assert f'action="{cancel}"' in admin_client.get(address).content.decode()
    response = admin_client.post(cancel)
    assert response.status_code == 302 and response["Location"] == address
    run_worker()
    job.refresh_from_db()
    assert (job.status, job.saved) == (CurationJob.Status.CANCELLED, 2) and job.finished is not None
    assert [validated(puzzle) for puzzle in five] == [1, 1, 0, 0, 0]
    page = admin_client.get(address).content.decode()
    assert "Status: cancelled. 2 of 5 done." in page and 'http-equiv="refresh"' not in page
    assert "Cancelled after 2 of 5 puzzles; their verdicts are kept." in page
    assert "2 of 2 puzzles are sound." in page and f'action="{cancel}"' not in page
    assert admin_client.post(cancel).status_code == 302
    assert CurationJob.objects.get().finished == job.finished  # a cancelled job stays as it was


def test_a_cancel_stops_the_work_at_its_next_report(admin_client, five, monkeypatch):
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", 0.0)
    revalidate(admin_client, five)
    prove = puzzle_edits.validate
    proved = []

    def cancelled_after_two(*args: str) -> str | None:
        proved.append(args[0])
        if len(proved) == 2:
            admin_client.post(reverse("admin:trainer_puzzle_job_cancel", args=[CurationJob.objects.get().pk]))
        return prove(*args)

    monkeypatch.setattr(puzzle_edits, "validate", cancelled_after_two)
    run_worker()
    job = CurationJob.objects.get()
    assert len(proved) == 2 and (job.status, job.saved) == (CurationJob.Status.CANCELLED, 0)
    assert jobs.describe(job) == ["Cancelled after 0 of 5 puzzles; their verdicts are kept."]


def test_a_cancelled_import_writes_nothing_and_can_be_run_again(admin_client):
    records = [json.loads(text) for text in FIXTURE.read_text().splitlines()]
    served = [record for record in records if record["fields"].pop("active", True)][:3]
    file = SimpleUploadedFile("puzzles.jsonl", "\n".join(json.dumps(record) for record in served).encode())
    address = admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file})["Location"]
    job = CurationJob.objects.get()
    admin_client.post(reverse("admin:trainer_puzzle_job_cancel", args=[job.pk]))
    run_worker()
    page = admin_client.get(address).content.decode()
    assert "Cancelled before its end: nothing was written." in page and not Puzzle.objects.exists()
    response = admin_client.post(reverse("admin:trainer_puzzle_job_again", args=[job.pk]))
    new = CurationJob.objects.exclude(pk=job.pk).get()
    assert response["Location"] == reverse("admin:trainer_puzzle_job", args=[new.pk])
    run_worker()
    assert Puzzle.objects.count() == 3
