"""The ending's panel on its game's page (registered with play's panels in the app config): the goal, the
lesson and, once settled, the verdict against the goal, the moves used and the stars."""

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from endings import progress
from endings.catalogue import BY_SLUG
from endings.goals import stars_shown as stars
from endings.models import EndingTry
from play.models import Game
from play.services import Seats


def ending_panel(request: HttpRequest, game: Game, seats: Seats) -> SafeString | str:
    if game.mode != Game.Mode.BOT:
        return ""
    attempt = EndingTry.objects.filter(game=game).first()
    ending = BY_SLUG.get(attempt.slug) if attempt is not None else None
    if attempt is None or ending is None:
        return ""
    judged = progress.verdict(ending, game)
    if ending.learner in seats:
        progress.settle(request, attempt, judged)
    context = {"ending": ending, "verdict": judged, "stars_shown": stars(judged.stars)}
    return render_to_string("endings/panel.html", context, request=request)


def is_ending_game(game: Game) -> bool:
    """An ending's game is practice: its moves count towards the stars, so none is taken back."""
    return game.mode == Game.Mode.BOT and EndingTry.objects.filter(game=game).exists()
