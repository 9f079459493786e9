"""The log-in lock in real browsers of one classroom (one address): a classmate's wrong passwords for a
pupil's account pause it on the classmate's browser, which says so and when to come back, while the pupil
logs in from her own. The locked page and a teacher's student page, judged by axe-core on desktop and
phone."""

import pytest
from playwright.sync_api import expect

from accounts import devices
from classes import services
from testing.axe import axe_violations
from testing.factories import PASSWORD, TEACHER, SchoolClassFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_classmates_wrong_passwords_leave_the_pupil_free_on_her_own_browser(
    live_server, new_page, submit_log_in
):
    UserFactory(username="bontu", first_name="Bontu", last_name="Edao")
    classmate, own = new_page(), new_page()
    classmate.goto(live_server.url + "/accounts/login/")
    for _ in range(devices.DEVICE_LIMIT):
        submit_log_in(classmate, "bontu", "not-her-password")
    expect(classmate.get_by_role("heading", level=1)).to_have_text("Too many failed log-ins")
    expect(classmate.get_by_role("alert")).to_contain_text("paused on this device")
    expect(classmate.get_by_role("alert")).to_contain_text("Try again in 15 minutes")
    classmate.screenshot(path="/tmp/lock-classmate.png", full_page=True)

    own.goto(live_server.url + "/accounts/login/")
    submit_log_in(own, "bontu", PASSWORD)
    expect(own).to_have_url(live_server.url + "/")


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_locked_page_and_the_student_page_pass_axe(live_server, open_page, teacher, size, language):
    prefix = live_server.url + ("/sk" if language == "sk" else "")
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 5 chess club")
    services.create_students(school_class=school_class, names=["Šimon Kováč"])
    page = open_page(size)
    page.goto(prefix + "/accounts/login/")
    for _ in range(devices.DEVICE_LIMIT):
        page.locator("#id_username").fill("simon.kovac")
        page.locator("#id_password").fill("wrong")
        page.locator("main form button.button").click()
    expect(page.locator(".error[role=alert]")).to_be_visible()
    locked = axe_violations(page)
    page.screenshot(path=f"/tmp/lock-{size}-{language}.png", full_page=True)

    page.goto(prefix + "/accounts/login/")
    page.locator("#id_username").fill(TEACHER)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button.button").click()
    expect(page).to_have_url(prefix + "/")
    page.goto(f"{prefix}/classes/{school_class.pk}/")
    page.locator(".progress-table tbody a").first.click()
    expect(page.locator("a[href$='/password/']")).to_be_visible()
    student = axe_violations(page)
    page.screenshot(path=f"/tmp/student-{size}-{language}.png", full_page=True)
    page.locator("a[href$='/password/']").click()
    page.wait_for_url("**/password/")  # axe-core runs on the question, not on the page being left
    expect(page.locator("main form")).to_be_visible()
    question = axe_violations(page)
    page.screenshot(path=f"/tmp/password-question-{size}-{language}.png", full_page=True)
    assert (locked, student, question) == ([], [], [])
