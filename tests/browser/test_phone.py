"""The site on a 390×844 phone: the header takes one line, its menu folds away behind a "Menu" button that
works with the keyboard, the board's squares are big enough for a finger, and what comes next on a task or a
puzzle (the board and the move form, or the next task once solved) is in view without scrolling."""

import re

import pytest
from playwright.sync_api import Page, expect

from course.models import Task
from testing.factories import LessonFactory, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH, HEIGHT = 390, 844
#: A fingertip's target, in CSS pixels (WCAG 2.5.5, Apple's and Google's guidelines).
FINGER = 44


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True, device_scale_factor=3
    )
    yield context.new_page()
    context.close()


@pytest.fixture
def task() -> Task:
    """A der collecting two stars, with prompts and a success message as long as the course's, and a task
    after it."""
    lesson = LessonFactory(slug="der", order=1, title="The der", title_sk="Der (veža)")
    fields = {
        "lesson": lesson,
        "fen": "7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0",
        "goal": "stars",
        "squares": "a5 e5",
        "max_moves": 6,
        "par": 2,
        "solution": "a1a5 a5e5",
    }
    first = Task.objects.create(
        order=1,
        title="Along the lines",
        title_sk="Po radoch a stĺpcoch",
        prompt="Collect the two stars with your der. It slides along ranks and files as far as it likes.",
        prompt_sk="Pozbieraj veľou obe hviezdičky. Posúva sa po radoch a stĺpcoch, kam ďaleko chce.",
        success="Two moves: a der changes direction between moves, never during one.",
        success_sk="Dva ťahy: veža mení smer medzi ťahmi, nikdy nie počas jedného.",
        **fields,
    )
    Task.objects.create(order=2, title="Again", prompt="Once more.", **fields)
    return first


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def in_view(found: dict[str, float]) -> bool:
    return (
        found["x"] >= 0
        and found["y"] >= 0
        and found["x"] + found["width"] <= WIDTH
        and (found["y"] + found["height"] <= HEIGHT)
    )


def tap(page: Page, square: str) -> None:
    page.locator(f'.board--live[data-ready] [data-square="{square}"]').click()


def test_the_menu_folds_away_and_opens_with_the_keyboard(live_server, phone, task):
    phone.goto(live_server.url + "/learn/der/1/")
    toggle = phone.get_by_role("button", name="Menu")
    menu = phone.get_by_role("navigation", name="Main")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(menu.get_by_role("link", name="Learn")).to_be_hidden()
    # One line: the brand and the button side by side, in a header no taller than one row.
    brand, button = box(phone, ".brand"), box(phone, ".site-menu__toggle")
    assert box(phone, ".site-header")["height"] < 80
    assert abs((brand["y"] + brand["height"] / 2) - (button["y"] + button["height"] / 2)) < 4
    assert button["height"] >= FINGER

    # The skip link, the brand, then the button.
    for _ in range(3):
        phone.keyboard.press("Tab")
    expect(toggle).to_be_focused()
    phone.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for name in ("Learn", "Train", "Play", "Rules", "Log in", "Sign up"):
        link = menu.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        assert box(phone, f'.site-nav a:text-is("{name}")')["height"] >= FINGER
    expect(phone.get_by_role("button", name="Slovenčina")).to_be_visible()
    phone.keyboard.press("Tab")
    expect(menu.get_by_role("link", name="Learn")).to_be_focused()
    phone.keyboard.press("Escape")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_be_focused()
    expect(menu.get_by_role("link", name="Learn")).to_be_hidden()

    # Space opens it too, and a link is followed with Enter.
    phone.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for _ in range(4):
        phone.keyboard.press("Tab")
    expect(menu.get_by_role("link", name="Rules")).to_be_focused()
    phone.keyboard.press("Enter")
    phone.wait_for_url(live_server.url + "/rules/")
    expect(phone.get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")


def test_the_desktop_shows_the_menu_without_a_button(live_server, page):
    page.goto(live_server.url + "/")
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Learn")).to_be_visible()


@pytest.mark.parametrize("where", ["home", "task", "puzzle"])
def test_the_board_s_squares_are_big_enough_for_a_finger(live_server, phone, task, where):
    puzzle = PuzzleFactory()
    address = {"home": "/", "task": "/learn/der/1/", "puzzle": f"/train/{puzzle.pk}/"}[where]
    phone.goto(live_server.url + address)
    squares = phone.locator(".board__square")
    expect(squares).to_have_count(64)
    sizes = squares.evaluate_all(
        "(all) => all.map((s) => [s.getBoundingClientRect().width, s.getBoundingClientRect().height])"
    )
    assert min(min(size) for size in sizes) >= FINGER, sizes[:3]
    board = box(phone, ".board")
    assert board["x"] >= 4 and board["x"] + board["width"] <= WIDTH - 4  # on the screen, with a margin
    assert phone.evaluate("() => document.documentElement.scrollWidth") == WIDTH  # nothing to scroll sideways


@pytest.mark.parametrize("language", ["", "/sk"])
def test_a_task_s_board_and_then_its_next_task_are_in_view(live_server, phone, task, language):
    phone.goto(f"{live_server.url}{language}/learn/der/1/")
    assert in_view(box(phone, ".board"))
    tap(phone, "a1")
    tap(phone, "a5")
    expect(phone.locator('.board [data-square="a5"] svg')).to_have_count(1)
    tap(phone, "a5")
    tap(phone, "e5")
    following = phone.locator(".success .button")
    expect(following).to_have_text(re.compile("Next task|Ďalšie cvičenie"))
    assert in_view(box(phone, ".success .button")), box(phone, ".success .button")
    assert phone.evaluate("() => window.scrollY") == 0
    following.click()
    phone.wait_for_url(f"{live_server.url}{language}/learn/der/2/")


@pytest.mark.parametrize("language", ["", "/sk"])
def test_a_puzzle_s_board_and_move_form_are_in_view(live_server, phone, language):
    puzzle = PuzzleFactory()
    phone.goto(f"{live_server.url}{language}/train/{puzzle.pk}/")
    assert in_view(box(phone, ".board"))
    phone.screenshot(path="/tmp/phone-test.png", full_page=True)
    assert in_view(box(phone, "#move-input"))
    assert in_view(box(phone, "#puzzle-form button[type=submit]"))
