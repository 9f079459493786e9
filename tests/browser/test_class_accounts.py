"""Accounts a school can run, in a real browser: a teacher makes accounts from a list with accented names,
sends the list again and is told who is there already, gives one student a new password on a log-in card,
and the student (in a browser of their own) logs in with it. Then the cards and the pages on a phone, in
English and Slovak, judged by axe-core."""

import re

import pytest
from playwright.sync_api import Page, expect

from classes import services
from testing.axe import axe_violations
from testing.factories import PASSWORD, TEACHER, SchoolClassFactory

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = "Šimon Kováč\nĽudmila Šťastná-Horváthová\nJürgen Groß"


def make_accounts(page: Page, names: str) -> None:
    page.get_by_role("link", name="Create accounts for a list of names").click()
    page.get_by_label("Names, one a line").fill(names)
    page.get_by_role("button", name="Create the accounts").click()


def test_a_teacher_makes_accounts_twice_resets_one_and_the_student_logs_in(
    live_server, new_page, teacher, submit_log_in
):
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 5 chess club")
    page = new_page()
    page.goto(live_server.url + "/accounts/login/")
    submit_log_in(page, TEACHER)
    class_url = f"{live_server.url}/classes/{school_class.pk}/"
    page.goto(class_url)
    make_accounts(page, NAMES)
    made = page.locator(".passwords-table tbody tr")
    expect(made).to_have_count(3)
    expect(made.nth(0)).to_contain_text("simon.kovac")
    expect(made.nth(1)).to_contain_text("ludmila.stastna.horvathova")
    expect(made.nth(2)).to_contain_text("jurgen.gross")

    page.goto(class_url)
    make_accounts(page, NAMES + "\nŁukasz Żółć")
    expect(page.locator(".passwords-table").first).to_contain_text("lukasz.zolc")
    existing = page.locator(".passwords-existing")
    expect(existing).to_contain_text("Already in the class")
    expect(existing.locator("tbody tr")).to_have_count(3)
    expect(existing).to_contain_text("Šimon Kováč")
    expect(existing).to_contain_text("simon.kovac")
    page.screenshot(path="/tmp/accounts-again.png", full_page=True)

    page.goto(class_url)
    row = page.locator(".progress-table tbody tr", has_text="Šimon Kováč")
    expect(row).to_contain_text("simon.kovac")
    row.get_by_role("link", name="Šimon Kováč").click()
    page.get_by_role("link", name="Give a new password").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("A new password for Šimon Kováč?")
    page.get_by_role("button", name="Give a new password").click()
    card = page.locator(".login-card")
    expect(card).to_have_count(1)
    expect(card).to_contain_text(f"{live_server.url}/accounts/login/")
    secrets = card.locator(".login-card__secret")
    expect(secrets.nth(0)).to_have_text("simon.kovac")
    password = secrets.nth(1).inner_text()
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", password)
    page.screenshot(path="/tmp/accounts-card.png", full_page=True)
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.get_by_role("heading", name="Log-in cards")).to_be_hidden()
    page.screenshot(path="/tmp/accounts-card-print.png", full_page=True)

    student = new_page()
    student.goto(live_server.url + "/accounts/login/")
    submit_log_in(student, "simon.kovac", password)
    expect(student).to_have_url(live_server.url + "/")
    student.goto(live_server.url + "/classes/")
    expect(student.get_by_text("Grade 5 chess club")).to_be_visible()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_account_pages_pass_axe_on_desktop_and_phone(live_server, open_page, teacher, size, language):
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 5 chess club")
    services.create_students(school_class=school_class, names=["Šimon Kováč", "Jürgen Groß", "Jürgen Groß"])
    page = open_page(size)
    prefix = live_server.url + ("/sk" if language == "sk" else "")
    page.goto(prefix + "/accounts/login/")
    page.locator("#id_username").fill(TEACHER)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button.button").click()
    expect(page).to_have_url(prefix + "/")
    base = f"{prefix}/classes/{school_class.pk}/"
    pages = {
        "class": base,
        "again": base + "students/new/",
        "cards-question": base + "cards/",
    }
    found = {}
    for name, url in pages.items():
        page.goto(url)
        if name == "again":
            page.locator("#id_names").fill("Šimon Kováč\nJürgen Groß\nJürgen Groß\nŁukasz Żółć\nŁukasz Żółć")
            with page.expect_navigation():  # axe-core runs on the answer, not on the form being left
                page.locator("main form button.button").click()
        found[name] = axe_violations(page)
        page.screenshot(path=f"/tmp/accounts-{name}-{size}-{language}.png", full_page=True)
    page.goto(base + "cards/")
    page.locator("main form button.button").click()
    expect(page.locator(".login-card")).to_have_count(5)
    found["cards"] = axe_violations(page)
    page.screenshot(path=f"/tmp/accounts-cards-{size}-{language}.png", full_page=True)
    assert all(not violations for violations in found.values()), found
