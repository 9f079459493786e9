"""A puzzle's curation page: its solution stepped through on the board, how assignments use it, its proof
asked again of the engine by a job (`trainer.jobs`: no search inside a request), the verdict and the
record of its changes. Works without JavaScript (every step a page, the page reloading itself while the job
runs); with htmx a step redraws the board alone and the record is polled until the verdict is in."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import AuthenticatedHttpRequest
from trainer import jobs, puzzle_history, uses
from trainer.models import CurationJob, Puzzle, PuzzleChange
from trainer.preview import preview, step
from trainer.views.curation import curator_required

#: The record lists this many of the puzzle's changes, newest first (the admin keeps them all).
CHANGES_SHOWN = 20


@curator_required
@require_safe
def puzzle_page(request: AuthenticatedHttpRequest, puzzle_id: int) -> HttpResponse:
    """`?step=` picks the step of the solution (kept within it; anything else is the start). An htmx request
    for the board or for the record draws that part alone."""
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    context = _context(puzzle, _step_asked(request.GET.get("step", "")))
    target = request.htmx.target if request.htmx else None
    if target == "stepper":
        return render(request, "trainer/curation/puzzle.html#stepper", context)
    if target == "puzzle-record":
        context["said"] = context["verdict"]  # the poll's last answer: the verdict is in
        return render(request, "trainer/curation/puzzle.html#record", context)
    return render(request, "trainer/curation/puzzle.html", context)


@curator_required
@require_POST
def revalidate(request: AuthenticatedHttpRequest, puzzle_id: int) -> HttpResponse:
    """Hands the puzzle to the worker to be proved again, unless it is waiting for a proof already; without
    htmx, back to the puzzle's page, which follows the job."""
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    job = _revalidation(puzzle)
    if job is None or job.is_finished:
        jobs.start(kind=CurationJob.Kind.REVALIDATE, user=request.user, payload=[puzzle.pk])
    if not request.htmx:
        return redirect("curation:puzzle", puzzle_id=puzzle.pk)
    context = _context(puzzle, 0)
    context["said"] = context["verdict"] or context["waiting"]
    return render(request, "trainer/curation/puzzle.html#record", context)


def _step_asked(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 5 else 0


def _revalidation(puzzle: Puzzle) -> CurationJob | None:
    """The latest job that proves this puzzle alone (the page's button starts those)."""
    return (
        CurationJob.objects.filter(kind=CurationJob.Kind.REVALIDATE, payload=[puzzle.pk])
        .order_by("-pk")
        .first()
    )


def _context(puzzle: Puzzle, number: int) -> dict[str, object]:
    job = _revalidation(puzzle)
    running = job is not None and not job.is_finished
    changes = list(puzzle.changes.select_related("user", "report")[:CHANGES_SHOWN])
    verdict = next((change for change in changes if change.kind == PuzzleChange.Kind.VALIDATED), None)
    waiting = ""
    if running and job is not None:
        waiting = (
            _("Re-validation is waiting for the worker…")
            if job.status == CurationJob.Status.QUEUED
            else _("The engine is proving the puzzle again…")
        )
    used = uses.uses(Puzzle.objects.filter(pk=puzzle.pk))
    return {
        "puzzle": puzzle,
        "preview": preview(puzzle),
        "step": step(puzzle, number),
        "job": job,
        "running": running,
        "waiting": waiting,
        "verdict": puzzle_history.describe(verdict) if verdict is not None and not running else "",
        "verdict_change": verdict,
        "changes": [(change, puzzle_history.describe(change)) for change in changes],
        "used": uses.warning(used) or _("No assignment uses this puzzle."),
        "said": "",
    }
