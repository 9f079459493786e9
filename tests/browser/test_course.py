"""The course in a real browser: the first lesson completed by clicking, a werera-round task, a wrong move
answered on the board, a wrong option explained, a hint that says its cost and takes it, and no accessibility
violation on a task page in either language."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from testing.axe import axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def course(db):
    call_command("loaddata", "fixtures/course.json", verbosity=0)


def click_square(page: Page, name: str) -> None:
    page.locator(f'.board--live [data-square="{name}"]').click()


def solved(page: Page) -> None:
    expect(page.locator(".success")).to_contain_text("Solved!")
    expect(page.locator(".stars--big")).to_have_text("★★★")


def test_the_first_lesson_completed_by_clicking(live_server, page, course, tmp_path):
    page.goto(live_server.url + "/learn/")
    expect(page.locator(".lesson-map__item").first).to_contain_text("0 of 4 tasks")
    page.get_by_role("link", name="Continue").click()
    for answer in ("e1", "d8", "Black's fers"):  # R1.3: the negus stand crosswise
        page.get_by_role("button", name=answer, exact=True).click()
        solved(page)
        page.get_by_role("link", name="Next task").click()
    expect(page.locator(".board--live")).to_be_visible()
    for frm, to in (("a1", "e1"), ("e1", "e8"), ("e8", "d8")):  # the der collects the home squares (R2.2)
        click_square(page, frm)
        click_square(page, to)
        expect(page.locator(f'[data-square="{to}"] svg')).to_have_count(1)  # the answer has been drawn
    solved(page)
    page.screenshot(path="/tmp/course-task.png", full_page=True)
    page.goto(live_server.url + "/learn/")
    expect(page.locator(".lesson-map__item").first).to_contain_text("4 of 4 tasks")
    expect(page.locator(".lesson-map__item").first).to_have_class("card lesson-map__item is-done")


def test_r5_3_a_werera_task_the_capture_is_played_alone(live_server, page, course):
    page.goto(live_server.url + "/learn/werera/4/")
    expect(page.locator(".task__prompt")).to_be_visible()
    click_square(page, "d5")
    click_square(page, "e4")
    solved(page)
    expect(page.locator(".round-report")).to_contain_text("a capture is played first, and alone")


def test_a_wrong_move_is_explained_and_can_be_tried_again(live_server, page, course):
    page.goto(live_server.url + "/learn/werera/4/")
    page.fill("#move-input", "d5d3")
    page.press("#move-input", "Enter")
    expect(page.locator(".error")).to_contain_text("there is no double step in Senterej")  # R2.6
    click_square(page, "d5")
    click_square(page, "e4")
    expect(page.locator(".stars--big")).to_have_text("★★☆")  # the illegal try cost a star


def test_r2_7_a_wrong_block_is_answered_on_the_board(live_server, page, course):
    page.goto(live_server.url + "/learn/check-and-mate/1/")
    click_square(page, "c3")
    click_square(page, "b1")  # the feres blocks where nothing guards it
    expect(page.locator(".error")).to_contain_text(
        "Your opponent answers: the der on a1 takes your feres on b1, giving check."
    )
    expect(page.locator('[data-square="b1"]')).to_have_attribute("aria-label", "b1, Black der, last move")
    expect(page.locator('[data-square="b1"]')).to_have_class(re.compile("is-last"))
    page.screenshot(path="/tmp/course-refutation.png", full_page=True)
    page.get_by_role("button", name="Try again").click()
    click_square(page, "c3")
    click_square(page, "d1")  # guarded by the fers on e2 (R2.4)
    expect(page.locator(".stars--big")).to_have_text("★★☆")  # the wrong block cost a star
    expect(page.locator(".stars-lost")).to_contain_text("1 mistake before solving: one star less.")


def test_a_wrong_option_says_why_it_is_wrong(live_server, page, course):
    page.goto(live_server.url + "/learn/board-and-setup/1/")
    page.get_by_role("button", name="d1", exact=True).click()
    expect(page.locator(".error")).to_have_text("d1 holds White's fers, at the negus's left hand.")
    expect(page.get_by_role("button", name="d1", exact=True)).to_have_class(re.compile("is-wrong"))


def test_a_hint_says_its_cost_before_it_is_taken_and_costs_a_star(live_server, page, course):
    page.goto(live_server.url + "/learn/der/1/")
    hint = page.get_by_role("button", name="Show a hint (costs a star)")
    expect(hint).to_be_visible()
    expect(page.locator(".hint-text")).to_have_count(0)
    hint.click()
    expect(page.locator(".hint-text")).to_contain_text("it can stop on a3 and turn along the third rank")
    expect(page.locator('[data-square="a1"]')).to_have_class(re.compile("is-hint"))
    page.reload()
    expect(page.locator(".hint-text")).to_be_visible()  # kept on the server
    for frm, to in (("a1", "a3"), ("a3", "h3"), ("h3", "h8")):
        click_square(page, frm)
        click_square(page, to)
        expect(page.locator(f'[data-square="{to}"] svg')).to_have_count(1)
    expect(page.locator(".stars--big")).to_have_text("★★☆")
    expect(page.locator(".stars-lost")).to_have_text("You used a hint: one star less.")


@pytest.mark.parametrize("prefix", ["", "/sk"])
def test_a_task_page_has_no_accessibility_violations(live_server, axe_page, course, prefix):
    page = axe_page
    page.goto(live_server.url + prefix + "/learn/check-and-mate/1/")
    click_square(page, "c3")
    click_square(page, "b1")  # with a wrong move answered, and the hint shown
    expect(page.locator(".error")).to_be_visible()
    page.locator(".task__actions button").last.click()
    expect(page.locator(".hint-text")).to_be_visible()
    assert axe_violations(page) == []
