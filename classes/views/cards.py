"""New passwords for the accounts a teacher made (made_accounts.py), and the log-in cards that carry them:
one student's from their page, or several of a class at once. Both ask first (a page whose button says what
happens) and change passwords only by a POST; anything but the teacher's own made accounts is a 404."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from classes import made_accounts, name_order
from classes.models import SchoolClass
from classes.services import NewStudent
from classes.views.reach import GET_OR_POST, taught_class, user_of


def _cards(request: HttpRequest, school_class: SchoolClass, cards: list[NewStudent]) -> HttpResponse:
    context = {
        "school_class": school_class,
        "cards": cards,
        "login_url": request.build_absolute_uri(reverse("login")),
    }
    response = render(request, "classes/cards.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_http_methods(GET_OR_POST)
def student_password(request: HttpRequest, class_id: int, student_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    student = get_object_or_404(made_accounts.made_for(school_class, user_of(request)), pk=student_id)
    if request.method == "POST":
        return _cards(request, school_class, made_accounts.reset_passwords(students=[student]))
    context = {"school_class": school_class, "student": student}
    return render(request, "classes/password_question.html", context)


def _chosen(request: HttpRequest, made: list[User]) -> list[User]:
    """The students ticked in the form; a number not among `made` is a 404, as if it did not exist."""
    by_id = {str(student.pk): student for student in made}
    chosen = request.POST.getlist("students")
    if any(number not in by_id for number in chosen):
        raise Http404
    return [by_id[number] for number in dict.fromkeys(chosen)]


@login_required
@require_http_methods(GET_OR_POST)
def class_cards(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    made = name_order.by_name(made_accounts.made_for(school_class, user_of(request)))
    error = ""
    if request.method == "POST":
        chosen = _chosen(request, made)
        if chosen:
            return _cards(request, school_class, made_accounts.reset_passwords(students=chosen))
        error = _("Tick at least one student.")
    context = {"school_class": school_class, "made": made, "error": error}
    return render(request, "classes/cards_question.html", context, status=400 if error else 200)
