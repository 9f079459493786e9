"""The players' names, as a game's record and its pages give them: an account by its username, a bot by its
level, a guest without an account, the player on one device without one; an imported game keeps the names
its record gave. Usernames, not full names: a username is the name a person chose to be seen by on the site,
while a full name is private (an online opponent may be anyone who had the invitation link)."""

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext as _

from play.game_words import LEVEL_NAMES
from play.models import Game
from play.services import Seats
from senterej.board.sides import Side
from senterej.engine import WHITE
from senterej.engine.pieces import COLOURS

#: The names of imported games, by game, as their records gave them: {game id: {"white": …, "black": …}}.
SESSION_IMPORTED = "imported_names"
#: A seat nobody has taken yet, as records write an unknown name.
UNKNOWN = "?"
#: The longest name an imported record keeps.
NAME_LENGTH = 100


def bot_name(level: str) -> str:
    return _("%(level)s (bot)") % {"level": LEVEL_NAMES[level]}


def record_name(game: Game, side: int, imported: dict[str, str] | None = None) -> str:
    """A seat's player as the record names them, whoever is asking."""
    if game.mode == Game.Mode.IMPORTED:
        return (imported or {}).get(Side.of(side).value, UNKNOWN)
    if game.mode == Game.Mode.BOT and game.bot_side == side:
        return bot_name(game.bot_level)
    user = game.white_user if side == WHITE else game.black_user
    if user is not None:
        return user.get_username()
    if game.mode == Game.Mode.HOTSEAT:
        return _("Player on this device")
    if game.mode == Game.Mode.ONLINE and not game.joined and side == game.guest_side:
        return UNKNOWN
    return _("Guest")


def read_accounts(game: Game, asker: User | AnonymousUser) -> None:
    """The seats' accounts read before their names are: the asker's own seat is the request's account, and
    the others' are read in one query (none when the asker holds every seat that has one)."""
    others: dict[int, list[str]] = {}
    for seat, descriptor in (("white_user", Game.white_user), ("black_user", Game.black_user)):
        user_id = getattr(game, f"{seat}_id")
        if user_id is None or descriptor.is_cached(game):
            continue
        if isinstance(asker, User) and asker.pk == user_id:
            setattr(game, seat, asker)
        else:
            others.setdefault(user_id, []).append(seat)
    if others:
        for user in User.objects.filter(pk__in=others):
            for seat in others[user.pk]:
                setattr(game, seat, user)


def record_names(game: Game, imported: dict[str, str] | None = None) -> dict[str, str]:
    """Both seats' names for the record's White and Black tags."""
    return {Side.of(side).value: record_name(game, side, imported) for side in COLOURS}


def seat_names(game: Game, seats: Seats, imported: dict[str, str] | None = None) -> dict[str, str]:
    """Both seats' names on the game's page: the asker's own seat says so, a seat still free says who is
    awaited."""
    names = {}
    for side in COLOURS:
        name = record_name(game, side, imported)
        if game.mode == Game.Mode.ONLINE and name == UNKNOWN:
            if game.is_over:
                name = _("Nobody joined")
            else:
                name = _("Waiting for your friend") if seats.sides else _("Waiting for an opponent")
        elif side in seats and game.mode in (Game.Mode.ONLINE, Game.Mode.BOT):
            name = _("%(name)s (you)") % {"name": name}
        names[Side.of(side).value] = name
    return names


def imported_names(session: SessionBase, game: Game) -> dict[str, str] | None:
    """The names an imported game's record gave, kept with the seat that imported it."""
    kept: dict[str, dict[str, str]] = session.get(SESSION_IMPORTED, {})
    return kept.get(str(game.id))


def keep_imported_names(session: SessionBase, game: Game, tags: dict[str, str]) -> None:
    kept: dict[str, dict[str, str]] = session.get(SESSION_IMPORTED, {})
    record = {Side.WHITE: tags.get("White", ""), Side.BLACK: tags.get("Black", "")}
    kept[str(game.id)] = {side.value: record[side][:NAME_LENGTH] or UNKNOWN for side in Side}
    session[SESSION_IMPORTED] = kept
