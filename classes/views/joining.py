"""A student's way into a class and out of it: joining by the class's code or its link, answering an
invitation, and leaving. Whatever is not the user's own is a 404, as if it did not exist."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from classes import confirmation, services
from classes.forms import JoinForm
from classes.models import Invitation, SchoolClass
from classes.views.reach import GET_OR_POST, user_of


def _get_class_of_student(request: HttpRequest, class_id: int) -> SchoolClass:
    return get_object_or_404(SchoolClass, pk=class_id, memberships__student=user_of(request))


def _get_invitation_for_user(request: HttpRequest, invitation_id: int) -> Invitation:
    return get_object_or_404(
        Invitation.objects.select_related("school_class", "user"), pk=invitation_id, user=user_of(request)
    )


@login_required
@require_http_methods(GET_OR_POST)
def join(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            school_class = services.join_class(user=user_of(request), code=form.cleaned_data["code"])
        except services.ClassError as error:
            form.add_error("code", error.message)
        else:
            messages.success(request, _("You are in the class %(name)s.") % {"name": school_class.name})
            return redirect("classes:home")
    status = 400 if request.method == "POST" else 200
    return render(request, "classes/join.html", {"form": form}, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def join_link(request: HttpRequest, code: str) -> HttpResponse:
    school_class = get_object_or_404(
        SchoolClass.objects.select_related("teacher"), join_code=services.normalize_code(code)
    )
    error = ""
    if request.method == "POST":
        try:
            services.join_class(user=user_of(request), code=school_class.join_code)
        except services.ClassError as refused:
            error = refused.message
        else:
            messages.success(request, _("You are in the class %(name)s.") % {"name": school_class.name})
            return redirect("classes:home")
    already = school_class.memberships.filter(student=user_of(request)).exists()
    context = {"school_class": school_class, "error": error, "already": already}
    return render(request, "classes/join_link.html", context, status=400 if error else 200)


@login_required
@require_POST
def invitation_accept(request: HttpRequest, invitation_id: int) -> HttpResponse:
    invitation = _get_invitation_for_user(request, invitation_id)
    try:
        services.accept_invitation(invitation=invitation)
    except services.ClassError as error:
        messages.error(request, error.message)
        return redirect("classes:home")
    messages.success(request, _("You are in the class %(name)s.") % {"name": invitation.school_class.name})
    return redirect("classes:home")


@login_required
@require_POST
def invitation_decline(request: HttpRequest, invitation_id: int) -> HttpResponse:
    services.decline_invitation(invitation=_get_invitation_for_user(request, invitation_id))
    return redirect("classes:home")


@login_required
@require_http_methods(GET_OR_POST)
def leave(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = _get_class_of_student(request, class_id)
    if request.method != "POST":
        return confirmation.leave(request, school_class)
    services.remove_student(school_class=school_class, student=user_of(request))
    messages.success(request, _("You have left the class %(name)s.") % {"name": school_class.name})
    return redirect("classes:home")
