"""Acts that cannot be undone ask first: deleting an assignment, removing a student, a new join code,
leaving a class, archiving it, deleting an announcement, removing a co-teacher. Their address answers a GET
with the question (a page that works without JavaScript, whose form POSTs back), changes nothing until the
POST, and refuses every other method."""

import pytest
from django.urls import reverse

from classes import announcements, co_teaching
from classes.models import Announcement, Assignment, Membership, SchoolClass

pytestmark = pytest.mark.django_db


@pytest.fixture
def acts(school_class, lesson, almaz, bekele, selam, dawit, make):
    """(who acts, url, the question's words, what the act changes) for each act."""
    assignment = make.assign_lesson(school_class, lesson)
    note = announcements.post(school_class=school_class, author=almaz, text="Bring your boards on Friday.")
    co_teaching.add(school_class=school_class, username="bekele")
    pk = school_class.pk
    return [
        (
            almaz,
            reverse("classes:assignment_delete", args=[pk, assignment.pk]),
            "Delete the assignment Lesson 1: The setup?",
            lambda: Assignment.objects.filter(pk=assignment.pk).exists(),
        ),
        (
            almaz,
            reverse("classes:student_remove", args=[pk, dawit.pk]),
            "Remove Dawit Haile from the class?",
            lambda: Membership.objects.filter(school_class=school_class, student=dawit).exists(),
        ),
        (
            almaz,
            reverse("classes:code", args=[pk]),
            "Give the class a new code and link?",
            lambda: SchoolClass.objects.get(pk=pk).join_code,
        ),
        (
            selam,
            reverse("classes:leave", args=[pk]),
            "Leave the class Grade 7 chess club?",
            lambda: Membership.objects.filter(school_class=school_class, student=selam).exists(),
        ),
        (
            almaz,
            reverse("classes:archive", args=[pk]),
            "Archive the class Grade 7 chess club?",
            lambda: SchoolClass.objects.get(pk=pk).archived_at,
        ),
        (
            almaz,
            reverse("classes:announcement_delete", args=[pk, note.pk]),
            "Delete this announcement?",
            lambda: Announcement.objects.filter(pk=note.pk).exists(),
        ),
        (
            almaz,
            reverse("classes:co_teacher_remove", args=[pk, bekele.pk]),
            "Remove bekele as a co-teacher?",
            lambda: school_class.co_teachers.filter(pk=bekele.pk).exists(),
        ),
    ]


def test_each_act_asks_first_and_changes_nothing_until_the_answer(acts, make):
    for person, url, question, state in acts:
        before = state()
        page = make.logged_in(person).get(url)
        assert page.status_code == 200, url
        text = page.content.decode()
        assert f"<h1>{question}</h1>" in text, url
        assert (
            '<form class="card form confirm" method="post">' in text and 'name="csrfmiddlewaretoken"' in text
        )
        assert state() == before, url


def test_the_answer_does_it(acts, make):
    for person, url, _question, state in acts:
        before = state()
        answer = make.logged_in(person).post(url)
        assert answer.status_code == 302, url
        assert state() != before, url


@pytest.mark.parametrize("method", ["put", "patch", "delete", "options"])
def test_every_other_method_is_refused(acts, make, method):
    for person, url, _question, state in acts:
        before = state()
        assert getattr(make.logged_in(person), method)(url).status_code == 405, url
        assert state() == before, url


def test_the_class_page_links_to_the_questions_and_posts_nothing_destructive(
    school_class, lesson, almaz, make
):
    assignment = make.assign_lesson(school_class, lesson)
    page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk])).content.decode()
    for url in (
        reverse("classes:assignment_delete", args=[school_class.pk, assignment.pk]),
        reverse("classes:code", args=[school_class.pk]),
        reverse("classes:archive", args=[school_class.pk]),
    ):
        assert f'href="{url}"' in page and f'action="{url}"' not in page
