"""The classes home and a teacher's class: the home lists a student's classes and invitations and the classes
a teacher teaches; a teacher makes a class, and on its page sees the progress table, changes the class,
archives or restores it, renews its join code, invites by username and cancels invitations, and downloads
the progress as CSV. Whatever is not the user's own is a 404, as if it did not exist."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import roles
from classes import (
    access,
    class_lists,
    confirmation,
    exports,
    results,
    selectors,
    services,
    student_selectors,
    table_markup,
)
from classes.forms import ClassForm, InviteForm, JoinForm, blank
from classes.models import MAX_STUDENTS, Invitation, SchoolClass
from classes.views.reach import GET_OR_POST, taught_class, user_of
from classes.views.teaching import class_page_parts


@login_required
@require_safe
def home(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    context = {
        "student_classes": student_selectors.classes_of_student(user),
        "invitations": Invitation.objects.filter(user=user, school_class__archived_at__isnull=True)
        .select_related("school_class__teacher")
        .order_by("created"),
        "taught": access.taught_by(user).annotate(student_count=Count("memberships", distinct=True)),
        "is_teacher": roles.is_teacher(user),
        "join_form": JoinForm(),
    }
    return render(request, "classes/home.html", context)


@login_required
@require_http_methods(GET_OR_POST)
def class_new(request: HttpRequest) -> HttpResponse:
    user = user_of(request)
    if not roles.is_teacher(user):
        return render(request, "classes/not_teacher.html", status=403)
    form = ClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        school_class = services.create_class(
            teacher=user, name=form.cleaned_data["name"], description=form.cleaned_data["description"]
        )
        return redirect("classes:class", class_id=school_class.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "classes/class_form.html", {"form": form}, status=status)


def _class_page(
    request: HttpRequest, school_class: SchoolClass, invite_form: InviteForm | None = None, status: int = 200
) -> HttpResponse:
    table = selectors.progress_page(school_class, request.GET.get("page"))
    join_url = reverse("classes:join_link", args=[school_class.join_code])
    lists = class_lists.present(school_class)
    context = {
        "school_class": school_class,
        "columns": table.columns,
        "rows": table.rows,
        "page": table.page,
        "drawn_columns": table_markup.draw_columns(
            school_class,
            [
                (
                    column.assignment,
                    column.title,
                    results.warning(column, table.pools.get(column.assignment.pk)),
                )
                for column in table.columns
            ],
        ),
        "drawn_rows": table_markup.draw_rows(school_class, table.rows),
        "join_url": request.build_absolute_uri(join_url),
        "invitations": (
            school_class.invitations.select_related("user").order_by("created") if lists.invitations else []
        ),
        "invite_fields": invite_form.as_p() if invite_form else blank(InviteForm),
        "max_students": MAX_STUDENTS,
        "made_any": lists.made_accounts,
        **class_page_parts(school_class, user_of(request), lists),
    }
    return render(request, "classes/class.html", context, status=status)


@login_required
@require_safe
def class_page(request: HttpRequest, class_id: int) -> HttpResponse:
    return _class_page(request, taught_class(request, class_id))


@login_required
@require_http_methods(GET_OR_POST)
def class_edit(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    form = ClassForm(request.POST or None, instance=school_class)
    if request.method == "POST" and form.is_valid():
        services.update_class(
            school_class=school_class,
            name=form.cleaned_data["name"],
            description=form.cleaned_data["description"],
        )
        return redirect("classes:class", class_id=school_class.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "school_class": school_class}
    return render(request, "classes/class_form.html", context, status=status)


@login_required
@require_http_methods(GET_OR_POST)
def class_archive(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = access.class_for_owner(user_of(request), class_id)
    if request.method != "POST":
        return confirmation.archive(request, school_class)
    services.archive_class(school_class=school_class)
    messages.success(
        request, _("The class is archived: it takes no new students and its students no longer see it.")
    )
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_POST
def class_restore(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = access.class_for_owner(user_of(request), class_id)
    services.restore_class(school_class=school_class)
    messages.success(request, _("The class is open again."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_http_methods(GET_OR_POST)
def class_code(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    if request.method != "POST":
        return confirmation.new_code(request, school_class)
    services.new_join_code(school_class=school_class)
    messages.success(request, _("The class has a new code and link; the old ones no longer work."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_POST
def class_invite(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invitation = services.invite(school_class=school_class, username=form.cleaned_data["username"])
        except services.ClassError as error:
            form.add_error("username", error.message)
        else:
            messages.success(
                request,
                _("%(username)s is invited: the invitation waits on their classes page.")
                % {"username": invitation.user.username},
            )
            return redirect("classes:class", class_id=school_class.pk)
    return _class_page(request, school_class, invite_form=form, status=400)


@login_required
@require_POST
def invitation_cancel(request: HttpRequest, class_id: int, invitation_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    services.decline_invitation(
        invitation=get_object_or_404(Invitation, pk=invitation_id, school_class=school_class)
    )
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_safe
def progress_csv(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    today = timezone.localdate()
    response = HttpResponse(
        exports.progress_csv(school_class, today=today), content_type="text/csv; charset=utf-8"
    )
    disposition = content_disposition_header(True, exports.file_name(school_class, today=today))
    assert disposition  # None only for an empty name, and a file name never is
    response["Content-Disposition"] = disposition
    return response
