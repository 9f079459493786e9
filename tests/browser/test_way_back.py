"""Logging in and signing up from a page lead back to it, in a real browser: the header's links carry the
page, the forms keep it, and the course's progress made before comes along."""

import pytest
from playwright.sync_api import expect

from course.models import TaskProgress
from testing.factories import PASSWORD, LessonFactory, TaskFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def task():
    lesson = LessonFactory(slug="setup", order=1, title="The setup")
    TaskFactory(lesson=lesson, order=1, title="White's negus")
    return TaskFactory(lesson=lesson, order=2, title="Black's negus")


def test_logging_in_from_a_task_returns_to_it(live_server, page, learner, task, submit_log_in):
    address = f"{live_server.url}/learn/setup/2/"
    page.goto(address)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/accounts/login/?next=/learn/setup/2/")
    submit_log_in(page, learner.username)
    page.wait_for_url(address)
    expect(page.get_by_role("heading", name="Black's negus")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def test_signing_up_from_a_task_returns_to_it_with_the_work_done(live_server, page, task):
    page.goto(f"{live_server.url}/learn/setup/2/")
    page.get_by_role("button", name="d1").click()  # the factory's right answer
    expect(page.locator(".success")).to_contain_text("Solved!")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("selam")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url(f"{live_server.url}/learn/setup/2/")
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert TaskProgress.objects.get(user__username="selam").task == task


def test_slovak_from_the_sign_up_page_to_the_log_in_page_and_back_to_the_task(
    live_server, page, learner, task, submit_log_in
):
    address = f"{live_server.url}/sk/learn/setup/2/"
    page.goto(address)
    page.get_by_role("navigation", name="Hlavná navigácia").get_by_role(
        "link", name="Zaregistrovať sa"
    ).click()
    page.get_by_role("main").get_by_role("link", name="Prihlásiť sa").click()
    page.get_by_label("Používateľské meno").fill(learner.username)
    page.get_by_label("Heslo").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Prihlásiť sa").click()
    page.wait_for_url(address)
