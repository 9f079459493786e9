"""Reads of one player's rows that a page asks for on every visit, each written as a query set and built into
SQL by the ORM once, then run on a cursor with the player's id put in: building a query costs the ORM ten
to a hundred times what the database takes to run one that reads a few rows by an index, and the dashboard
asks for seven of them.

A read is a function of the player's id and of other arguments (a window, a page's bounds) that answers a
query set of `values_list`. It is called once for each database vendor and each set of the other arguments,
with an id no account has in place of the player's; the parameters of its statement that are that id are the
player's, the rest are kept. Its rows come as `values_list` gives them: tuples of the values in its order,
each made as the ORM makes it (the converters of each column: a time made aware on SQLite, a boolean from
SQLite's 0 and 1). Only a plain `values_list` query can be prepared so: no `flat`, no `named`."""

from collections.abc import Callable, Hashable
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.db.models.query import ValuesListIterable

#: The player's id while a read is built: no account has it, so a parameter equal to it is the player's. It
#: is within the range of a 32-bit key, or the ORM would know that no row can match it and build no statement.
SOMEONE = -1_987_654_321

#: Statements kept for each read; past it they are built afresh (a read whose other arguments are a page
#: number, asked by hand, could otherwise keep one for every page anyone asked).
KEPT = 64

_Converters = list[tuple[int, list[Callable[..., Any]], Any]]


class _Statement:
    def __init__(self, query_set: QuerySet[Any, Any]) -> None:
        if query_set._iterable_class is not ValuesListIterable:
            raise ValueError("a prepared read is a plain values_list")
        query = query_set.query
        compiler = query.get_compiler(using=query_set.db)
        sql, params = compiler.as_sql()
        self.sql = sql
        self.params = list(params)
        self.places = [place for place, value in enumerate(self.params) if value == SOMEONE]
        if not self.places:
            raise ValueError("a prepared read must be of one player's rows")
        # The columns as ValuesListIterable reads them: the compiler selects them in the order named.
        columns = [column for column, _, _ in compiler.select[: compiler.col_count]]
        self.width = compiler.col_count
        self.converters: _Converters = [
            (place, functions, expression)
            for place, (functions, expression) in compiler.get_converters(columns).items()
        ]

    def run(self, player: int) -> list[tuple[Any, ...]]:
        """The rows as the database gives them, in the read's order."""
        params = list(self.params)
        for place in self.places:
            params[place] = player
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows: list[tuple[Any, ...]] = cursor.fetchall()
        if rows and len(rows[0]) > self.width:
            return [row[: self.width] for row in rows]
        return rows

    def convert(self, row: tuple[Any, ...]) -> tuple[Any, ...]:
        """A row as the ORM makes it from what the database gives."""
        if not self.converters:
            return row
        values = list(row)
        for place, functions, expression in self.converters:
            value = values[place]
            for function in functions:
                value = function(value, expression, connection)
            values[place] = value
        return tuple(values)


class Prepared:
    """A read of one player's rows, built once for each vendor and each set of its other arguments."""

    def __init__(self, build: Callable[..., QuerySet[Any, Any]]) -> None:
        self.build = build
        self.statements: dict[tuple[str, tuple[Hashable, ...]], _Statement] = {}

    def __call__(self, player: int, *arguments: Hashable) -> list[tuple[Any, ...]]:
        """The player's rows, each made as the ORM makes it."""
        statement = self._statement(arguments)
        rows = statement.run(player)
        return [statement.convert(row) for row in rows] if statement.converters else rows

    def unconverted(
        self, player: int, *arguments: Hashable
    ) -> tuple[list[tuple[Any, ...]], Callable[[tuple[Any, ...]], tuple[Any, ...]]]:
        """The player's rows as the database gives them, and what makes a row as the ORM makes it: for a
        read of many rows of which few are used whole (a time made aware costs more than reading it)."""
        statement = self._statement(arguments)
        return statement.run(player), statement.convert

    def _statement(self, arguments: tuple[Hashable, ...]) -> _Statement:
        key = (connection.vendor, arguments)
        statement = self.statements.get(key)
        if statement is None:
            if len(self.statements) >= KEPT:
                self.statements.clear()
            statement = self.statements[key] = _Statement(self.build(SOMEONE, *arguments))
        return statement


def prepared(build: Callable[..., QuerySet[Any, Any]]) -> Prepared:
    """`build` (the player's id, then the other arguments) as a prepared read: a decorator."""
    return Prepared(build)
