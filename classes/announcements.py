"""A teacher's announcements to a class: written, deleted, and read by the class's students while the class is
open. The text is plain: it is kept as typed, without the bidi controls (which would turn the text after
them around, on the class page and on every student's home page), and escaped wherever it is shown."""

import re
from collections import defaultdict

from django.contrib.auth.models import User
from django.db.models import F, Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext as _

from classes.models import ANNOUNCEMENT_LENGTH, Announcement, SchoolClass
from classes.services import ClassError

#: A class page shows this many of its latest announcements; a student's home page this many of all theirs.
ON_CLASS_PAGE = 5
ON_HOME_PAGE = 3
#: The bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the marks.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def plain(text: str) -> str:
    """The text without bidi controls, its ends stripped."""
    return BIDI_CONTROLS.sub("", text).strip()


def post(*, school_class: SchoolClass, author: User, text: str) -> Announcement:
    text = plain(text)
    if school_class.archived:
        raise ClassError(_("This class is archived: restore it first."))
    if not text:
        raise ClassError(_("Write the announcement first."))
    if len(text) > ANNOUNCEMENT_LENGTH:
        raise ClassError(_("An announcement has at most %(max)d characters.") % {"max": ANNOUNCEMENT_LENGTH})
    return Announcement.objects.create(school_class=school_class, author=author, text=text)


def delete(*, announcement: Announcement) -> None:
    announcement.delete()


def _shown(announcement: Announcement) -> Announcement:
    """The announcement as pages show it: without bidi controls, also one posted before they were dropped."""
    announcement.text = plain(announcement.text)
    return announcement


def of_class(school_class: SchoolClass, limit: int = ON_CLASS_PAGE) -> list[Announcement]:
    return [
        _shown(announcement) for announcement in school_class.announcements.select_related("author")[:limit]
    ]


def latest_by_class(class_ids: list[int], limit: int = ON_CLASS_PAGE) -> dict[int, list[Announcement]]:
    """Each class's latest announcements, newest first, in one query."""
    rank = Window(RowNumber(), partition_by=F("school_class"), order_by=[F("created").desc(), F("id").desc()])
    rows = Announcement.objects.filter(school_class__in=class_ids).annotate(rank=rank).filter(rank__lte=limit)
    latest: dict[int, list[Announcement]] = defaultdict(list)
    for announcement in rows.select_related("school_class", "author").order_by("-created", "-id"):
        latest[announcement.school_class_id].append(_shown(announcement))
    return latest
