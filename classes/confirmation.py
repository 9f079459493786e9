"""Questions asked before an act that cannot be undone. The act's address answers a GET with the question,
whose form POSTs back to it: it works without JavaScript, a link never acts, and only the POST (with its
CSRF token) does."""

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from classes.assignment_words import assignment_title
from classes.models import Announcement, Assignment, SchoolClass


def ask(request: HttpRequest, *, question: str, detail: str, yes: str, back: str) -> HttpResponse:
    """The question page: what will happen, a button that does it, and a way back that does nothing."""
    context = {"question": question, "detail": detail, "yes": yes, "back": back}
    return render(request, "classes/confirm.html", context)


def _class_url(school_class: SchoolClass) -> str:
    return reverse("classes:class", args=[school_class.pk])


def leave(request: HttpRequest, school_class: SchoolClass) -> HttpResponse:
    return ask(
        request,
        question=_("Leave the class %(name)s?") % {"name": school_class.name},
        detail=_("Your work stays yours. To come back, you need the class's code or a new invitation."),
        yes=_("Yes, leave the class"),
        back=reverse("classes:home"),
    )


def archive(request: HttpRequest, school_class: SchoolClass) -> HttpResponse:
    return ask(
        request,
        question=_("Archive the class %(name)s?") % {"name": school_class.name},
        detail=_(
            "Its students no longer see it, and no one can join it. Its students and their work are kept;"
            " you can restore it later."
        ),
        yes=_("Yes, archive the class"),
        back=_class_url(school_class),
    )


def new_code(request: HttpRequest, school_class: SchoolClass) -> HttpResponse:
    return ask(
        request,
        question=_("Give the class a new code and link?"),
        detail=_(
            "The code %(code)s and its link stop working at once: whoever has not joined yet needs the new"
            " one. Students in the class stay in it."
        )
        % {"code": school_class.join_code},
        yes=_("Yes, a new code"),
        back=_class_url(school_class),
    )


def remove_student(request: HttpRequest, school_class: SchoolClass, student: User) -> HttpResponse:
    return ask(
        request,
        question=_("Remove %(name)s from the class?") % {"name": student.get_full_name() or student.username},
        detail=_(
            "%(username)s leaves the class and its table; their account and their work stay theirs, and they"
            " can join again with the code."
        )
        % {"username": student.username},
        yes=_("Yes, remove them"),
        back=_class_url(school_class),
    )


def delete_assignment(request: HttpRequest, assignment: Assignment) -> HttpResponse:
    return ask(
        request,
        question=_("Delete the assignment %(title)s?") % {"title": assignment_title(assignment)},
        detail=_(
            "It leaves the table and the students' pages. The students' work on its tasks and puzzles is"
            " theirs and stays."
        ),
        yes=_("Yes, delete it"),
        back=_class_url(assignment.school_class),
    )


def delete_announcement(request: HttpRequest, announcement: Announcement) -> HttpResponse:
    return ask(
        request,
        question=_("Delete this announcement?"),
        detail=announcement.text,
        yes=_("Yes, delete it"),
        back=_class_url(announcement.school_class),
    )


def remove_co_teacher(
    request: HttpRequest, school_class: SchoolClass, co_teacher: User, by: User
) -> HttpResponse:
    if co_teacher.pk == by.pk:
        question = _("Stop teaching the class %(name)s?") % {"name": school_class.name}
        detail = _("You will no longer reach the class's pages; what you did in it stays.")
    else:
        question = _("Remove %(username)s as a co-teacher?") % {"username": co_teacher.username}
        detail = _("They will no longer reach the class's pages; what they did in it stays.")
    return ask(request, question=question, detail=detail, yes=_("Yes, remove"), back=_class_url(school_class))
