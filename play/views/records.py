"""A game's record: exported as text by one of its players, or imported from text to be looked through as an
analysis (an imported game, held by the importer's session alone). A watched game's record is exported by
`views/watching.py`."""

import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from accounts.requests import HtmxHttpRequest
from play import names, services
from play.forms import ImportForm
from play.seats import remember
from play.views.games import game_for
from senterej.engine import WHITE


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
