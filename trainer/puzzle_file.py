"""The puzzles' file: the fixture's JSON Lines format, written by an export and read by an import. An
import checks every line before it writes any (its format, a legal position, the engine's proof, a position
not in the pool yet), so that a file is taken whole or not at all; each puzzle it writes is recorded on the
puzzle (`trainer.puzzle_history`)."""

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils.translation import gettext as _

from senterej.engine import Position
from trainer import refutations
from trainer.models import Puzzle, PuzzleChange, check_rating
from trainer.puzzle_edits import ANSWERED_FIELDS, Progress
from trainer.puzzle_history import Curator, differences, record, values
from trainer.puzzle_proofs import validate

FIXTURE_MODEL = "trainer.puzzle"
#: A puzzle's fields in the fixture, in the order written.
FIXTURE_FIELDS = ("fen", "moves", "themes", "rating", "source", "rounds")
#: Fields the fixture may carry that an import leaves alone: the puzzle generator writes a creation date,
#: and an imported puzzle's date is that of its import (kept in its change record); the engine's answers
#: to the wrong first moves are worked out again after the import (`trainer.refutations`), never taken
#: from a file.
IGNORED_FIELDS = frozenset({"created", "refutations"})


def _number(value: float) -> float | int:
    """A whole rating is written as the fixture writes it, without a decimal point."""
    return int(value) if value.is_integer() else value


def export_lines(puzzles: Iterable[Puzzle]) -> Iterator[str]:
    """Each puzzle as one line of the fixture (a JSON Lines Django fixture), newline included."""
    for puzzle in puzzles:
        fields = {name: getattr(puzzle, name) for name in FIXTURE_FIELDS}
        if not puzzle.rounds:
            del fields["rounds"]  # only a werera puzzle has rounds
        fields["rating"] = _number(puzzle.rating)
        line = {"model": FIXTURE_MODEL, "pk": puzzle.pk, "fields": fields}
        yield json.dumps(line, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class LineError:
    #: None for the file as a whole.
    number: int | None
    reason: str


class ImportRefused(Exception):
    """Some lines are not sound puzzles: nothing was imported."""

    def __init__(self, errors: list[LineError]) -> None:
        super().__init__(f"{len(errors)} bad lines")
        self.errors = errors


@dataclass(frozen=True)
class Imported:
    created: int
    updated: int
    unchanged: int


@dataclass(frozen=True)
class _Line:
    number: int
    pk: int | None
    fields: dict[str, Any]


def import_lines(*, lines: Iterable[str], user: Curator, progress: Progress | None = None) -> Imported:
    """Imports puzzles from the fixture's JSON Lines: a line with the id of a puzzle already here updates
    it, any other adds a puzzle (with that id, if it has one). Every line is checked first (its format,
    a legal position, the engine's proof of the line and its themes, a position not in the pool yet nor on
    an earlier line, `position_key`); if any fails, ImportRefused lists every failure with its line number
    and nothing is written. The writes are one transaction, after which each new position or line has its
    wrong first moves answered by the engine (`refutations.fill_later`)."""
    parsed, errors = [], []
    first_line_of: dict[int, int] = {}
    for number, text in enumerate(lines, start=1):
        if progress is not None:
            progress(number - 1)
        if not text.strip():
            continue
        try:
            line = _parse(number, text)
        except ValueError as error:
            errors.append(LineError(number, str(error)))
            continue
        if line.pk is not None and line.pk in first_line_of:
            reason = _("puzzle %(pk)s is already on line %(line)s") % {
                "pk": line.pk,
                "line": first_line_of[line.pk],
            }
            errors.append(LineError(number, reason))
            continue
        if line.pk is not None:
            first_line_of[line.pk] = number
        parsed.append(line)
    if not parsed and not errors:
        errors.append(LineError(None, _("the file holds no puzzles")))
    errors.extend(_repeated_positions(parsed))
    if errors:
        raise ImportRefused(sorted(errors, key=lambda error: error.number or 0))
    return _write(parsed, user)


def position_key(fen: str) -> str:
    """What makes two puzzles one position: every field of the FEN that a rule reads, as the engine writes
    it (so that a FEN of four fields and the same one with its defaults written out are one). The placement,
    the side to move or the werera's round (who is quicker, R5.2), castling, the seventy-move clock (R8.2)
    and the count (R7.4) all change what the solver may do or what a line achieves, so positions that differ
    in any of them are different puzzles. The move number is left out: no rule reads it (it only numbers
    the moves, R9.1), and a position cut from a game at move 40 is the same puzzle as at move 1."""
    try:
        fields = Position.from_fen(fen).fen().split()
    except ValueError:  # a stored position the engine no longer reads is compared as written
        fields = fen.split()
    return " ".join(fields[:5] + fields[6:])


def _repeated_positions(lines: list[_Line]) -> list[LineError]:
    """The lines whose position is already in the pool (an active or a disabled puzzle, unless this file
    replaces that puzzle) or on an earlier line of the file."""
    replaced = {line.pk for line in lines if line.pk is not None}
    pool: dict[str, int] = {}
    for pk, fen in Puzzle.objects.order_by("pk").values_list("pk", "fen").iterator(chunk_size=2000):
        if pk not in replaced:
            pool.setdefault(position_key(fen), pk)
    first_line_of: dict[str, int] = {}
    errors = []
    for line in lines:
        key = position_key(line.fields["fen"])
        if key in pool:
            reason = _("puzzle %(pk)s already has this position") % {"pk": pool[key]}
            errors.append(LineError(line.number, reason))
        elif key in first_line_of:
            reason = _("the same position is already on line %(line)s") % {"line": first_line_of[key]}
            errors.append(LineError(line.number, reason))
        else:
            first_line_of[key] = line.number
    return errors


def _parse(number: int, text: str) -> _Line:
    """One line checked in full; a ValueError says what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(_("not JSON (%(error)s)") % {"error": error}) from error
    if not isinstance(data, dict) or data.get("model") != FIXTURE_MODEL:
        raise ValueError(_("not a record of the model %(model)s") % {"model": FIXTURE_MODEL})
    pk = data.get("pk")
    if pk is not None and (isinstance(pk, bool) or not isinstance(pk, int) or pk < 1):
        raise ValueError(_("the id must be a positive whole number"))
    fields = data.get("fields")
    if not isinstance(fields, dict):
        raise ValueError(_("the record has no fields"))
    unknown = sorted(set(fields) - set(FIXTURE_FIELDS) - IGNORED_FIELDS)
    if unknown:
        raise ValueError(_("unknown fields: %(names)s") % {"names": ", ".join(unknown)})
    fen = _text(fields, "fen", required=True)
    moves = _text(fields, "moves", required=True)
    themes = _text(fields, "themes")
    rounds = " ".join(_text(fields, "rounds").split())
    values = {
        "fen": fen,
        "moves": moves,
        "themes": themes,
        "rating": _rating(fields),
        "source": _text(fields, "source"),
        "rounds": rounds,
    }
    try:
        Position.from_fen(fen)
    except ValueError as error:
        raise ValueError(_("the position is not legal: %(error)s") % {"error": error}) from error
    reason = validate(fen, moves, themes, rounds)
    if reason is not None:
        raise ValueError(_("the engine refutes it: %(reason)s") % {"reason": reason})
    return _Line(number, pk, values)


def _text(fields: dict[str, Any], name: str, required: bool = False) -> str:
    value = fields.get(name, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ValueError(_("%(field)s must be a text") % {"field": name})
    if "\x00" in value:  # no database column stores it, and no puzzle needs it
        raise ValueError(_("%(field)s holds a NUL character") % {"field": name})
    field = Puzzle._meta.get_field(name)
    longest = (field.max_length if isinstance(field, models.Field) else None) or 0
    if len(value) > longest:
        raise ValueError(
            _("%(field)s is longer than %(length)s characters") % {"field": name, "length": longest}
        )
    return value


def _rating(fields: dict[str, Any]) -> float:
    default = Puzzle._meta.get_field("rating").default
    return check_rating(fields.get("rating", default))


def _write(lines: list[_Line], user: Curator) -> Imported:
    created = updated = unchanged = 0
    with transaction.atomic():
        stored = Puzzle.objects.select_for_update().in_bulk(
            [line.pk for line in lines if line.pk is not None]
        )
        # Lines with ids first, then the id sequence moved past them (on PostgreSQL it does not follow ids
        # given by hand, as loaddata knows), then the lines without one: each gets an id after all the others.
        numbered = [line for line in lines if line.pk is not None]
        for line in [*numbered, None, *(line for line in lines if line.pk is None)]:
            if line is None:
                _reset_sequence()
                continue
            puzzle = stored.get(line.pk) if line.pk is not None else None
            if puzzle is None:
                puzzle = Puzzle(pk=line.pk, **line.fields)
                puzzle.save(force_insert=True)  # the signal writes its theme rows
                record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.IMPORTED)
                refutations.fill_later([puzzle.pk])
                created += 1
                continue
            fields = differences(values(puzzle, line.fields), line.fields)
            if not fields:
                unchanged += 1
                continue
            for name, value in line.fields.items():
                setattr(puzzle, name, value)
            puzzle.save()
            if "themes" in fields:
                puzzle.sync_themes()
            if ANSWERED_FIELDS & fields.keys():
                refutations.fill_later([puzzle.pk])
            record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.IMPORTED, fields=fields)
            updated += 1
    return Imported(created, updated, unchanged)


def _reset_sequence() -> None:
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), [Puzzle]):
            cursor.execute(sql)
