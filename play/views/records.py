"""A game's record: exported as text by one of its players, or imported from text to be looked through as an
analysis (an imported game, held by the importer's session alone). A watched game's record is exported by
`views/watching.py`."""

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from accounts import throttle
from accounts.requests import HtmxHttpRequest
from play import names, services
from play.forms import ImportForm
from play.seats import remember
from play.views.games import game_for
from senterej.engine import WHITE

#: Records a visitor (the account, or the session) may import in ten minutes, and an address (a whole school
#: may share one): each is replayed move by move by the engine, and a person imports a few games at a time.
IMPORTS_PER_VISITOR = throttle.Rate(count=20, seconds=10 * 60)
IMPORTS_PER_ADDRESS = throttle.Rate(count=400, seconds=10 * 60)


@require_safe
def game_export(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    game, seats = game_for(request, game_id)
    text = services.export_record(game, names.record_names(game, names.imported_names(request.session, game)))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="senterej-{game.created:%Y%m%d}-{str(game.id)[:8]}.txt"'
    )
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                if not _may_import(request):
                    raise services.PlayError(_import_refusal(), 429)
                game, tags = services.import_record(text=form.cleaned_data["record"])
            except services.PlayError as error:
                form.add_error("record", error.message)
                status = error.status
            else:
                remember(request, game, WHITE)
                names.keep_imported_names(request.session, game, tags)
                return redirect("game", game_id=game.id)
        else:
            status = 400
    return render(request, "play/import.html", {"form": form}, status=status)


def _may_import(request: HttpRequest) -> bool:
    """Counts one record to import from the request's visitor (a form refused before any work is not
    counted); False past either limit."""
    return throttle.allow_visitor(
        "game-import", request, per_address=IMPORTS_PER_ADDRESS, per_visitor=IMPORTS_PER_VISITOR
    )


def _import_refusal() -> str:
    minutes = IMPORTS_PER_VISITOR.minutes
    return ngettext(
        "You have imported many games in a short time, so this one was not imported. Try again in a minute.",
        "You have imported many games in a short time, so this one was not imported. "
        "Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}
