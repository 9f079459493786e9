"""Every classes page, three ways: a visitor is sent to log in; someone else's class, student, assignment or
invitation, or a new password for an account the teacher did not make, is a 404 (never a 403 that would
tell it exists) and changes nothing; and every POST needs a CSRF token."""

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from classes import services
from classes.models import Assignment, Invitation, Membership, SchoolClass

pytestmark = pytest.mark.django_db


@dataclass
class World:
    school_class: SchoolClass
    other_class: SchoolClass
    assignment: Assignment
    other_assignment: Assignment
    invitation: Invitation
    other_invitation: Invitation
    people: dict


@pytest.fixture
def world(school_class, other_class, lesson, almaz, bekele, selam, dawit, hana, make):
    # Hana (Bekele's student) is invited to Almaz's class; Dawit to Bekele's. Almaz made Abebe's account for
    # her class, Bekele made Tola's for his.
    services.create_students(school_class=school_class, names=["Abebe Bikila"])
    services.create_students(school_class=other_class, names=["Tola Tadesse"])
    return World(
        school_class=school_class,
        other_class=other_class,
        assignment=make.assign_lesson(school_class, lesson),
        other_assignment=make.assign_lesson(other_class, lesson),
        invitation=services.invite(school_class=school_class, username="hana"),
        other_invitation=services.invite(school_class=other_class, username="dawit"),
        people={
            "almaz": almaz,
            "bekele": bekele,
            "selam": selam,
            "dawit": dawit,
            "hana": hana,
            "abebe": User.objects.get(username="abebe.bikila"),
            "tola": User.objects.get(username="tola.tadesse"),
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
    # Students.
    ("classes:assignment", lambda w: [w.assignment.pk], "get", "selam", ("hana", "bekele")),
    ("classes:leave", lambda w: [w.school_class.pk], "post", "selam", ("hana",)),
    ("classes:invitation_accept", lambda w: [w.invitation.pk], "post", "hana", ("selam", "almaz")),
    ("classes:invitation_decline", lambda w: [w.invitation.pk], "post", "hana", ("selam", "almaz")),
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
    )


def call(client: Client, method: str, url: str):
    if method == "get":
        return client.get(url)
    return client.post(url, {"name": "Renamed", "username": "dawit", "names": "Abebe", "code": "X"})


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
        assert call(make.logged_in(world.people[intruder]), method, url).status_code == 404, intruder
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
    answer = call(make.logged_in(world.people[owner]), method, reverse(name, args=args(world)))
    assert answer.status_code in (200, 302, 400)
