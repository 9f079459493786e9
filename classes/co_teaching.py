"""Co-teachers: teachers a class's teacher adds to teach the class with them. A co-teacher sees and does all
that the teacher does in the class (its table, students, assignments, announcements, its code) except
archiving or restoring it and choosing who else teaches it: those decide who the class belongs to, and stay
with the one who made it, so that no co-teacher can close a class under its teacher or hand it on. The
teacher removes a co-teacher, and a co-teacher may step down."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from accounts import roles
from classes.models import SchoolClass
from classes.services import ClassError

#: A class is taught by its teacher and at most this many co-teachers.
MAX_CO_TEACHERS = 5


def add(*, school_class: SchoolClass, username: str) -> User:
    username = username.strip()
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise ClassError(_("No account has the username “%(username)s”.") % {"username": username})
    if school_class.archived:
        raise ClassError(_("This class is archived: restore it first."))
    if not roles.is_teacher(user):
        raise ClassError(
            _("%(username)s is not a teacher: they tick “I teach” on their profile first.")
            % {"username": user.username}
        )
    if user.pk == school_class.teacher_id:
        raise ClassError(_("You teach this class."))
    if school_class.memberships.filter(student=user).exists():
        raise ClassError(
            _("%(username)s is a student of this class: remove them from it first.")
            % {"username": user.username}
        )
    with transaction.atomic():
        SchoolClass.objects.select_for_update().get(pk=school_class.pk)  # one change of teachers at a time
        if school_class.co_teachers.filter(pk=user.pk).exists():
            raise ClassError(_("%(username)s teaches this class already.") % {"username": user.username})
        if school_class.co_teachers.count() >= MAX_CO_TEACHERS:
            raise ClassError(_("A class has at most %(max)d co-teachers.") % {"max": MAX_CO_TEACHERS})
        school_class.co_teachers.add(user)
        school_class.invitations.filter(user=user).delete()
    return user


def remove(*, school_class: SchoolClass, co_teacher: User) -> None:
    """The co-teacher no longer reaches the class; what they did in it (assignments, announcements) stays."""
    school_class.co_teachers.remove(co_teacher)
