"""Accounts a teacher made for a class from a list of names (StudentAccount): which of them the teacher may
give a new password, and giving it.

Such an account has no e-mail to reset by, so its maker is the way back in: only the teacher who made it,
only while it is in the class it was made for and that teacher teaches the class (as its teacher or a
co-teacher). It stays so after the
student has chosen a password of their own, since a forgotten password of one's own is when a pupil needs
the teacher most; the student's other sessions end with the old password, and the new one is shown once."""

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet

from classes import access
from classes.models import SchoolClass
from classes.services import NewStudent, generate_password, generated_hash
from senterej.accounts import devices


def made_by(school_class: SchoolClass, teacher: User) -> QuerySet[User]:
    """The students of the class whose accounts this teacher (its teacher or a co-teacher) made for it, by
    name."""
    if not access.teaches(school_class, teacher):
        return User.objects.none()
    return User.objects.filter(
        made_account__school_class=school_class,
        made_account__made_by=teacher,
        class_memberships__school_class=school_class,
    ).order_by("last_name", "first_name", "username")


def reset_passwords(*, students: list[User]) -> list[NewStudent]:
    """New generated passwords for the students (accounts the caller found in `made_by`), which clear
    their failed log-ins too: the cards to hand out, each password shown only there."""
    cards = []
    with transaction.atomic():
        for student in students:
            password = generate_password()
            student.password = generated_hash(password)
            student.save(update_fields=["password"])
            devices.forget_failures(student.username)
            cards.append(NewStudent(student.get_full_name() or student.username, student.username, password))
    return cards
