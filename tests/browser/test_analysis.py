"""The analysis board in the browser: from a solved puzzle a visitor opens the board with the puzzle's
solution, opens its start, tries two moves by clicking, steps back with the arrow key, asks the engine and
reads its score and line, copies the share link (which draws the same board), and plays on against a bot
from there. axe-core finds nothing wrong on the board, on a desktop and a phone, in both languages."""

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)


def play(page: Page, frm: str, to: str) -> None:
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


def test_from_a_solved_puzzle_to_the_analysis_board_and_on_to_a_game(live_server, browser, js_errors):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    errors = js_errors(page)
    puzzle = PuzzleFactory()  # k1r5/pp6/8/7n/8/8/8/2R1K3 w: Rxc8 mates
    page.goto(f"{live_server.url}/train/{puzzle.pk}/")
    play(page, "c1", "c8")
    expect(page.locator(".trainer__feedback")).to_contain_text("Solved!")
    page.get_by_role("link", name="Analyse").click()
    expect(page.get_by_role("heading", name="Analysis board")).to_be_visible()
    expect(page.locator(".analysis__moves li")).to_have_count(1)  # the solution, loaded with the puzzle
    page.goto(f"{live_server.url}/analysis/?{urlencode({'fen': puzzle.fen})}")

    play(page, "e1", "d2")
    expect(page.locator(".analysis__moves li")).to_have_count(1)
    play(page, "h5", "g3")
    expect(page.locator(".analysis__moves li")).to_have_count(2)
    page.wait_for_url(re.compile(r"moves=e1d2%2Ch5g3"))  # htmx pushes the address once the swap settles

    # The board keeps the focus across its redraw (on the square the man went to); the arrow keys step
    # through the moves from outside it.
    page.wait_for_function("document.activeElement && document.activeElement.closest('.board') !== null")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"at=1$"))
    expect(page.locator(".analysis__moves li a").first).to_have_attribute("aria-current", "step")
    expect(page.locator('.board [data-square="g3"] .piece')).to_have_count(0)

    page.get_by_role("button", name="Ask the engine").click()
    expect(page.locator(".analysis__score")).to_contain_text(re.compile(r"^[+−]?\d|mates in"), timeout=20_000)
    expect(page.locator(".analysis__line .san").first).to_be_visible()
    expect(page.locator(".analysis__evaluation")).to_contain_text("Depth")

    page.get_by_role("button", name="Copy link").click()
    expect(page.locator(".analysis__copied")).to_have_text("Link copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == page.url
    shared = context.new_page()
    shared.goto(link)
    expect(shared.locator(".analysis__moves li a").first).to_have_attribute("aria-current", "step")
    expect(shared.locator(".analysis__score")).to_be_visible()  # the stored evaluation, at once
    shared.close()

    page.get_by_label("Bot", exact=True).select_option("novice")
    page.get_by_label("Your side").select_option("black")
    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    expect(page.locator("section.moves")).to_be_visible()
    expect(page.locator(".board")).to_be_visible()
    assert errors == []
    context.close()


@pytest.mark.parametrize("language", ["", "/sk"])
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_the_analysis_board_has_no_accessibility_violations(live_server, browser, language, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server.url}{language}/analysis/?rounds=e2e3:d7d6,g1f3:0000")
    expect(page.locator(".board--live[data-ready]")).to_be_visible()
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()


@pytest.mark.queued_tasks
@pytest.mark.parametrize(
    "language,words", [("", "The engine has not answered."), ("/sk", "Počítač neodpovedal.")]
)
def test_a_lost_evaluation_is_offered_again_on_the_open_page_without_a_reload(
    live_server, open_page, language, words
):
    """No worker takes the question (one killed mid-search leaves the same): the page says the engine is
    thinking, and once the patience has run out its own poll brings "Ask again", on a phone, clean for
    axe-core; asking again puts the question back to the engine."""
    from datetime import timedelta

    from django.utils import timezone

    from analysis import evaluations
    from analysis.models import Evaluation

    page = open_page("phone")
    page.goto(f"{live_server.url}{language}/analysis/?fen=k7/8/1K6/8/8/8/8/n6R+w+-+-+0+1+0/0")
    page.locator("#evaluation form button").click()
    expect(page.locator(".analysis__thinking")).to_be_visible()
    Evaluation.objects.update(asked=timezone.now() - evaluations.PATIENCE - timedelta(seconds=1))
    again = page.locator("#evaluation form button")
    expect(page.locator("#evaluation")).to_contain_text(words)
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    again.click()
    expect(page.locator(".analysis__thinking")).to_be_visible()
    assert Evaluation.objects.get().asked > timezone.now() - timedelta(seconds=30)
