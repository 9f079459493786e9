"""The rules beside the board in a real browser: the count of a lone piece (R7.4) on a counting task and in a
game, the seventy-move counter (R8.2), moves drawn with the site's own images of the men, and no
accessibility violation that axe-core finds on those pages, in English and in Slovak."""

import re
from importlib import import_module

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from course.models import Lesson, Task
from play import services
from play.models import Game
from testing.axe import axe_violations
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db(transaction=True)

# White's two ders against Black's lone feres at three counted moves, 100 moves without a capture or a
# medeq move.
COUNTING_ENDING = "n7/3k4/8/8/8/8/4R2P/R3K3 w - - 100 60 0/3"


@pytest.fixture
def ladder(db) -> Task:
    """A counting task: mate in two with the lone der, against the lone feres's scripted answer."""
    lesson = Lesson.objects.create(
        slug="counting", order=13, title="Counting the last piece", title_sk="Počítanie", intro="Count."
    )
    return Task.objects.create(
        lesson=lesson,
        order=1,
        title="The ladder",
        title_sk="Rebrík",
        prompt="Mate in two.",
        prompt_sk="Mat dvoma ťahmi.",
        fen="k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0",
        goal="status",
        status="checkmate",
        opponent="scripted",
        replies={"h1d1": "h2f3"},
        max_moves=2,
        par=2,
        solution="h1d1 d1d8",
    )


def counters(page: Page):
    return page.get_by_role("region", name="Counters of the rules")


def play(page: Page, frm: str, to: str) -> None:
    page.locator(f'.board--live[data-ready] [data-square="{frm}"]').click()
    page.locator(f'.board--live[data-ready] [data-square="{to}"]').click()


def no_violations(page: Page) -> None:
    assert axe_violations(page) == []


def seat_both_sides(page: Page, live_server, fen: str, language: str = "") -> Game:
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=fen)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}{language}/play/{game.id}/")
    return game


def test_r7_4_the_count_on_a_counting_task_grows_with_its_moves(live_server, page, ladder, js_errors):
    errors = js_errors(page)
    page.goto(f"{live_server.url}/learn/counting/1/")
    expect(counters(page)).to_contain_text("White's lone der: 0 of 7 counted moves made, 7 left.")
    expect(counters(page)).to_contain_text("Black's lone feres: 0 of 7 counted moves made, 7 left.")
    play(page, "h1", "d1")
    expect(counters(page)).to_contain_text("White's lone der: 1 of 7 counted moves made, 6 left.")
    expect(counters(page)).to_contain_text("Black's lone feres: 1 of 7 counted moves made, 6 left.")
    answer = page.locator(".game__panel p.muted").filter(has_text="Your opponent answered")
    expect(answer).to_have_text("Your opponent answered with the feres from h2 to f3.")
    play(page, "d1", "d8")
    expect(page.locator(".success")).to_contain_text("Solved!")
    expect(counters(page)).to_contain_text("White's lone der: 2 of 7 counted moves made, 5 left.")
    assert errors == []


def test_r7_4_r8_2_the_count_and_the_seventy_move_counter_in_a_game(live_server, page, js_errors):
    errors = js_errors(page)
    seat_both_sides(page, live_server, COUNTING_ENDING)
    expect(counters(page)).to_contain_text("Black's lone feres: 3 of 7 counted moves made, 4 left.")
    expect(counters(page)).to_contain_text("100 of 140 moves without a capture or a medeq move")
    play(page, "a1", "a6")
    expect(page.locator(".moves tbody tr")).to_have_count(1)
    play(page, "a8", "b6")
    expect(counters(page)).to_contain_text("Black's lone feres: 4 of 7 counted moves made, 3 left.")
    expect(counters(page)).to_contain_text("102 of 140 moves without a capture or a medeq move")
    expect(counters(page)).to_contain_text("38 moves left before a draw.")
    page.screenshot(path="/tmp/counters-game.png", full_page=True)
    assert errors == []


def test_figurines_in_a_games_move_list(live_server, page):
    seat_both_sides(page, live_server, COUNTING_ENDING)
    play(page, "a1", "a6")
    expect(page.locator(".moves tbody tr")).to_have_count(1)
    play(page, "a8", "b6")
    expect(page.locator(".moves tbody a")).to_have_count(2)  # one row: White's move and Black's
    figures = page.locator(".moves svg.figurine")
    expect(figures).to_have_count(2)
    expect(figures.first.locator("use")).to_have_attribute("href", "/static/board/pieces.svg#der")
    expect(figures.first).to_have_class("piece piece--white figurine")
    expect(figures.last).to_have_class("piece piece--black figurine")
    box = figures.first.bounding_box()
    assert box is not None and 10 < box["width"] < 40 and 10 < box["height"] < 40  # drawn beside the text
    moves = page.locator(".moves tbody").inner_html()
    assert seen(moves) == "60. [der]a6 [feres]b6"
    assert heard(moves) == "Move 60 der to a6 feres to b6"
    expect(page.locator(".moves")).not_to_contain_text("Ra6")


@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_pages_with_counters_have_no_accessibility_violations(live_server, axe_page, ladder, language):
    page = axe_page
    page.goto(f"{live_server.url}{language}/learn/counting/1/")
    name = "Počítadlá pravidiel" if language else "Counters of the rules"
    expect(page.get_by_role("region", name=name)).to_be_visible()
    no_violations(page)
    play(page, "h1", "d1")
    expect(page.get_by_role("region", name=name)).to_contain_text(re.compile(r"\b1 (of|zo) 7\b"))
    no_violations(page)

    seat_both_sides(page, live_server, COUNTING_ENDING, language)
    expect(page.get_by_role("region", name=name)).to_be_visible()
    play(page, "a1", "a6")
    expect(page.locator(".moves svg.figurine")).to_have_count(1)
    no_violations(page)
    if language:
        expect(page.get_by_role("region", name=name)).to_contain_text(
            "Osamelý čierny feres (jazdec): 3 zo 7 započítaných ťahov, zostávajú 4."
        )
        expect(page.locator(".moves")).to_contain_text("der (veža) na a6")
