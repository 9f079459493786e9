"""The classes pages. Teachers: their classes, join codes, invitations, students made in bulk, assignments,
the progress table, each student's page and a CSV export. Students: their classes and assignments, joining by
code or link, invitations. Whatever is not the user's own is a 404, as if it did not exist."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts import roles
from classes import access, confirmation, exports, made_accounts, results, selectors, services, table_markup
from classes.assignment_words import assignment_title
from classes.forms import ClassForm, InviteForm, JoinForm, StudentsForm, blank
from classes.models import MAX_STUDENTS, Assignment, Invitation, SchoolClass
from classes.teaching_views import class_page_parts
from trainer.chart_geometry import rating_chart

GET_OR_POST = ["GET", "HEAD", "POST"]


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # every view here is behind @login_required
    return request.user


def _get_class_for_teacher(request: HttpRequest, class_id: int) -> SchoolClass:
    return access.class_for_teacher(_user(request), class_id)


def _get_student_of_class(school_class: SchoolClass, student_id: int) -> User:
    return get_object_or_404(User, pk=student_id, class_memberships__school_class=school_class)


def _get_assignment_of_class(school_class: SchoolClass, assignment_id: int) -> Assignment:
    return get_object_or_404(Assignment, pk=assignment_id, school_class=school_class)


def _get_assignment_for_student(request: HttpRequest, assignment_id: int) -> Assignment:
    return get_object_or_404(
        Assignment,
        pk=assignment_id,
        school_class__memberships__student=_user(request),
        school_class__archived_at__isnull=True,
    )


def _get_class_of_student(request: HttpRequest, class_id: int) -> SchoolClass:
    return get_object_or_404(SchoolClass, pk=class_id, memberships__student=_user(request))


def _get_invitation_for_user(request: HttpRequest, invitation_id: int) -> Invitation:
    return get_object_or_404(
        Invitation.objects.select_related("school_class", "user"), pk=invitation_id, user=_user(request)
    )


# Students (and everyone signed in)


@login_required
@require_safe
def home(request: HttpRequest) -> HttpResponse:
    user = _user(request)
    context = {
        "student_classes": selectors.classes_of_student(user),
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
def join(request: HttpRequest) -> HttpResponse:
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            school_class = services.join_class(user=_user(request), code=form.cleaned_data["code"])
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
            services.join_class(user=_user(request), code=school_class.join_code)
        except services.ClassError as refused:
            error = refused.message
        else:
            messages.success(request, _("You are in the class %(name)s.") % {"name": school_class.name})
            return redirect("classes:home")
    already = school_class.memberships.filter(student=_user(request)).exists()
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
    services.remove_student(school_class=school_class, student=_user(request))
    messages.success(request, _("You have left the class %(name)s.") % {"name": school_class.name})
    return redirect("classes:home")


@login_required
@require_safe
def assignment_page(request: HttpRequest, assignment_id: int) -> HttpResponse:
    """A student's view of one assignment: each task or puzzle, done or not, with a way in."""
    assignment = selectors.with_items(
        Assignment.objects.filter(pk=_get_assignment_for_student(request, assignment_id).pk)
    )[0]
    user = _user(request)
    cell = selectors.cells([assignment], [user.pk])[(assignment.pk, user.pk)]
    context = {
        "assignment": assignment,
        "title": assignment_title(assignment),
        "cell": cell,
        "tasks": selectors.student_tasks(assignment, user) if assignment.is_course else [],
        "puzzles": selectors.student_puzzles(assignment, user),
    }
    return render(request, "classes/assignment.html", context)


# Teachers


@login_required
@require_http_methods(GET_OR_POST)
def class_new(request: HttpRequest) -> HttpResponse:
    user = _user(request)
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
    assignments, rows = selectors.progress_table(school_class)
    join_url = reverse("classes:join_link", args=[school_class.join_code])
    context = {
        "school_class": school_class,
        "columns": [(column, assignment_title(column), results.warning(column)) for column in assignments],
        "rows": rows,
        "drawn_rows": table_markup.draw_rows(school_class, rows),
        "join_url": request.build_absolute_uri(join_url),
        "invitations": school_class.invitations.select_related("user").order_by("created"),
        "invite_fields": invite_form.as_p() if invite_form else blank(InviteForm),
        "max_students": MAX_STUDENTS,
        "made_any": made_accounts.made_for(school_class, _user(request)).exists(),
        **class_page_parts(school_class, _user(request)),
    }
    return render(request, "classes/class.html", context, status=status)


@login_required
@require_safe
def class_page(request: HttpRequest, class_id: int) -> HttpResponse:
    return _class_page(request, _get_class_for_teacher(request, class_id))


@login_required
@require_http_methods(GET_OR_POST)
def class_edit(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
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
    school_class = access.class_for_owner(_user(request), class_id)
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
    school_class = access.class_for_owner(_user(request), class_id)
    services.restore_class(school_class=school_class)
    messages.success(request, _("The class is open again."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_http_methods(GET_OR_POST)
def class_code(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
    if request.method != "POST":
        return confirmation.new_code(request, school_class)
    services.new_join_code(school_class=school_class)
    messages.success(request, _("The class has a new code and link; the old ones no longer work."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_POST
def class_invite(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
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
    school_class = _get_class_for_teacher(request, class_id)
    services.decline_invitation(
        invitation=get_object_or_404(Invitation, pk=invitation_id, school_class=school_class)
    )
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_http_methods(GET_OR_POST)
def students_new(request: HttpRequest, class_id: int) -> HttpResponse:
    """Accounts for a list of names. The answer is the one page that ever shows their passwords."""
    school_class = _get_class_for_teacher(request, class_id)
    form = StudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.create_students(
                school_class=school_class, names=form.cleaned_data["names"], made_by=_user(request)
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
@require_http_methods(GET_OR_POST)
def student_remove(request: HttpRequest, class_id: int, student_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
    student = _get_student_of_class(school_class, student_id)
    if request.method != "POST":
        return confirmation.remove_student(request, school_class, student)
    services.remove_student(school_class=school_class, student=student)
    messages.success(request, _("%(username)s has left the class.") % {"username": student.username})
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_safe
def student_page(request: HttpRequest, class_id: int, student_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
    student = _get_student_of_class(school_class, student_id)
    assignments = selectors.with_items(school_class.assignments.all())
    grid = selectors.cells(assignments, [student.pk])
    context = {
        "school_class": school_class,
        "student": student,
        "assignments": [
            (a, assignment_title(a), grid[(a.pk, student.pk)], results.results(a, [student]))
            for a in assignments
        ],
        "lessons": selectors.course_map(student),
        "chart": rating_chart(selectors.rating_series(student)),
        "rating": selectors.puzzle_rating(student),
        "attempts": selectors.recent_attempts(student),
        "made_here": made_accounts.made_for(school_class, _user(request)).filter(pk=student.pk).exists(),
    }
    return render(request, "classes/student.html", context)


@login_required
@require_http_methods(GET_OR_POST)
def assignment_delete(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
    assignment = _get_assignment_of_class(school_class, assignment_id)
    if request.method != "POST":
        return confirmation.delete_assignment(request, assignment)
    services.delete_assignment(assignment=assignment)
    messages.success(request, _("The assignment is deleted; the students' work stays theirs."))
    return redirect("classes:class", class_id=school_class.pk)


@login_required
@require_safe
def progress_csv(request: HttpRequest, class_id: int) -> HttpResponse:
    school_class = _get_class_for_teacher(request, class_id)
    today = timezone.localdate()
    response = HttpResponse(
        exports.progress_csv(school_class, today=today), content_type="text/csv; charset=utf-8"
    )
    disposition = content_disposition_header(True, exports.file_name(school_class, today=today))
    assert disposition  # None only for an empty name, and a file name never is
    response["Content-Disposition"] = disposition
    return response
