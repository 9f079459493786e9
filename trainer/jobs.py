"""Curators' long jobs: proving many puzzles again, importing a file of them, generating new ones. A job is
a row that the admin creates and background tasks run (`trainer.tasks.curation_job`); the work reports how
far it has come as it goes, each report a small write of its own, and keeps what it found for the job's page.

A re-validation is proved in chunks of CHUNK puzzles, each chunk a task of its own that queues the next: the
jobs queue stays fair between curators (a short job waits for a chunk, not for a long job), and a chunk lost
with its worker (`school.lost_tasks` runs it again) is proved again from the last chunk kept. An import and
a generation are one task each, written at their end in one transaction, so a lost one runs again whole.

A curator may cancel a job that has not finished: the work stops at its next report, and a re-validation
keeps the verdicts of the chunks it finished.

While a task of the job runs, a heartbeat (a thread beside the work) writes the time every few seconds. A
running job not heard from for a minute was lost for good: its page marks it failed, says why, and offers to
run it again."""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from itertools import islice
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from trainer import puzzle_edits, puzzle_file, puzzle_history, refutations
from trainer.models import CurationJob, Puzzle, PuzzleChange

if TYPE_CHECKING:
    from trainer.generate.selection import Tagged

#: At most one progress write in this many seconds.
PROGRESS_EVERY = 0.5
#: Puzzles proved by one task of a re-validation (about five seconds of the engine's work).
CHUNK = 25
REVALIDATIONS = (CurationJob.Kind.REVALIDATE, CurationJob.Kind.REVALIDATE_AND_DISABLE)
UNFINISHED = (CurationJob.Status.QUEUED, CurationJob.Status.RUNNING)
#: A job's page names this many failing puzzles, then counts the rest.
FAILURES_LISTED = 30
#: A generation runs at most this many of the generator's jobs for each puzzle asked for.
GENERATOR_RUNS_PER_PUZZLE = 3
#: How often a running job's heartbeat is written, and how long without one before the job counts as lost.
BEAT_EVERY = 5.0
PATIENCE = timedelta(seconds=60)


class Cancelled(Exception):
    """The curator cancelled the job while it ran."""


def start(*, kind: str, user: User, payload: list[int] | list[str] | dict[str, int]) -> CurationJob:
    """Makes the job and hands it to the task worker; with a backend that runs tasks at once, it is done
    when this returns."""
    total = payload["count"] * GENERATOR_RUNS_PER_PUZZLE if isinstance(payload, dict) else len(payload)
    if kind in REVALIDATIONS:
        payload = sorted(int(pk) for pk in payload)
    job = CurationJob.objects.create(kind=kind, user=user, payload=payload, total=total)
    _queue(job.pk)
    job.refresh_from_db()
    return job


def _queue(job_id: int) -> None:
    from trainer.tasks import curation_job  # the task module runs jobs through this one

    curation_job.enqueue(job_id)


def cancel(job: CurationJob) -> CurationJob:
    """Stops a job that has not finished (a finished one is left as it is)."""
    CurationJob.objects.filter(pk=job.pk, status__in=UNFINISHED).update(
        status=CurationJob.Status.CANCELLED, finished=timezone.now()
    )
    job.refresh_from_db()
    return job


def again(*, job: CurationJob, user: User) -> CurationJob:
    """The same work as a failed job, as a new job."""
    return start(kind=job.kind, user=user, payload=job.payload)


def notice_lost(job: CurationJob) -> CurationJob:
    """Marks a running job failed if its heartbeat stopped more than PATIENCE ago (once, whoever looks)."""
    last = job.heartbeat or job.created
    if job.status != CurationJob.Status.RUNNING or timezone.now() - last <= PATIENCE:
        return job
    CurationJob.objects.filter(pk=job.pk, status=CurationJob.Status.RUNNING, heartbeat=job.heartbeat).update(
        status=CurationJob.Status.FAILED, result={"lost": True}, finished=timezone.now()
    )
    job.refresh_from_db()
    return job


@contextmanager
def _heartbeat(job_id: int) -> Iterator[None]:
    """Writes the job's heartbeat every BEAT_EVERY seconds from a thread of its own while the work runs."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(BEAT_EVERY):
                CurationJob.objects.filter(pk=job_id).update(heartbeat=timezone.now())
        finally:
            connection.close()  # the thread's own connection

    thread = threading.Thread(target=beat, name=f"curation-job-{job_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


class _Progress:
    """Writes how far the work has come (`done`, counted from `start`), at most every PROGRESS_EVERY
    seconds; raises Cancelled when the write finds the job no longer running."""

    def __init__(self, job: CurationJob, start: int = 0) -> None:
        self.job = job
        self.start = start
        self.last = 0.0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY:
            self.last = now
            running = CurationJob.objects.filter(pk=self.job.pk, status=CurationJob.Status.RUNNING)
            if not running.update(done=self.start + done):
                raise Cancelled


def run(job_id: int) -> None:
    """Runs the job's next task: a re-validation's next chunk, or the whole of any other job. A job that
    raises is marked failed with the reason, never left running; a job no longer waiting or running (done,
    failed, cancelled) is left as it is."""
    CurationJob.objects.filter(pk=job_id, status=CurationJob.Status.QUEUED).update(
        status=CurationJob.Status.RUNNING, heartbeat=timezone.now()
    )
    job = CurationJob.objects.filter(pk=job_id, status=CurationJob.Status.RUNNING).first()
    if job is None:
        return
    try:
        with _heartbeat(job_id):
            if job.kind in REVALIDATIONS:
                _revalidate_chunk(job)
            else:
                _end(job, CurationJob.Status.DONE, _work(job), done=job.total)
    except Cancelled:
        return
    except Exception as error:
        _end(job, CurationJob.Status.FAILED, {"error": str(error) or type(error).__name__}, done=job.done)


def _end(job: CurationJob, status: str, result: dict[str, object], done: int) -> None:
    """The job's last write, unless a curator cancelled it meanwhile."""
    CurationJob.objects.filter(pk=job.pk, status=CurationJob.Status.RUNNING).update(
        status=status, result=result, done=done, finished=timezone.now()
    )


def _revalidate_chunk(job: CurationJob) -> None:
    """Proves the next CHUNK puzzles from where the last kept chunk ended and keeps their verdicts with
    the earlier ones; then queues the next chunk, or ends the job. Kept only if no other run of this chunk
    kept it first, so that a chunk run twice counts once."""
    ids = job.payload[job.saved : job.saved + CHUNK]
    verdicts = puzzle_edits.revalidate(
        puzzles=Puzzle.objects.filter(pk__in=ids).order_by("pk"),
        user=job.user,
        disable_failing=job.kind == CurationJob.Kind.REVALIDATE_AND_DISABLE,
        progress=_Progress(job, start=job.saved),
    )
    failing = [[v.puzzle.pk, v.reason, v.disabled] for v in verdicts if v.reason is not None]
    result = {
        "proved": job.result.get("proved", 0) + len(verdicts),
        "failing": job.result.get("failing", []) + failing,
    }
    saved = job.saved + len(ids)
    last = saved >= len(job.payload)
    ended = {"status": CurationJob.Status.DONE, "finished": timezone.now()} if last else {}
    kept = CurationJob.objects.filter(pk=job.pk, status=CurationJob.Status.RUNNING, saved=job.saved).update(
        saved=saved, done=saved, result=result, heartbeat=timezone.now(), **ended
    )
    if kept and not ended:
        _queue(job.pk)


def _work(job: CurationJob) -> dict[str, object]:
    progress = _Progress(job)
    if job.kind == CurationJob.Kind.GENERATE:
        return _generate(job, progress)
    if job.kind == CurationJob.Kind.IMPORT:
        lines = [str(line) for line in job.payload]
        try:
            imported = puzzle_file.import_lines(lines=lines, user=job.user, progress=progress)
        except puzzle_file.ImportRefused as refused:
            return {"refused": [[error.number, error.reason] for error in refused.errors]}
        return {"created": imported.created, "updated": imported.updated, "unchanged": imported.unchanged}
    raise ValueError(f"no such kind of job: {job.kind}")


def _generate(job: CurationJob, progress: _Progress) -> dict[str, object]:
    """New puzzles from the generator's seeded jobs, in their fixed order, each proved as it is found; the
    positions already here are left out and no theme goes over its share of the whole (`select_more`). The
    chosen ones are written together, after the engine's work, and their wrong first moves answered by tasks
    of their own once written. The generator is loaded here, by the worker alone: the site's own processes
    never import it."""
    from trainer.generate.job_order import jobs, run_job
    from trainer.generate.selection import select_more, tag

    count, seed = job.payload["count"], job.payload["seed"]
    kept = [(fen, themes.split()) for fen, themes in Puzzle.objects.values_list("fen", "themes")]
    candidates: list[Tagged] = []
    chosen: list[Tagged] = []
    runs = 0
    for runs, generator_job in enumerate(islice(jobs(seed), job.total), start=1):
        candidates.extend(tag(found) for found in run_job(seed, generator_job))
        chosen = select_more(kept, candidates, count)
        progress(runs)
        if len(chosen) >= count:
            break
    with transaction.atomic():
        made = [_new_puzzle(tagged, job.user) for tagged in chosen[:count]]
        refutations.fill_later(made)
    return {"asked": count, "created": made, "runs": runs}


def _new_puzzle(tagged: "Tagged", user: User | None) -> int:
    found = tagged.found
    fields: dict[str, Any] = {"fen": found.fen, "moves": found.moves, "themes": " ".join(tagged.themes)}
    puzzle = Puzzle.objects.create(**fields, rating=tagged.rating, source=found.source, rounds=found.rounds)
    puzzle_history.record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.CREATED)
    return puzzle.pk


def describe(job: CurationJob) -> list[str]:
    """The job's outcome in the curator's words."""
    result = job.result
    if job.status == CurationJob.Status.FAILED and result.get("lost"):
        return [_("The worker running this job stopped before the job was done. Run it again.")]
    if job.status == CurationJob.Status.FAILED:
        return [_("The job stopped: %(error)s") % {"error": result.get("error", "")}]
    if job.status == CurationJob.Status.CANCELLED and job.kind not in REVALIDATIONS:
        return [_("Cancelled before its end: nothing was written.")]
    if job.status == CurationJob.Status.CANCELLED:
        cancelled = ngettext(
            "Cancelled after %(saved)d of %(total)d puzzle; its verdict is kept.",
            "Cancelled after %(saved)d of %(total)d puzzles; their verdicts are kept.",
            job.saved,
        ) % {"saved": job.saved, "total": job.total}
        return [cancelled, *(_verdicts(result) if result.get("proved") else [])]
    if not job.is_finished:
        return []
    if job.kind == CurationJob.Kind.GENERATE:
        made, asked = len(result["created"]), result["asked"]
        sentence = ngettext(
            "%(made)d new puzzle of the %(asked)d asked for, proved, from %(runs)d runs of the generator.",
            "%(made)d new puzzles of the %(asked)d asked for, proved, from %(runs)d runs of the generator.",
            made,
        ) % {"made": made, "asked": asked, "runs": result["runs"]}
        return [sentence]
    if job.kind == CurationJob.Kind.IMPORT:
        if "refused" in result:
            return []  # the page lists the refused lines
        return [
            _("Imported: %(created)s new, %(updated)s updated, %(unchanged)s unchanged.")
            % {"created": result["created"], "updated": result["updated"], "unchanged": result["unchanged"]}
        ]
    return _verdicts(result)


def _verdicts(result: dict[str, Any]) -> list[str]:
    """A re-validation's failing puzzles, then how many are sound."""
    words = []
    for pk, reason, disabled in result["failing"][:FAILURES_LISTED]:
        line = _("Puzzle %(pk)s fails: %(reason)s") % {"pk": pk, "reason": reason}
        words.append(" ".join((line, _("It is disabled now."))) if disabled else line)
    proved, failing = result["proved"], len(result["failing"])
    if failing > FAILURES_LISTED:
        more = failing - FAILURES_LISTED
        words.append(
            ngettext("%(count)d more puzzle fails.", "%(count)d more puzzles fail.", more) % {"count": more}
        )
    words.append(
        ngettext(
            "%(sound)d of %(count)d puzzle is sound.",
            "%(sound)d of %(count)d puzzles are sound.",
            proved,
        )
        % {"sound": proved - failing, "count": proved}
    )
    return words
