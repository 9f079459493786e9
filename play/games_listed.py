"""A page of a person's games as My games and the play page list them, read by one statement of SQL: the
page's keys, newest first, and the page's games with their players' usernames. Built by the ORM, the union of
the seats and the read of the page's games cost several times what the database took to answer them, on
every page of the list.

Each way a person holds a seat is one part of a union: White's seat and Black's by the account (each read
along its index by user, newest first, so that the database stops at the page's end: the first page costs the
same at ten games and at ten thousand), and by the session's tokens among the session's own games (looked for
by their keys: the tokens have no index, and by them alone every game on the site is read). A game held twice
(both seats on one device, or a seat by the account and by the session) is one row of the union. Only what
the list says of a game is read, never its moves, the one field that grows with a game."""

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import connection

from play import db_rows
from play.models import Game

WIN, LOSS, DRAW = "win", "loss", "draw"
#: What the list reads of each game, in the model's order of its fields (Model.from_db's): what its row
#: says, and the seats' tokens and accounts, by which the person's own seats are known.
_READ = [
    field
    for field in Game._meta.concrete_fields
    if field.name
    in {
        "id",
        "mode",
        "status",
        "result",
        "bot_level",
        "bot_colour",
        "white_user",
        "black_user",
        "white_token",
        "black_token",
        "guest_colour",
        "joined",
        "created",
    }
]
FIELDS = tuple(field.attname for field in _READ)
SIDES = ("white", "black")
#: The result by which a side wins, by the side's name.
WON_BY = {"white": "1-0", "black": "0-1"}
OTHER = {"white": "black", "black": "white"}
#: A condition of SQL with its parameters.
Condition = tuple[str, list[Any]]


@dataclass(frozen=True)
class Seats:
    """Whose seats are looked for: an account's (its id, or None), and the session's games (their keys as
    the database stores them) with the tokens of the seats it holds in them."""

    user_id: int | None
    games: tuple[Any, ...]
    tokens: tuple[str, ...]

    def held(self, side: str, negated: bool = False) -> list[Condition]:
        """The conditions under which the person holds a game's `side` seat, one for each way of holding it:
        by the account, by the session. To be `negated`, an empty seat's user (NULL) is not compared, which
        would make the condition unknown rather than false."""
        found: list[Condition] = []
        if self.user_id is not None:
            user = f'g."{side}_user_id" = %s'
            user = f'(g."{side}_user_id" IS NOT NULL AND {user})' if negated else user
            found.append((user, [self.user_id]))
        if self.games and self.tokens:
            games, tokens = ", ".join(["%s"] * len(self.games)), ", ".join(["%s"] * len(self.tokens))
            condition = f'(g."id" IN ({games}) AND g."{side}_token" IN ({tokens}))'
            found.append((condition, [*self.games, *self.tokens]))
        return found

    def not_held(self, side: str) -> Condition:
        """The condition that the person holds no `side` seat (blank when they have no way to hold one)."""
        found = self.held(side, negated=True)
        if not found:
            return "", []
        return (
            f" AND NOT ({' OR '.join(condition for condition, _ in found)})",
            [param for _, params in found for param in params],
        )


def seats(user: User | None, games: Iterable[str], tokens: Iterable[str]) -> Seats:
    key = Game._meta.pk
    assert key is not None
    return Seats(
        None if user is None else user.pk,
        tuple(key.get_db_prep_value(uuid.UUID(game), connection) for game in sorted(games)),
        tuple(sorted(tokens)),
    )


def read(person: Seats, state: str, opponent: str, result: str, start: int, stop: int) -> list[Game]:
    """The person's games from `start` to `stop`, the latest first (games changed at the same moment in the
    order of their keys, so that none is shown twice over two pages), filtered: by whether they are over
    ("ongoing", "finished"), by the mode of the game, by the result (a draw, or for the person WIN or LOSS,
    counted only in a game where they held one side)."""
    filters, filter_params = ' AND g."mode" <> %s', [str(Game.Mode.IMPORTED)]
    if state == "ongoing":
        filters += ' AND g."status" = %s'
        filter_params.append(str(Game.Status.ONGOING))
    elif state == "finished":
        filters += ' AND g."status" <> %s'
        filter_params.append(str(Game.Status.ONGOING))
    if opponent:
        filters += ' AND g."mode" = %s'
        filter_params.append(opponent)
    if result == DRAW:
        filters += ' AND g."result" = %s'
        filter_params.append("1/2-1/2")
    table, parts, params = _table(Game), [], []
    for side in SIDES:
        outcome, outcome_params = "", []
        if result in (WIN, LOSS):
            # Held here, the game counts if the other seat is not the person's too, and that side lost.
            other, other_params = person.not_held(OTHER[side])
            outcome = f' AND g."result" = %s{other}'
            outcome_params = [WON_BY[side if result == WIN else OTHER[side]], *other_params]
        for condition, condition_params in person.held(side):
            parts.append(f'SELECT g."id", g."updated" FROM {table} g WHERE {condition}{filters}{outcome}')
            params += [*condition_params, *filter_params, *outcome_params]
    if not parts:
        return []
    statement = (
        f'SELECT {db_rows.picked("g", _READ)}, w."username", b."username"'
        f" FROM ({' UNION '.join(parts)} ORDER BY 2 DESC, 1 LIMIT %s OFFSET %s) k"
        f' JOIN {table} g ON g."id" = k."id"'
        f' LEFT JOIN {_table(User)} w ON w."id" = g."white_user_id"'
        f' LEFT JOIN {_table(User)} b ON b."id" = g."black_user_id"'
        ' ORDER BY k."updated" DESC, k."id"'
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [*params, stop - start, start])
        rows = cursor.fetchall()
    convert, users = db_rows.converter(_READ, "g"), dict[int, User]()
    return [_game(convert(row[: len(FIELDS)]), row[len(FIELDS) :], users) for row in rows]


def _table(model: type[Game] | type[User]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _game(values: list[Any], usernames: tuple[str | None, ...], users: dict[int, User]) -> Game:
    """A game of FIELDS' values, its players' accounts holding their ids and usernames, each account made
    once a page (`users`, by id): the person's own is in every game."""
    game = Game.from_db(Game.objects.db, FIELDS, values)
    for side, username in zip(SIDES, usernames, strict=True):
        user_id = getattr(game, f"{side}_user_id")
        if user_id is not None:
            user = users.get(user_id)
            if user is None:
                user = users[user_id] = User.from_db(User.objects.db, ["id", "username"], [user_id, username])
            setattr(game, f"{side}_user", user)
    return game
