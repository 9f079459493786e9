"""Curating puzzles: enabling and disabling them, proving them again with the engine, exporting and importing
them in the fixture's JSON Lines format, saving a curator's edits and handling the players' reports. Every
service that changes a puzzle records a PuzzleChange, so that a puzzle's page tells who did what and when."""

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils.translation import gettext as _

from senterej.engine import Position
from trainer.models import Puzzle, PuzzleChange, PuzzleReport, check_rating
from trainer.puzzle_proofs import validate

FIXTURE_MODEL = "trainer.puzzle"
#: A puzzle's fields in the fixture, in the order written.
FIXTURE_FIELDS = ("fen", "moves", "themes", "rating", "source", "rounds")
#: Fields the fixture may carry that an import leaves alone: the puzzle generator writes a creation date,
#: and an imported puzzle's date is that of its import (kept in its change record).
IGNORED_FIELDS = frozenset({"created"})
#: What a curator edits in the admin; a change to any of them is recorded with its old and new value.
EDITED_FIELDS = ("fen", "moves", "themes", "rating", "source", "rounds", "active")
#: The fields the engine's proof depends on.
PROVED_FIELDS = frozenset({"fen", "moves", "themes", "rounds"})
NOTE_LENGTH = PuzzleChange._meta.get_field("note").max_length or 500

#: Who did it: None for the site itself (a command).
Curator = User | None
#: Told how many items a long piece of work has done so far.
Progress = Callable[[int], None]


def record(
    *,
    puzzle: Puzzle,
    user: Curator,
    kind: str,
    fields: dict[str, list[Any]] | None = None,
    note: str = "",
    report: PuzzleReport | None = None,
) -> PuzzleChange:
    return PuzzleChange.objects.create(
        puzzle=puzzle,
        user=user,
        kind=kind,
        fields=fields or {},
        note=note[:NOTE_LENGTH],
        report=report,
    )


def _differences(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Any]]:
    return {name: [before[name], after[name]] for name in after if before.get(name) != after[name]}


def _values(puzzle: Puzzle, names: Iterable[str]) -> dict[str, Any]:
    return {name: getattr(puzzle, name) for name in names}


# --- status ---


def set_active(
    *, puzzles: Iterable[Puzzle], active: bool, user: Curator, report: PuzzleReport | None = None
) -> list[Puzzle]:
    """Enables or disables the puzzles (their theme rows follow); returns those whose status changed."""
    ids = [puzzle.pk for puzzle in puzzles]
    changed = []
    with transaction.atomic():
        for puzzle in Puzzle.objects.select_for_update().filter(pk__in=ids).order_by("pk"):
            if puzzle.active == active:
                continue
            puzzle.active = active
            puzzle.save(update_fields=["active"])
            kind = PuzzleChange.Kind.ENABLED if active else PuzzleChange.Kind.DISABLED
            record(puzzle=puzzle, user=user, kind=kind, report=report)
            changed.append(puzzle)
    return changed


# --- proof ---


@dataclass(frozen=True)
class Verdict:
    puzzle: Puzzle
    #: None for a sound puzzle, else the engine's reason.
    reason: str | None
    disabled: bool = False


def revalidate(
    *,
    puzzles: Iterable[Puzzle],
    user: Curator,
    disable_failing: bool = False,
    progress: Progress | None = None,
) -> list[Verdict]:
    """Proves each puzzle again from scratch, its themes included, and records the verdict; a failing
    puzzle is disabled too if asked. Each puzzle is written in a transaction of its own, after its proof,
    so that no transaction is held open while the engine thinks."""
    verdicts = []
    for done, puzzle in enumerate(puzzles, start=1):
        reason = validate(puzzle.fen, puzzle.moves, puzzle.themes, puzzle.rounds)
        with transaction.atomic():
            record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.VALIDATED, note=reason or "")
            disabled = False
            if reason is not None and disable_failing:
                disabled = bool(set_active(puzzles=[puzzle], active=False, user=user))
        verdicts.append(Verdict(puzzle, reason, disabled))
        if progress is not None:
            progress(done)
    return verdicts


# --- edits ---


def save_puzzle(*, puzzle: Puzzle, user: Curator) -> PuzzleChange | None:
    """Saves a curator's edit of a puzzle (or a new one) and records what changed, old and new. The
    theme rows are rewritten when the themes change."""
    with transaction.atomic():
        if puzzle._state.adding:
            puzzle.save()
            return record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.CREATED)
        stored = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        fields = _differences(_values(stored, EDITED_FIELDS), _values(puzzle, EDITED_FIELDS))
        puzzle.save()
        if "themes" in fields:
            puzzle.sync_themes()
        if not fields:
            return None
        return record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.EDITED, fields=fields)


# --- export and import ---


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
    and nothing is written. The writes are one transaction."""
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
                created += 1
                continue
            fields = _differences(_values(puzzle, line.fields), line.fields)
            if not fields:
                unchanged += 1
                continue
            for name, value in line.fields.items():
                setattr(puzzle, name, value)
            puzzle.save()
            if "themes" in fields:
                puzzle.sync_themes()
            record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.IMPORTED, fields=fields)
            updated += 1
    return Imported(created, updated, unchanged)


def _reset_sequence() -> None:
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), [Puzzle]):
            cursor.execute(sql)


# --- reports ---


class ReportClosedError(Exception):
    """The report has been resolved or dismissed already."""


def handle_report(
    *, report: PuzzleReport, user: Curator, status: str, note: str, disable: bool = False
) -> None:
    """Resolves or dismisses an open report with a note; resolving may disable its puzzle too. Recorded
    on the puzzle either way, so that its page shows the reports it answered."""
    if status not in (PuzzleReport.Status.RESOLVED, PuzzleReport.Status.DISMISSED):
        raise ValueError(f"a report is handled by resolving or dismissing it, not {status!r}")
    with transaction.atomic():
        locked = PuzzleReport.objects.select_for_update().select_related("puzzle").get(pk=report.pk)
        if locked.status != PuzzleReport.Status.OPEN:
            raise ReportClosedError(locked.status)
        fields = {"status": [locked.status, status]}
        locked.status, locked.note = status, note
        locked.save(update_fields=["status", "note"])
        record(
            puzzle=locked.puzzle,
            user=user,
            kind=PuzzleChange.Kind.REPORT,
            fields=fields,
            note=note,
            report=locked,
        )
        if disable:
            set_active(puzzles=[locked.puzzle], active=False, user=user, report=locked)
    report.refresh_from_db()


# --- in words ---


def describe(change: PuzzleChange) -> str:
    """A change in a sentence for its puzzle's page, in the reader's language."""
    kind, report = PuzzleChange.Kind, change.report_id
    # in the model's order: a JSON column need not keep the order its keys were written in (jsonb does not)
    order = [field.name for field in Puzzle._meta.fields]
    edits = "; ".join(
        _("%(field)s: %(old)s → %(new)s") % {"field": name, "old": _shown(old), "new": _shown(new)}
        for name, (old, new) in sorted(change.fields.items(), key=lambda item: _index(order, item[0]))
    )
    if change.kind == kind.VALIDATED and change.note:
        return _("Re-validated: failed because %(reason)s") % {"reason": change.note}
    if change.kind == kind.VALIDATED:
        return _("Re-validated: sound.")
    if change.kind == kind.REPORT and change.fields.get("status", [None, None])[1] == "dismissed":
        return _("Report #%(report)s dismissed: %(note)s") % {"report": report, "note": change.note}
    if change.kind == kind.REPORT:
        return _("Report #%(report)s resolved: %(note)s") % {"report": report, "note": change.note}
    if change.kind == kind.DISABLED and report:
        return _("Disabled, answering report #%(report)s.") % {"report": report}
    if change.kind == kind.ENABLED and report:
        return _("Enabled, answering report #%(report)s.") % {"report": report}
    if change.kind == kind.EDITED:
        return _("Edited: %(edits)s") % {"edits": edits}
    if change.kind == kind.IMPORTED and edits:
        return _("Imported over the puzzle as it was: %(edits)s") % {"edits": edits}
    simple: dict[str, str] = {
        kind.CREATED: _("Created."),
        kind.ENABLED: _("Enabled."),
        kind.DISABLED: _("Disabled."),
        kind.IMPORTED: _("Imported as a new puzzle."),
    }
    return simple.get(change.kind, change.kind)


def _index(names: list[str], name: str) -> int:
    return names.index(name) if name in names else len(names)


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
