"""What the streak's and the storm's pages share: their forms, the board of the run's puzzle (the board
component, its moves sent in the run's form), the words for the last answer, and the flow of every page of a
run, written once and given the kind (`RunPages`): a kind's own page, beginning a run, the run's page, and
the answer to a step: the run's fragment for htmx (a refused step with its status and message), a redirect
back without JavaScript. Each kind's module (`streak`, `storm`) says what its pages add."""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django import forms
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import throttle
from accounts.requests import HtmxHttpRequest
from senterej.board.san_markup import move_html, sentence
from senterej.board.view import BoardView
from senterej.engine import WHITE
from senterej.engine.notation import parse_coordinate
from senterej.engine.position import move_from, move_to
from trainer import runs
from trainer.models import Puzzle, PuzzleRun
from trainer.puzzle_words import numbered

#: The largest id a form may name: anything above is no row's.
LARGEST_ID = 2**31 - 1
#: Runs (streaks and storms together) a visitor (the account, or the session) may begin in ten minutes, and an
#: address (a whole school may share one): a player begins again soon after a miss, but not thirty times.
RUNS_PER_VISITOR = throttle.Rate(count=30, seconds=10 * 60)
RUNS_PER_ADDRESS = throttle.Rate(count=600, seconds=10 * 60)


class StepForm(forms.Form):
    """Where the page was: the run's puzzle and the ply of its line. A stale or repeated step is refused."""

    puzzle = forms.IntegerField(min_value=1, max_value=LARGEST_ID)
    ply = forms.IntegerField(min_value=0, max_value=400)


class RunMoveForm(StepForm):
    move = forms.CharField(max_length=20)


def board_context(run: PuzzleRun, live: bool) -> dict[str, object]:
    """The run's puzzle as it stands, with the board taking the solver's moves (nothing once it is over)."""
    puzzle = run.puzzle
    if puzzle is None or not live:
        return {"board": None}
    line = puzzle.line
    last = run.last
    shown: tuple[int, ...] = ()
    if last.get("state") == "continue" and last.get("puzzle") == puzzle.pk and last.get("played"):
        move = parse_coordinate(last["played"][-1])
        shown = (move_from(move), move_to(move))
    board = BoardView(
        line.at(run.ply), side=line.solver, orientation=line.solver, form_id="run-form", last_move=shown
    )
    to_move = _("White to move") if line.solver == WHITE else _("Black to move")
    return {"board": board, "to_move": to_move, "puzzle": puzzle}


def last_words(run: PuzzleRun) -> tuple[str, SafeString | str]:
    """The state of the run's last answer and what it did, in words ("" before the first)."""
    last = run.last
    state = last.get("state", "")
    if state == "continue":
        puzzle = run.puzzle
        assert puzzle is not None  # the line goes on at this puzzle
        line = puzzle.line
        played = line.sans(last["played"], ply=last["from_ply"])
        reply = move_html(played[-1], line.solver ^ 1)
        return state, sentence(
            _("Correct! Your opponent answered %(reply)s. Find the next move."), reply=reply
        )
    if state == "solved":
        return state, _("Solved! Well played.")
    if state == "skipped":
        return state, _("Skipped: here is the next puzzle. That was your one skip in this streak.")
    if state == "missed":
        return state, _("That is not the move.")
    return "", ""


def missed_line(run: PuzzleRun) -> dict[str, object]:
    """The missed puzzle, told after a miss: the move played, the line's move there, and its whole line."""
    last = run.last
    if last.get("state") != "missed":
        return {}
    puzzle = Puzzle.objects.filter(pk=last["puzzle"]).first()
    if puzzle is None:
        return {}
    line = puzzle.line
    ply = last["from_ply"]
    mover = line.side_at(line.at(ply))
    played = move_html(line.sans(last["played"], ply=ply)[0], mover)
    wanted = move_html(line.sans([line.moves[ply]], ply=ply)[0], mover)
    wrong = parse_coordinate(last["played"][0])
    picture = BoardView(
        line.after([*line.moves[:ply], last["played"][0]]),
        orientation=line.solver,
        last_move=(move_from(wrong), move_to(wrong)),
    )
    return {
        "missed_board": picture,
        "missed_words": sentence(
            _("You played %(played)s; the move was %(wanted)s."), played=played, wanted=wanted
        ),
        "missed_puzzle": puzzle,
        "missed_steps": numbered(line.start, line.sans(), line.solver),
    }


def announce(*parts: str | None) -> SafeString:
    """What the live region says after an answer: its words, each escaped (moves are already drawn)."""
    return mark_safe(" ".join(conditional_escape(part) for part in parts if part))


def record_context(request: HtmxHttpRequest, kind: str, going_on: int | None = None) -> dict[str, object]:
    """The player's best and latest runs of a kind, but the run `going_on` (its score is not made yet)."""
    record = runs.record(request.session, request.user, kind, going_on)
    return {"best": record.best, "history": record.runs}


def _nothing(*args: object) -> dict[str, object]:
    return {}


@dataclass(frozen=True)
class RunPages:
    """What one kind of run's pages are: its services (`kind`), its name (`"streak"`, `"storm"`), by which
    its URLs (`trainer:<name>`, `trainer:<name>_run`, ...) and its templates (`trainer/<name>.html`,
    `trainer/<name>_run.html`) are found, and what its pages show beside what every run shows."""

    kind: runs.RunKind
    name: str
    #: What the kind's own page shows beside the best and the history.
    home_context: Callable[[HtmxHttpRequest], dict[str, object]] = field(default=_nothing)
    #: What the run's page shows beside the puzzle and the figures every run has (given the run and now).
    run_context: Callable[[PuzzleRun, datetime], dict[str, object]] = field(default=_nothing)
    #: Whether the puzzle missed is told once the run is over (a miss that ended it), or only while the run
    #: goes on (a miss the run went on from).
    missed_at_the_end: bool = False


def home(request: HtmxHttpRequest, pages: RunPages, error: str = "", status: int = 200) -> HttpResponse:
    """The kind's own page: its rules, a way to begin, the player's best and history (and why a run was
    not begun, when one was refused)."""
    context = {**record_context(request, pages.kind.kind), **pages.home_context(request)}
    context["run_kind"] = pages.name
    context["error"] = error
    return render(request, f"trainer/{pages.name}.html", context, status=status)


def begin(request: HtmxHttpRequest, pages: RunPages) -> HttpResponse:
    """A new run, unless the visitor has begun many lately: then the kind's page says when to try again."""
    if not _may_begin(request):
        return home(request, pages, error=_refusal(), status=429)
    run = pages.kind.begin(session=request.session, user=request.user)
    return redirect(f"trainer:{pages.name}_run", run_id=run.pk)


def _may_begin(request: HtmxHttpRequest) -> bool:
    """Counts one run begun by the request's visitor; False past either limit."""
    return throttle.allow_visitor(
        "puzzle-run", request, per_address=RUNS_PER_ADDRESS, per_visitor=RUNS_PER_VISITOR
    )


def _refusal() -> str:
    minutes = RUNS_PER_VISITOR.minutes
    return ngettext(
        "You have begun many runs in a short time, so this one was not begun. Try again in a minute.",
        "You have begun many runs in a short time, so this one was not begun. "
        "Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def show(request: HtmxHttpRequest, run_id: int, pages: RunPages) -> HttpResponse:
    """The run's page (a 404 in words when the run is not the player's)."""
    try:
        run = runs.get(request.session, request.user, run_id, pages.kind.kind)
    except runs.RunError as error:
        return render(request, "trainer/notice.html", {"error": error.message}, status=error.status)
    return draw(request, run, pages)


def move(request: HtmxHttpRequest, run_id: int, pages: RunPages) -> HttpResponse:
    """One move at the run's puzzle."""

    def play(data: dict[str, Any]) -> None:
        pages.kind.play(
            session=request.session,
            user=request.user,
            run_id=run_id,
            puzzle_id=data["puzzle"],
            ply=data["ply"],
            move=data["move"],
        )

    return step(request, run_id, pages, RunMoveForm, play)


def draw(
    request: HtmxHttpRequest, run: PuzzleRun, pages: RunPages, error: str = "", status: int = 200
) -> HttpResponse:
    """The run's page, or its fragment for htmx (`trainer/run_base.html` draws the one or the other)."""
    now = timezone.now()
    over = pages.kind.is_over(run, now)
    state, feedback = last_words(run)
    context = {
        "run": run,
        "run_kind": pages.name,
        "run_url": reverse(f"trainer:{pages.name}_run", args=[run.pk]),
        "move_url": reverse(f"trainer:{pages.name}_move", args=[run.pk]),
        "over": over,
        "error": error,
        "state": state,
        "feedback": feedback,
        "seconds": run.last.get("seconds", 0),
        **pages.run_context(run, now),
        **board_context(run, live=not over),
        **record_context(request, pages.kind.kind, going_on=None if over else run.pk),
        **(missed_line(run) if pages.missed_at_the_end or not over else {}),
    }
    missed = context.get("missed_words")
    context["announce"] = announce(error, feedback, missed if isinstance(missed, str) else None)
    return render(request, f"trainer/{pages.name}_run.html", context, status=status)


def step(
    request: HtmxHttpRequest,
    run_id: int,
    pages: RunPages,
    form_class: type[forms.Form],
    act: Callable[[dict[str, Any]], None],
) -> HttpResponse:
    """What every step of a run shares around its own `act`: the run (404 when it is not the player's),
    its form (400), a refusal drawn on the run with its status, then the run as it now stands."""
    kind = pages.kind.kind
    try:
        run = runs.get(request.session, request.user, run_id, kind)
    except runs.RunError as error:
        template = "trainer/notice.html#notice" if request.htmx else "trainer/notice.html"
        return render(request, template, {"error": error.message}, status=error.status)
    form = form_class(request.POST)
    if not form.is_valid():
        return draw(request, run, pages, error=_("The form was incomplete: please try again."), status=400)
    try:
        act(form.cleaned_data)
    except runs.RunError as error:
        return draw(
            request,
            runs.get(request.session, request.user, run_id, kind),
            pages,
            error=error.message,
            status=error.status,
        )
    if request.htmx:
        return draw(request, runs.get(request.session, request.user, run_id, kind), pages)
    return redirect(f"trainer:{pages.name}_run", run_id=run_id)
