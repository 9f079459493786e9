"""A teacher's class pages: creating, editing, archiving a class; its code and link; invitations; removing
a student; the progress table."""

import pytest
from django.urls import reverse
from django.utils import timezone

from classes import services
from classes.models import Invitation, Membership, SchoolClass

pytestmark = pytest.mark.django_db


def test_a_teacher_creates_a_class(almaz, make):
    client = make.logged_in(almaz)
    assert client.get(reverse("classes:new")).status_code == 200
    answer = client.post(reverse("classes:new"), {"name": "Saturday club", "description": "Bring a board."})
    school_class = SchoolClass.objects.get(name="Saturday club")
    assert answer.url == reverse("classes:class", args=[school_class.pk])
    page = client.get(answer.url).content.decode()
    assert school_class.join_code in page and "Bring a board." in page
    assert f"http://testserver/classes/join/{school_class.join_code}/" in page
    assert "Saturday club" in client.get(reverse("classes:home")).content.decode()


def test_a_class_needs_a_name(almaz, make):
    assert make.logged_in(almaz).post(reverse("classes:new"), {"name": ""}).status_code == 400
    assert not SchoolClass.objects.exists()


def test_a_class_is_edited(school_class, almaz, make):
    client = make.logged_in(almaz)
    assert client.get(reverse("classes:edit", args=[school_class.pk])).status_code == 200
    client.post(reverse("classes:edit", args=[school_class.pk]), {"name": "Grade 8", "description": ""})
    school_class.refresh_from_db()
    assert school_class.name == "Grade 8"
    assert client.post(reverse("classes:edit", args=[school_class.pk]), {"name": ""}).status_code == 400


def test_a_class_is_archived_and_restored(school_class, almaz, make):
    client = make.logged_in(almaz)
    client.post(reverse("classes:archive", args=[school_class.pk]))
    school_class.refresh_from_db()
    assert school_class.archived
    assert "archived" in client.get(reverse("classes:home")).content.decode()
    client.post(reverse("classes:restore", args=[school_class.pk]))
    school_class.refresh_from_db()
    assert not school_class.archived


def test_a_new_code_replaces_the_old(school_class, almaz, make):
    old = school_class.join_code
    make.logged_in(almaz).post(reverse("classes:code", args=[school_class.pk]))
    school_class.refresh_from_db()
    assert school_class.join_code != old


def test_a_teacher_invites_by_username_and_can_cancel(school_class, almaz, hana, make):
    client = make.logged_in(almaz)
    answer = client.post(reverse("classes:invite", args=[school_class.pk]), {"username": "hana"})
    assert answer.url == reverse("classes:class", args=[school_class.pk])
    invitation = Invitation.objects.get(user=hana)
    assert "Waiting for an answer" in client.get(answer.url).content.decode()
    client.post(reverse("classes:invitation_cancel", args=[school_class.pk, invitation.pk]))
    assert not Invitation.objects.exists()


@pytest.mark.parametrize(
    ("username", "message"),
    [("nobody", "No account has the username"), ("selam", "in the class already"), ("almaz", "You teach")],
)
def test_a_refused_invitation_is_a_400_with_a_message(school_class, almaz, make, username, message):
    answer = make.logged_in(almaz).post(
        reverse("classes:invite", args=[school_class.pk]), {"username": username}
    )
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not Invitation.objects.exists()


def test_a_teacher_removes_a_student(school_class, almaz, selam, make):
    make.logged_in(almaz).post(reverse("classes:student_remove", args=[school_class.pk, selam.pk]))
    assert not Membership.objects.filter(student=selam).exists()


def test_the_progress_table_shows_each_student_on_each_assignment(school_class, lesson, almaz, selam, make):
    make.assign_lesson(school_class, lesson)
    for task in lesson.tasks.all():
        make.stars(selam, task, 3, when=timezone.now())
    page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk])).content.decode()
    assert "Lesson 1: The setup" in page
    assert "Selam Tesfaye" in page and "Dawit Haile" in page
    assert 'status-badge--done">done' in page and "★ 6/6" in page
    assert 'status-badge--not_started">not started' in page


def test_an_empty_class_says_how_students_join(almaz, make):
    school_class = services.create_class(teacher=almaz, name="Empty")
    services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=1)
    page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk])).content.decode()
    assert "No students yet" in page
