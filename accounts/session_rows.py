"""Sessions kept in the database, as Django keeps them, but read by a statement built once: every signed-in
request reads its session, and building that one query took the ORM several times what the database took
to answer it. Writing, expiring and deleting a session are Django's own.

A cache in front of the table (Django's `cached_db`) would need one that every process shares: with a cache
in each process's memory, a session changed in one process would still be read as it was in another."""

from datetime import datetime
from functools import cache

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import DEFAULT_DB_ALIAS, connections, router
from django.utils import timezone


@cache
def _statement(alias: str) -> str:
    """The SQL that reads a session's data by its key while it has not expired, on the database `alias`; its
    parameters are the key and the present moment as the database takes it."""
    quote = connections[alias].ops.quote_name
    table, data, key, expiry = (
        quote(name) for name in (Session._meta.db_table, "session_data", "session_key", "expire_date")
    )
    return f"SELECT {data} FROM {table} WHERE {key} = %s AND {expiry} > %s"


class SessionStore(DatabaseSessionStore):
    def load(self) -> dict[str, object]:
        """The session's data, or nothing for a key that is unknown, expired or not a key at all (which
        then gives way to a new session, as Django's own store does)."""
        if self.session_key is None:
            return {}
        alias = router.db_for_read(Session) or DEFAULT_DB_ALIAS
        connection = connections[alias]
        now: datetime | str | None = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_statement(alias), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(row[0])
