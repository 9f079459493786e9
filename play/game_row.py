"""A game read by its key with its players' accounts, in one statement of SQL: every page and action of a
game reads it, and built by the ORM the query took longer than the database to answer it, and the
opponent's account took a query of its own (names.read_accounts finds both accounts already read)."""

import uuid

from django.contrib.auth.models import User
from django.db import connection

from play import db_rows
from play.models import Game

GAME_FIELDS = list(Game._meta.concrete_fields)
USER_FIELDS = list(User._meta.concrete_fields)
GAME_NAMES = [field.attname for field in GAME_FIELDS]
USER_NAMES = [field.attname for field in USER_FIELDS]
SEATS = ("white_user", "black_user")


def read_game(game_id: uuid.UUID) -> Game | None:
    """The game of this key, whole, with the accounts of its seats (None if there is no such game)."""
    key = Game._meta.pk
    assert key is not None
    quote = connection.ops.quote_name
    users = quote(User._meta.db_table)
    statement = (
        f"SELECT {db_rows.picked('g', GAME_FIELDS)}, {db_rows.picked('w', USER_FIELDS)},"
        f" {db_rows.picked('b', USER_FIELDS)} FROM {quote(Game._meta.db_table)} g"
        f' LEFT JOIN {users} w ON w."id" = g."white_user_id"'
        f' LEFT JOIN {users} b ON b."id" = g."black_user_id"'
        ' WHERE g."id" = %s'
    )
    with connection.cursor() as cursor:
        cursor.execute(statement, [key.get_db_prep_value(game_id, connection)])
        row = cursor.fetchone()
    if row is None:
        return None
    game = Game.from_db(
        Game.objects.db, GAME_NAMES, db_rows.converter(GAME_FIELDS, "g")(row[: len(GAME_FIELDS)])
    )
    convert_user = db_rows.converter(USER_FIELDS, "w")
    for number, seat in enumerate(SEATS):
        start = len(GAME_FIELDS) + number * len(USER_FIELDS)
        values = convert_user(row[start : start + len(USER_FIELDS)])
        if values[0] is not None:
            setattr(game, seat, User.from_db(User.objects.db, USER_NAMES, values))
    return game
