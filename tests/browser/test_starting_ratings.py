"""Starting ratings from difficulty, as a player meets them: three puzzles rated by the difficulty model (a
mate in one by the only check, a mate in one among four checks, a quiet mate in two), and a new player, who
starts at the pool's median with the widest deviation, is served a puzzle some 300 points below it (the
easiest of the three: `trainer.rating.aim`), solves it by clicking, and is told the rating the model gave
it; in English and Slovak, at desktop and phone widths, with nothing for axe-core to fault."""

import re

import pytest
from playwright.sync_api import expect

from testing.axe import axe_violations
from testing.factories import LEARNER, PASSWORD, PuzzleFactory
from trainer.generate.selection import initial_rating
from trainer.lines import PuzzleLine

pytestmark = pytest.mark.django_db(transaction=True)

ONE_CHECK = ("8/5K1k/6n1/R7/8/8/8/8 w - - 0 30 6/1", "a5h5", "mateIn1 derMate beatTheCount endgame")
MANY_CHECKS = ("k7/pp6/8/3N4/4B3/8/n7/4K1R1 w - - 0 30 0/0", "g1g8", "mateIn1 derMate")
QUIET = ("k4n2/P7/K7/3Q4/8/8/8/8 w - - 0 30 2/2", "d5c6 f8d7 c6b7", "mateIn2 fersMate quietMove endgame")


def _rated(fen: str, moves: str, themes: str) -> int:
    return initial_rating(PuzzleLine.of(fen, moves), themes.split())


@pytest.mark.parametrize(
    ("prefix", "width", "height", "rated"),
    [("", 1280, 900, "This puzzle is rated {}."), ("/sk", 390, 844, "Rating tejto úlohy je {}.")],
)
def test_a_new_player_starts_at_the_pools_median_and_is_served_the_easiest_puzzle(
    live_server, browser, learner, prefix, width, height, rated
):
    ratings = [_rated(*line) for line in (ONE_CHECK, MANY_CHECKS, QUIET)]
    assert ratings == sorted(ratings) and ratings[1] - ratings[0] > 200 and ratings[2] - ratings[1] > 200
    for (fen, moves, themes), rating in zip((ONE_CHECK, MANY_CHECKS, QUIET), ratings, strict=True):
        PuzzleFactory(fen=fen, moves=moves, themes=themes, rating=rating)
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(live_server.url + f"{prefix}/accounts/login/?next={prefix}/train/")
        page.locator("#id_username").fill(LEARNER)
        page.locator("#id_password").fill(PASSWORD)
        page.locator("#id_password").press("Enter")
        page.wait_for_url(re.compile(r"/train/$"))
        board = page.locator(".board--live[data-ready]")
        expect(board).to_be_visible()
        assert axe_violations(page) == []
        board.locator('[data-square="a5"]').click()
        expect(board.locator('[data-square="a5"]')).to_have_class(re.compile(r"\bis-selected\b"))
        board.locator('[data-square="h5"]').click()
        expect(page.locator(".trainer__feedback")).to_be_visible()
        expect(page.locator(".board--live")).to_have_count(0)
        expect(page.locator("#puzzle")).to_contain_text(rated.format(ratings[0]))
        # the player began at the median of the three, and was served the easiest
        expect(page.locator(".trainer__rating")).to_contain_text(f"{ratings[1]} → ")
        assert axe_violations(page) == []
    finally:
        context.close()
