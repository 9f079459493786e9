"""The curators' answers to a player's reports: each report resolved or dismissed is told to its reporter,
with the curator's note, on their dashboard until they hide it."""

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from trainer.models import PuzzleReport
from trainer.prepared import prepared

#: The dashboard tells at most this many answers at once, the newest first; hiding one shows the next.
ANSWERS_SHOWN = 5


def _answered(user: User | int) -> QuerySet[PuzzleReport]:
    return PuzzleReport.objects.filter(user=user, seen_by_reporter=False).exclude(
        status=PuzzleReport.Status.OPEN
    )


#: A report's fields, as the model orders them (Model.from_db's): an answer is read whole.
_FIELDS = [field.attname for field in PuzzleReport._meta.concrete_fields]


@prepared
def _unread_rows(player: int, shown: int) -> QuerySet[PuzzleReport, tuple[object, ...]]:
    return _answered(player).order_by("-pk").values_list(*_FIELDS)[:shown]


def unread(user: User) -> list[tuple[PuzzleReport, str]]:
    """The player's handled reports they have not hidden yet, each with its outcome in a sentence."""
    db = PuzzleReport.objects.db
    reports = [PuzzleReport.from_db(db, _FIELDS, row) for row in _unread_rows(user.pk, ANSWERS_SHOWN)]
    return [(report, told(report)) for report in reports]


def told(report: PuzzleReport) -> str:
    names = {"puzzle": report.puzzle_id, "note": report.note}
    if report.status == PuzzleReport.Status.DISMISSED:
        return _("Your report on puzzle #%(puzzle)s was dismissed: %(note)s") % names
    return _("Your report on puzzle #%(puzzle)s was resolved: %(note)s") % names


def hide(user: User, report_id: int) -> bool:
    """Marks the answer read; False when it is not an answer to this player (someone else's report, an open
    one, one already hidden or none at all), which changes nothing."""
    return bool(_answered(user).filter(pk=report_id).update(seen_by_reporter=True))
