"""The pages of teaching a class together and speaking to it: co-teachers added and removed, announcements
written and deleted. A co-teacher reaches all of a class's teacher pages (classes.access) but these two:
adding co-teachers, and removing anyone but themselves."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from classes import access, announcements, co_teaching, confirmation
from classes.class_lists import Lists
from classes.forms import AnnouncementForm, CoTeacherForm, blank
from classes.models import Announcement, SchoolClass
from classes.services import ClassError
from classes.views.reach import GET_OR_POST, user_of


def class_page_parts(school_class: SchoolClass, user: User, lists: Lists) -> dict[str, object]:
    """What the class page shows of its teachers and announcements (each list read only if it holds
    anything), and the forms to change them."""
    return {
        "is_owner": school_class.teacher_id == user.pk,
        "co_teachers": school_class.co_teachers.order_by("username") if lists.co_teachers else [],
        "co_teacher_fields": blank(CoTeacherForm),
        "announcements": announcements.of_class(school_class) if lists.announcements else [],
        "announcement_fields": blank(AnnouncementForm),
    }


def _form_page(
    request: HttpRequest, school_class: SchoolClass, form: Form, heading: str, button: str
) -> HttpResponse:
    """The form alone, for a browser that asks for it, and again with what was wrong."""
    context = {"school_class": school_class, "form": form, "heading": heading, "button": button}
    status = 400 if request.method == "POST" else 200
    return render(request, "classes/class_part_form.html", context, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def announcement_new(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = access.class_for_teacher(user_of(request), class_id)
    form = AnnouncementForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            announcements.post(
                school_class=school_class, author=user_of(request), text=form.cleaned_data["text"]
            )
        except ClassError as error:
            form.add_error("text", error.message)
        else:
            messages.success(request, _("The announcement is posted: the class's students see it."))
            return redirect("classes:class", class_id=school_class.pk)
    return _form_page(request, school_class, form, _("New announcement"), _("Post"))


@login_required
@require_http_methods(GET_OR_POST)
def announcement_delete(request: HttpRequest, class_id: int, announcement_id: int) -> HttpResponse:
    school_class = access.class_for_teacher(user_of(request), class_id)
    announcement = get_object_or_404(
        Announcement.objects.select_related("school_class"), pk=announcement_id, school_class=school_class
    )
    if request.method != "POST":
        return confirmation.delete_announcement(request, announcement)
    announcements.delete(announcement=announcement)
    messages.success(request, _("The announcement is deleted."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_http_methods(GET_OR_POST)
def co_teacher_add(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = access.class_for_owner(user_of(request), class_id)
    form = CoTeacherForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            added = co_teaching.add(school_class=school_class, username=form.cleaned_data["teacher"])
        except ClassError as error:
            form.add_error("teacher", error.message)
        else:
            messages.success(
                request,
                _("%(username)s teaches the class with you now: it is on their classes page.")
                % {"username": added.username},
            )
            return redirect("classes:class", class_id=school_class.pk)
    return _form_page(request, school_class, form, _("Add a co-teacher"), _("Add"))


@login_required
@require_http_methods(GET_OR_POST)
def co_teacher_remove(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """The class's teacher removes a co-teacher; a co-teacher may remove only themselves."""
    user = user_of(request)
    school_class = access.class_for_teacher(user, class_id)
    co_teacher = get_object_or_404(User, pk=user_id, classes_co_taught=school_class)
    if co_teacher.pk != user.pk:
        access.class_for_owner(user, class_id)
    if request.method != "POST":
        return confirmation.remove_co_teacher(request, school_class, co_teacher, user)
    co_teaching.remove(school_class=school_class, co_teacher=co_teacher)
    if co_teacher.pk == user.pk:
        messages.success(request, _("You no longer teach the class %(name)s.") % {"name": school_class.name})
        return redirect("classes:home")
    messages.success(
        request, _("%(username)s no longer teaches the class.") % {"username": co_teacher.username}
    )
    return redirect("classes:class", class_id=school_class.pk)
