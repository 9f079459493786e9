"""Accounts made for a class from a list of names (StudentAccount): which of them a teacher may give a new
password, and giving it.

Such an account has no e-mail to reset by, so the class's teachers are the way back in: its teacher and its
co-teachers, whoever of them made it (a co-teacher who made the accounts may step down, the class's teacher
may stop teaching; the pupils must not be locked out with them), and only while the account is in the class
it was made for. An account that joined by code or invitation is its owner's alone. It stays so after the
student has chosen a password of their own, since a forgotten password of one's own is when a pupil needs
the teacher most; the student's other sessions end with the old password, and the new one is shown once."""

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet

from accounts import devices
from classes import access
from classes.models import SchoolClass
from classes.services import NewStudent, generate_password, generated_hash


def made_for(school_class: SchoolClass, teacher: User) -> QuerySet[User]:
    """The students of the class whose accounts were made for it, if this user teaches it (as its teacher
    or a co-teacher), by name."""
    if not access.teaches(school_class, teacher):
        return User.objects.none()
    return User.objects.filter(
        made_account__school_class=school_class,
        class_memberships__school_class=school_class,
    ).order_by("last_name", "first_name", "username")


def reset_passwords(*, students: list[User]) -> list[NewStudent]:
    """New generated passwords for the students (accounts the caller found in `made_for`), which clear
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
