"""The puzzle streak's pages (`trainer.streak`), drawn by the flow every run's pages share
(`trainer.views.runs`): its own page (the rules, the personal best, the history, a way to begin or go on),
and each run's page, the puzzle on the board until the streak is over, then its end: the score, the best and
the puzzle that ended it. What the streak adds: going on with an unfinished streak, and its one skip."""

from typing import Any

from django.http import HttpResponse
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from trainer import runs, streak
from trainer.views import runs as run_pages
from trainer.views.runs import RunPages, StepForm


def _going(request: HtmxHttpRequest) -> dict[str, object]:
    """The streak the player left unfinished, to go on with."""
    return {"going": runs.owned(request.session, request.user).filter(kind=streak.KIND, ended=None).first()}


PAGES = RunPages(streak.STREAK, "streak", home_context=_going, missed_at_the_end=True)


@require_safe
def streak_home(request: HtmxHttpRequest) -> HttpResponse:
    return run_pages.home(request, PAGES)


@require_POST
def streak_begin(request: HtmxHttpRequest) -> HttpResponse:
    return run_pages.begin(request, PAGES)


@require_safe
def streak_run(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    return run_pages.show(request, run_id, PAGES)


@require_POST
def streak_move(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    return run_pages.move(request, run_id, PAGES)


@require_POST
def streak_skip(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    def skip(data: dict[str, Any]) -> None:
        streak.skip(
            session=request.session,
            user=request.user,
            run_id=run_id,
            puzzle_id=data["puzzle"],
            ply=data["ply"],
        )

    return run_pages.step(request, run_id, PAGES, StepForm, skip)
