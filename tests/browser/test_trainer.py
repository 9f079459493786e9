"""The puzzle trainer in the browser: a signed-in player solves a puzzle by clicking, misses the next one
(R7.3: taking the last piece draws), sees the rating move both ways, then finds the miss on the dashboard
and solves it on a second, unrated try."""

import re

import pytest
from playwright.sync_api import Page, expect

from testing.factories import LADDER, LEARNER, PuzzleFactory
from testing.reading import seen

pytestmark = pytest.mark.django_db(transaction=True)


def play(page: Page, frm: str, to: str) -> None:
    """Clicks the man, then where it goes, on the live board (ready once its script has run)."""
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


def test_a_player_solves_a_puzzle_misses_one_and_retries_it_from_the_dashboard(
    live_server, page, learner, js_errors, submit_log_in
):
    errors = js_errors(page)
    mate = PuzzleFactory(rating=1500)
    # Far above the player: chosen only once the nearer puzzle has been tried.
    ladder = PuzzleFactory(line=LADDER, rating=2600)
    page.goto(live_server.url + "/accounts/login/?next=/train/")
    submit_log_in(page, LEARNER)
    page.wait_for_url(re.compile(r"/train/$"))

    # The first puzzle: the theme stays hidden until it is solved.
    expect(page.locator(".trainer__turn")).to_have_text("White to move: find the best move.")
    expect(page.locator("#puzzle")).not_to_contain_text("Mate by a der")
    play(page, "c1", "c8")
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")
    expect(page.locator(".trainer__rating")).to_have_text(
        re.compile(r"^Your puzzle rating: 1500 → 1\d{3} \(\+\d+\)$")
    )
    expect(page.locator(".trainer__themes")).to_contain_text("Mate by a der")
    expect(page.locator(".board--live")).to_have_count(0)
    assert page.url.endswith(f"/train/{mate.pk}/")  # a reload shows the puzzle as it stands

    # The next puzzle: a hint, then the tempting capture of the last piece.
    page.get_by_role("link", name="Next puzzle").click()
    expect(page.get_by_role("heading", name=f"Puzzle {ladder.pk}")).to_be_visible()
    page.get_by_role("link", name="Show a hint").click()
    expect(page.locator('.board [data-square="h1"]')).to_have_class(re.compile(r"\bis-hint\b"))
    play(page, "h1", "h2")
    expect(page.locator(".trainer__feedback")).to_contain_text("the bare negus is a draw (R7.3)")
    expect(page.locator(".trainer__rating")).to_have_text(
        re.compile(r"^Your puzzle rating: 1\d{3} → 1\d{3} \(−\d+\)$")
    )
    expect(page.locator('.board [data-square="h2"] svg')).to_have_attribute("aria-label", "White der")
    expect(page.locator(".trainer__line li")).to_have_count(3)
    assert [seen(item.inner_html()) for item in page.locator(".trainer__line li").all()] == [
        "1. [der]d1",
        "[feres]f3",
        "2. [der]d8#",
    ]
    page.locator(".trainer__line").get_by_role("link", name="2. der to d8, mate").click()
    expect(page.locator('.board [data-square="d8"] svg')).to_have_attribute("aria-label", "White der")

    # The dashboard: two points on the chart, the missed theme first, the miss waiting to be retried.
    page.get_by_role("link", name=re.compile("Your dashboard")).click()
    points = page.locator(".trainer-chart__line").get_attribute("points")
    assert len(points.split()) == 2
    expect(page.locator(".trainer-history tbody tr")).to_have_count(2)
    expect(page.locator(".trainer-themes tbody th").first).to_have_text("Don't take the last piece")
    retry = page.locator(".trainer-retry").get_by_role("link", name=f"Puzzle {ladder.pk}")
    retry.click()

    # The second try: not rated.
    page.get_by_role("button", name="Try again").click()
    play(page, "h1", "d1")
    expect(page.locator(".trainer__feedback")).to_contain_text("Correct! Your opponent answered feres to f3")
    assert seen(page.locator(".trainer__feedback").inner_html()) == (
        "Correct! Your opponent answered [feres]f3. Find the next move."
    )
    play(page, "d1", "d8")
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")
    expect(page.locator(".trainer__rating")).to_have_text(
        "Not rated: only your first try at a puzzle counts."
    )
    assert errors == []
