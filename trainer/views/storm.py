"""The puzzle storm's pages (`trainer.storm`), drawn by the flow every run's pages share
(`trainer.views.runs`): its own page (the rules, the personal best, the history, a way to begin), and each
run's page: the time left (counted down by `trainer/storm_clock.js` from what the server said, the server
asked again at zero), the puzzles solved and the combo, then at the end the figures of the run and the best.
What the storm adds: its rules in figures, and its clock."""

from datetime import datetime

from django.http import HttpResponse
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from trainer import storm
from trainer.models import PuzzleRun
from trainer.views import runs as run_pages
from trainer.views.runs import RunPages


def _rules(request: HtmxHttpRequest) -> dict[str, object]:
    """The storm's rules in figures: its minutes, a miss's cost, the bonuses."""
    return {
        "duration": storm.DURATION // 60,
        "penalty": storm.PENALTY,
        "bonuses": sorted(storm.BONUSES.items()),
        "later_bonus": storm.LATER_BONUS,
    }


def _clock(run: PuzzleRun, now: datetime) -> dict[str, object]:
    """The time left, as the server counts it, and a miss's cost."""
    left = round(storm.seconds_left(run, now))
    return {"seconds_left": left, "clock": f"{left // 60}:{left % 60:02d}", "penalty": storm.PENALTY}


PAGES = RunPages(storm.STORM, "storm", home_context=_rules, run_context=_clock)


@require_safe
def storm_home(request: HtmxHttpRequest) -> HttpResponse:
    return run_pages.home(request, PAGES)


@require_POST
def storm_begin(request: HtmxHttpRequest) -> HttpResponse:
    return run_pages.begin(request, PAGES)


@require_safe
def storm_run(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    return run_pages.show(request, run_id, PAGES)


@require_POST
def storm_move(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    return run_pages.move(request, run_id, PAGES)
