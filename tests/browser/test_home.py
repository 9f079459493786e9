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

    # What the page shows at 1280 px: its headings, and the board beside the words, whole and square.
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Learn Senterej, from the first move to a strong game"
    )
    for title in ("Three ways in", "The werera: an opening without turns", "The six men"):
        expect(page.get_by_role("heading", level=2, name=title)).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    words, drawn = page.locator(".hero__text").bounding_box(), board.bounding_box()
    assert words is not None and drawn is not None
    assert words["x"] + words["width"] <= drawn["x"] and drawn["x"] + drawn["width"] <= 1280
    boxes = [box for square in board.locator("[data-square]").all() if (box := square.bounding_box())]
    assert len(boxes) == 64
    side = boxes[0]["width"]
    assert side > 40  # big enough to tap
    assert all(
        box["width"] == pytest.approx(side, abs=1) == box["height"] for box in boxes
    )  # all alike, square
    # R1.1: White sets up at the bottom, so a1 is drawn at the bottom left and h8 at the top right, the eight
    # files and ranks side by side between them
    a1, h8 = (board.locator(f'[data-square="{name}"]').bounding_box() for name in ("a1", "h8"))
    assert a1 is not None and h8 is not None
    assert h8["x"] + h8["width"] - a1["x"] == pytest.approx(8 * side, abs=2)
    assert a1["y"] + a1["height"] - h8["y"] == pytest.approx(8 * side, abs=2)

    page.screenshot(path=tmp_path / "home.png", full_page=True)  # to look at, when the test has failed


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
