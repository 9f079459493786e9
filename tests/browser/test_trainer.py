"""The puzzle trainer in the browser: a signed-in player solves a puzzle by clicking, misses the next one
(R7.3: taking the last piece draws), sees the rating move both ways, then finds the miss on the dashboard
and solves it on a second, unrated try; a hint says its cost before it is taken and makes the rated try a
miss; a visitor chooses two themes and a band and is served only those; the missed puzzles are retried one
after another; and axe-core finds nothing wrong on the puzzle, themes and report pages, in both languages."""

import re

import pytest
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import LADDER, LEARNER, PASSWORD, AttemptFactory, PlayerRatingFactory, PuzzleFactory
from testing.page_text import seen

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
    PlayerRatingFactory(user=learner)  # an existing player at 1500, whatever the puzzles' median
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

    # The next puzzle: a hint, which makes the rated try a miss, then the tempting capture of the last piece.
    page.get_by_role("link", name="Next puzzle").click()
    expect(page.get_by_role("heading", name=f"Puzzle {ladder.pk}")).to_be_visible()
    page.get_by_role("button", name="Hint (counts as a miss)").click()
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


def test_a_hints_cost_is_said_before_it_is_taken_and_the_rated_try_counts_as_a_miss(
    live_server, page, learner, js_errors, submit_log_in
):
    errors = js_errors(page)
    ladder = PuzzleFactory(line=LADDER, rating=1500)
    page.goto(live_server.url + f"/accounts/login/?next=/train/{ladder.pk}/")
    submit_log_in(page, LEARNER)
    hint = page.get_by_role("button", name="Hint (counts as a miss)")
    expect(hint).to_be_visible()
    hint.click()
    expect(page.locator('.board [data-square="h1"]')).to_have_class(re.compile(r"\bis-hint\b"))
    expect(page.locator(".hint-text")).to_contain_text("With the hint, this rated try counts as a miss.")
    page.reload()  # the hint is kept in the try
    expect(page.locator('.board [data-square="h1"]')).to_have_class(re.compile(r"\bis-hint\b"))
    play(page, "h1", "d1")
    expect(page.get_by_role("button", name="Another hint (no further cost)")).to_be_visible()
    play(page, "d1", "d8")
    expect(page.locator(".trainer__feedback")).to_have_text(
        "Solved, with a hint: this rated try counts as a miss."
    )
    expect(page.locator(".trainer__rating")).to_have_text(
        re.compile(r"^Your puzzle rating: 1500 → 1\d{3} \(−\d+\)$")
    )
    page.get_by_role("link", name=re.compile("Your dashboard")).click()
    expect(page.locator(".trainer-history tbody tr")).to_have_text([re.compile(r"Missed with a hint")])
    expect(page.locator(".trainer-retry")).to_contain_text(f"Puzzle {ladder.pk}")
    assert errors == []


def test_a_visitor_chooses_two_themes_and_a_band_and_trains_only_those(live_server, page, js_errors):
    errors = js_errors(page)
    fork = PuzzleFactory(themes="fork", rating=1200)
    werera = PuzzleFactory(themes="werera", rating=1300)
    PuzzleFactory(themes="fork", rating=1900)  # out of the band
    PuzzleFactory(themes="mateIn1", rating=1250)  # of another theme
    page.goto(live_server.url + "/train/")
    page.get_by_role("link", name="Choose themes and a rating band").click()
    expect(page.get_by_role("heading", name="Choose what to train")).to_be_visible()
    expect(page.get_by_text("One man attacks two enemy men at once")).to_be_visible()
    page.get_by_label("Fork").check()
    page.get_by_label("Werera round").check()
    page.get_by_label("Rated from").fill("1100")
    page.get_by_label("Rated up to").fill("1400")
    page.get_by_role("button", name="Train these").click()
    served = []
    for _ in range(2):
        expect(page.locator(".trainer__focus")).to_contain_text(
            "Training: Fork, Werera round · rated 1100 to 1400"
        )
        served.append(int(re.search(r"Puzzle (\d+)", page.locator("h1").inner_text())[1]))
        page.get_by_role("button", name="View the solution").click()
        page.get_by_role("link", name="Next puzzle").click()
    assert sorted(served) == [fork.pk, werera.pk]
    expect(page.locator(".lede")).to_have_text(
        "No puzzle of your choice (Fork, Werera round · rated 1100 to 1400) is left for you."
    )

    # A band upside down is refused with a message.
    page.goto(live_server.url + "/train/themes/")
    page.get_by_label("Rated from").fill("1500")
    page.get_by_label("Rated up to").fill("1000")
    page.get_by_role("button", name="Train these").click()
    expect(page.get_by_role("alert")).to_have_text("The highest rating must not be below the lowest.")
    assert errors == []


def test_the_missed_puzzles_are_retried_one_after_another(
    live_server, page, learner, js_errors, submit_log_in
):
    errors = js_errors(page)
    first, second = PuzzleFactory(), PuzzleFactory()
    for puzzle in (first, second):
        AttemptFactory(user=learner, puzzle=puzzle, solved=False, rating_after=1480.0)
    page.goto(live_server.url + "/accounts/login/?next=/train/dashboard/")
    submit_log_in(page, LEARNER)
    page.get_by_role("button", name="Retry them one after another").click()

    # The newest miss first, as the dashboard lists them: solved this time, and not rated.
    expect(page.locator(".trainer__focus")).to_contain_text("Missed puzzles, one after another: 1 of 2")
    expect(page.get_by_role("heading", name=f"Puzzle {second.pk}")).to_be_visible()
    play(page, "c1", "c8")
    expect(page.locator(".trainer__rating")).to_have_text(
        "Not rated: only your first try at a puzzle counts."
    )
    page.get_by_role("link", name="Next missed puzzle").click()

    expect(page.locator(".trainer__focus")).to_contain_text("Missed puzzles, one after another: 2 of 2")
    expect(page.get_by_role("heading", name=f"Puzzle {first.pk}")).to_be_visible()
    page.get_by_role("button", name="View the solution").click()
    page.get_by_role("link", name="Next missed puzzle").click()

    expect(page.get_by_role("status")).to_have_text(
        "That was the last of them: you have tried every missed puzzle again."
    )
    expect(page.get_by_text("Solved on this run: 1 of 2.")).to_be_visible()
    page.get_by_role("link", name="Back to your dashboard").click()
    expect(page.locator(".trainer-retry")).to_have_text(f"Puzzle {first.pk} rated 1500")
    assert errors == []


@pytest.mark.parametrize("prefix", ["", "/sk"])
def test_the_puzzle_themes_and_report_pages_have_no_accessibility_violations(
    live_server, browser, learner, prefix
):
    """axe-core's checks (WCAG 2.1 A and AA), on pages drawn in a context that lets the script in (the
    site's CSP forbids inline scripts)."""
    puzzle = PuzzleFactory(line=LADDER, themes="mateIn2 bareKingTrap")
    AttemptFactory(user=learner, puzzle=PuzzleFactory(themes="fork"), solved=False, rating_after=1480.0)
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(live_server.url + f"{prefix}/accounts/login/?next={prefix}/train/{puzzle.pk}/")
        page.locator("#id_username").fill(LEARNER)
        page.locator("#id_password").fill(PASSWORD)
        page.locator("#id_password").press("Enter")
        page.wait_for_url(re.compile(rf"/train/{puzzle.pk}/$"))
        report = page.locator("#report a").get_attribute("href")
        checked = {"puzzle": axe_violations(page)}
        page.locator("form[action$='/hint/'] button").click()
        expect(page.locator(".hint-text")).to_be_visible()
        checked["puzzle with a hint"] = axe_violations(page)
        page.goto(live_server.url + f"{prefix}/train/themes/")
        checked["themes"] = axe_violations(page)
        page.goto(live_server.url + report)
        checked["report"] = axe_violations(page)
        page.locator("form.trainer__report-form button[type=submit]").click()
        expect(page.locator(".trainer__report-form [role=alert]")).to_be_visible()
        checked["report without a reason"] = axe_violations(page)
    finally:
        context.close()
    assert checked == dict.fromkeys(checked, [])
