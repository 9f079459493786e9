"""Which seats of a game a person holds: those whose tokens their session keeps (given when they started,
joined or imported the game), and those of their account. Starting, joining, importing, rematches, endings
and the analysis board all give seats, and every game page reads them, so the rule lives here once. On
log-in (and so on sign-up, which logs the new account in) the session's seats go to the account, as course
progress does."""

from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.http import HttpRequest

from play.models import Game
from play.services import Seats
from senterej.engine import BLACK, WHITE
from senterej.engine.pieces import COLOURS

#: The session's seats: {game id: [the seat tokens it holds]}.
SESSION_SEATS = "seats"


def session_tokens(session: SessionBase) -> dict[str, list[str]]:
    tokens: dict[str, list[str]] = session.get(SESSION_SEATS, {})
    return tokens


def remember(request: HttpRequest, game: Game, *sides: int) -> None:
    """The session holds these sides' seats of the game from now on, besides those it held."""
    seats = session_tokens(request.session)
    seats[str(game.id)] = sorted(set(seats.get(str(game.id), [])) | {_token(game, side) for side in sides})
    request.session[SESSION_SEATS] = seats


def _token(game: Game, side: int) -> str:
    return game.white_token if side == WHITE else game.black_token


def seats_for(request: HttpRequest, game: Game) -> Seats:
    """The sides the asker holds: by the seat's token in their session, or by being the seat's user."""
    tokens = set(session_tokens(request.session).get(str(game.id), []))
    user_id = request.user.id if request.user.is_authenticated else None
    sides = set()
    for side, token, seat_user in (
        (WHITE, game.white_token, game.white_user_id),
        (BLACK, game.black_token, game.black_user_id),
    ):
        if token in tokens or (user_id is not None and seat_user == user_id):
            sides.add(side)
    if game.mode == Game.Mode.BOT:
        sides.discard(game.bot_side)
    return Seats(frozenset(sides))


def owns_import(request: HttpRequest, game: Game) -> bool:
    """Whether the asker imported this game: importing gives the session the game's White token."""
    return game.white_token in session_tokens(request.session).get(str(game.id), [])


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
