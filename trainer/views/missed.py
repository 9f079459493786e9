"""The run through the missed puzzles: begun from the dashboard (a POST), then one page that always shows
the next missed puzzle not yet tried again in the run, and at the end says so, with a way back."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import AuthenticatedHttpRequest
from trainer import missed
from trainer.focus import Focus
from trainer.views.solving import draw


@login_required
@require_POST
def missed_begin(request: AuthenticatedHttpRequest) -> HttpResponse:
    missed.begin(request.session, request.user)
    return redirect("trainer:missed")


@login_required
@require_safe
def missed_run(request: AuthenticatedHttpRequest) -> HttpResponse:
    place = missed.place(request.session, request.user)
    if place is None or place.puzzle is None:
        return render(request, "trainer/missed.html", {"place": place})
    return draw(request, place.puzzle, Focus(missed=True), fresh=True)
