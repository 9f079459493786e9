"""A teacher's pages of the students of a class: accounts made for a list of names (the one page that ever
shows their passwords), a student's page of their work, and a student removed from the class."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from classes import confirmation, made_accounts, results, selectors, services, student_selectors
from classes.assignment_words import assignment_title
from classes.forms import StudentsForm
from classes.models import MAX_STUDENTS
from classes.views.reach import GET_OR_POST, student_of, taught_class, user_of
from trainer.chart_geometry import rating_chart


@login_required
@require_http_methods(GET_OR_POST)
def students_new(request: HttpRequest, class_id: int) -> HttpResponse:
    """Accounts for a list of names. The answer is the one page that ever shows their passwords."""
    school_class = taught_class(request, class_id)
    form = StudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.create_students(
                school_class=school_class, names=form.cleaned_data["names"], made_by=user_of(request)
            )
        except services.ClassError as error:
            form.add_error("names", error.message)
        else:
            context = {"school_class": school_class, "made": made}
            response = render(request, "classes/passwords.html", context)
            response["Cache-Control"] = "no-store"
            return response
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "school_class": school_class, "max_students": MAX_STUDENTS}
    return render(request, "classes/students_form.html", context, status=status)


@login_required
@require_safe
def student_page(request: HttpRequest, class_id: int, student_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    student = student_of(school_class, student_id)
    assignments = selectors.with_items(school_class.assignments.all())
    grid = selectors.cells(assignments, [student.pk])
    context = {
        "school_class": school_class,
        "student": student,
        "assignments": [
            (a, assignment_title(a), grid[(a.pk, student.pk)], results.results(a, [student]))
            for a in assignments
        ],
        "lessons": student_selectors.course_map(student),
        "chart": rating_chart(student_selectors.rating_series(student)),
        "rating": student_selectors.puzzle_rating(student),
        "attempts": student_selectors.recent_attempts(student),
        "made_here": made_accounts.made_for(school_class, user_of(request)).filter(pk=student.pk).exists(),
    }
    return render(request, "classes/student.html", context)


@login_required
@require_http_methods(GET_OR_POST)
def student_remove(request: HttpRequest, class_id: int, student_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    student = student_of(school_class, student_id)
    if request.method != "POST":
        return confirmation.remove_student(request, school_class, student)
    services.remove_student(school_class=school_class, student=student)
    messages.success(request, _("%(username)s has left the class.") % {"username": student.username})
    return redirect("classes:class", class_id=school_class.pk)
