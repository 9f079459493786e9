"""Curation in the browser: a curator sent to log in on the way to the reports queue resolves a player's
report by disabling the puzzle, and the trainer no longer serves it."""

import random
import re

import pytest
from playwright.sync_api import Page, expect

from testing.factories import CURATOR, DER_MATE, FERES_MATE, PuzzleFactory, PuzzleReportFactory
from testing.reading import seen
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
