"""Curation in the browser: a curator sent to log in on the way to the reports queue resolves a player's
report by disabling the puzzle, and the trainer no longer serves it; a curator steps through a puzzle's
solution and proves it again, with JavaScript and without."""

import random
import re

import pytest
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import CURATOR, DER_MATE, FERES_MATE, PuzzleFactory, PuzzleReportFactory
from testing.page_text import seen
from trainer import selectors
from trainer.models import Puzzle

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_curator_disables_a_reported_puzzle_which_is_then_no_longer_served(
    live_server, page: Page, learner, curator, js_errors, submit_log_in
):
    errors = js_errors(page)
    reported = PuzzleFactory(line=DER_MATE, rating=1500)
    other = PuzzleFactory(line=FERES_MATE, rating=1500)
    report = PuzzleReportFactory(
        puzzle=reported, user=learner, reason="second", comment="Does Ra8 not mate as well?"
    )

    # On the way to the queue, the log-in page.
    page.goto(live_server.url + "/curate/reports/")
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/curate/reports/$"))
    submit_log_in(page, CURATOR)
    expect(page).to_have_url(re.compile(r"/curate/reports/$"))

    card = page.locator(f"#report-{report.pk}")
    expect(card.get_by_role("heading", name=f"Report {report.pk} on puzzle {reported.pk}")).to_be_visible()
    expect(card).to_contain_text("Does Ra8 not mate as well?")
    expect(card.locator(".curation-report__line li")).to_have_count(1)
    assert seen(card.locator(".curation-report__line").inner_html()) == "30. [der]f8#"
    expect(card.locator('.board [data-square="f5"] svg')).to_have_attribute("aria-label", "White der")

    card.get_by_label("Note").fill("Disabled until the line is proved again.")
    card.get_by_label("Disable the puzzle").check()
    card.get_by_role("button", name="Resolve").click()

    expect(card.get_by_role("status")).to_have_text(
        "The report is resolved and the puzzle disabled: it is no longer served."
    )
    expect(card.locator(".curation-report__status")).to_have_text("Resolved")
    expect(card.locator("form")).to_have_count(0)
    assert not Puzzle.objects.get(pk=reported.pk).active
    report.refresh_from_db()
    assert (report.status, report.note) == ("resolved", "Disabled until the line is proved again.")

    # The queue is empty; the trainer serves the other puzzle only.
    page.reload()
    expect(page.get_by_text("No reports here.")).to_be_visible()
    for seed in range(10):
        assert selectors.next_puzzle(user=curator, rating=1500, rng=random.Random(seed)) == other
    page.goto(live_server.url + "/train/")
    expect(page.get_by_role("heading", name=f"Puzzle {other.pk}")).to_be_visible()
    assert errors == []


def test_a_curator_steps_through_a_solution_and_re_validates_the_puzzle(
    live_server, open_page, curator, js_errors, submit_log_in
):
    """FERES_MATE: 30. Kc7 Bc5 31. Ndb6# (R9.3), stepped by the buttons and by the arrow keys; the proof
    asked again runs in the worker (at once in tests) and its verdict joins the record."""
    puzzle = PuzzleFactory(line=FERES_MATE, rating=1500)
    page = open_page("desktop")
    errors = js_errors(page)
    address = f"{live_server.url}/curate/puzzles/{puzzle.pk}/"
    page.goto(address)
    submit_log_in(page, CURATOR)
    expect(page).to_have_url(address)
    words = page.locator(".curation-step__said")
    expect(words).to_have_text("The start position. White to move.")
    assert axe_violations(page) == []

    page.get_by_role("button", name="Next move").click()
    expect(page.locator("#step-said")).to_contain_text("Move 1 of 3")
    assert seen(words.inner_html()) == "Move 1 of 3: 30. [negus]c7"
    expect(page.locator('.board [data-square="c7"] svg')).to_have_attribute("aria-label", "White negus")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-said")).to_contain_text("Move 2 of 3")
    assert seen(words.inner_html()) == "Move 2 of 3: [fil]c5"
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step-said")).to_contain_text("Move 3 of 3")
    expect(page.locator('.board [data-square="b6"] svg')).to_have_attribute("aria-label", "White feres")
    expect(page.get_by_role("button", name="Next move")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(words).to_contain_text("Move 2 of 3")
    page.get_by_role("button", name="Start position").click()
    expect(words).to_have_text("The start position. White to move.")
    expect(page.get_by_role("button", name="Previous move")).to_be_disabled()

    expect(page.locator(".curation-record__status")).to_have_text("Not re-validated since it was added.")
    page.get_by_role("button", name="Re-validate with the engine").click()
    expect(page.locator(".curation-record__status")).to_contain_text("Re-validated: sound.")
    expect(page.locator("#record-said")).to_have_text("Re-validated: sound.")
    expect(page.locator(".curation-record__changes li").first).to_contain_text("Re-validated: sound.")
    assert puzzle.changes.get().kind == "validated"
    assert errors == []


def test_without_javascript_each_step_is_a_page_and_re_validating_comes_back_to_it(
    live_server, browser, curator, submit_log_in
):
    puzzle = PuzzleFactory(line=DER_MATE)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/curate/puzzles/{puzzle.pk}/")
    submit_log_in(page, CURATOR)
    page.get_by_role("button", name="Last move").click()
    expect(page).to_have_url(re.compile(r"\?step=1$"))
    assert seen(page.locator(".curation-step__said").inner_html()) == "Move 1 of 1: 30. [der]f8#"
    page.get_by_role("button", name="Re-validate with the engine").click()
    expect(page).to_have_url(f"{live_server.url}/curate/puzzles/{puzzle.pk}/")
    expect(page.locator(".curation-record__status")).to_contain_text("Re-validated: sound.")
    context.close()
