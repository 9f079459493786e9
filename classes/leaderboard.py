"""A class's leaderboard of the puzzle streak and the puzzle storm (`trainer.runs`): each student's best
score at each this week, read from the students' own runs in one query. The week begins on Monday at
midnight, in the site's time zone, so that the board a teacher shows on Friday is the week's work."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import Max
from django.utils import timezone

from classes.models import SchoolClass
from classes.name_order import by_name
from trainer.models import PuzzleRun


@dataclass(frozen=True)
class Row:
    """A student with their best streak and best storm of the week (None when they played none)."""

    student: User
    streak: int | None
    storm: int | None


def week_start(now: datetime | None = None) -> datetime:
    """Monday's midnight of this week, in the site's time zone."""
    today = timezone.localtime(now).date()
    monday = today - timedelta(days=today.weekday())
    return timezone.make_aware(datetime.combine(monday, datetime.min.time()))


def rows(school_class: SchoolClass, since: datetime) -> list[Row]:
    """Every student of the class in the reader's alphabet (`name_order`), their names alone (any other field
    is read on first use), with their bests since then."""
    students = by_name(
        User.objects.filter(class_memberships__school_class=school_class).only(
            "username", "first_name", "last_name"
        )
    )
    bests = (
        PuzzleRun.objects.filter(user_id__in=[student.pk for student in students], started__gte=since)
        .values("user_id", "kind")
        .annotate(best=Max("score"))
        .order_by()
    )
    found = {(row["user_id"], row["kind"]): row["best"] for row in bests}
    return [
        Row(
            student,
            found.get((student.pk, PuzzleRun.Kind.STREAK)),
            found.get((student.pk, PuzzleRun.Kind.STORM)),
        )
        for student in students
    ]


def tops(board: list[Row]) -> tuple[int, int]:
    """The week's highest streak and storm in the class (0 when none was played)."""
    return max((row.streak or 0 for row in board), default=0), max(
        (row.storm or 0 for row in board), default=0
    )
