"""The puzzle streak and the puzzle storm played in the browser to their ends, by clicks on the board as a
player makes them: the streak's solves, its one skip and the miss that ends it, with the score and the best;
the storm's solves, a miss, the combo's bonus, the clock counted down on the page until the server says the
time is up, and the final figures. axe-core finds nothing wrong on the pages along the way."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import LEARNER, MATE_IN_ONE, PuzzleFactory, PuzzleRunFactory
from trainer import storm
from trainer.models import PuzzleRun

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def pool(db):
    """Mates in one (Rc8#) from 900 up: every puzzle of both runs is solved by c1-c8, missed by Ke1-d1."""
    return [PuzzleFactory(line=MATE_IN_ONE, rating=900 + 20 * step) for step in range(40)]


def click_move(page: Page, frm: str, to: str) -> None:
    board = page.locator("#run .board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


def solve(page: Page, solved_after: int) -> None:
    click_move(page, "c1", "c8")
    expect(page.locator(".run__solved")).to_have_text(str(solved_after))


def test_a_streak_played_to_its_end(live_server, axe_page, learner, js_errors, submit_log_in):
    page = axe_page
    errors = js_errors(page)
    PuzzleRunFactory(user=learner, score=5)  # an earlier streak: the best to beat
    pool = [PuzzleFactory(line=MATE_IN_ONE, rating=1400 + 40 * step) for step in range(12)]
    page.goto(live_server.url + "/accounts/login/?next=/train/")
    submit_log_in(page, LEARNER)
    page.get_by_role("link", name="Puzzle streak").click()
    expect(page.locator(".run-history__best")).to_have_text("Your best: 5 puzzles solved.")
    page.get_by_role("button", name="Begin a streak").click()
    expect(page.locator("h1")).to_have_text("Puzzle streak")
    assert axe_violations(page) == []

    solve(page, 1)
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")
    solve(page, 2)
    page.get_by_role("button", name="Skip this puzzle (once a streak)").click()
    expect(page.locator(".trainer__feedback")).to_contain_text("That was your one skip in this streak.")
    expect(page.get_by_text("You have used your one skip in this streak.")).to_be_visible()
    expect(page.locator(".run__solved")).to_have_text("2")
    solve(page, 3)

    click_move(page, "e1", "d1")  # a legal move, not the mate
    expect(page.locator(".run__end")).to_have_text("The streak is over. You solved 3 puzzles.")
    expect(page.locator(".run__best")).to_have_text("Your best streak: 5 puzzles.")
    expect(page.locator(".trainer__feedback--failed")).to_contain_text("the move was")
    expect(page.locator(".run-history__table tbody tr")).to_have_count(2)
    assert axe_violations(page) == []
    run = PuzzleRun.objects.get(user=learner, ended__isnull=False, score=3)
    assert (run.misses, run.skipped, len(run.served)) == (1, True, 5)
    assert {p.pk for p in pool} >= set(run.served)
    assert errors == []


def test_a_storm_played_to_its_end(live_server, axe_page, learner, pool, js_errors, submit_log_in):
    page = axe_page
    errors = js_errors(page)
    PuzzleRunFactory(user=learner, kind="storm", score=4, best_combo=4)
    page.goto(live_server.url + "/accounts/login/?next=/train/storm/")
    submit_log_in(page, LEARNER)
    page.get_by_role("button", name="Begin a storm").click()
    clock = page.locator(".run__clock")
    expect(clock).to_have_text(re.compile(r"^(3:00|2:5\d)$"))
    assert axe_violations(page) == []

    for solved in range(1, 6):
        solve(page, solved)
    expect(page.locator(".run__seconds")).to_have_text("+3 seconds for 5 in a row!")
    expect(page.locator(".run__combo")).to_have_text("5")

    click_move(page, "e1", "d1")
    expect(page.locator(".run__seconds--lost")).to_have_text("−10 seconds.")
    expect(page.locator(".run__combo")).to_have_text("0")
    expect(page.locator(".run__solved")).to_have_text("5")

    # Time runs short: the run began long ago, as far as the server knows, with four seconds left.
    run = PuzzleRun.objects.get(user=learner, ended=None, kind="storm")
    began = timezone.now() + timedelta(seconds=4 - storm.DURATION - run.seconds_won)
    PuzzleRun.objects.filter(pk=run.pk).update(started=began)
    solve(page, 6)  # drawn again: the page now counts down the last seconds the server gave
    expect(clock).to_have_text(re.compile(r"^0:0[0-4]$"))
    expect(page.locator(".run__end")).to_have_text("Time is up! You solved 6 puzzles.", timeout=10_000)
    expect(page.locator(".run__final-solved")).to_have_text("6")
    expect(page.locator(".run__final-moves")).to_have_text("6")
    expect(page.locator(".run__final-misses")).to_have_text("1")
    expect(page.locator(".run__final-combo")).to_have_text("5")
    expect(page.locator(".run__final-best")).to_have_text("6")
    expect(page.locator(".run__best")).to_have_text("That is your best storm!")
    assert axe_violations(page) == []
    # A reload is the server's word again: the storm stays over.
    page.reload()
    expect(page.locator(".run__end")).to_contain_text("Time is up!")
    assert errors == []
