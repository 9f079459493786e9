"""Template tags of the classes pages, and the short block of a student's assignments on the home page."""

from django import template
from django.contrib.auth.models import User

from classes import selectors, words
from classes.models import Assignment, Invitation

register = template.Library()

#: The home page's block lists at most this many of the assignments still to do.
HOME_ASSIGNMENTS = 5


@register.simple_tag
def assignment_title(assignment: Assignment) -> str:
    return words.assignment_title(assignment)


@register.inclusion_tag("classes/_home_block.html", takes_context=True)
def my_assignments(context: template.Context) -> dict[str, object]:
    """What a signed-in student has to do in their classes, the soonest due first; nothing for others."""
    user = context["request"].user
    if not isinstance(user, User):
        return {"show": False}
    entries = selectors.classes_of_student(user)
    todo = [
        (assignment, cell)
        for entry in entries
        for assignment, cell in entry.assignments
        if cell.status != words.DONE
    ]
    invitations = Invitation.objects.filter(user=user, school_class__archived_at__isnull=True).count()
    return {
        "show": bool(entries or invitations),
        "todo": todo[:HOME_ASSIGNMENTS],
        "more": max(len(todo) - HOME_ASSIGNMENTS, 0),
        "invitations": invitations,
    }
