"""Playing again and watching: a rematch asked, accepted or declined, a takeback against a bot, and the
read-only pages of a watched game (the page, its polling fragment, its record)."""

import uuid

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from play import again, clocks, names, services, views, watching
from play.forms import VersionForm

ANSWERS = {"accept": again.accept_rematch, "decline": again.decline_rematch}


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Asks for a rematch of a finished game, or answers the one offered (`answer`: accept or decline)."""
    game, seats = views.game_for(request, game_id)
    form = VersionForm(request.POST)
    answer = request.POST.get("answer", "")
    if not form.is_valid() or answer not in ("", *ANSWERS):
        return views.draw(request, game, seats, _("The form was incomplete: please try again."), status=400)
    version = form.cleaned_data["version"]
    try:
        if answer:
            result = ANSWERS[answer](game_id=game.id, seats=seats, version=version)
        else:
            result = again.rematch(game_id=game.id, seats=seats, version=version, user=request.user)
    except services.PlayError as error:
        game.refresh_from_db()
        return views.draw(request, game, seats, error.message, status=error.status)
    if result.pk != game.pk:
        views.remember(request, result, *again.seats_in_rematch(seats))
    return redirect("game", game_id=result.id)


@require_POST
def game_take_back(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Takes back the player's last move and the bot's reply."""
    return views.act(
        request, game_id, VersionForm, lambda data, **common: again.take_back(**common), done="taken-back"
    )


def _unwatched(request: HtmxHttpRequest, error: services.PlayError) -> HttpResponse:
    return render(request, "play/unwatched.html", {"message": error.message}, status=error.status)


@require_safe
def watch(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The game as a spectator sees it: no seat, no move form, no actions; it polls while the game goes on."""
    try:
        game = watching.watched(code)
    except services.PlayError as error:
        return _unwatched(request, error)
    now = timezone.now()
    if clocks.overdue(game, now):
        game = services.settle(game_id=game.id, now=now) or game
    since = request.GET.get("since")
    if request.htmx and since is not None and since == str(game.version):
        return HttpResponse(status=204)  # polling: nothing new
    context = views.game_context(request, game, services.Seats(frozenset()))
    context.update(
        chosen=watching.chosen(game) if context["latest"] else [],
        polls=not game.is_over,
        bot_late=False,
    )
    template = "play/watch.html#watched" if request.htmx else "play/watch.html"
    return render(request, template, context)


@require_safe
def watch_export(request: HtmxHttpRequest, code: str) -> HttpResponse:
    try:
        game = watching.watched(code)
    except services.PlayError as error:
        return _unwatched(request, error)
    text = services.export_record(game, names.record_names(game))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="senterej-{game.created:%Y%m%d}-{str(game.id)[:8]}.txt"'
    )
    return response
