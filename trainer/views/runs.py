"""What the streak's and the storm's pages share: their forms, the board of the run's puzzle (the board
component, its moves sent in the run's form), the words for the last answer, and the answer to a step: the
run's fragment for htmx (a refused step with its status and message), a redirect back without JavaScript."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

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


def record_context(request: HtmxHttpRequest, kind: str) -> dict[str, object]:
    record = runs.record(request.session, request.user, kind)
    return {"best": record.best, "history": record.runs}


def step(
    request: HtmxHttpRequest,
    run_id: int,
    kind: str,
    form_class: type[forms.Form],
    act: Callable[[dict[str, Any]], None],
    draw: Callable[..., HttpResponse],
    url_name: str,
) -> HttpResponse:
    """What every step of a run shares around its own `act`: the run (404 when it is not the player's),
    its form (400), a refusal drawn on the run with its status, then the run as it now stands."""
    try:
        run = runs.get(request.session, request.user, run_id, kind)
    except runs.RunError as error:
        template = "trainer/notice.html#notice" if request.htmx else "trainer/notice.html"
        return render(request, template, {"error": error.message}, status=error.status)
    form = form_class(request.POST)
    if not form.is_valid():
        return draw(request, run, error=_("The form was incomplete: please try again."), status=400)
    try:
        act(form.cleaned_data)
    except runs.RunError as error:
        return draw(
            request,
            runs.get(request.session, request.user, run_id, kind),
            error=error.message,
            status=error.status,
        )
    if request.htmx:
        return draw(request, runs.get(request.session, request.user, run_id, kind))
    return redirect(url_name, run_id=run_id)
