"""The puzzle storm's pages (`trainer.storm`): its own page (the rules, the personal best, the history, a
way to begin), and each run's page: the time left (counted down by `trainer/storm_clock.js` from what the
server said, the server asked again at zero), the puzzles solved and the combo, then at the end the
figures of the run and the best."""

from typing import Any

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from trainer import runs, storm
from trainer.models import PuzzleRun
from trainer.views.runs import (
    RunMoveForm,
    announce,
    board_context,
    last_words,
    missed_line,
    record_context,
    step,
)


@require_safe
def storm_home(request: HtmxHttpRequest) -> HttpResponse:
    context = record_context(request, storm.KIND)
    context.update(
        duration=storm.DURATION // 60, penalty=storm.PENALTY, bonuses=sorted(storm.BONUSES.items())
    )
    context["later_bonus"] = storm.LATER_BONUS
    return render(request, "trainer/storm.html", context)


@require_POST
def storm_begin(request: HtmxHttpRequest) -> HttpResponse:
    run = storm.begin(session=request.session, user=request.user)
    return redirect("trainer:storm_run", run_id=run.pk)


@require_safe
def storm_run(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    try:
        run = runs.get(request.session, request.user, run_id, storm.KIND)
    except runs.RunError as error:
        return render(request, "trainer/notice.html", {"error": error.message}, status=error.status)
    return draw(request, run)


@require_POST
def storm_move(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    def play(data: dict[str, Any]) -> None:
        storm.play(
            session=request.session,
            user=request.user,
            run_id=run_id,
            puzzle_id=data["puzzle"],
            ply=data["ply"],
            move=data["move"],
        )

    return step(request, run_id, storm.KIND, RunMoveForm, play, draw, "trainer:storm_run")


def draw(request: HtmxHttpRequest, run: PuzzleRun, error: str = "", status: int = 200) -> HttpResponse:
    """The run's page, or its fragment for htmx."""
    now = timezone.now()
    over = storm.is_over(run, now)
    state, feedback = last_words(run)
    left = round(storm.seconds_left(run, now))
    context = {
        "run": run,
        "over": over,
        "error": error,
        "state": state,
        "feedback": feedback,
        "seconds": run.last.get("seconds", 0),
        "seconds_left": left,
        "clock": f"{left // 60}:{left % 60:02d}",
        "penalty": storm.PENALTY,
        **board_context(run, live=not over),
        **record_context(request, storm.KIND),
        **(missed_line(run) if not over else {}),
    }
    missed = context.get("missed_words")
    context["announce"] = announce(error, feedback, missed if isinstance(missed, str) else None)
    template = "trainer/storm_run.html#run" if request.htmx else "trainer/storm_run.html"
    return render(request, template, context, status=status)
