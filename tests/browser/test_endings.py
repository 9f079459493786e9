"""Endgame practice in the browser: a visitor opens the endings, starts the two ders against a feres, mates
by clicking before the feres's count runs out (R7.4), sees the verdict and the stars beside the game, and
finds the stars on the list afterwards."""

import re

import pytest
from playwright.sync_api import expect

from play import services
from play.models import Game
from play.replay import replay
from senterej.engine import WHITE
from senterej.engine.notation import coordinate
from senterej.engine.proofs.mate import MateSearch
from testing.axe import SIZES, axe_violations

pytestmark = pytest.mark.django_db(transaction=True)


def test_r7_4_a_visitor_mates_in_an_ending_and_earns_three_stars(live_server, page, js_errors):
    errors = js_errors(page)
    page.goto(f"{live_server.url}/endings/")
    page.get_by_role("link", name="Two ders against a feres").click()
    expect(page.get_by_role("heading", name="Your goal")).to_be_visible()
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("heading", name="Ending: Two ders against a feres")).to_be_visible()
    for _ in range(2):
        game = Game.objects.get()
        position = replay(game).position
        search = MateSearch(max_nodes=100_000)
        left = search.distance(position.copy(), 2)
        move = coordinate(search.mating_moves(position.copy(), left, limit=1)[0])
        board = page.locator(".board--live[data-ready]")
        board.locator(f'[data-square="{move[:2]}"]').click()
        expect(board.locator(f'[data-square="{move[:2]}"]')).to_have_class(re.compile(r"\bis-selected\b"))
        board.locator(f'[data-square="{move[2:4]}"]').click()
        played = len(game.steps) + 1
        page.wait_for_function(
            "played => Number(document.querySelector('#game').dataset.steps) > played"
            " || document.querySelector('.status').dataset.status !== 'ongoing'",
            arg=played,
        )
    expect(page.locator(".ending-verdict")).to_contain_text("Goal reached in 2 moves.")
    expect(page.locator(".ending-verdict .stars")).to_have_text("★★★")
    page.get_by_role("link", name="All endings").click()
    expect(page.get_by_text("Your stars: 3 of 27.")).to_be_visible()
    expect(page.locator(".lesson-map__item.is-done")).to_have_count(1)
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_endings_pages_have_no_violation(live_server, open_page, size, language):
    """The list, an ending's page and its finished game with the verdict, each judged by axe-core."""
    page = open_page(size)
    page.goto(f"{live_server.url}{language}/endings/")
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/endings-list{language.replace('/', '-')}-{size}.png", full_page=True)
    page.goto(f"{live_server.url}{language}/endings/two-ders-against-feres/")
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/endings-ending{language.replace('/', '-')}-{size}.png", full_page=True)
    page.locator("form[action$='/start/'] button").click()
    game = Game.objects.get()
    services.resign(game_id=game.id, seats=services.Seats(frozenset({WHITE})), version=game.version)
    page.reload()
    expect(page.locator(".ending-verdict")).to_be_visible()
    assert axe_violations(page) == []
    page.screenshot(path=f"/tmp/endings-game{language.replace('/', '-')}-{size}.png", full_page=True)
