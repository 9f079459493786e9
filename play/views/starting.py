"""Starting a game: the play page (the new game's form, with the person's latest games) and joining a friend's
game by its invitation link. Each gives the session the seats it takes (`seats.remember`), so that the game
is the starter's or the guest's on this device from its first page."""

import random

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from play import bot_quota, my_games, services
from play.forms import NEW_GAME_INITIAL, NewGameForm, blank_new_game_fields
from play.models import Game
from play.seats import remember, seats_for
from senterej.board.sides import Side
from senterej.engine.pieces import COLOURS


@require_http_methods(["GET", "HEAD", "POST"])
def play(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, initial=NEW_GAME_INITIAL)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            colour = form.cleaned_data["colour"]
            human = random.choice(COLOURS) if colour == "random" else Side(colour).colour
            mode = form.cleaned_data["mode"]
            try:
                if mode == Game.Mode.BOT and not bot_quota.allowed(request):
                    raise services.PlayError(bot_quota.refusal(), 429)
                game = services.start_game(
                    mode=mode,
                    human=human,
                    bot_level=form.cleaned_data["level"],
                    user=request.user,
                    clock=form.cleaned_data["clock"],
                    round_seconds=form.cleaned_data["round_timer"],
                )
            except services.PlayError as error:
                form.add_error(None, error.message)
                status = error.status
            else:
                remember(request, game, *(COLOURS if mode == Game.Mode.HOTSEAT else (human,)))
                return redirect("game", game_id=game.id)
        else:
            status = 400
    person = my_games.holder(request)
    games = [my_games.row(game, person.sides(game)) for game in my_games.games_of(person)]
    context = {"form": form, "games": games}
    if not form.is_bound:
        context["blank_fields"] = blank_new_game_fields()
    return render(request, "play/play.html", context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    game = Game.objects.filter(invite_code=code, mode=Game.Mode.ONLINE).first()
    if game is None:
        return _invitation_gone(request, used=False)
    if seats_for(request, game).sides:
        return redirect("game", game_id=game.id)  # the inviter opening their own link
    if game.joined:
        return _invitation_gone(request, used=True)
    if game.is_over:
        return _invitation_gone(request, used=True, withdrawn=True)  # aborted before anyone joined
    guest = game.guest_side
    if request.method == "POST":
        try:
            game = services.join(invite_code=code, user=request.user)
        except services.PlayError:
            return _invitation_gone(request, used=True)  # taken by someone else a moment before
        remember(request, game, guest)
        return redirect("game", game_id=game.id)
    return render(request, "play/join.html", {"game": game, "side": Side(game.guest_colour).label})


def _invitation_gone(request: HttpRequest, used: bool, withdrawn: bool = False) -> HttpResponse:
    """An invitation that was used or withdrawn (410 Gone) or never was (404), said in words with the ways
    on. Who took a used one is not said: anyone the link reached would learn who plays whom."""
    context = {"used": used, "withdrawn": withdrawn}
    return render(request, "play/join_gone.html", context, status=410 if used else 404)
