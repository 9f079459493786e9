"""Curation in the browser: a curator sent to log in on the way to the reports queue resolves a player's
report by disabling the puzzle, and the trainer no longer serves it."""

import random
import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from senterej.accounts import roles
from trainer import selectors
from trainer.models import Puzzle, PuzzleReport

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "werera-2026!"


def test_a_curator_disables_a_reported_puzzle_which_is_then_no_longer_served(live_server, page: Page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    reported = Puzzle.objects.create(
        fen="3k4/R7/1r6/5RK1/8/8/8/8 w - - 0 30 0/0",
        moves="f5f8",
        themes="mateIn1 derMate endgame derEndgame",
        rating=1500,
    )
    other = Puzzle.objects.create(
        fen="k1N5/4b3/2K5/3N4/8/8/8/8 w - - 0 30 0/2",
        moves="c6c7 e7c5 d5b6",
        themes="mateIn2 feresMate bareKingTrap quietMove endgame",
        rating=1500,
    )
    player = User.objects.create_user("tirunesh")
    report = PuzzleReport.objects.create(
        puzzle=reported, user=player, reason="second", comment="Does Ra8 not mate as well?"
    )
    User.objects.create_user("almaz", password=PASSWORD, is_staff=True).groups.add(roles.curators_group())

    # On the way to the queue, the log-in page.
    page.goto(live_server.url + "/curate/reports/")
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/curate/reports/$"))
    page.get_by_label("Username").fill("almaz")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/curate/reports/$"))

    card = page.locator(f"#report-{report.pk}")
    expect(card.get_by_role("heading", name=f"Report {report.pk} on puzzle {reported.pk}")).to_be_visible()
    expect(card).to_contain_text("Does Ra8 not mate as well?")
    expect(card.locator(".curation-report__line li")).to_have_text(["30. Rf8#"])
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
    curator = User.objects.get(username="almaz")
    for seed in range(10):
        assert selectors.next_puzzle(user=curator, rating=1500, rng=random.Random(seed)) == other
    page.goto(live_server.url + "/train/")
    expect(page.get_by_role("heading", name=f"Puzzle {other.pk}")).to_be_visible()
    assert errors == []
