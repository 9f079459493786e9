"""Template tags of the classes pages."""

from django import template
from django.utils.translation import gettext as _

from classes import words
from classes.models import Assignment

register = template.Library()


@register.simple_tag
def assignment_title(assignment: Assignment) -> str:
    return words.assignment_title(assignment)


@register.filter
def duration(seconds: int) -> str:
    """A try's time as a teacher reads it: "45 s", "3 min 05 s"."""
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return _("%(seconds)d s") % {"seconds": rest}
    return _("%(minutes)d min %(seconds)02d s") % {"minutes": minutes, "seconds": rest}
