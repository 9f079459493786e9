"""Watching a game by its read-only link: the page as a spectator sees it (no seat, no move form, no
actions), its polling fragment, and its record. What a spectator may learn is `play/watching.py`'s."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_safe

from accounts.requests import HtmxHttpRequest
from play import clocks, names, services, watching
from play.views.games import game_context


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
    context = game_context(request, game, services.Seats(frozenset()))
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
