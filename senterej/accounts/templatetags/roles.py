"""The roles in templates: `{% if user|is_curator %}`."""

from django import template
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from senterej.accounts import roles

register = template.Library()


@register.filter
def is_curator(user: AbstractBaseUser | AnonymousUser) -> bool:
    return roles.is_curator(user)
