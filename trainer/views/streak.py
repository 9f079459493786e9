"""The puzzle streak's pages (`trainer.streak`): its own page (the rules, the personal best, the history, a
way to begin or go on), and each run's page, the puzzle on the board until the streak is over, then its
end: the score, the best and the puzzle that ended it."""

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from trainer import runs, streak
from trainer.models import PuzzleRun
from trainer.views.runs import (
    RunMoveForm,
    StepForm,
    announce,
    board_context,
    last_words,
    missed_line,
    record_context,
    step,
)


@require_safe
def streak_home(request: HtmxHttpRequest) -> HttpResponse:
    context = record_context(request, streak.KIND)
    context["going"] = runs.owned(request.session, request.user).filter(kind=streak.KIND, ended=None).first()
    return render(request, "trainer/streak.html", context)


@require_POST
def streak_begin(request: HtmxHttpRequest) -> HttpResponse:
    run = streak.begin(session=request.session, user=request.user)
    return redirect("trainer:streak_run", run_id=run.pk)


@require_safe
def streak_run(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    try:
        run = runs.get(request.session, request.user, run_id, streak.KIND)
    except runs.RunError as error:
        return render(request, "trainer/notice.html", {"error": error.message}, status=error.status)
    return draw(request, run)


@require_POST
def streak_move(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    def play(data: dict[str, Any]) -> None:
        streak.play(
            session=request.session,
            user=request.user,
            run_id=run_id,
            puzzle_id=data["puzzle"],
            ply=data["ply"],
            move=data["move"],
        )

    return step(request, run_id, streak.KIND, RunMoveForm, play, draw, "trainer:streak_run")


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

    return step(request, run_id, streak.KIND, StepForm, skip, draw, "trainer:streak_run")


def draw(request: HtmxHttpRequest, run: PuzzleRun, error: str = "", status: int = 200) -> HttpResponse:
    """The run's page, or its fragment for htmx."""
    state, feedback = last_words(run)
    context = {
        "run": run,
        "over": run.ended is not None,
        "error": error,
        "state": state,
        "feedback": feedback,
        "seconds": 0,
        **board_context(run, live=run.ended is None),
        **record_context(request, streak.KIND),
        **missed_line(run),
    }
    missed = context.get("missed_words")
    context["announce"] = announce(error, feedback, missed if isinstance(missed, str) else None)
    template = "trainer/streak_run.html#run" if request.htmx else "trainer/streak_run.html"
    return render(request, template, context, status=status)
