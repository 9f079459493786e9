"""Classes in a real browser: a teacher makes a class and assigns a task, a student (in a browser of their
own) joins by code, solves the task, and the teacher's table shows it done."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Page, expect

from senterej.accounts import roles

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(db, settings):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    # The default hasher takes about a second a password here; the log-in page works the same with this one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    teacher = User.objects.create_user("almaz", password="club-teacher-1", first_name="Almaz")
    roles.set_teacher(user=teacher, teaches=True)
    User.objects.create_user("selam", password="club-student-1", first_name="Selam", last_name="Tesfaye")


def log_in(page: Page, url: str, username: str, password: str) -> None:
    page.goto(url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(url + "/")
    page.goto(url + "/learn/")
    page.get_by_role("link", name="My classes").click()


def test_a_teacher_assigns_a_task_and_sees_the_student_finish_it(live_server, new_page, people):
    teacher = new_page()
    log_in(teacher, live_server.url, "almaz", "club-teacher-1")
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
    log_in(student, live_server.url, "selam", "club-student-1")
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
