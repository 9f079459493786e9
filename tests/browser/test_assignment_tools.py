"""Assignment tools in a real browser: a teacher gives an assignment a due time, copies it to another class,
deletes one after the question, posts an announcement that a student reads on their home page, and adds a
co-teacher who then opens the class. Then the new pages are judged by axe-core, on a desktop and a phone, in
English and Slovak."""

import re
from datetime import date

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from classes import announcements, co_teaching, services
from course.models import Lesson
from testing.axe import axe_violations
from testing.factories import TEACHER, MembershipFactory, SchoolClassFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def classes(db, teacher):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    UserFactory(username="bekele", first_name="Kenenisa", last_name="Bekele", teaches=True)
    selam = UserFactory(username="selam", first_name="Selam", last_name="Tesfaye")
    club = SchoolClassFactory(teacher=teacher, name="Grade 7 chess club")
    SchoolClassFactory(teacher=teacher, name="Grade 8 chess club")
    MembershipFactory(school_class=club, student=selam)
    lessons = Lesson.objects.order_by("order")
    services.create_assignment(school_class=club, kind="lesson", lesson=lessons[0], due_on=date(2099, 5, 4))
    services.create_assignment(school_class=club, kind="lesson", lesson=lessons[1])
    return club


def log_in(page: Page, url: str, username: str, submit_log_in) -> None:
    page.goto(url + "/accounts/login/")
    submit_log_in(page, username)
    expect(page).to_have_url(url + "/")


def test_a_teacher_edits_copies_deletes_announces_and_shares_a_class(
    live_server, new_page, classes, submit_log_in
):
    url = live_server.url
    teacher = new_page()
    log_in(teacher, url, TEACHER, submit_log_in)
    teacher.goto(f"{url}/classes/{classes.pk}/")
    first = teacher.locator(".progress-table__assignment", has_text="Lesson 1:")
    edit = first.get_by_role("link", name=re.compile("^Edit the assignment "))
    lesson_one = edit.get_attribute("aria-label").removeprefix("Edit the assignment ")

    # The due time.
    edit.click()
    expect(teacher.get_by_role("heading", level=1)).to_have_text("Edit the assignment")
    expect(teacher.locator("#id_due_on")).to_have_value("2099-05-04")
    teacher.fill("#id_due_time", "14:30")
    teacher.get_by_role("button", name="Save").click()
    expect(teacher.locator(".messages")).to_contain_text("The assignment is changed")
    expect(first.locator(".progress-table__due")).to_have_text("due 04/05/2099 at 2:30 p.m.")

    # The copy.
    first.get_by_role("link", name=f"Copy the assignment {lesson_one} to another class").click()
    teacher.get_by_label("Copy to the class").select_option(label="Grade 8 chess club")
    teacher.get_by_role("button", name="Copy").click()
    expect(teacher.get_by_role("heading", level=1)).to_have_text("Grade 8 chess club")
    expect(teacher.locator(".messages")).to_contain_text("The assignment is copied to Grade 8 chess club")
    copied = teacher.locator(".progress-table__assignment")
    expect(copied).to_have_count(1)
    expect(copied).to_contain_text(lesson_one)
    expect(copied.locator(".progress-table__due")).to_have_text("due 04/05/2099 at 2:30 p.m.")

    # Deleting asks first; going back keeps the assignment, the answer deletes it.
    teacher.goto(f"{url}/classes/{classes.pk}/")
    second = teacher.locator(".progress-table__assignment", has_text="Lesson 2:")
    second.get_by_role("link", name=re.compile("^Delete the assignment ")).click()
    expect(teacher.get_by_role("heading", level=1)).to_contain_text("Delete the assignment Lesson 2:")
    teacher.get_by_role("link", name="No, go back").click()
    expect(teacher.locator(".progress-table__assignment")).to_have_count(2)
    second.get_by_role("link", name=re.compile("^Delete the assignment ")).click()
    teacher.get_by_role("button", name="Yes, delete it").click()
    expect(teacher.locator(".messages")).to_contain_text("The assignment is deleted")
    expect(teacher.locator(".progress-table__assignment")).to_have_count(1)

    # The announcement, read by a student on their home page.
    teacher.get_by_role("textbox", name="Announcement").fill("Bring your boards on Friday <b>please</b>.")
    teacher.get_by_role("button", name="Post").click()
    expect(teacher.locator(".messages")).to_contain_text("The announcement is posted")
    student = new_page()
    log_in(student, url, "selam", submit_log_in)
    block = student.locator(".classes-home")
    expect(block.locator(".announcement__text")).to_have_text("Bring your boards on Friday <b>please</b>.")
    expect(block.locator(".announcement__meta")).to_contain_text("Grade 7 chess club · Almaz Ayana")
    expect(block.locator(".assignment-item")).to_contain_text("due 4 May 2099 at 2:30 p.m.")
    student.screenshot(path="/tmp/tools-student-home.png", full_page=True)

    # The co-teacher.
    teacher.get_by_label("The teacher's username").fill("bekele")
    teacher.get_by_role("button", name="Add a co-teacher").click()
    expect(teacher.locator(".messages")).to_contain_text("bekele teaches the class with you now")
    expect(teacher.locator(".classes-teachers")).to_contain_text("Kenenisa Bekele bekele · co-teacher")
    teacher.screenshot(path="/tmp/tools-class.png", full_page=True)
    co_teacher = new_page()
    log_in(co_teacher, url, "bekele", submit_log_in)
    co_teacher.goto(url + "/classes/")
    co_teacher.get_by_role("link", name="Grade 7 chess club").click()
    expect(co_teacher.get_by_role("heading", level=1)).to_have_text("Grade 7 chess club")
    expect(co_teacher.locator(".progress-table")).to_contain_text("Selam Tesfaye")
    expect(co_teacher.get_by_role("link", name="Archive the class")).to_have_count(0)


@pytest.mark.parametrize("language", ["", "/sk"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_new_pages_have_no_violation(live_server, open_page, classes, submit_log_in, language, size):
    teacher = classes.teacher
    co_teaching.add(school_class=classes, username="bekele")
    announcements.post(school_class=classes, author=teacher, text="Bring your boards on Friday.")
    assignment = classes.assignments.first()
    pk = classes.pk
    visits = {
        TEACHER: [
            f"/classes/{pk}/",
            f"/classes/{pk}/assignments/{assignment.pk}/edit/",
            f"/classes/{pk}/assignments/{assignment.pk}/copy/",
            f"/classes/{pk}/assignments/{assignment.pk}/delete/",
            f"/classes/{pk}/announcements/new/",
            f"/classes/{pk}/teachers/add/",
            f"/classes/{pk}/code/",
        ],
        "selam": ["/", "/classes/", f"/classes/{pk}/leave/"],
        "bekele": ["/classes/", f"/classes/{pk}/"],
    }
    faults = {}
    for username, addresses in visits.items():
        page = open_page(size)
        log_in(page, live_server.url, username, submit_log_in)
        for address in addresses:
            response = page.goto(f"{live_server.url}{language}{address}")
            assert response is not None and response.status == 200, address
            faults[f"{username} {address}"] = axe_violations(page)
    assert faults == dict.fromkeys(faults, [])
