"""Pages that grow with a learner's history, on a 390×844 phone in both languages: the storm's page once
runs exist and the dashboard after rated puzzles of many themes never scroll sideways, and the theme and
opponent choices are targets a finger can take (at least 24 CSS pixels, WCAG 2.5.8)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from testing.factories import AttemptFactory, PuzzleFactory, PuzzleRunFactory
from trainer.models import PlayerRating, PuzzleRun
from trainer.puzzle_words import THEME_NAMES

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH, HEIGHT = 390, 844
TARGET = 24
LANGUAGES = ["", "/sk"]


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def sideways(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth") - WIDTH


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_storm_page_with_runs_keeps_to_the_phone(live_server, phone, signed_in, learner, language):
    start = timezone.now() - timedelta(days=3)
    for number in range(6):
        PuzzleRunFactory(
            user=learner,
            kind=PuzzleRun.Kind.STORM,
            score=30 + number,
            moves=120 + number,
            misses=12,
            best_combo=27,
            started=start + timedelta(hours=number),
        )
    signed_in(phone, learner)
    phone.goto(f"{live_server.url}{language}/train/storm/")
    assert phone.locator(".run-history__table").is_visible()
    assert sideways(phone) <= 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dashboard_after_rated_puzzles_of_many_themes_keeps_to_the_phone(
    live_server, phone, signed_in, learner, language
):
    themes = sorted(THEME_NAMES, key=lambda theme: -len(str(THEME_NAMES[theme])))[:12]
    for number, theme in enumerate(themes):
        puzzle = PuzzleFactory(themes=f"{theme} mateIn1")
        AttemptFactory(user=learner, puzzle=puzzle, solved=number % 3 != 0, rating_after=1500.0 + number)
    PlayerRating.objects.create(user=learner, rating=1511.0, rating_deviation=120.0)
    signed_in(phone, learner)
    phone.goto(f"{live_server.url}{language}/train/dashboard/")
    assert phone.locator("table").first.is_visible()
    assert sideways(phone) <= 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_theme_and_opponent_choices_are_finger_sized(live_server, phone, signed_in, learner, language):
    PuzzleFactory(themes="fork mateIn1")
    signed_in(phone, learner)
    for address, choice in (("/train/themes/", "input[type=checkbox]"), ("/play/", "input[type=radio]")):
        phone.goto(f"{live_server.url}{language}{address}")
        boxes = phone.locator(choice)
        assert boxes.count() > 0, address
        for index in range(boxes.count()):
            found = boxes.nth(index).bounding_box()
            assert found is not None and min(found["width"], found["height"]) >= TARGET, (address, found)
        assert sideways(phone) <= 0
