"""An assignment's pages: a student's view of one, and the teacher's pages that set it and change it once it
is set: a new one, editing what it is made of and when it is due (the same form and checks), copying it to
another class the same teacher teaches, and deleting it. Whatever is not the user's own is a 404."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from classes import access, chosen_order, confirmation, selectors, services, student_selectors
from classes.assignment_words import assignment_title
from classes.forms import AssignmentForm, CopyForm
from classes.models import Assignment, SchoolClass
from classes.services import Contents
from classes.views.reach import GET_OR_POST, assignment_of, taught_class, user_of


def _get_assignment_for_student(request: HttpRequest, assignment_id: int) -> Assignment:
    return get_object_or_404(
        Assignment,
        pk=assignment_id,
        school_class__memberships__student=user_of(request),
        school_class__archived_at__isnull=True,
    )


@login_required
@require_safe
def assignment_page(request: HttpRequest, assignment_id: int) -> HttpResponse:
    """A student's view of one assignment: each task or puzzle, done or not, with a way in."""
    assignment = selectors.with_items(
        Assignment.objects.filter(pk=_get_assignment_for_student(request, assignment_id).pk)
    )[0]
    user = user_of(request)
    cell = selectors.cells([assignment], [user.pk])[(assignment.pk, user.pk)]
    context = {
        "assignment": assignment,
        "title": assignment_title(assignment),
        "cell": cell,
        "tasks": student_selectors.student_tasks(assignment, user) if assignment.is_course else [],
        "puzzles": student_selectors.student_puzzles(assignment, user),
    }
    return render(request, "classes/assignment.html", context)


def _assignment_for_teacher(request: HttpRequest, class_id: int, assignment_id: int) -> Assignment:
    school_class = access.class_for_teacher(user_of(request), class_id)
    return get_object_or_404(
        Assignment.objects.select_related("school_class", "lesson").prefetch_related(
            "tasks", chosen_order.prefetch()
        ),
        pk=assignment_id,
        school_class=school_class,
    )


def _initial(assignment: Assignment) -> dict[str, Any]:
    """The form filled in as the assignment stands."""
    return {
        "kind": assignment.kind,
        "lesson": assignment.lesson,
        "tasks": list(assignment.tasks.all()),
        "theme": assignment.theme,
        "puzzle_count": assignment.puzzle_count or None,
        "rating_min": assignment.rating_min,
        "rating_max": assignment.rating_max,
        "puzzle_ids": " ".join(str(puzzle.pk) for puzzle in chosen_order.chosen(assignment)),
        "due_on": assignment.due_on,
        "due_time": assignment.due_time,
    }


@login_required
@require_http_methods(GET_OR_POST)
def assignment_new(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = access.class_for_teacher(user_of(request), class_id)

    def assign(contents: Contents) -> None:
        services.assign(school_class=school_class, contents=contents)

    return _answer_form(
        request, AssignmentForm(request.POST or None), school_class, assign, _("The assignment is set.")
    )


@login_required
@require_http_methods(GET_OR_POST)
def assignment_edit(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    """The same form and checks as a new assignment, filled in. What editing does to work already done is
    services.update_assignment's to say: nothing, since progress is read from the students' own records."""
    assignment = _assignment_for_teacher(request, class_id, assignment_id)
    form = AssignmentForm(request.POST or None, initial=_initial(assignment))

    def update(contents: Contents) -> None:
        services.update_assignment(assignment=assignment, contents=contents)

    done = _("The assignment is changed; the table counts the work again.")
    return _answer_form(request, form, assignment.school_class, update, done, assignment)


def _answer_form(
    request: HttpRequest,
    form: AssignmentForm,
    school_class: SchoolClass,
    act: Callable[[Contents], object],
    done: str,
    assignment: Assignment | None = None,
) -> HttpResponse:
    """What setting and editing share: a valid form acted on (a refusal said on the form), then the class
    page with `done`; the form again otherwise (400 after a POST)."""
    if request.method == "POST" and form.is_valid():
        try:
            act(form.contents())
        except services.ClassError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, done)
            return redirect("classes:class", class_id=school_class.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "school_class": school_class, "assignment": assignment}
    return render(request, "classes/assignment_form.html", context, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def assignment_copy(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    assignment = _assignment_for_teacher(request, class_id, assignment_id)
    user = user_of(request)
    classes = access.taught_by(user).filter(archived_at=None).exclude(pk=assignment.school_class_id)
    form = CopyForm(request.POST or None, classes=classes)
    if request.method == "POST" and form.is_valid():
        to_class = form.cleaned_data["to_class"]
        try:
            services.copy_assignment(assignment=assignment, to_class=to_class, by=user)
        except services.ClassError as error:
            form.add_error("to_class", error.message)
        else:
            messages.success(
                request,
                _("The assignment is copied to %(name)s, with the same due date.") % {"name": to_class.name},
            )
            return redirect("classes:class", class_id=to_class.pk)
    status = 400 if request.method == "POST" else 200
    context = {
        "form": form,
        "school_class": assignment.school_class,
        "title": assignment_title(assignment),
        "has_classes": classes.exists(),
    }
    return render(request, "classes/assignment_copy.html", context, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def assignment_delete(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    assignment = assignment_of(school_class, assignment_id)
    if request.method != "POST":
        return confirmation.delete_assignment(request, assignment)
    services.delete_assignment(assignment=assignment)
    messages.success(request, _("The assignment is deleted; the students' work stays theirs."))
    return redirect("classes:class", class_id=school_class.pk)
