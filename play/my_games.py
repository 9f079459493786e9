"""My games: the games a person plays, on every device. An account's games are those whose seats it holds,
with those its session holds; a visitor's are those of their session. On log-in (and so on sign-up, which logs
the new account in) the session's seats go to the account, as course progress does."""

from dataclasses import dataclass

from django import forms
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

from accounts import way_back
from play import names
from play.models import Game
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE
from senterej.engine.pieces import COLOURS

#: The session's seats: {game id: [the seat tokens it holds]}.
SESSION_SEATS = "seats"
GAMES_PAGE = 20
#: How many of a person's latest games the play page lists.
LATEST = 5
WIN, LOSS, DRAW = "win", "loss", "draw"


#: A filter's value that is none of its choices (a tampered address), in the site's own words.
NOT_A_CHOICE = {"invalid_choice": gettext_lazy("Choose one of the options in the list.")}


class GamesFilter(forms.Form):
    """The page's filters, all by GET parameters: a blank one filters nothing."""

    state = forms.ChoiceField(
        label=gettext_lazy("Games"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("All")),
            ("ongoing", gettext_lazy("Ongoing")),
            ("finished", gettext_lazy("Finished")),
        ],
    )
    opponent = forms.ChoiceField(
        label=gettext_lazy("Opponent"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("Any")),
            (Game.Mode.BOT, gettext_lazy("Bot")),
            (Game.Mode.ONLINE, gettext_lazy("Friend online")),
            (Game.Mode.HOTSEAT, gettext_lazy("Friend on this device")),
        ],
    )
    result = forms.ChoiceField(
        label=gettext_lazy("Result"),
        required=False,
        error_messages=NOT_A_CHOICE,
        choices=[
            ("", gettext_lazy("Any")),
            (WIN, gettext_lazy("Won")),
            (LOSS, gettext_lazy("Lost")),
            (DRAW, gettext_lazy("Drawn")),
        ],
    )


def session_tokens(session: SessionBase) -> dict[str, list[str]]:
    tokens: dict[str, list[str]] = session.get(SESSION_SEATS, {})
    return tokens


@dataclass(frozen=True)
class Holder:
    """Who asks for their games: an account (or nobody) and the seat tokens of their session."""

    user: User | None
    tokens: frozenset[str]

    def seat(self, side: int) -> Q:
        """The games in which this person holds the side's seat."""
        field = "white" if side == WHITE else "black"
        held = Q(**{f"{field}_token__in": self.tokens})
        if self.user is not None:
            held |= Q(**{f"{field}_user": self.user})
        return held

    def sides(self, game: Game) -> frozenset[int]:
        held = set()
        for side, token, user_id in (
            (WHITE, game.white_token, game.white_user_id),
            (BLACK, game.black_token, game.black_user_id),
        ):
            if token in self.tokens or (self.user is not None and user_id == self.user.pk):
                held.add(side)
        return frozenset(held)


def holder(request: HttpRequest) -> Holder:
    tokens = frozenset(token for held in session_tokens(request.session).values() for token in held)
    return Holder(request.user if isinstance(request.user, User) else None, tokens)


def games_of(person: Holder, state: str = "", opponent: str = "", result: str = "") -> QuerySet[Game]:
    """A person's played games, the latest first, filtered: by whether they are over, by the kind of
    opponent, by the result for the person (won or lost only in a game where they held one side)."""
    white, black = person.seat(WHITE), person.seat(BLACK)
    games = Game.objects.filter(white | black).exclude(mode=Game.Mode.IMPORTED)
    if state == "ongoing":
        games = games.filter(status=Game.Status.ONGOING)
    elif state == "finished":
        games = games.exclude(status=Game.Status.ONGOING)
    if opponent:
        games = games.filter(mode=opponent)
    if result == DRAW:
        games = games.filter(result="1/2-1/2")
    elif result in (WIN, LOSS):
        white_won, black_won = Q(result="1-0"), Q(result="0-1")
        as_white, as_black = white & ~black, black & ~white
        if result == WIN:
            games = games.filter((as_white & white_won) | (as_black & black_won))
        else:
            games = games.filter((as_white & black_won) | (as_black & white_won))
    return games.select_related("white_user", "black_user").order_by("-updated")


@dataclass(frozen=True)
class Row:
    """A game as My games lists it."""

    game: Game
    side: str
    opponent: str
    outcome: str
    ending: str


def row(game: Game, sides: frozenset[int]) -> Row:
    if len(sides) == 1:
        mine = next(iter(sides))
        side = str(Side.of(mine).label)
        opponent = names.record_name(game, mine ^ 1)
        if game.mode == Game.Mode.ONLINE and opponent == names.UNKNOWN:
            opponent = _("nobody yet (the invitation is open)")
    else:
        mine = None
        side = _("both sides")
        opponent = _("a friend on this device")
    return Row(game, side, opponent, _outcome(game, mine), _ending(game))


def _outcome(game: Game, mine: int | None) -> str:
    """The result in words, for the person when they held one side."""
    if not game.is_over:
        return _("In play")
    if game.result == "1/2-1/2":
        return _("Draw")
    if game.result not in ("1-0", "0-1"):
        return _("No result")
    winner = WHITE if game.result == "1-0" else BLACK
    if mine is None:
        return _("White won") if winner == WHITE else _("Black won")
    return _("Win") if winner == mine else _("Loss")


def _ending(game: Game) -> str:
    return "" if not game.is_over else str(game.get_status_display())


@require_safe
def my_games(request: HttpRequest) -> HttpResponse:
    form = GamesFilter(request.GET)
    person = holder(request)
    if form.is_valid():
        games = games_of(person, **form.cleaned_data)
        status = 200
    else:
        games, status = games_of(person), 400
    page = Paginator(games, GAMES_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "rows": [row(game, person.sides(game)) for game in page],
        "filtered": any(request.GET.get(name) for name in form.fields),
        "query": query.urlencode(),
        "way_in": _way_in(request),
    }
    return render(request, "play/my_games.html", context, status=status)


def _way_in(request: HttpRequest) -> dict[str, str]:
    """The sign-up and log-in addresses, each leading back to this page."""
    query = f"?{urlencode({'next': way_back.from_here(request)})}"
    return {"login": reverse("login") + query, "signup": reverse("signup") + query}


def move_games_on_log_in(sender: type, request: HttpRequest | None, user: User, **kwargs: object) -> None:
    """The games played before signing up or logging in join the account."""
    if request is not None and hasattr(request, "session"):
        give_seats(user, session_tokens(request.session))


def give_seats(user: User, seats: dict[str, list[str]]) -> None:
    """Each seat held by a token gets the user, where it has none yet: never a bot's seat (it has no token a
    session holds), and never both seats of an online game unless both tokens were held."""
    with transaction.atomic():
        for game in Game.objects.select_for_update().filter(pk__in=list(seats)):
            held = set(seats[str(game.id)])
            tokens = {WHITE: game.white_token, BLACK: game.black_token}
            changed = []
            for side in COLOURS:
                if tokens[side] not in held or _seat_user(game, side) is not None or side == game.bot_side:
                    continue
                other = side ^ 1
                unheld_other = _seat_user(game, other) == user.pk and tokens[other] not in held
                if game.mode == Game.Mode.ONLINE and unheld_other:
                    continue
                game.set_user(side, user)
                changed.append("white_user" if side == WHITE else "black_user")
            if changed:
                game.save(update_fields=changed)


def _seat_user(game: Game, side: int) -> int | None:
    return game.white_user_id if side == WHITE else game.black_user_id
