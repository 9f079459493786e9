"""Which of the lists a class's page shows beside its table hold anything: its invitations waiting for an
answer, its co-teachers, its announcements, and its students' accounts made for it (made_accounts), told by
one statement of SQL, so that the page reads only the lists there are. Most classes have few of them, and a
list's read cost as much as the rest of the page's reads of the class together."""

from dataclasses import dataclass

from django.db import connection

from classes.models import Announcement, Invitation, Membership, SchoolClass, StudentAccount


@dataclass(frozen=True)
class Lists:
    invitations: bool
    co_teachers: bool
    announcements: bool
    made_accounts: bool


def present(school_class: SchoolClass) -> Lists:
    quote = connection.ops.quote_name
    invitations, announcements = quote(Invitation._meta.db_table), quote(Announcement._meta.db_table)
    co_teachers = quote(SchoolClass.co_teachers.through._meta.db_table)
    made, members = quote(StudentAccount._meta.db_table), quote(Membership._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS(SELECT 1 FROM {invitations} WHERE school_class_id = %s),"
            f" EXISTS(SELECT 1 FROM {co_teachers} WHERE schoolclass_id = %s),"
            f" EXISTS(SELECT 1 FROM {announcements} WHERE school_class_id = %s),"
            f" EXISTS(SELECT 1 FROM {made} a JOIN {members} m ON m.student_id = a.user_id"
            " AND m.school_class_id = a.school_class_id WHERE a.school_class_id = %s)",
            [school_class.pk] * 4,
        )
        row = cursor.fetchone()
    return Lists(*(bool(value) for value in row))
