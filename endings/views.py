"""The endings' pages: the list with each one's stars, an ending's page with its goal and lesson, and its
start, which opens a game against the engine on play's game page."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from endings import progress
from endings.catalogue import BY_SLUG, ENDINGS, Ending
from endings.goals import MOST_STARS
from endings.goals import stars_shown as _stars
from play.services import PlayError
from senterej.engine import Position


def _ending(slug: str) -> Ending:
    ending = BY_SLUG.get(slug)
    if ending is None:
        raise Http404(_("There is no such ending."))
    return ending


@require_safe
def ending_list(request: HttpRequest) -> HttpResponse:
    records = progress.records(request)
    rows = [(ending, records.get(ending.slug, progress.Record())) for ending in ENDINGS]
    context = {
        "rows": [(ending, record, _stars(record.stars)) for ending, record in rows],
        "stars": sum(record.stars for _, record in rows),
        "most": MOST_STARS * len(ENDINGS),
    }
    return render(request, "endings/list.html", context)


@require_safe
def ending_page(request: HttpRequest, slug: str) -> HttpResponse:
    ending = _ending(slug)
    record = progress.records(request).get(slug, progress.Record())
    context = {
        "ending": ending,
        "record": record,
        "stars": _stars(record.stars),
        "position": Position.from_fen(ending.fen),
    }
    return render(request, "endings/ending.html", context)


@require_POST
def ending_start(request: HttpRequest, slug: str) -> HttpResponse:
    ending = _ending(slug)
    try:
        game = progress.start(request, ending)
    except PlayError as error:  # only if the catalogue held a position the engine refuses
        return HttpResponse(error.message, status=error.status)
    return redirect("game", game_id=game.id)
