"""What students see: their classes and assignments with status and due dates, a way straight into the work,
joining by code or link, invitations, leaving a class, and the short block on the home page."""

from datetime import date

import pytest
from django.urls import reverse
from django.utils import timezone

from classes import services
from classes.models import Invitation, Membership

pytestmark = pytest.mark.django_db


def test_a_student_sees_their_assignments_and_goes_straight_into_the_first_unfinished_task(
    school_class, lesson, selam, make
):
    make.assign_lesson(school_class, lesson, due_on=date(2099, 5, 1))
    make.stars(selam, lesson.tasks.first(), 3, when=timezone.now())
    page = make.logged_in(selam).get(reverse("classes:home")).content.decode()
    assert "Grade 7 chess club" in page and "taught by Almaz Ayana" in page
    assert "Lesson 1: The setup" in page and "in progress" in page and "1 of 2 tasks" in page
    assert "due 1 May 2099" in page
    assert f'href="{reverse("course:task", args=["setup", 2])}"' in page


def test_puzzle_sets_lead_to_the_trainer(school_class, selam, make):
    chosen = make.puzzle()
    services.create_assignment(school_class=school_class, kind="puzzles", puzzles=[chosen])
    services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=5)
    page = make.logged_in(selam).get(reverse("classes:home")).content.decode()
    assert f'href="{reverse("trainer:puzzle", args=[chosen.pk])}"' in page
    assert f'href="{reverse("trainer:train")}?theme=fork"' in page
    assert "5 puzzles: Fork" in page


def test_the_assignment_page_lists_each_task_with_its_stars(school_class, lesson, selam, make):
    assignment = make.assign_lesson(school_class, lesson)
    make.stars(selam, lesson.tasks.first(), 2, when=timezone.now())
    page = make.logged_in(selam).get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    assert "1.1 Question 1" in page and "★★" in page and "1.2 Question 2" in page


def test_the_assignment_page_lists_chosen_puzzles_solved_or_not(school_class, selam, make):
    one, two = make.puzzle(), make.puzzle()
    assignment = services.create_assignment(school_class=school_class, kind="puzzles", puzzles=[one, two])
    make.attempt(selam, one, solved=True)
    page = make.logged_in(selam).get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    assert f'Puzzle {one.pk}</a> <span class="trainer-result--solved">solved' in page
    assert f"Puzzle {two.pk}</a> </li>" in page


def test_a_student_joins_by_code(school_class, hana, make):
    client = make.logged_in(hana)
    answer = client.post(reverse("classes:join"), {"code": school_class.join_code.lower()})
    assert answer.url == reverse("classes:home")
    assert "You are in the class Grade 7 chess club." in client.get(answer.url).content.decode()
    assert Membership.objects.filter(school_class=school_class, student=hana).exists()


@pytest.mark.parametrize("code", ["WRONG234", ""])
def test_a_wrong_code_is_a_400_with_a_message(school_class, hana, make, code):
    answer = make.logged_in(hana).post(reverse("classes:join"), {"code": code})
    assert answer.status_code == 400
    assert not Membership.objects.filter(student=hana).exists()


def test_the_join_link_shows_the_class_and_joins_on_a_click(school_class, hana, make):
    client = make.logged_in(hana)
    link = reverse("classes:join_link", args=[school_class.join_code])
    page = client.get(link).content.decode()
    assert "Grade 7 chess club" in page and "Join the class" in page
    assert client.post(link).url == reverse("classes:home")
    assert "You are in this class." in client.get(link).content.decode()


def test_the_join_link_of_an_archived_class_says_it_is_closed(school_class, hana, make):
    services.archive_class(school_class=school_class)
    client = make.logged_in(hana)
    link = reverse("classes:join_link", args=[school_class.join_code])
    assert "This class is closed." in client.get(link).content.decode()
    assert client.post(link).status_code == 400
    assert not Membership.objects.filter(student=hana).exists()


def test_a_visitor_following_the_join_link_logs_in_and_comes_back(client, school_class):
    link = reverse("classes:join_link", args=[school_class.join_code])
    answer = client.get(link)
    assert answer.url == f"{reverse('login')}?next={link}"
    assert client.get(reverse("classes:join_link", args=["NOSUCH23"])).status_code == 302


def test_an_unknown_join_link_is_a_404(hana, make):
    assert make.logged_in(hana).get(reverse("classes:join_link", args=["NOSUCH23"])).status_code == 404


def test_an_invitation_is_shown_and_accepted(school_class, hana, make):
    invitation = services.invite(school_class=school_class, username="hana")
    client = make.logged_in(hana)
    page = client.get(reverse("classes:home")).content.decode()
    assert "Almaz Ayana invites you to the class <strong>Grade 7 chess club</strong>." in page
    assert "An invitation to a class is waiting for you." in client.get(reverse("home")).content.decode()
    client.post(reverse("classes:invitation_accept", args=[invitation.pk]))
    assert Membership.objects.filter(school_class=school_class, student=hana).exists()
    assert not Invitation.objects.exists()


def test_an_invitation_is_declined(school_class, hana, make):
    invitation = services.invite(school_class=school_class, username="hana")
    make.logged_in(hana).post(reverse("classes:invitation_decline", args=[invitation.pk]))
    assert not Membership.objects.filter(student=hana).exists() and not Invitation.objects.exists()


def test_accepting_an_invitation_to_a_class_archived_since_is_refused(school_class, hana, make):
    invitation = services.invite(school_class=school_class, username="hana")
    services.archive_class(school_class=school_class)
    client = make.logged_in(hana)
    client.post(reverse("classes:invitation_accept", args=[invitation.pk]))
    assert not Membership.objects.filter(student=hana).exists()


def test_a_student_leaves_a_class(school_class, selam, make):
    make.logged_in(selam).post(reverse("classes:leave", args=[school_class.pk]))
    assert not Membership.objects.filter(student=selam).exists()


def test_the_home_page_lists_what_is_left_to_do(school_class, lesson, selam, hana, make):
    make.assign_lesson(school_class, lesson)
    page = make.logged_in(selam).get(reverse("home")).content.decode()
    assert "Your classes" in page and "Lesson 1: The setup" in page
    for task in lesson.tasks.all():
        make.stars(selam, task, 3, when=timezone.now())
    page = make.logged_in(selam).get(reverse("home")).content.decode()
    assert "Nothing left to do in your classes." in page
    assert "Your classes" not in make.logged_in(hana).get(reverse("home")).content.decode()


def test_a_learner_is_told_how_to_become_a_teacher(hana, make):
    page = make.logged_in(hana).get(reverse("classes:home")).content.decode()
    assert "Tick “I teach”" in page and reverse("classes:new") not in page
    assert make.logged_in(hana).get(reverse("classes:new")).status_code == 403
