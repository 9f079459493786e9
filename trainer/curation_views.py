"""The curators' pages: the queue of the players' reports on puzzles, each with its puzzle on a board and its
solution, resolved or dismissed with a note (resolving may disable the puzzle). Curators are staff; anyone
else signed in is told there is no such page (404, which does not confirm that the page exists), and a
visitor is sent to log in. The puzzle preview here is also the admin's."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from senterej.accounts import roles
from senterej.board.view import BoardView
from senterej.engine import WHITE, Position
from senterej.engine.notation import parse_coordinate
from senterej.engine.position import move_from
from trainer import curation
from trainer.models import Puzzle, PuzzleReport
from trainer.words import line_in_san, numbered, theme_name

REPORTS_PAGE = 20
Status = PuzzleReport.Status


class QueueForm(forms.Form):
    status = forms.ChoiceField(choices=Status.choices, required=False)
    puzzle = forms.IntegerField(min_value=1, required=False)
    page = forms.IntegerField(min_value=1, required=False)


class HandleForm(forms.Form):
    status = forms.ChoiceField(
        choices=[(Status.RESOLVED, gettext_lazy("Resolve")), (Status.DISMISSED, gettext_lazy("Dismiss"))]
    )
    note = forms.CharField(
        max_length=PuzzleReport._meta.get_field("note").max_length,
        label=gettext_lazy("Note"),
        help_text=gettext_lazy("What was wrong and what you did; kept with the report and the puzzle."),
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    disable = forms.BooleanField(required=False, label=gettext_lazy("Disable the puzzle"))

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if data.get("status") == Status.DISMISSED and data.get("disable"):
            raise forms.ValidationError(
                _("A dismissed report leaves its puzzle as it is: resolve the report to disable the puzzle.")
            )
        return data


def curator_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def guarded(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not roles.is_curator(request.user):
            raise Http404("not a curator")
        return view(request, *args, **kwargs)

    return guarded


@dataclass(frozen=True)
class Preview:
    """A puzzle as a curator checks it: its start on a board (a picture), its solution in SAN."""

    board: BoardView | None
    line: list[str]
    to_move: str
    themes: list[str]
    error: str = ""


def preview(puzzle: Puzzle) -> Preview:
    """A stored puzzle that the engine cannot read any more is shown with the reason, not as a 500."""
    themes = [theme_name(theme) for theme in puzzle.theme_list]
    try:
        start = Position.from_fen(puzzle.fen)
    except ValueError as error:
        return Preview(
            None, puzzle.solution, "", themes, _("The position cannot be read: %(error)s") % {"error": error}
        )
    solver = _solver(start, puzzle.solution)
    to_move = _("White to move") if solver == WHITE else _("Black to move")
    if start.turn is None:
        to_move = (
            _("A werera round: White chooses") if solver == WHITE else _("A werera round: Black chooses")
        )
    board = BoardView(start, orientation=solver)
    unplayable = _unplayable(start, puzzle.solution, solver)
    if unplayable:
        return Preview(board, puzzle.solution, to_move, themes, unplayable)
    return Preview(board, numbered(start, line_in_san(start, puzzle.solution, solver)), to_move, themes)


def _unplayable(start: Position, solution: list[str], solver: int) -> str:
    """Why the line cannot be played from the start, or "" if every move is legal in turn (SAN is written
    only for legal moves)."""
    board = start.copy()
    for number, text in enumerate(solution, start=1):
        try:
            move = parse_coordinate(text)
        except ValueError as error:
            return _("The line cannot be played: %(error)s") % {"error": error}
        side = solver if board.turn is None else None
        if move not in board.legal_moves(side):
            return _("The line cannot be played: move %(number)s (%(move)s) is not legal.") % {
                "number": number,
                "move": text,
            }
        board.push(move, side)
    return ""


def _solver(start: Position, solution: list[str]) -> int:
    """The side to move, or in a werera round the owner of the man the solution moves."""
    if start.turn is not None:
        return start.turn
    try:
        man = start.piece_at(move_from(parse_coordinate(solution[0])))
    except (ValueError, IndexError):
        return WHITE
    return man.colour if man is not None else WHITE


@curator_required
@require_safe
def reports(request: HttpRequest) -> HttpResponse:
    form = QueueForm(request.GET)
    if not form.is_valid():
        context = {"error": _("There is no such list of reports."), "tabs": [], "cards": []}
        return render(request, "trainer/curation/reports.html", context, status=400)
    status = form.cleaned_data["status"] or Status.OPEN
    puzzle_id = form.cleaned_data["puzzle"]
    rows = PuzzleReport.objects.filter(status=status).select_related("puzzle", "user")
    if puzzle_id is not None:
        rows = rows.filter(puzzle_id=puzzle_id)
    # the oldest open report first, as a queue; handled ones newest first, as a log
    rows = rows.order_by("created", "pk") if status == Status.OPEN else rows.order_by("-created", "-pk")
    page = Paginator(rows, REPORTS_PAGE).get_page(form.cleaned_data["page"])
    counts = dict(PuzzleReport.objects.values_list("status").annotate(count=Count("pk")).order_by())
    context = {
        "status": status,
        "puzzle_id": puzzle_id,
        "tabs": [(key, label, counts.get(key, 0)) for key, label in Status.choices],
        "page": page,
        "cards": [_card(report) for report in page],
        "query": f"status={status}" + (f"&puzzle={puzzle_id}" if puzzle_id else ""),
    }
    return render(request, "trainer/curation/reports.html", context)


@curator_required
@require_http_methods(["GET", "HEAD", "POST"])
def report(request: HttpRequest, report_id: int) -> HttpResponse:
    """One report: shown, or handled by a POST. Without JavaScript a handled report is shown on its own
    page; with htmx its card is drawn again in place."""
    entry = get_object_or_404(PuzzleReport.objects.select_related("puzzle", "user"), pk=report_id)
    if request.method != "POST":
        return _draw(request, _card(entry))
    form = HandleForm(request.POST, auto_id=f"report-{entry.pk}-%s")
    if not form.is_valid():
        return _draw(request, _card(entry, form=form), status=400)
    data = form.cleaned_data
    try:
        curation.handle_report(
            report=entry, user=request.user, status=data["status"], note=data["note"], disable=data["disable"]
        )
    except curation.ReportClosedError:
        entry.refresh_from_db()
        return _draw(request, _card(entry, error=_("This report has been handled already.")), status=409)
    if not request.htmx:
        return redirect("curation:report", report_id=entry.pk)
    entry.puzzle.refresh_from_db()
    return _draw(request, _card(entry, message=_handled(entry, disabled=data["disable"])))


def _handled(entry: PuzzleReport, disabled: bool) -> str:
    if entry.status == Status.DISMISSED:
        return _("The report is dismissed.")
    if disabled:
        return _("The report is resolved and the puzzle disabled: it is no longer served.")
    return _("The report is resolved.")


def _card(
    entry: PuzzleReport, form: HandleForm | None = None, error: str = "", message: str = ""
) -> dict[str, object]:
    return {
        "report": entry,
        "puzzle": entry.puzzle,
        "preview": preview(entry.puzzle),
        "form": form or HandleForm(auto_id=f"report-{entry.pk}-%s"),
        "error": error,
        "message": message,
    }


def _draw(request: HttpRequest, card: dict[str, object], status: int = 200) -> HttpResponse:
    template = "trainer/curation/_report.html" if request.htmx else "trainer/curation/report.html"
    return render(request, template, {"card": card}, status=status)
