"""Reviews in the browser: a learner misses a puzzle, finds "One review is due." on the home page once its
10 minutes have passed (the card's due moved back), opens the queue from there, solves the puzzle as a
review (the page says it is unrated, and the rating does not move), and the count falls; the queue and a
review's page have no accessibility fault, on a desktop and a phone, in English and in Slovak."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from reviews.models import Review
from testing.axe import axe_violations
from testing.factories import (
    LEARNER,
    AttemptFactory,
    LessonFactory,
    PlayerRatingFactory,
    PuzzleFactory,
    TaskFactory,
)
from trainer.models import PlayerRating

pytestmark = pytest.mark.django_db(transaction=True)


def play(page: Page, frm: str, to: str) -> None:
    """Clicks the man, then where it goes, on the live board (ready once its script has run)."""
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


def ten_minutes_pass() -> None:
    Review.objects.update(due=timezone.now() - timedelta(seconds=1))


def test_a_missed_puzzle_comes_back_as_an_unrated_review_from_the_home_page(
    live_server, page, learner, js_errors, submit_log_in
):
    errors = js_errors(page)
    PlayerRatingFactory(user=learner)
    puzzle = PuzzleFactory()  # mate in one: c1c8
    page.goto(f"{live_server.url}/accounts/login/?next=/train/{puzzle.pk}/")
    submit_log_in(page, LEARNER)
    play(page, "c1", "c2")
    expect(page.locator(".trainer__rating")).to_contain_text("Your puzzle rating:")
    rating = PlayerRating.objects.get(user=learner).rating

    page.goto(f"{live_server.url}/")
    expect(page.locator(".next-steps")).to_be_visible()
    expect(page.locator(".next-steps")).not_to_contain_text("review is due")  # not for 10 minutes
    ten_minutes_pass()
    page.reload()
    steps = page.locator(".next-steps")
    expect(steps).to_contain_text("One review is due.")
    steps.get_by_role("link", name="Your reviews").click()

    expect(page.get_by_role("heading", name="Your reviews", level=1)).to_be_visible()
    expect(page.locator(".lede")).to_have_text("One review is due.")
    expect(page.locator(".reviews__list").first).to_contain_text(f"Puzzle {puzzle.pk}")
    expect(page.locator(".reviews__why")).to_contain_text("after 10 minutes")
    page.get_by_role("link", name="Start reviewing").click()

    expect(page.get_by_role("heading", name=f"Puzzle {puzzle.pk}")).to_be_visible()
    expect(page.locator("#puzzle")).to_contain_text("Review · unrated")
    play(page, "c1", "c8")
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")
    expect(page.locator(".trainer__rating")).to_have_text(
        "Not rated: only your first try at a puzzle counts."
    )
    assert PlayerRating.objects.get(user=learner).rating == rating
    page.get_by_role("link", name="Back to your reviews").click()

    expect(page.locator(".messages")).to_contain_text("No review is due now: well done.")
    expect(page.locator(".lede")).to_have_text("No review is due now.")
    expect(page.locator(".reviews__list")).to_contain_text(f"Puzzle {puzzle.pk}")  # back on the next days
    page.goto(f"{live_server.url}/")
    expect(page.locator(".next-steps")).not_to_contain_text("review")
    assert errors == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_queue_and_a_review_have_no_violation(live_server, signed_in, open_page, learner, size, language):
    page = open_page(size)
    signed_in(page, learner)
    now = timezone.now()
    puzzles = [PuzzleFactory() for _ in range(2)]
    for puzzle in puzzles:  # a card is made by a miss, so a review is never a first try
        AttemptFactory(user=learner, puzzle=puzzle, solved=False, rating_after=1480.0)
    task = TaskFactory(lesson=LessonFactory())
    Review.objects.create(user=learner, kind="task", item=task.pk, due=now - timedelta(minutes=2))
    Review.objects.create(user=learner, kind="puzzle", item=puzzles[0].pk, due=now - timedelta(minutes=1))
    Review.objects.create(user=learner, kind="puzzle", item=puzzles[1].pk, due=now + timedelta(days=3))
    shot = f"/tmp/reviews{language.replace('/', '-')}-{size}"
    page.goto(f"{live_server.url}{language}/")
    expect(page.locator(".next-steps")).to_contain_text(
        "2 reviews are due." if not language else "Čakajú ťa 2 opakovania."
    )
    page.screenshot(path=f"{shot}-home.png")
    assert axe_violations(page) == []
    page.goto(f"{live_server.url}{language}/reviews/")
    expect(page.locator(".reviews__list")).to_have_count(2)
    page.screenshot(path=f"{shot}-queue.png", full_page=True)
    assert axe_violations(page) == []
    unrated = "Review · unrated" if not language else "Opakovanie · bez hodnotenia"
    page.goto(f"{live_server.url}{language}/reviews/next/")
    expect(page.locator("#task")).to_contain_text(unrated)
    page.screenshot(path=f"{shot}-task.png", full_page=True)
    assert axe_violations(page) == []
    Review.objects.filter(kind="task").delete()
    page.goto(f"{live_server.url}{language}/reviews/next/")
    expect(page.locator("#puzzle")).to_contain_text(unrated)
    expect(page.locator("#puzzle")).not_to_contain_text("counts as a miss)")  # the hint costs no rating
    page.screenshot(path=f"{shot}-puzzle.png", full_page=True)
    assert axe_violations(page) == []
    page.goto(f"{live_server.url}{language}/train/dashboard/")
    page.screenshot(path=f"{shot}-dashboard.png", full_page=True)
    assert axe_violations(page) == []
