"""The players' reports of a puzzle, answered by a curator: resolved (the puzzle disabled too, if asked) or
dismissed, with a note, once. The answer is recorded on the puzzle (`trainer.puzzle_history`), so that its
page shows the reports it answered."""

from django.db import transaction

from trainer.models import PuzzleChange, PuzzleReport
from trainer.puzzle_edits import set_active
from trainer.puzzle_history import Curator, record


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
