"""The game page: the game drawn for the asker's seats (or for a spectator, by `views/watching.py`), its
polling, and the actions on it that a service carries out (a move, resigning, a draw offered or answered,
aborting, claiming against an opponent gone away, asking the bot again). The views parse the request, call a
service and draw the game; the other game views (playing again, watching) draw through `draw`,
`game_context` and `act` here."""

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from play import clocks, game_links, leaving, names, panels, rematch, services, takeback, watching
from play.forms import MoveForm, VersionForm
from play.game_markup import choice_shown, error_free_announcement
from play.game_row import read_game
from play.game_words import result_sentence
from play.models import Game
from play.move_list import move_list
from play.move_markup import draw_moves
from play.replay import Step, timeline
from play.seats import owns_import, seats_for
from senterej.board.sides import Side
from senterej.board.view import BoardView
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.pieces import COLOURS

#: A bot's reply not there after this long is taken as lost (a worker stopped mid-search): the page offers
#: to ask again.
BOT_PATIENCE = timedelta(seconds=20)
#: What an action whose effect is not plain on the board says it did, by the key it passes on.
NOTICES = {"taken-back": gettext_lazy("Taken back: your last move and the bot's reply. Play on from here.")}


def game_for(request: HtmxHttpRequest, game_id: uuid.UUID) -> tuple[Game, services.Seats]:
    """Someone else's game is not found, whatever its id: it does not say that it exists. A clock's deadline
    that has passed is settled first, so that the game is read as it stands."""
    game = read_game(game_id)
    if game is None:
        raise Http404(_("There is no such game."))
    seats = seats_for(request, game)
    if not seats.sides and not (game.mode == Game.Mode.IMPORTED and owns_import(request, game)):
        raise Http404(_("There is no such game."))
    now = timezone.now()
    if clocks.overdue(game, now):
        game = services.settle(game_id=game.id, now=now) or game
    return game, seats


@require_safe
def game_page(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game, seats = game_for(request, game_id)
    now = timezone.now()
    leaving.note_presence(game, seats, now)
    since = request.GET.get("since")
    away = request.GET.get("away") == "1"
    late = request.GET.get("late") == "1"
    unchanged = since == str(game.version) and away == _away(game, seats, now) and late == bot_late(game, now)
    if request.htmx and unchanged:
        return HttpResponse(status=204)  # polling: nothing new
    return draw(request, game, seats)


def bot_late(game: Game, now: datetime) -> bool:
    """Whether the bot owes a reply that is longer in coming than BOT_PATIENCE: lost with its worker, as far
    as anyone can tell. The polling page asks with what it shows, so that it offers to ask again by itself
    when the patience runs out."""
    return services.bot_to_act(game) and now - game.updated > BOT_PATIENCE


def _away(game: Game, seats: services.Seats, now: datetime) -> bool:
    return leaving.absent_side(game, seats, now) is not None


@dataclass(frozen=True)
class Confirmation:
    """A question asked before an action that ends the game: the action's address, and the answer it sends."""

    question: str
    yes: str
    url: str
    answer: str = ""


def draw(
    request: HtmxHttpRequest,
    game: Game,
    seats: services.Seats,
    error: str = "",
    status: int = 200,
    confirm: Confirmation | None = None,
    notice: str = "",
) -> HttpResponse:
    # Whoever just made a refused request keeps their board: no pass screen in between.
    context = game_context(request, game, seats, ready=bool(error) or confirm is not None)
    context["error"] = error
    context["confirm"] = confirm
    context["notice"] = notice or str(NOTICES.get(request.GET.get("done", ""), ""))
    if context["notice"]:
        context["announce"] = context["notice"]
    template = "play/game.html#game" if request.htmx else "play/game.html"
    return render(request, template, context, status=status)


def game_context(
    request: HttpRequest, game: Game, seats: services.Seats, ready: bool = False
) -> dict[str, object]:
    steps = timeline(game)
    final = Position.from_fen(game.fen)
    ply = _ply(request, len(steps))
    shown = steps[ply - 1].fen if ply else game.start_fen
    # The game as it stands is read once: looking at its latest step, the board shows that position.
    position = final if shown == game.fen else Position.from_fen(shown)
    latest = ply == len(steps)
    acting = _acting_side(game, seats, final) if latest else None
    black_chooses_on_one_device = (
        game.mode == Game.Mode.HOTSEAT and acting == BLACK and latest and final.werera is not None
    )
    ready = ready or request.GET.get("ready") == "1"
    hotseat_pass = black_chooses_on_one_device and not ready
    orientation = _orientation(request, game, seats)
    view = BoardView(
        position,
        side=None if hotseat_pass else acting,
        orientation=orientation,
        form_id="move-form",
        last_move=steps[ply - 1].last_move if ply else (),
    )
    thinking = latest and services.bot_to_act(game)
    now = timezone.now()
    away = _away(game, seats, now)
    names.read_accounts(game, request.user)
    players = names.seat_names(game, seats, names.imported_names(request.session, game))
    my_choices = [
        choice_shown(final, side, game.choice(side))
        for side in COLOURS
        if side in seats and game.choice(side) and game.mode != Game.Mode.HOTSEAT
    ]
    return {
        "game": game,
        "board": view,
        "steps": steps,
        "ply": ply,
        "latest": latest,
        "acting": None if acting is None else Side.of(acting).value,
        "acting_name": None if acting is None else Side.of(acting).label,
        "in_werera": position.werera is not None,
        "turn": None if position.turn is None else Side.of(position.turn).label,
        "in_check": position.turn is not None and position.is_check(),
        "hotseat_pass": hotseat_pass,
        "ready_param": "&ready=1" if black_chooses_on_one_device and ready else "",
        "my_choices": my_choices,
        "result_sentence": result_sentence(game.status, game.result, final) if game.is_over else "",
        "players": players,
        "my_sides": [Side.of(side).value for side in seats.sides],
        "announce": error_free_announcement(steps[:ply], game, final),
        "is_player": bool(seats.sides),
        "flip_to": Side.of(orientation ^ 1).value,
        # the report of the round just played, or of the round stepped to; gone once a move follows it
        "last_round": _last_round(game, steps, ply, seats),
        "opponent_chosen": watching.chosen(game, hidden_from=seats.sides)
        if latest and seats.sides and game.mode != Game.Mode.HOTSEAT
        else [],
        "polls": (game.mode == Game.Mode.ONLINE or thinking or clocks.timed(game))
        and not game.is_over
        or rematch.awaits_rematch(game, seats),
        "clocks": clocks.shown(game, final, now),
        "away": away,
        "can_abort": bool(seats.sides) and leaving.can_abort(game),
        "draw_declined": game.draw_declined in {Side.of(side).value for side in seats.sides}
        and game.mode != Game.Mode.HOTSEAT,
        "bot_thinking": thinking,
        "bot_name": players.get(game.bot_colour, ""),
        "bot_late": thinking and bot_late(game, timezone.now()),
        "move_rows": draw_moves(steps, ply),
        **move_list(game, _acting_side(game, seats, final)),
        "invite_url": request.build_absolute_uri(reverse("join", args=[game.invite_code]))
        if game.mode == Game.Mode.ONLINE and not game.joined and game.invite_code and not game.is_over
        else "",
        "again": _again_panel(request, game, seats, latest),
        "panels": panels.drawn(request, game, seats),
        "links": game_links.links(game.id),
    }


def _again_panel(request: HttpRequest, game: Game, seats: services.Seats, latest: bool) -> dict[str, object]:
    """What the game page's panel offers a player about playing again and watching."""
    return {
        "rematch": rematch.rematch_state(game, seats),
        "offered_rematch": rematch.offered_rematch(game) and bool(seats.sides),
        "may_take_back": latest and takeback.may_take_back(game, seats),
        "watch_url": watching.watch_url(request, game, seats),
    }


def _last_round(game: Game, steps: list[Step], ply: int, seats: services.Seats) -> Step | None:
    """The report of the round stepped to; at the latest step, of the last round until the asker has moved
    since it (a bot's or an opponent's answer does not take it away before the asker has read it)."""
    if not ply:
        return None
    if steps[ply - 1].sentences or ply < len(steps):
        return steps[ply - 1] if steps[ply - 1].sentences else None
    mine = {Side.of(side).value for side in seats.sides}
    for step in reversed(steps):
        if step.sentences:
            return step
        if step.side in mine:
            return None
    return None


def _ply(request: HttpRequest, count: int) -> int:
    try:
        ply = int(request.GET.get("ply", count))
    except ValueError:
        return count
    return min(max(ply, 0), count)


def _acting_side(game: Game, seats: services.Seats, final: Position) -> int | None:
    """The side whose move or werera choice the asker may enter now, if any, in the game's position now."""
    if game.is_over or not seats.sides or game.mode == Game.Mode.IMPORTED:
        return None
    if game.mode == Game.Mode.ONLINE and not game.joined:
        return None
    if final.werera is not None:
        return services.choosing_side(game, seats)
    turn = final.turn
    return turn if turn is not None and turn in seats else None


def _orientation(request: HttpRequest, game: Game, seats: services.Seats) -> int:
    asked = request.GET.get("orientation")
    if asked in Side.values:
        return Side(asked).colour
    if len(seats.sides) == 1:
        return next(iter(seats.sides))
    return WHITE


def act(
    request: HtmxHttpRequest,
    game_id: uuid.UUID,
    form_class: type[forms.Form],
    action: Callable[..., Game],
    confirm: Confirmation | None = None,
    done: str = "",
) -> HttpResponse:
    """Runs a service for the asker's seats with the version the page was drawn at, then draws the game.
    An action that ends the game asks first (`confirm`), unless the request is the answer to the question.
    An action whose effect is not plain on the board says what it did (`done`, a key of NOTICES)."""
    game, seats = game_for(request, game_id)
    form = form_class(request.POST)
    if not form.is_valid():
        return draw(request, game, seats, _("The form was incomplete: please try again."), status=400)
    if confirm is not None and request.POST.get("confirmed") != "1":
        return draw(request, game, seats, confirm=confirm)
    try:
        game = action(form.cleaned_data, game_id=game.id, seats=seats, version=form.cleaned_data["version"])
    except services.PlayError as error:
        game.refresh_from_db()
        return draw(request, game, seats, error.message, status=error.status)
    if request.htmx:
        return draw(request, game, seats, notice=str(NOTICES.get(done, "")))
    if done:
        return redirect(reverse("game", args=[game.id]) + f"?done={done}")
    return redirect("game", game_id=game.id)


@require_POST
def game_move(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    return act(
        request,
        game_id,
        MoveForm,
        lambda data, **common: services.submit_move(text=data["move"], steps=data["steps"], **common),
    )


@require_POST
def game_bot(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Asks the bot again for a reply that never came."""
    return act(request, game_id, VersionForm, lambda data, **common: services.ask_bot_again(**common))


@require_POST
def game_resign(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    confirm = Confirmation(_("Resign this game?"), _("Yes, resign"), reverse("game_resign", args=[game_id]))
    return act(request, game_id, VersionForm, lambda data, **common: services.resign(**common), confirm)


@require_POST
def game_draw(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Offers, accepts or declines a draw; on one device, where offering is agreeing, it asks first."""
    answer = request.POST.get("answer")
    action = services.decline_draw if answer == "decline" else services.offer_draw
    game = Game.objects.filter(pk=game_id).only("mode").first()
    confirm = None
    if game is not None and game.mode == Game.Mode.HOTSEAT:
        url = reverse("game_draw", args=[game_id])
        confirm = Confirmation(_("Do both players agree to a draw?"), _("Yes, it is a draw"), url)
    return act(request, game_id, VersionForm, lambda data, **common: action(**common), confirm)


@require_POST
def game_abort(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    confirm = Confirmation(
        _("Abort this game? It will not count for either side."),
        _("Yes, abort"),
        reverse("game_abort", args=[game_id]),
    )
    return act(request, game_id, VersionForm, lambda data, **common: leaving.abort(**common), confirm)


@require_POST
def game_claim(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Claims the win or a draw from an online opponent who has gone away, once the claimer confirms."""
    outcome = request.POST.get("answer", "")
    url = reverse("game_claim", args=[game_id])
    questions = {
        leaving.WIN: Confirmation(
            _("Claim the win? The game ends now."), _("Yes, claim the win"), url, leaving.WIN
        ),
        leaving.DRAW: Confirmation(_("End the game as a draw?"), _("Yes, call it a draw"), url, leaving.DRAW),
    }
    now = timezone.now()
    return act(
        request,
        game_id,
        VersionForm,
        lambda data, **common: leaving.claim(outcome=outcome, now=now, **common),
        questions.get(outcome),
    )
