"""Solving: the next puzzle for the player (of the themes and band chosen) or a chosen one, its moves, a
hint, the solution, another try, the difficulty. Views parse the request, call a service and draw: the
token is checked by `trainer.offers`, every move judged by `trainer.judging`, each try rated once by
`trainer.services`. Every POST answers with the puzzle as it stands: the fragment for htmx (a refused
request with its 4xx status and message), a redirect back without JavaScript."""

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from reviews import queue
from senterej.board import shown_at as shown_stamp
from senterej.board.san_markup import move_html, sentence
from senterej.board.view import BoardView
from senterej.engine import WHITE, Position
from senterej.engine.notation import parse_coordinate
from senterej.engine.position import move_from, move_to
from trainer import hints, judging, missed, offers, page_links, selectors, services
from trainer.focus import Focus
from trainer.forms import (
    DifficultyForm,
    FocusForm,
    HintForm,
    MoveForm,
    TokenForm,
    difficulty_label_for,
    difficulty_menu,
)
from trainer.lines import PuzzleLine
from trainer.models import Puzzle
from trainer.puzzle_words import numbered, rating_change, theme_name
from trainer.rating import aim
from trainer.views.choosing import themes_page
from trainer.werera_round_story import round_story

#: What the pages keep beside the tries' own store (`trainer.offers`): the difficulty and the last outcome,
#: so that a page drawn again (a reload, the redirect after a POST without JavaScript) shows it. Only POSTs
#: write it; what is trained (the focus) travels in the serving token and then in the try.
SESSION_PAGE = "trainer_page"


def _page(session: SessionBase) -> dict[str, Any]:
    """The page's store for reading (never made nor marked as changed by reading)."""
    page: dict[str, Any] | None = session.get(SESSION_PAGE)
    return page if page is not None else {"difficulty": "normal", "outcome": None}


def _page_for_writing(session: SessionBase) -> dict[str, Any]:
    page: dict[str, Any] = session.setdefault(SESSION_PAGE, {"difficulty": "normal", "outcome": None})
    session.modified = True
    return page


def _served(session: SessionBase, puzzle: Puzzle) -> dict[str, Any] | None:
    """The try this session has begun last at this puzzle, if it keeps one."""
    return offers.begun_at(session, puzzle.pk)


def _keep(session: SessionBase, outcome: judging.Outcome, token: str, from_ply: int) -> None:
    _page_for_writing(session)["outcome"] = {"token": token, "from_ply": from_ply, **asdict(outcome)}


def _unfinished(session: SessionBase, focus: Focus) -> Puzzle | None:
    """The puzzle this session is in the middle of, if the focus asked for could choose it: a reload keeps
    it."""
    state = offers.current(session)
    if state is None or state["done"]:
        return None
    puzzle = Puzzle.objects.filter(pk=state["id"], active=True).first()
    if puzzle is None or not focus.fits(puzzle):
        return None
    return puzzle


@require_safe
def train(request: HtmxHttpRequest) -> HttpResponse:
    """The next puzzle near the player's rating, of the themes and band the address names, if any (a
    malformed choice answers the themes page with its errors and a 400)."""
    form = FocusForm(request.GET)
    if not form.is_valid():
        return themes_page(request, form, status=400)
    focus = form.focus
    difficulty = _page(request.session)["difficulty"]
    puzzle = _unfinished(request.session, focus)
    if puzzle is None:
        # The choice depends only on what the session has done, so that a reload offers the same puzzle
        # under the same token without anything written down.
        seed = f"{request.session.session_key}.{request.user.pk}.{offers.serial(request.session)}"
        puzzle = selectors.next_puzzle(
            user=request.user,
            rating=aim(services.player_rating(request.user)),
            difficulty=difficulty,
            themes=focus.themes,
            band=focus.band,
            seen=offers.seen(request.session),
            rng=random.Random(f"{seed}.{focus.query}.{difficulty}"),
        )
        if puzzle is None:
            return _notice(request, focus)
    # Of several themes, one with nothing in the band would be left out without a word.
    empty = selectors.themes_without_puzzles(focus.themes, focus.band) if len(focus.themes) > 1 else []
    return draw(request, puzzle, focus, empty_themes=empty)


@require_safe
def puzzle_page(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    puzzle = get_object_or_404(Puzzle, pk=puzzle_id, active=True)
    return _draw(request, puzzle)


@require_POST
def puzzle_move(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    def play(puzzle: Puzzle, data: dict[str, Any]) -> None:
        outcome = judging.play(
            session=request.session,
            user=request.user,
            puzzle_id=puzzle.pk,
            token=data["token"],
            text=data["move"],
            ply=data["ply"],
            shown=data["shown"],
        )
        _keep(request.session, outcome, data["token"], data["ply"])

    return _act(request, puzzle_id, MoveForm, _("The move form was incomplete: please try again."), play)


@require_POST
def puzzle_solution(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Shows the solution, which ends the try as a loss."""

    def give_up(puzzle: Puzzle, data: dict[str, Any]) -> None:
        outcome = judging.give_up(
            session=request.session,
            user=request.user,
            puzzle_id=puzzle.pk,
            token=data["token"],
            shown=data["shown"],
        )
        _keep(request.session, outcome, data["token"], outcome.ply)

    return _act(request, puzzle_id, TokenForm, _("The form was incomplete: please try again."), give_up)


@require_POST
def puzzle_hint(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Shows which man makes the next move; in a try that would be rated it makes the try a miss, as the
    button says before (see `hints.take_hint`)."""

    def take_hint(puzzle: Puzzle, data: dict[str, Any]) -> None:
        hints.take_hint(
            session=request.session,
            user=request.user,
            puzzle_id=puzzle.pk,
            token=data["token"],
            ply=data["ply"],
            shown=data["shown"],
        )

    return _act(request, puzzle_id, HintForm, _("The form was incomplete: please try again."), take_hint)


def _act(
    request: HtmxHttpRequest,
    puzzle_id: int,
    form_class: type[forms.Form],
    incomplete: str,
    act: Callable[[Puzzle, dict[str, Any]], None],
) -> HttpResponse:
    """What every step of a try shares around its own `act`: the puzzle (404 when there is none), its form
    (400 with `incomplete`), a refusal of the step drawn on the puzzle, then the puzzle as it now stands."""
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        return _no_such_puzzle(request)
    form = form_class(request.POST)
    if not form.is_valid():
        return _draw(request, puzzle, error=incomplete, status=400)
    try:
        act(puzzle, form.cleaned_data)
    except offers.PuzzleError as error:
        return _draw(request, puzzle, error=error.message, status=error.status)
    return _after_post(request, puzzle)


@require_POST
def puzzle_again(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Another try at a puzzle: served afresh. Only the first try at a puzzle is ever rated."""
    puzzle = Puzzle.objects.filter(pk=puzzle_id, active=True).first()
    if puzzle is None:
        return _no_such_puzzle(request)
    state = _served(request.session, puzzle)
    offers.serve(request.session, puzzle, request.user, focus=state.get("focus", "") if state else "")
    return _after_post(request, puzzle)


@require_POST
def difficulty(request: HtmxHttpRequest) -> HttpResponse:
    form = DifficultyForm(request.POST)
    if not form.is_valid():
        return _notice(request, Focus(), error=_("Choose one of the difficulties offered."), status=400)
    _page_for_writing(request.session)["difficulty"] = form.cleaned_data["difficulty"]
    return redirect("trainer:train")


def _after_post(request: HtmxHttpRequest, puzzle: Puzzle) -> HttpResponse:
    if request.htmx:
        return _draw(request, puzzle)
    return redirect("trainer:puzzle", puzzle_id=puzzle.pk)


def _no_such_puzzle(request: HtmxHttpRequest) -> HttpResponse:
    return _notice(request, Focus(), error=_("There is no such puzzle."), status=404)


def _notice(request: HtmxHttpRequest, focus: Focus, error: str = "", status: int = 200) -> HttpResponse:
    """No puzzle to show: none at all, none left of the themes and band chosen, or a refused request."""
    context = {
        "error": error,
        "theme_name": theme_name(focus.themes[0]) if len(focus.themes) == 1 and focus.band is None else "",
        "focus_words": focus.words,
        "any_puzzles": Puzzle.objects.filter(active=True).exists(),
    }
    template = "trainer/notice.html#notice" if request.htmx else "trainer/notice.html"
    return render(request, template, context, status=status)


def _last_squares(moves: list[str]) -> tuple[int, ...]:
    if not moves:
        return ()
    move = parse_coordinate(moves[-1])
    return (move_from(move), move_to(move))


def _step(request: HtmxHttpRequest, count: int) -> int | None:
    try:
        step = int(request.GET.get("step", ""))
    except ValueError:
        return None
    return min(max(step, 0), count)


def _draw(
    request: HtmxHttpRequest, puzzle: Puzzle, error: str = "", status: int = 200, focus: Focus | None = None
) -> HttpResponse:
    return draw(request, puzzle, focus or Focus(), error=error, status=status)


def draw(
    request: HtmxHttpRequest,
    puzzle: Puzzle,
    focus: Focus,
    *,
    error: str = "",
    status: int = 200,
    fresh: bool = False,
    empty_themes: Sequence[str] = (),
) -> HttpResponse:
    """The puzzle's page, or its fragment for htmx. With `fresh` the page shows a try of `focus` (the run
    through missed puzzles): this session's try at the puzzle, if it is over or was begun for something
    else, gives way to a new offer."""
    context = puzzle_context(request, puzzle, focus, fresh=fresh)
    context["error"] = error
    context["empty_themes"] = ", ".join(theme_name(theme) for theme in empty_themes)
    context["empty_count"] = len(empty_themes)
    if error:
        context["announce"] = error
    template = "trainer/puzzle.html#puzzle" if request.htmx else "trainer/puzzle.html"
    return render(request, template, context, status=status)


def puzzle_context(
    request: HtmxHttpRequest, puzzle: Puzzle, focus: Focus, fresh: bool = False
) -> dict[str, object]:
    """The puzzle as this session stands with it: offered (under a token, nothing written) until a try
    begins; live while the try goes on, with the hint if one was taken at this step; once it is over, the
    last outcome on the board, or the solution step by step (`?step=`)."""
    page = _page(request.session)
    state = _served(request.session, puzzle)
    if state is None or (fresh and (state["done"] or state.get("focus") != focus.query)):
        state = offers.offer(request.session, request.user, puzzle, focus.query)
    kept = page["outcome"]
    outcome = kept if kept is not None and kept["token"] == state["token"] else None
    line = puzzle.line
    start, solver = line.start, line.solver
    solution = puzzle.solution
    live = not state["done"]
    done: bool = state["done"]
    step = _step(request, len(solution)) if done else None
    gave_up = outcome is not None and outcome["state"] == "failed" and not outcome["played"]
    if step is None and gave_up:
        step = len(solution)
    if step is not None:
        position, shown = (
            line.at(step),
            solution[step - 1 : step] if step else [],
        )
    elif outcome is not None:
        played = outcome["played"]
        position, shown = line.after(solution[: outcome["from_ply"]] + played), played
    else:
        position, shown = line.at(state["ply"]), []
    hint = None
    if live and state.get("hint_ply") == state["ply"]:
        hint = move_from(parse_coordinate(solution[state["ply"]]))
    board = BoardView(
        position,
        side=solver if live else None,
        orientation=solver,
        form_id="puzzle-form",
        last_move=_last_squares(shown),
        hint=hint,
    )
    feedback, rating_text = _feedback(request, line, outcome)
    focus = Focus.of(state.get("focus", ""))
    run = (
        missed.place(request.session, request.user)
        if focus.missed and request.user.is_authenticated
        else None
    )
    reviewer = request.user if focus.review and isinstance(request.user, User) else None
    return {
        "puzzle": puzzle,
        "reviewing": reviewer is not None,
        "review_left": queue.of(reviewer).count if reviewer is not None and done else None,
        "board": board,
        "state": state,
        "shown": shown_stamp.stamp() if live else "",
        "live": live,
        "done": done,
        "solved": done and state["solved"],
        "outcome": outcome,
        "feedback": feedback,
        "rating_text": rating_text,
        "announce": mark_safe(" ".join(conditional_escape(part) for part in (feedback, rating_text) if part)),
        "to_move": _to_move(start, solver),
        "show_hint": hint is not None,
        "hint_label": _hint_label(request, puzzle, state) if live and hint is None else "",
        "charged": bool(state.get("charged")),
        "steps": numbered(start, line.sans(), solver) if done else [],
        "analysis_query": line.analysis_query() if done else "",
        "round_story": round_story(line) if done else [],
        "step": step,
        "themes": [(name, theme_name(name)) for name in puzzle.theme_list] if done else [],
        "focus": focus,
        "focus_words": focus.words,
        "run": run,
        "run_number": run.tried + int(live) if run else 0,
        "themes_url": reverse("trainer:themes") + (f"?{focus.query}" if focus.themes or focus.band else ""),
        "next_url": focus.next_url,
        "difficulty_label_for": difficulty_label_for(),
        "links": page_links.links(),
        "difficulty_menu": difficulty_menu(page["difficulty"]),
    }


def _hint_label(request: HtmxHttpRequest, puzzle: Puzzle, state: dict[str, Any]) -> str:
    """The hint's button, saying what it costs before it is taken."""
    if hints.hint_costs(request.user, puzzle, state):
        return _("Hint (counts as a miss)")
    if state.get("charged"):
        return _("Another hint (no further cost)")
    return _("Hint (free: this try is not rated)")


def _to_move(start: Position, solver: int) -> str:
    if start.turn is None:
        return (
            _("White to choose in this werera round")
            if solver == WHITE
            else _("Black to choose in this werera round")
        )
    return _("White to move") if solver == WHITE else _("Black to move")


def _feedback(request: HtmxHttpRequest, line: PuzzleLine, outcome: dict[str, Any] | None) -> tuple[str, str]:
    """What the last step earned, in words, and the rating change once the try is over."""
    if outcome is None:
        return "", ""
    if outcome["state"] == "continue":
        played = line.sans(outcome["played"], ply=outcome["from_ply"])
        reply = move_html(played[-1], line.solver ^ 1)
        return sentence(_("Correct! Your opponent answered %(reply)s. Find the next move."), reply=reply), ""
    feedback: str
    if outcome["state"] == "solved" and outcome.get("charged"):
        feedback = sentence(_("Solved, with a hint: this rated try counts as a miss."))
    elif outcome["state"] == "solved":
        feedback = sentence(_("Solved! Well played."))
    else:
        moves = {place: move_html(text, colour) for place, (text, colour) in outcome.get("moves", {}).items()}
        feedback = sentence(outcome["message"], **moves) if outcome["message"] else _("That is not the move.")
    if outcome["rating_after"] is not None:
        return feedback, _("Your puzzle rating: %(change)s") % {
            "change": rating_change(outcome["rating_before"], outcome["rating_after"])
        }
    if request.user.is_authenticated:
        return feedback, _("Not rated: only your first try at a puzzle counts.")
    return feedback, ""  # the page invites a visitor to log in
