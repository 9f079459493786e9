"""Playing again, from a game's page: a rematch asked for, accepted or declined, and a takeback against a
bot. The services are `rematch.py` and `takeback.py`; the game is drawn again by `views/games.py`."""

import uuid

from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.requests import HtmxHttpRequest
from play import rematch, services, takeback
from play.forms import VersionForm
from play.seats import remember
from play.views.games import act, draw, game_for

ANSWERS = {"accept": rematch.accept_rematch, "decline": rematch.decline_rematch}


@require_POST
def game_rematch(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Asks for a rematch of a finished game, or answers the one offered (`answer`: accept or decline)."""
    game, seats = game_for(request, game_id)
    form = VersionForm(request.POST)
    answer = request.POST.get("answer", "")
    if not form.is_valid() or answer not in ("", *ANSWERS):
        return draw(request, game, seats, _("The form was incomplete: please try again."), status=400)
    version = form.cleaned_data["version"]
    try:
        if answer:
            result = ANSWERS[answer](game_id=game.id, seats=seats, version=version)
        else:
            result = rematch.rematch(game_id=game.id, seats=seats, version=version, user=request.user)
    except services.PlayError as error:
        game.refresh_from_db()
        return draw(request, game, seats, error.message, status=error.status)
    if result.pk != game.pk:
        remember(request, result, *rematch.seats_in_rematch(seats))
    return redirect("game", game_id=result.id)


@require_POST
def game_take_back(request: HtmxHttpRequest, game_id: uuid.UUID) -> HttpResponse:
    """Takes back the player's last move and the bot's reply."""
    return act(
        request, game_id, VersionForm, lambda data, **common: takeback.take_back(**common), done="taken-back"
    )
