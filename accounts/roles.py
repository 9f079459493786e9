"""The site's roles. A learner is any account. A teacher is an account in the group "teachers", which anyone
may join from their profile ("I teach"): teaching gives no power over other accounts beyond one's own classes.
A curator is staff in the group "curators", which may curate puzzles and handle reports; the trainer gives
that group its permissions (this module names no model of the rooms above it). An admin is a superuser, and
may do all that a curator does."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, User
from django.utils.translation import gettext as _

TEACHERS = "teachers"
CURATORS = "curators"


def is_teacher(user: AbstractBaseUser | AnonymousUser) -> bool:
    return isinstance(user, User) and user.is_active and user.groups.filter(name=TEACHERS).exists()


def set_teacher(*, user: User, teaches: bool) -> None:
    group, _created = Group.objects.get_or_create(name=TEACHERS)
    if teaches:
        user.groups.add(group)
    else:
        user.groups.remove(group)


def is_curator(user: AbstractBaseUser | AnonymousUser) -> bool:
    """The one check of the curator's role, for pages, the admin's menus and templates alike."""
    if not (isinstance(user, User) and user.is_active):
        return False
    return user.is_superuser or (user.is_staff and user.groups.filter(name=CURATORS).exists())


def curators_group() -> Group:
    group, _created = Group.objects.get_or_create(name=CURATORS)
    return group


def role_names(user: User) -> list[str]:
    """The roles an account holds, as words for its profile page, the plainest first."""
    names = [_("learner")]
    if is_teacher(user):
        names.append(_("teacher"))
    if is_curator(user):
        names.append(_("curator"))
    if user.is_superuser:
        names.append(_("admin"))
    return names
