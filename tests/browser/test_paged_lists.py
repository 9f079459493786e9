"""The long lists a page now shows a page at a time, walked as their readers would: a learner's reviews queue
(25 cards a page), a teacher's progress table (30 students a page) and a player's games (20 a page), on a
phone and a desktop, in English and Slovak. The next page is reached from the keyboard alone (Tab to the
link, Enter); axe-core finds nothing, nothing scrolls sideways, and each page is photographed."""

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page

from classes.models import MAX_STUDENTS
from play.models import Game
from testing.axe import SIZES, axe_violations
from testing.class_work import class_at_work
from testing.factories import LessonFactory, SchoolClassFactory, TaskFactory
from testing.review_cards import cards

pytestmark = pytest.mark.django_db(transaction=True)

NEXT = {"reviews": ("Later", "Neskôr"), "class": ("Next", "Ďalšia"), "games": ("Older", "Staršie")}


def by_keyboard(page: Page, name: str) -> None:
    """Tabs to the link of that name, as one would without a mouse, and follows it with Enter."""
    link = page.get_by_role("link", name=name, exact=True)
    for _ in range(400):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    else:
        raise AssertionError(f"the link {name!r} cannot be reached with Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")


def looked_at(page: Page, size: str, shot: str) -> None:
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.screenshot(path=f"/tmp/{shot}.png", full_page=True)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["en", "sk"])
def test_each_long_list_reaches_its_next_page_by_keyboard(
    live_server, open_page, signed_in, learner, teacher, size, language
):
    cards(learner, timezone.now(), 240)
    Game.objects.bulk_create(
        Game(
            mode=Game.Mode.BOT,
            bot_level="novice",
            bot_colour="black",
            white_user=learner,
            status="resignation",
            result="1-0",
        )
        for _ in range(30)
    )
    lesson = LessonFactory(slug="setup", order=1, title="The setup", intro="Crosswise.")
    for order in (1, 2):
        TaskFactory(lesson=lesson, order=order, answer=1)
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 7 chess club")
    class_at_work(school_class, lesson, MAX_STUDENTS)
    prefix = "" if language == "en" else "/sk"
    index = 0 if language == "en" else 1

    page = open_page(size)
    signed_in(page, learner)
    for kind, address in (("reviews", reverse("reviews:queue")), ("games", reverse("my_games"))):
        page.goto(live_server.url + prefix + address)
        looked_at(page, size, f"paged-{kind}-1-{size}-{language}")
        by_keyboard(page, NEXT[kind][index])
        assert "page=2" in page.url
        looked_at(page, size, f"paged-{kind}-2-{size}-{language}")

    desk = open_page(size)
    signed_in(desk, teacher)
    desk.goto(live_server.url + prefix + reverse("classes:class", args=[school_class.pk]))
    first = desk.locator("table").first.inner_text()
    looked_at(desk, size, f"paged-class-1-{size}-{language}")
    by_keyboard(desk, NEXT["class"][index])
    assert "page=2" in desk.url and desk.locator("table").first.inner_text() != first
    looked_at(desk, size, f"paged-class-2-{size}-{language}")
