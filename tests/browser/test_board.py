"""The board in a real browser, as a learner uses it on a course task, a puzzle and a game: an illegal click
or drop is explained in the server's words and the man stays chosen (R2.7, R2.5, R2.6), a man is dragged to
his square by mouse or finger, a promotion always asks and may be cancelled (R3.2, R3.4), a task is solved
from the keyboard alone with the reply heard and the focus kept on the board, and axe-core finds nothing to
fault on any of the three pages, in English and in Slovak."""

import re
from importlib import import_module

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from play import services
from play.models import Game
from testing.axe import axe_violations
from testing.factories import LessonFactory, PuzzleFactory, TaskFactory

pytestmark = pytest.mark.django_db(transaction=True)

# White's feres on e2 is pinned by the der on e7 (R2.7), Black's fil on f4 guards d2 (R2.5); c1c8 mates.
PINNED = "k7/pp2r3/8/8/5b2/8/4N3/2R1K3 w - - 0 1 0/0"
# The course's "Two der in two moves": b1b7, Black answers g8f8, then a6a8 mates.
TWO_DER = "6k1/8/R7/8/8/8/8/1R2K2n w - - 0 1 0/0"
# White has lost both der and nothing else (R3.1): the medeq waiting on c8 may become a der where it stands
# (R3.4), and the one on a7 becomes a der on a8 (R3.2).
ONE_KIND = "2P3k1/P4ppp/8/8/n7/8/3Q4/1NB1KBN1 w - - 0 1 0/0"


def live_board(page: Page):
    """The board once its script is ready: after an htmx swap, the script runs just after the board shows."""
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    return board


def square(page: Page, name: str):
    return page.locator(f'.board [data-square="{name}"]')


def says(page: Page):
    return page.locator(".board__says")


def selected(page: Page, name: str) -> None:
    expect(square(page, name)).to_have_class(re.compile(r"\bis-selected\b"))
    expect(square(page, name)).to_have_attribute("aria-selected", "true")


def drag(page: Page, frm: str, to: str) -> None:
    """Presses the mouse on one square, carries the man over the board and lets go on another."""
    start = square(page, frm).bounding_box()
    end = square(page, to).bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()


def pinned_task() -> str:
    lesson = LessonFactory(slug="pins")
    TaskFactory(
        lesson=lesson,
        order=1,
        title="Mate on the back rank",
        prompt="Mate in one.",
        success="The der closes the eighth rank.",
        fen=PINNED,
        goal="moves",
        accept="c1c8",
        solution="c1c8",
        options=[],
        answer=-1,
    )
    return "/learn/pins/1/"


def two_der_task() -> str:
    lesson = LessonFactory(slug="two-der")
    TaskFactory(
        lesson=lesson,
        order=1,
        title="Two der in two moves",
        prompt="Checkmate in two moves.",
        success="Two der mate a negus on the edge by taking turns.",
        fen=TWO_DER,
        goal="status",
        status="checkmate",
        opponent="scripted",
        replies={"b1b7": "g8f8", "a6a7": "g8f8"},
        max_moves=2,
        par=2,
        solution="b1b7 a6a8",
        options=[],
        answer=-1,
    )
    return "/learn/two-der/1/"


def explained_on_the_board(page: Page) -> None:
    """R2.7: the pinned feres and the negus stepping into check, each told why, the man still chosen."""
    board = live_board(page)
    board.locator('[data-square="e2"]').click()
    selected(page, "e2")
    expect(says(page)).to_have_text(
        "The man on e2 has no move now: choose the square you meant, and learn why."
    )
    board.locator('[data-square="c3"]').click()
    expect(says(page)).to_have_text(
        "The feres on e2 is pinned: moving it there would leave your negus in check."
    )
    selected(page, "e2")
    expect(square(page, "e2").locator("svg")).to_have_attribute("aria-label", "White feres")  # nothing played

    board.locator('[data-square="e1"]').click()
    selected(page, "e1")
    expect(says(page)).to_have_text("")
    board.locator('[data-square="d2"]').click()
    expect(says(page)).to_have_text("Your negus may not step onto d2: it would be attacked there.")
    selected(page, "e1")
    expect(square(page, "d2")).to_have_attribute("aria-label", "d2, empty")


def test_r2_7_an_illegal_click_on_a_task_is_explained_and_the_man_stays_chosen(live_server, page, js_errors):
    errors = js_errors(page)
    page.goto(live_server.url + pinned_task())
    explained_on_the_board(page)
    expect(says(page)).to_have_attribute("role", "status")

    # R2.5: the fil leaps two squares, and a man of the other side or an empty square is not a move
    square(page, "e1").click()
    square(page, "c1").click()
    square(page, "b2").click()
    expect(says(page)).to_have_text(re.compile(r"^A der cannot move from c1 to b2\. The der moves"))
    square(page, "c1").click()  # lets go of the der
    square(page, "f4").click()
    expect(says(page)).to_have_text("The man on f4 is not yours: you play White.")
    square(page, "d4").click()
    expect(says(page)).to_have_text("There is no man on d4: choose one of your men first.")

    square(page, "c1").click()
    square(page, "c8").click()
    expect(page.locator(".success")).to_contain_text("Solved!")
    assert errors == []


def test_r2_7_an_illegal_click_on_a_puzzle_is_explained_and_the_man_stays_chosen(
    live_server, page, js_errors
):
    errors = js_errors(page)
    puzzle = PuzzleFactory(fen=PINNED, moves="c1c8", themes="mateIn1 derMate", rating=1500)
    page.goto(f"{live_server.url}/train/{puzzle.pk}/")
    explained_on_the_board(page)
    square(page, "c1").click()
    square(page, "c8").click()
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")
    assert errors == []


def test_a_man_dragged_to_his_square_is_played_and_an_illegal_drop_is_explained(live_server, page, js_errors):
    errors = js_errors(page)
    page.goto(live_server.url + pinned_task())
    live_board(page)

    drag(page, "e2", "c3")  # R2.7: the pinned feres
    expect(says(page)).to_have_text(
        "The feres on e2 is pinned: moving it there would leave your negus in check."
    )
    selected(page, "e2")
    expect(square(page, "e2").locator("svg")).to_have_attribute("aria-label", "White feres")
    expect(square(page, "e2").locator("svg")).to_have_css("transform", "none")  # put back on his square
    drag(page, "c1", "c5")  # a legal move, but not the answer: the task is failed
    expect(page.locator(".error")).to_be_visible()
    expect(square(page, "c5").locator("svg")).to_have_attribute("aria-label", "White der")

    page.get_by_role("button", name="Try again").click()
    live_board(page)
    drag(page, "c1", "c8")
    expect(page.locator(".success")).to_contain_text("Solved!")
    expect(square(page, "c8").locator("svg")).to_have_attribute("aria-label", "White der")
    assert errors == []


# Counts the men set gliding to their squares, on this page and on what htmx draws into it.
COUNT_GLIDES = """() => {
    window.glides = 0;
    new MutationObserver((changes) => changes.forEach((change) => {
        if (change.target.classList.contains("is-gliding")) window.glides += 1;
    })).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
}"""


@pytest.mark.parametrize(("motion", "glides"), [("no-preference", True), ("reduce", False)])
def test_the_man_glides_to_his_square_unless_the_reader_asks_for_less_motion(
    live_server, browser, motion, glides
):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    page = context.new_page()
    page.add_init_script(f"({COUNT_GLIDES})()")
    page.goto(live_server.url + pinned_task())
    live_board(page)
    square(page, "c1").click()
    square(page, "c8").click()
    expect(page.locator(".success")).to_contain_text("Solved!")
    assert (page.evaluate("() => window.glides") > 0) is glides
    context.close()


def test_a_move_that_never_reached_the_server_leaves_the_board_ready(live_server, page, js_errors):
    errors = js_errors(page)
    address = pinned_task()
    page.route("**/move/", lambda route: route.abort())
    page.goto(live_server.url + address)
    live_board(page)
    square(page, "c1").click()
    with page.expect_event("requestfailed"):
        square(page, "c8").click()
    expect(square(page, "c1").locator("svg")).to_have_css("transform", "none")  # back on his square
    page.unroute("**/move/")
    square(page, "c1").click()
    selected(page, "c1")
    square(page, "c8").click()
    expect(page.locator(".success")).to_contain_text("Solved!")
    assert errors == []


def test_a_drag_on_the_game_page_plays_the_choice(live_server, page, js_errors):
    """R5.1: in the werera a choice is dragged like a move; a drop on the man's own square plays nothing."""
    errors = js_errors(page)
    seat_both_sides(page, live_server, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0")
    live_board(page)
    drag(page, "e2", "e4")  # R2.6
    expect(says(page)).to_have_text("A medeq steps one square forward: there is no double step in Senterej.")
    drag(page, "g1", "f3")
    expect(page.locator(".pass-screen")).to_be_visible()
    assert errors == []


def test_a_man_is_dragged_by_a_finger_on_a_phone(live_server, browser):
    """Touch drives the same pointer events; the page does not scroll away under the finger on a man."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    seat_both_sides(page, live_server, ONE_KIND)
    live_board(page)
    start, end = square(page, "d2").bounding_box(), square(page, "c3").bounding_box()
    assert start and end
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    dx, dy = end["x"] + end["width"] / 2 - x, end["y"] + end["height"] / 2 - y
    touch = context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 9):
        point = {"x": x + dx * step / 8, "y": y + dy * step / 8}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(page.locator(".moves tbody tr")).to_have_count(1)  # R2.4: the fers steps one square diagonally
    expect(square(page, "c3").locator("svg")).to_have_attribute("aria-label", "White fers")
    context.close()


def seat_both_sides(page: Page, live_server, fen: str) -> Game:
    """A game on one device from a set position, with both seats in the browser's session."""
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=fen)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/play/{game.id}/")
    return game


def test_r3_4_a_waiting_medeq_asks_what_to_become_even_when_one_kind_is_left(live_server, page, js_errors):
    errors = js_errors(page)
    seat_both_sides(page, live_server, ONE_KIND)
    board = live_board(page)
    picker = page.locator(".board__picker")

    board.locator('[data-square="c8"]').click()
    expect(picker).to_be_visible()
    expect(picker).to_have_attribute("role", "dialog")
    offered = picker.locator("[data-promotion]:visible")
    expect(offered).to_have_count(1)
    expect(offered).to_have_accessible_name("der")
    expect(offered).to_be_focused()
    page.screenshot(path="/tmp/board-picker.png")
    picker.get_by_role("button", name="Cancel").click()
    expect(picker).to_be_hidden()
    expect(square(page, "c8")).to_be_focused()
    expect(square(page, "c8").locator("svg")).to_have_attribute("aria-label", "White medeq")
    expect(page.locator(".moves tbody tr")).to_have_count(0)  # Cancel played nothing

    board.locator('[data-square="c8"]').click()
    picker.get_by_role("button", name="der").click()
    expect(page.locator(".moves")).to_contain_text("medeq to c8, promotes to der")
    expect(square(page, "c8").locator("svg")).to_have_attribute("aria-label", "White der")
    assert errors == []


def test_r3_2_a_promotion_asks_by_keyboard_and_escape_cancels(live_server, page, js_errors):
    errors = js_errors(page)
    seat_both_sides(page, live_server, ONE_KIND)
    live_board(page)
    square(page, "a7").focus()
    page.keyboard.press("Enter")
    square(page, "a8").focus()
    page.keyboard.press("Enter")
    picker = page.locator(".board__picker")
    expect(picker).to_be_visible()
    expect(picker.get_by_role("button", name="der")).to_be_focused()
    page.keyboard.press("Escape")
    expect(picker).to_be_hidden()
    expect(square(page, "a7")).to_be_focused()
    expect(page.locator(".moves tbody tr")).to_have_count(0)

    page.keyboard.press("Enter")
    square(page, "a8").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # on the picker's "der"
    expect(page.locator(".moves")).to_contain_text("medeq to a8, promotes to der")
    expect(square(page, "a8")).to_be_focused()
    assert errors == []


def arrow_to(page: Page, target: str) -> None:
    """Arrow keys from the focused square to `target`, on a board drawn with White at the bottom."""
    here = page.evaluate("() => document.activeElement.dataset.square")
    files, ranks = ord(target[0]) - ord(here[0]), int(target[1]) - int(here[1])
    for _ in range(abs(files)):
        page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
    for _ in range(abs(ranks)):
        page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
    expect(square(page, target)).to_be_focused()


def test_a_task_solved_from_the_keyboard_alone_is_heard_and_keeps_the_focus_on_the_board(
    live_server, page, js_errors
):
    errors = js_errors(page)
    page.goto(live_server.url + two_der_task())
    live_board(page)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.square !== undefined"):
            break
    arrow_to(page, "b1")
    page.keyboard.press("Enter")
    expect(square(page, "b7")).to_have_attribute("aria-label", "b7, empty, can move here")
    arrow_to(page, "b7")
    page.keyboard.press("Enter")

    announce = page.locator("#announce")
    expect(announce).to_have_text("Your opponent answered with the negus from g8 to f8.")
    expect(announce).to_have_attribute("aria-live", "polite")
    expect(square(page, "b7")).to_be_focused()  # the square the der went to, on the new board
    expect(square(page, "b7")).to_have_attribute("aria-label", "b7, White der")
    expect(square(page, "f8")).to_have_attribute("aria-label", "f8, Black negus, last move")

    arrow_to(page, "a6")
    page.keyboard.press("Enter")
    arrow_to(page, "a8")
    page.keyboard.press("Enter")
    expect(announce).to_have_text("Solved! Two der mate a negus on the edge by taking turns.")
    expect(page.locator(".board--live")).to_have_count(0)  # the board is a picture now
    expect(page.locator("#task .board")).to_be_focused()
    expect(square(page, "f8")).to_have_attribute("aria-label", "f8, Black negus, check")
    assert errors == []


def test_r5_10_a_werera_round_is_announced_on_a_task(live_server, page, course, js_errors):
    errors = js_errors(page)
    page.goto(live_server.url + "/learn/werera/4/")
    live_board(page)
    square(page, "d5").click()
    square(page, "e4").click()
    expect(page.locator("#announce")).to_contain_text("a capture is played first, and alone")
    expect(page.locator("#announce")).to_contain_text("Solved!")
    assert errors == []


@pytest.fixture
def course(db):
    from django.core.management import call_command

    call_command("loaddata", "fixtures/course.json", verbosity=0)


@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_board_s_pages_have_no_accessibility_violation(live_server, axe_page, language):
    page = axe_page
    prefix = "" if language == "en" else "/sk"
    task = pinned_task()
    puzzle = PuzzleFactory(fen=PINNED, moves="c1c8", themes="mateIn1 derMate", rating=1500)
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=ONE_KIND)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )

    for address in (task, f"/train/{puzzle.pk}/", f"/play/{game.id}/"):
        page.goto(live_server.url + prefix + address)
        expect(page.locator("html")).to_have_attribute("lang", language)
        board = live_board(page)
        assert axe_violations(page) == [], address
        # and with a man chosen, a refusal said, and the promotion picker open
        board.locator('[data-square="e1"]').click()
        board.locator('[data-square="e3"]').click()
        expect(says(page)).to_have_text(re.compile(r"e1.*e3"))
        assert axe_violations(page) == [], address
        page.screenshot(path=f"/tmp/board-{language}-{address.split('/')[1]}.png", full_page=True)
    square(page, "c8").click()
    expect(page.locator(".board__picker")).to_be_visible()
    assert axe_violations(page) == [], "the picker"
