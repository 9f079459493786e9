"""A puzzle's change history: every service that changes a puzzle records a PuzzleChange here, so that the
puzzle's page tells who did what and when, and tells each change in a sentence in the reader's language.
Kept apart from the changes themselves so that edits, imports and reports all leave one kind of record."""

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from trainer.models import Puzzle, PuzzleChange, PuzzleReport

NOTE_LENGTH = PuzzleChange._meta.get_field("note").max_length or 500

#: Who did it: None for the site itself (a command).
Curator = User | None


def record(
    *,
    puzzle: Puzzle,
    user: Curator,
    kind: str,
    fields: dict[str, list[Any]] | None = None,
    note: str = "",
    report: PuzzleReport | None = None,
) -> PuzzleChange:
    """Records a change of the puzzle: who made it (None for the site itself), what kind of change, and
    the fields it changed, old and new."""
    return PuzzleChange.objects.create(
        puzzle=puzzle,
        user=user,
        kind=kind,
        fields=fields or {},
        note=note[:NOTE_LENGTH],
        report=report,
    )


def differences(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Any]]:
    """Each field whose value changed, with its old and new value, as a change records it."""
    return {name: [before[name], after[name]] for name in after if before.get(name) != after[name]}


def values(puzzle: Puzzle, names: Iterable[str]) -> dict[str, Any]:
    """The puzzle's values of these fields, by name."""
    return {name: getattr(puzzle, name) for name in names}


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
