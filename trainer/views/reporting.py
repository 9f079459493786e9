"""A player's report on a puzzle, for the curators, and their answer, which the player hides once read."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts import throttle
from accounts.clients import client_address
from accounts.requests import AuthenticatedHttpRequest, HtmxHttpRequest
from trainer import answers, offers
from trainer.forms import ReportForm
from trainer.models import Attempt, Puzzle

SESSION_REPORTED = "trainer_reported"
#: Reports an hour: a classroom shares one address; one player reports a few puzzles at most.
REPORTS_PER_ADDRESS = throttle.Rate(count=30, seconds=60 * 60)
REPORTS_PER_ACCOUNT = throttle.Rate(count=10, seconds=60 * 60)


@require_http_methods(["GET", "HEAD", "POST"])
def report(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Reports go to the curators. A puzzle can be reported by whoever was given it, once per session: a try
    at it begun in this session, a try recorded for the account, or its serving token offered to this
    session (the puzzle's page sends it along)."""
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
    token = request.POST.get("token") or request.GET.get("token") or ""
    given = (
        puzzle.pk in offers.seen(request.session)
        or offers.was_offered(request.session, request.user, puzzle.pk, token[:200])
        or (
            request.user.is_authenticated
            and Attempt.objects.filter(user=request.user, puzzle=puzzle).exists()
        )
    )
    reported = puzzle.pk in request.session.get(SESSION_REPORTED, [])
    form = ReportForm(request.POST or None)
    status = 200
    throttled = False
    if not given:
        status = 403
    elif request.method == "POST" and not reported:
        if form.is_valid() and not _allowed(request):
            status, throttled = 429, True
        elif form.is_valid():
            entry = form.save(commit=False)
            entry.puzzle = puzzle
            entry.user = request.user if request.user.is_authenticated else None
            entry.save()
            request.session[SESSION_REPORTED] = [*request.session.get(SESSION_REPORTED, []), puzzle.pk]
            reported = True
        else:
            status = 400
    context = {
        "puzzle": puzzle,
        "form": form if given else None,
        "reported": reported,
        "given": given,
        "throttled": throttled,
        "minutes": REPORTS_PER_ACCOUNT.minutes,
        "token": token[:200],
    }
    template = "trainer/report.html#report" if request.htmx else "trainer/report.html"
    return render(request, template, context, status=status)


def _allowed(request: HtmxHttpRequest) -> bool:
    user = request.user
    return throttle.allow(
        "puzzle-report",
        address=client_address(request),
        account=str(user.pk) if user.is_authenticated else None,
        per_address=REPORTS_PER_ADDRESS,
        per_account=REPORTS_PER_ACCOUNT,
    )


@login_required
@require_POST
def hide_answer(request: AuthenticatedHttpRequest, report_id: int) -> HttpResponse:
    """Hides the curators' answer to one of the player's reports from their dashboard: with htmx the notice
    goes (an empty answer in its place), without it the dashboard is drawn again. Another's report, or one
    not answered yet, is a 404."""
    if not answers.hide(request.user, report_id):
        raise Http404("no such answer")
    if request.htmx:
        return HttpResponse("")
    return redirect("trainer:dashboard")
