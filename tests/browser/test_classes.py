"""Classes in a real browser: a teacher makes a class and assigns a task, a student (in a browser of their
own) joins by code, solves the task, and the teacher's table shows it done."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from testing.factories import TEACHER, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(db, teacher):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    UserFactory(username="selam", first_name="Selam", last_name="Tesfaye")


def open_classes(page: Page, url: str) -> None:
    """The home page a log-in leads to, then the classes by the course's link."""
    expect(page).to_have_url(url + "/")
    page.goto(url + "/learn/")
    page.get_by_role("link", name="My classes").click()


def test_a_teacher_assigns_a_task_and_sees_the_student_finish_it(
    live_server, new_page, people, submit_log_in
):
    teacher = new_page()
    teacher.goto(live_server.url + "/accounts/login/")
    submit_log_in(teacher, TEACHER)
    open_classes(teacher, live_server.url)
    teacher.get_by_role("link", name="New class").click()
    teacher.fill("#id_name", "Grade 7 chess club")
    teacher.get_by_role("button", name="Create the class").click()
    expect(teacher.get_by_role("heading", level=1)).to_have_text("Grade 7 chess club")
    code = teacher.locator(".join-code").inner_text()

    teacher.get_by_role("link", name="New assignment").click()
    teacher.get_by_label("Chosen tasks of the course").check()
    teacher.get_by_text("Choose the tasks").click()
    teacher.get_by_label("1.1 White's negus").check()
    teacher.get_by_role("button", name="Assign").click()
    expect(teacher.locator(".messages")).to_contain_text("The assignment is set.")
    expect(teacher.locator(".progress-table")).to_contain_text("Task 1.1 White's negus")

    student = new_page()
    student.goto(live_server.url + "/accounts/login/")
    submit_log_in(student, "selam")
    open_classes(student, live_server.url)
    student.fill("#id_code", code.lower())
    student.get_by_role("button", name="Join", exact=True).click()
    expect(student.locator(".messages")).to_contain_text("You are in the class Grade 7 chess club.")
    item = student.locator(".assignment-item")
    expect(item).to_contain_text("not started")
    item.get_by_role("link", name="Start: Task 1.1 White's negus").click()
    expect(student).to_have_url(live_server.url + "/learn/board-and-setup/1/")
    student.get_by_role("button", name="e1", exact=True).click()
    expect(student.locator(".success")).to_contain_text("Solved!")
    student.goto(live_server.url + "/classes/")
    expect(student.locator(".assignment-item")).to_contain_text("done")
    student.screenshot(path="/tmp/classes-student.png", full_page=True)

    teacher.reload()
    row = teacher.locator(".progress-table tbody tr", has_text="Selam Tesfaye")
    expect(row.locator(".status-badge")).to_have_text("done")
    expect(row).to_contain_text("★ 3/3")
    teacher.screenshot(path="/tmp/classes-teacher.png", full_page=True)
