"""The curators' reports queue: the open reports with their puzzles on a board, and the answer to one."""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts import roles
from accounts.requests import AuthenticatedHttpRequest, HtmxHttpRequest
from trainer import puzzle_reports, uses
from trainer.forms import HandleForm, QueueForm
from trainer.models import Puzzle, PuzzleReport
from trainer.preview import preview

REPORTS_PAGE = 20


def curator_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def guarded(request: HtmxHttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not roles.is_curator(request.user):
            raise Http404("not a curator")
        return view(request, *args, **kwargs)

    return guarded


@curator_required
@require_safe
def reports(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = QueueForm(request.GET)
    if not form.is_valid():
        context: dict[str, object] = {
            "error": _("There is no such list of reports."),
            "tabs": [],
            "cards": [],
        }
        return render(request, "trainer/curation/reports.html", context, status=400)
    status = form.cleaned_data["status"] or PuzzleReport.Status.OPEN
    puzzle_id = form.cleaned_data["puzzle"]
    rows = PuzzleReport.objects.filter(status=status).select_related("puzzle", "user")
    if puzzle_id is not None:
        rows = rows.filter(puzzle_id=puzzle_id)
    # the oldest open report first, as a queue; handled ones newest first, as a log
    oldest_first = status == PuzzleReport.Status.OPEN
    rows = rows.order_by("created", "pk") if oldest_first else rows.order_by("-created", "-pk")
    page = Paginator(rows, REPORTS_PAGE).get_page(form.cleaned_data["page"])
    counts = dict(PuzzleReport.objects.values_list("status").annotate(count=Count("pk")).order_by())
    context = {
        "status": status,
        "puzzle_id": puzzle_id,
        "tabs": [(key, label, counts.get(key, 0)) for key, label in PuzzleReport.Status.choices],
        "page": page,
        "cards": [_card(report) for report in page],
        "query": f"status={status}" + (f"&puzzle={puzzle_id}" if puzzle_id else ""),
    }
    return render(request, "trainer/curation/reports.html", context)


@curator_required
@require_http_methods(["GET", "HEAD", "POST"])
def report(request: AuthenticatedHttpRequest, report_id: int) -> HttpResponse:
    """One report: shown, or handled by a POST. Without JavaScript a handled report is shown on its own
    page; with htmx its card is drawn again in place."""
    entry = get_object_or_404(PuzzleReport.objects.select_related("puzzle", "user"), pk=report_id)
    if request.method != "POST":
        return _draw(request, _card(entry))
    form = HandleForm(request.POST, auto_id=f"report-{entry.pk}-%s", used=_used(entry))
    if not form.is_valid():
        return _draw(request, _card(entry, form=form), status=400)
    data = form.cleaned_data
    try:
        puzzle_reports.handle_report(
            report=entry, user=request.user, status=data["status"], note=data["note"], disable=data["disable"]
        )
    except puzzle_reports.ReportClosedError:
        entry.refresh_from_db()
        return _draw(request, _card(entry, error=_("This report has been handled already.")), status=409)
    if not request.htmx:
        return redirect("curation:report", report_id=entry.pk)
    entry.puzzle.refresh_from_db()
    return _draw(request, _card(entry, message=_handled(entry, disabled=data["disable"])))


def _handled(entry: PuzzleReport, disabled: bool) -> str:
    if entry.status == PuzzleReport.Status.DISMISSED:
        return _("The report is dismissed.")
    if disabled:
        return _("The report is resolved and the puzzle disabled: it is no longer served.")
    return _("The report is resolved.")


def _used(entry: PuzzleReport) -> str:
    """Which assignments use the report's puzzle, in a sentence (empty when none does)."""
    return uses.warning(uses.uses(Puzzle.objects.filter(pk=entry.puzzle_id)))


def _card(
    entry: PuzzleReport, form: HandleForm | None = None, error: str = "", message: str = ""
) -> dict[str, object]:
    return {
        "report": entry,
        "puzzle": entry.puzzle,
        "preview": preview(entry.puzzle),
        "form": form or HandleForm(auto_id=f"report-{entry.pk}-%s", used=_used(entry)),
        "error": error,
        "message": message,
    }


def _draw(request: HtmxHttpRequest, card: dict[str, object], status: int = 200) -> HttpResponse:
    template = "trainer/curation/_report.html" if request.htmx else "trainer/curation/report.html"
    return render(request, template, {"card": card}, status=status)
