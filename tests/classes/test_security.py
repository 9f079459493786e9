"""Every classes page, four ways: a visitor is sent to log in; someone else's class, student, assignment,
announcement, co-teacher or invitation, or a new password for an account the teacher did not make, is a 404
(never a 403 that would tell it exists); a former teacher who unticked "I teach" is refused their own class's
pages in words (403); and every POST needs a CSRF token. Tampered addresses (unknown, huge or foreign ids, NUL
bytes) are a 4xx. None of them changes anything."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes import announcements, co_teaching, services
from classes.models import Announcement, Assignment, Invitation, Membership, SchoolClass
from testing.factories import PASSWORD

pytestmark = pytest.mark.django_db


@dataclass
class World:
    school_class: SchoolClass
    other_class: SchoolClass
    assignment: Assignment
    other_assignment: Assignment
    invitation: Invitation
    other_invitation: Invitation
    announcement: Announcement
    other_announcement: Announcement
    people: dict


@pytest.fixture
def world(school_class, other_class, lesson, almaz, bekele, selam, dawit, hana, make):
    # Hana (Bekele's student) is invited to Almaz's class; Dawit to Bekele's. Tigist co-teaches Almaz's class,
    # Yonas Bekele's. Almaz has a second class, Chess club B, to copy to. Almaz made Abebe's account for her
    # class, Bekele made Tola's for his.
    tigist, yonas = make.person("tigist", teaches=True), make.person("yonas", teaches=True)
    co_teaching.add(school_class=school_class, username="tigist")
    co_teaching.add(school_class=other_class, username="yonas")
    services.create_class(teacher=almaz, name="Chess club B")
    services.create_students(school_class=school_class, names=["Abebe Bikila"])
    services.create_students(school_class=other_class, names=["Tola Tadesse"])
    return World(
        school_class=school_class,
        other_class=other_class,
        assignment=make.assign_lesson(school_class, lesson),
        other_assignment=make.assign_lesson(other_class, lesson),
        invitation=services.invite(school_class=school_class, username="hana"),
        other_invitation=services.invite(school_class=other_class, username="dawit"),
        announcement=announcements.post(school_class=school_class, author=almaz, text="Friday"),
        other_announcement=announcements.post(school_class=other_class, author=bekele, text="Monday"),
        people={
            "almaz": almaz,
            "bekele": bekele,
            "selam": selam,
            "dawit": dawit,
            "hana": hana,
            "abebe": User.objects.get(username="abebe.bikila"),
            "tola": User.objects.get(username="tola.tadesse"),
            "tigist": tigist,
            "yonas": yonas,
        },
    )


# (url name, its arguments from the world, method, the owner who may, those who get a 404)
TEACHER = ("almaz", ("bekele", "selam"))
PAGES = [
    ("classes:class", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:edit", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:edit", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:archive", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:restore", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:code", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:invite", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:invitation_cancel", lambda w: [w.school_class.pk, w.invitation.pk], "post", *TEACHER),
    ("classes:students_new", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:students_new", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:student", lambda w: [w.school_class.pk, w.people["selam"].pk], "get", *TEACHER),
    ("classes:student_remove", lambda w: [w.school_class.pk, w.people["selam"].pk], "post", *TEACHER),
    ("classes:assignment_new", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:assignment_new", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:assignment_delete", lambda w: [w.school_class.pk, w.assignment.pk], "post", *TEACHER),
    ("classes:progress_csv", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:student_password", lambda w: [w.school_class.pk, w.people["abebe"].pk], "get", *TEACHER),
    ("classes:student_password", lambda w: [w.school_class.pk, w.people["abebe"].pk], "post", *TEACHER),
    (
        "classes:student_password",
        lambda w: [w.other_class.pk, w.people["tola"].pk],
        "post",
        "bekele",
        ("almaz",),
    ),
    ("classes:cards", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:cards", lambda w: [w.school_class.pk], "post", *TEACHER),
    # The questions before the acts that cannot be undone.
    ("classes:archive", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:code", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:student_remove", lambda w: [w.school_class.pk, w.people["selam"].pk], "get", *TEACHER),
    ("classes:assignment_delete", lambda w: [w.school_class.pk, w.assignment.pk], "get", *TEACHER),
    # Assignment tools, announcements and co-teachers.
    ("classes:assignment_edit", lambda w: [w.school_class.pk, w.assignment.pk], "get", *TEACHER),
    ("classes:assignment_edit", lambda w: [w.school_class.pk, w.assignment.pk], "post", *TEACHER),
    ("classes:assignment_copy", lambda w: [w.school_class.pk, w.assignment.pk], "get", *TEACHER),
    ("classes:assignment_copy", lambda w: [w.school_class.pk, w.assignment.pk], "post", *TEACHER),
    ("classes:announcement_new", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:announcement_new", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:announcement_delete", lambda w: [w.school_class.pk, w.announcement.pk], "get", *TEACHER),
    ("classes:announcement_delete", lambda w: [w.school_class.pk, w.announcement.pk], "post", *TEACHER),
    ("classes:co_teacher_add", lambda w: [w.school_class.pk], "get", *TEACHER),
    ("classes:co_teacher_add", lambda w: [w.school_class.pk], "post", *TEACHER),
    ("classes:co_teacher_remove", lambda w: [w.school_class.pk, w.people["tigist"].pk], "get", *TEACHER),
    ("classes:co_teacher_remove", lambda w: [w.school_class.pk, w.people["tigist"].pk], "post", *TEACHER),
    # Each assignment's results.
    ("classes:assignment_results", lambda w: [w.school_class.pk, w.assignment.pk], "get", *TEACHER),
    # A teacher reaching past their own class: someone else's student, assignment or invitation, or a
    # password for an account they did not make (Selam joined by code; Tola is Bekele's).
    ("classes:student", lambda w: [w.school_class.pk, w.people["hana"].pk], "get", None, ("almaz",)),
    ("classes:student_remove", lambda w: [w.school_class.pk, w.people["hana"].pk], "post", None, ("almaz",)),
    (
        "classes:student_password",
        lambda w: [w.school_class.pk, w.people["selam"].pk],
        "get",
        None,
        ("almaz",),
    ),
    (
        "classes:student_password",
        lambda w: [w.school_class.pk, w.people["selam"].pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:student_password",
        lambda w: [w.school_class.pk, w.people["tola"].pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:assignment_delete",
        lambda w: [w.school_class.pk, w.other_assignment.pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:invitation_cancel",
        lambda w: [w.school_class.pk, w.other_invitation.pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:assignment_edit",
        lambda w: [w.school_class.pk, w.other_assignment.pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:assignment_copy",
        lambda w: [w.school_class.pk, w.other_assignment.pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:announcement_delete",
        lambda w: [w.school_class.pk, w.other_announcement.pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:co_teacher_remove",
        lambda w: [w.school_class.pk, w.people["yonas"].pk],
        "post",
        None,
        ("almaz",),
    ),
    (
        "classes:co_teacher_remove",
        lambda w: [w.school_class.pk, w.people["selam"].pk],
        "post",
        None,
        ("almaz",),
    ),
    # Students.
    ("classes:assignment", lambda w: [w.assignment.pk], "get", "selam", ("hana", "bekele")),
    ("classes:leave", lambda w: [w.school_class.pk], "get", "selam", ("hana",)),
    ("classes:leave", lambda w: [w.school_class.pk], "post", "selam", ("hana",)),
    ("classes:invitation_accept", lambda w: [w.invitation.pk], "post", "hana", ("selam", "almaz")),
    ("classes:invitation_decline", lambda w: [w.invitation.pk], "post", "hana", ("selam", "almaz")),
    # The week's leaderboard: its teachers, and its students, who see it on the projector anyway.
    ("classes:leaderboard", lambda w: [w.school_class.pk], "get", "almaz", ("bekele", "hana", "yonas")),
    ("classes:leaderboard", lambda w: [w.school_class.pk], "get", "tigist", ("bekele",)),
    ("classes:leaderboard", lambda w: [w.school_class.pk], "get", "selam", ("hana",)),
    # Pages of no one's object in particular.
    ("classes:home", lambda w: [], "get", "selam", ()),
    ("classes:join", lambda w: [], "get", "hana", ()),
    ("classes:join", lambda w: [], "post", "hana", ()),
    ("classes:join_link", lambda w: [w.school_class.join_code], "get", "hana", ()),
    ("classes:join_link", lambda w: [w.school_class.join_code], "post", "hana", ()),
    ("classes:new", lambda w: [], "get", "almaz", ()),
    ("classes:new", lambda w: [], "post", "almaz", ()),
    ("profile", lambda w: [], "get", "selam", ()),
    ("profile", lambda w: [], "post", "selam", ()),
    ("password_change", lambda w: [], "post", "selam", ()),
]
IDS = [f"{method} {name} {index}" for index, (name, _args, method, _owner, _others) in enumerate(PAGES)]


def snapshot() -> tuple:
    return (
        list(SchoolClass.objects.values_list("name", "join_code", "archived_at").order_by("pk")),
        list(Membership.objects.values_list("school_class", "student").order_by("pk")),
        list(Invitation.objects.values_list("pk", flat=True).order_by("pk")),
        list(Assignment.objects.values_list("pk", flat=True).order_by("pk")),
        list(User.objects.values_list("username", "password").order_by("pk")),
        list(
            Assignment.objects.values_list(
                "pk", "school_class", "kind", "lesson", "due_on", "due_time"
            ).order_by("pk")
        ),
        list(Announcement.objects.values_list("pk", "text").order_by("pk")),
        list(SchoolClass.co_teachers.through.objects.values_list("schoolclass", "user").order_by("pk")),
    )


#: One form that fills in every classes form: a post that gets past the view would change something.
FORM = {
    "name": "Renamed",
    "username": "dawit",
    "names": "Abebe",
    "code": "X",
    "text": "Tampered",
    "teacher": "bekele",
    "kind": "theme",
    "theme": "fork",
    "puzzle_count": "1",
    "due_on": "2030-01-01",
}


def call(client: Client, method: str, url: str, world: World | None = None):
    if method == "get":
        return client.get(url)
    to_class = {"to_class": world.other_class.pk} if world else {}
    return client.post(url, {**FORM, **to_class})


@pytest.mark.parametrize(("name", "args", "method", "owner", "others"), PAGES, ids=IDS)
def test_a_visitor_is_sent_to_log_in(world, name, args, method, owner, others):
    url = reverse(name, args=args(world))
    before = snapshot()
    answer = call(Client(), method, url)
    assert answer.status_code == 302 and answer.url == f"{reverse('login')}?next={url}"
    assert snapshot() == before


@pytest.mark.parametrize(("name", "args", "method", "owner", "others"), PAGES, ids=IDS)
def test_someone_elses_object_is_a_404(world, make, name, args, method, owner, others):
    url = reverse(name, args=args(world))
    before = snapshot()
    for intruder in others:
        assert call(make.logged_in(world.people[intruder]), method, url, world).status_code == 404, intruder
    assert snapshot() == before


@pytest.mark.parametrize(
    ("name", "args", "method", "owner", "others"),
    [page for page in PAGES if page[2] == "post" and page[3]],
    ids=[i for i, page in zip(IDS, PAGES, strict=True) if page[2] == "post" and page[3]],
)
def test_every_post_needs_a_csrf_token(world, make, name, args, method, owner, others):
    before = snapshot()
    answer = call(make.logged_in(world.people[owner], csrf=True), method, reverse(name, args=args(world)))
    assert answer.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize(
    ("name", "args", "method", "owner", "others"),
    [page for page in PAGES if page[3]],
    ids=[i for i, page in zip(IDS, PAGES, strict=True) if page[3]],
)
def test_the_owner_gets_through(world, make, name, args, method, owner, others):
    """The owner's request, a form each view accepts, is answered as the view answers success: every page
    they read with a 200, every act with its redirect (or, for new accounts and passwords, with the page
    that shows them). A 400 here would mean the owner was refused, so it is never accepted."""
    url = reverse(name, args=args(world))
    client = make.logged_in(world.people[owner])
    if method == "get":
        answer = client.get(url)
        assert answer.status_code == 200
        return
    success = OWNER_POSTS[name]
    answer = client.post(url, {**FORM, **success.form(world)})
    if success.shows is not None:
        assert answer.status_code == 200
        assert success.shows in [template.name for template in answer.templates]
    else:
        assert answer.status_code == 302
        assert answer.url == success.goes_to(world)


@dataclass
class Success:
    """How a view answers the owner's accepted POST: the fields its form needs beyond FORM, and either the
    address it redirects to or the template of the page it shows."""

    form: Callable[[World], dict] = lambda world: {}
    goes_to: Callable[[World], str] = lambda world: reverse("classes:class", args=[world.school_class.pk])
    shows: str | None = None


def _lesson_tasks(world: World) -> list[int]:
    return list(world.assignment.lesson.tasks.values_list("pk", flat=True))


OWNER_POSTS = {
    "classes:edit": Success(),
    "classes:archive": Success(),
    "classes:restore": Success(),
    "classes:code": Success(),
    # Dawit (FORM's username) is in the class already; Tola is not.
    "classes:invite": Success(form=lambda world: {"username": "tola.tadesse"}),
    "classes:invitation_cancel": Success(),
    "classes:students_new": Success(shows="classes/passwords.html"),
    "classes:student_remove": Success(),
    # FORM's theme has no puzzles in the world: the lesson's tasks instead.
    "classes:assignment_new": Success(form=lambda world: {"kind": "tasks", "tasks": _lesson_tasks(world)}),
    "classes:assignment_edit": Success(form=lambda world: {"kind": "tasks", "tasks": _lesson_tasks(world)}),
    "classes:assignment_delete": Success(),
    "classes:student_password": Success(shows="classes/cards.html"),
    "classes:cards": Success(
        form=lambda world: {"students": [world.people["abebe"].pk]}, shows="classes/cards.html"
    ),
    # To Almaz's other class, which the copy then opens.
    "classes:assignment_copy": Success(
        form=lambda world: {"to_class": SchoolClass.objects.get(name="Chess club B").pk},
        goes_to=lambda world: reverse(
            "classes:class", args=[SchoolClass.objects.get(name="Chess club B").pk]
        ),
    ),
    "classes:announcement_new": Success(),
    "classes:announcement_delete": Success(),
    "classes:co_teacher_add": Success(),
    "classes:co_teacher_remove": Success(),
    "classes:leave": Success(goes_to=lambda world: reverse("classes:home")),
    "classes:invitation_accept": Success(goes_to=lambda world: reverse("classes:home")),
    "classes:invitation_decline": Success(goes_to=lambda world: reverse("classes:home")),
    # Hana joins Almaz's class by its code (FORM's "X" is no class's).
    "classes:join": Success(
        form=lambda world: {"code": world.school_class.join_code},
        goes_to=lambda world: reverse("classes:home"),
    ),
    "classes:join_link": Success(goes_to=lambda world: reverse("classes:home")),
    "classes:new": Success(
        goes_to=lambda world: reverse("classes:class", args=[SchoolClass.objects.get(name="Renamed").pk])
    ),
    "profile": Success(goes_to=lambda world: reverse("profile")),
    # FORM holds no passwords: the old one and a new one twice.
    "password_change": Success(
        form=lambda world: {
            "old_password": PASSWORD,
            "new_password1": "a-new-werera-2027",
            "new_password2": "a-new-werera-2027",
        },
        goes_to=lambda world: reverse("password_change_done"),
    ),
}


TEACHER_PAGES = [page for page in PAGES if page[3:] == TEACHER]
TEACHER_IDS = [i for i, page in zip(IDS, PAGES, strict=True) if page[3:] == TEACHER]


@pytest.mark.parametrize(("name", "args", "method", "owner", "others"), TEACHER_PAGES, ids=TEACHER_IDS)
def test_a_co_teacher_of_another_class_gets_a_404(world, make, name, args, method, owner, others):
    url = reverse(name, args=args(world))
    before = snapshot()
    assert call(make.logged_in(world.people["yonas"]), method, url, world).status_code == 404
    assert snapshot() == before


@pytest.mark.parametrize(("name", "args", "method", "owner", "others"), TEACHER_PAGES, ids=TEACHER_IDS)
def test_a_former_teacher_is_refused_in_words(world, make, name, args, method, owner, others):
    client = make.logged_in(world.people["almaz"])
    assert client.post(reverse("profile"), {"first_name": "Almaz", "last_name": "Ayana"}).status_code == 302
    url = reverse(name, args=args(world))
    before = snapshot()
    answer = call(client, method, url, world)
    assert answer.status_code == 403 and "You no longer teach" in answer.content.decode()
    assert snapshot() == before


HUGE = 2**64
#: Each page of a class's own objects with one id tampered: unknown, too large for the database.
TAMPERED = [
    ("classes:class", [HUGE]),
    ("classes:class", [0]),
    ("classes:assignment", [HUGE]),
    ("classes:assignment_edit", ["class", HUGE]),
    ("classes:assignment_copy", ["class", HUGE]),
    ("classes:assignment_copy", [HUGE, "assignment"]),
    ("classes:assignment_delete", ["class", HUGE]),
    ("classes:announcement_delete", ["class", HUGE]),
    ("classes:announcement_delete", [HUGE, "announcement"]),
    ("classes:co_teacher_remove", ["class", HUGE]),
    ("classes:co_teacher_remove", ["class", 0]),
    ("classes:co_teacher_add", [HUGE]),
    ("classes:announcement_new", [HUGE]),
    ("classes:leaderboard", [HUGE]),
    ("classes:leaderboard", [0]),
]


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(("name", "args"), TAMPERED)
def test_a_tampered_id_is_a_404(world, make, name, args, method):
    known = {"class": world.school_class.pk, "assignment": world.assignment.pk}
    known["announcement"] = world.announcement.pk
    url = reverse(name, args=[known.get(arg, arg) for arg in args])
    before = snapshot()
    # A page that only shows (the class, a student's assignment) takes no POST at all.
    shown_only = ("classes:class", "classes:assignment", "classes:leaderboard")
    refused = (404, 405) if method == "post" and name in shown_only else (404,)
    assert call(make.logged_in(world.people["almaz"]), method, url, world).status_code in refused
    assert snapshot() == before


@pytest.mark.parametrize(
    "data",
    [
        {"to_class": "\x00"},
        {"to_class": str(HUGE)},
        {"to_class": "-1"},
        {"to_class": "1e3"},
        {"text": "Hello\x00"},
        {"teacher": "bek\x00ele"},
        {"kind": "lesson", "lesson": str(HUGE)},
        {"kind": "lesson", "lesson": "1", "due_on": "2026-01-01", "due_time": "\x00"},
        {"kind": "puzzles", "puzzle_ids": str(HUGE)},
    ],
)
@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("classes:assignment_copy", lambda w: [w.school_class.pk, w.assignment.pk]),
        ("classes:assignment_edit", lambda w: [w.school_class.pk, w.assignment.pk]),
        ("classes:announcement_new", lambda w: [w.school_class.pk]),
        ("classes:co_teacher_add", lambda w: [w.school_class.pk]),
    ],
)
def test_tampered_forms_are_a_400(world, make, name, args, data):
    before = snapshot()
    answer = make.logged_in(world.people["almaz"]).post(reverse(name, args=args(world)), data)
    assert answer.status_code == 400
    assert snapshot() == before
