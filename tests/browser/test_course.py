"""The course in a real browser: the first lesson completed by clicking, and a werera-round task."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

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
