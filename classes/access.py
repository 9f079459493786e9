"""Who reaches a class's teacher pages. Its teacher and its co-teachers do, while they teach (the role of
roles.is_teacher); anyone else is told nothing (404, as if the class did not exist). Someone who teaches the
class but no longer teaches at all, having unticked "I teach", is refused in words (403): the classes and the
students' work stay as they are, and the pages open again when they tick it again. Archiving the class and
choosing who else teaches it are its teacher's alone."""

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from accounts import roles
from classes.models import SchoolClass


def taught_by(user: User) -> QuerySet[SchoolClass]:
    """The classes the user teaches or co-teaches, archived or not."""
    return SchoolClass.objects.filter(Q(teacher=user) | Q(co_teachers=user)).distinct()


def teaches(school_class: SchoolClass, user: User) -> bool:
    return school_class.teacher_id == user.pk or school_class.co_teachers.filter(pk=user.pk).exists()


def class_for_teacher(user: User, class_id: int) -> SchoolClass:
    """The class, read by its number alone (with its teacher), and then whether the user teaches it: its
    teacher needs no other query, where a read of the classes the user teaches joins their co-teachers."""
    return taught(get_object_or_404(SchoolClass.objects.select_related("teacher"), pk=class_id), user)


def taught(school_class: SchoolClass, user: User) -> SchoolClass:
    """The class read already, if the user teaches it (`class_for_teacher`)."""
    if not teaches(school_class, user):
        raise Http404
    if not roles.is_teacher(user):
        raise PermissionDenied(
            _(
                "You no longer teach: you unticked “I teach” on your profile, so your classes' pages are"
                " closed to you. The classes and the students' work are kept; tick “I teach” again to open"
                " them."
            )
        )
    return school_class


def class_for_owner(user: User, class_id: int) -> SchoolClass:
    """The class, if the user is its teacher: a co-teacher is refused in words, as they know it exists."""
    school_class = class_for_teacher(user, class_id)
    if school_class.teacher_id != user.pk:
        raise PermissionDenied(
            _("Only the class's teacher, %(teacher)s, archives it and chooses who teaches it with them.")
            % {"teacher": school_class.teacher.get_full_name() or school_class.teacher.username}
        )
    return school_class
