"""Rows that a statement of SQL written out reads, made what the ORM makes of them: each field's value
converted as the ORM's compiler converts it (a key a UUID, a flag a bool, a time aware, a JSON field decoded,
on SQLite), for the model's instance to be made from them (Model.from_db). Both are made once per process
and kind of database, as the ORM's compiler would make them again for each query."""

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Field


def picked(alias: str, fields: Sequence[Field[Any, Any]]) -> str:
    """The fields' columns of the table under `alias`, for a statement's SELECT."""
    return _picked(alias, tuple(fields), connection.vendor)


@cache
def _picked(alias: str, fields: tuple[Field[Any, Any], ...], vendor: str) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(field.column)}" for field in fields)


def converter(fields: Sequence[Field[Any, Any]], alias: str) -> Callable[[Sequence[Any]], list[Any]]:
    """What makes the fields' values as the database gives them the ORM's: the converters the ORM's compiler
    applies to each field, each given the connection of the moment."""
    return _converter(tuple(fields), alias, connection.vendor)


@cache
def _converter(
    fields: tuple[Field[Any, Any], ...], alias: str, vendor: str
) -> Callable[[Sequence[Any]], list[Any]]:
    found = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            found.append((index, column, converters))

    def convert(values: Sequence[Any]) -> list[Any]:
        converted = list(values)
        for index, column, converters in found:
            for converter in converters:
                converted[index] = converter(converted[index], column, connection)
        return converted

    return convert
