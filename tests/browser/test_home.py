import re

import pytest
from playwright.sync_api import expect

from course.models import TaskProgress
from testing.factories import LessonFactory, PlayerRatingFactory, TaskFactory

pytestmark = pytest.mark.django_db(transaction=True)

PIECE_LABEL = re.compile(r"^(White|Black) (negus|fers|der|fil|feres|medeq)$")
ALL_DRAWN = """() => {
    const uses = [...document.querySelectorAll(".board svg use")];
    return uses.length === 32 && uses.every(use => use.getBBox().width > 10);
}"""


def test_the_board_shows_the_start_position(live_server, page, tmp_path):
    with page.expect_response(lambda response: response.url.endswith("/board/pieces.svg")) as drawings:
        page.goto(live_server.url + "/")
    assert drawings.value.ok

    board = page.get_by_role("grid", name="Senterej board")
    expect(board).to_be_visible()
    pieces = board.get_by_role("img")
    expect(pieces).to_have_count(32)
    labels = [piece.get_attribute("aria-label") for piece in pieces.all()]
    assert all(PIECE_LABEL.match(label) for label in labels), labels
    assert labels.count("White negus") == labels.count("Black negus") == 1
    expect(board.locator('[data-square="e1"] svg')).to_have_attribute("aria-label", "White negus")
    expect(board.locator('[data-square="d8"] svg')).to_have_attribute("aria-label", "Black negus")

    # A drawing that failed to load or parse still leaves the labelled <svg>, but its <use> draws nothing.
    page.wait_for_function(ALL_DRAWN, timeout=5_000)
    assert page.evaluate("() => typeof htmx") == "object"

    shot = tmp_path / "home.png"
    page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 10_000


# The front door: the site's menu and a way into each room; signed in, what is next.


@pytest.fixture
def course():
    lesson = LessonFactory(slug="setup", order=1, title="The setup")
    return [TaskFactory(lesson=lesson, order=1, title="White's negus"), TaskFactory(lesson=lesson, order=2)]


def test_the_home_page_has_the_site_menu_and_a_way_into_each_room(live_server, page, course):
    page.goto(live_server.url + "/")
    menu = page.get_by_role("navigation", name="Main")
    for name in ("Learn", "Train", "Play", "Rules", "Log in", "Sign up"):
        expect(menu.get_by_role("link", name=name, exact=True)).to_be_visible()
    hero = page.locator(".hero")
    hero.get_by_role("link", name="Start the course").click()
    page.wait_for_url(live_server.url + "/learn/setup/")
    page.go_back()
    hero.get_by_role("link", name="Train with puzzles").click()
    page.wait_for_url(live_server.url + "/train/")
    page.go_back()
    hero.get_by_role("link", name="Read the rules").click()
    page.wait_for_url(live_server.url + "/rules/")
    page.go_back()
    hero.get_by_role("link", name="Play a game").click()
    page.wait_for_url(live_server.url + "/play/")
    page.go_back()
    # Each of the three cards leads on too.
    cards = page.locator("#ways .card")
    expect(cards.get_by_role("link")).to_have_text(["Start the course", "Train with puzzles", "Play a game"])
    hero.get_by_role("link", name="Sign up").click()
    page.wait_for_url(live_server.url + "/accounts/signup/?next=%2F")


def test_signed_in_the_home_page_shows_the_next_task_and_the_rating(
    live_server, page, learner, course, submit_log_in
):
    TaskProgress.objects.create(user=learner, task=course[0], best_stars=3, attempts=1)
    PlayerRatingFactory(user=learner, rating=1712.0, rating_deviation=60.0)
    page.goto(live_server.url + "/accounts/login/")
    submit_log_in(page, learner.username)
    page.wait_for_url(live_server.url + "/")
    steps = page.get_by_role("region", name="Your next steps")
    expect(steps).to_contain_text(f"Next in the course: {course[1].title} (The setup)")
    expect(steps).to_contain_text("Your puzzle rating: 1712")
    menu = page.get_by_role("navigation", name="Main")
    expect(menu.get_by_role("button", name="Log out")).to_be_visible()
    expect(menu.get_by_role("link", name="Profile")).to_be_visible()
    text_top = (
        "e => { const range = document.createRange(); range.selectNodeContents(e);"
        " return range.getBoundingClientRect().top }"
    )
    tops = {
        name: element.evaluate(text_top)
        for name, element in (
            ("Profile", menu.get_by_role("link", name="Profile")),
            ("Log out", menu.get_by_role("button", name="Log out")),
        )
    }
    assert tops["Profile"] == tops["Log out"]  # the button's words on the links' line
    steps.get_by_role("link", name="Your dashboard").click()
    page.wait_for_url(live_server.url + "/train/dashboard/")
    page.go_back()
    page.get_by_role("region", name="Your next steps").get_by_role("link", name="Continue the course").click()
    page.wait_for_url(live_server.url + "/learn/setup/2/")
