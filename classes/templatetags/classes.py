"""Template tags of the classes pages."""

from django import template

from classes import words
from classes.models import Assignment

register = template.Library()


@register.simple_tag
def assignment_title(assignment: Assignment) -> str:
    return words.assignment_title(assignment)
