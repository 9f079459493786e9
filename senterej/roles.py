"""The site's roles. A learner is any account. A teacher is an account in the group "teachers", which anyone
may join from their profile ("I teach"): teaching gives no power over other accounts beyond one's own classes.
A curator is staff in the group "curators", which may curate puzzles and handle reports in the admin. An admin
is a superuser."""

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, Permission, User
from django.utils.translation import gettext as _

TEACHERS = "teachers"
CURATORS = "curators"
#: What curators may do in the admin: the trainer's puzzles and the reports on them (app label, model).
CURATED_MODELS = [("trainer", "puzzle"), ("trainer", "puzzletheme"), ("trainer", "puzzlereport")]


def is_teacher(user: AbstractBaseUser | AnonymousUser) -> bool:
    return isinstance(user, User) and user.is_active and user.groups.filter(name=TEACHERS).exists()


def set_teacher(*, user: User, teaches: bool) -> None:
    group, _created = Group.objects.get_or_create(name=TEACHERS)
    if teaches:
        user.groups.add(group)
    else:
        user.groups.remove(group)


def is_curator(user: AbstractBaseUser | AnonymousUser) -> bool:
    return isinstance(user, User) and user.is_active and user.is_staff


def curators_group() -> Group:
    """The curators' group with its permissions, made or brought up to date."""
    group, _created = Group.objects.get_or_create(name=CURATORS)
    for app_label, model in CURATED_MODELS:
        group.permissions.add(
            *Permission.objects.filter(content_type__app_label=app_label, content_type__model=model)
        )
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
