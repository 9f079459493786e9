"""The list of moves of a long game online, as its player uses it: the current move in view inside the list,
kept there across the page's redraws; ←/→ and Home/End step through the game; the tab says "Your move" when
it is the player's turn; a new step sounds, unless the sounds are switched off, which the browser keeps."""

import re
from importlib import import_module

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from play import services
from play.models import Game
from play.replay import replay
from senterej.engine import BLACK, WHITE
from senterej.engine.notation import coordinate
from testing.axe import axe_violations
from testing.games import play_out

pytestmark = pytest.mark.django_db(transaction=True)

YOUR_MOVE = "Your move · Game · Senterej school"
NOT_YOUR_MOVE = "Game · Senterej school"
# Counts the tones the page's script makes, in place of hearing them.
COUNT_TONES = """
(() => {
  window.tones = 0;
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() { window.tones += 1; return super.createOscillator(); }
  };
})();
"""


def long_game(steps: int = 46) -> Game:
    """An online game of `steps` steps or one more, with White to move."""
    game = services.start_game(mode=Game.Mode.ONLINE)
    game = play_out(services.join(invite_code=game.invite_code), steps)
    if replay(game).position.turn != WHITE:
        game = play_out(game, steps + 1)
    return game


def seat_white(page: Page, live_server, game: Game, language: str = "") -> None:
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}{language}/play/{game.id}/")


def quiet_move(game: Game) -> str:
    position = replay(game).position
    return coordinate(next(move for move in sorted(position.legal_moves()) if not position.is_capture(move)))


def black_moves(game: Game) -> Game:
    """Black's reply, as the other player would send it from their own page."""
    game.refresh_from_db()
    move = quiet_move(game)
    return services.submit_move(
        game_id=game.id, seats=services.Seats(frozenset({BLACK})), text=move, version=game.version
    )


def current_in_view(page: Page) -> None:
    """The current step's link is inside the list's box, which shows it (it is not scrolled out)."""
    current = page.locator('.moves [aria-current="step"]').first
    expect(current).to_be_visible()
    box = page.locator(".moves__scroll").bounding_box()
    cell = current.bounding_box()
    assert box and cell
    assert box["y"] <= cell["y"] and cell["y"] + cell["height"] <= box["y"] + box["height"] + 1, (box, cell)


def step_shown(page: Page, ply: int, count: int) -> None:
    expect(page.locator(".game__steps span")).to_have_text(f"step {ply} of {count}")
    current = page.locator('.moves [aria-current="step"]')
    if ply:
        expect(current.first).to_have_attribute("href", f"?ply={ply}")
    else:
        expect(current).to_have_count(0)


def from_square(game: Game, ply: int) -> str:
    """Where the man of a turn-based step stood before it moved."""
    return game.steps[ply - 1]["move"][:2]


def test_a_long_game_s_list_follows_the_current_move_the_keys_and_the_title(live_server, page, js_errors):
    errors = js_errors(page)
    page.add_init_script(COUNT_TONES)
    game = long_game()
    count = len(game.steps)
    assert count >= 45
    seat_white(page, live_server, game)
    expect(page).to_have_title(YOUR_MOVE)
    step_shown(page, count, count)
    assert page.locator(".moves__scroll").evaluate("box => box.scrollTop") > 0  # scrolled down to it
    current_in_view(page)

    # The keys step through the game, as « ‹ › » do, and the board follows.
    last = from_square(game, count)
    page.locator(".moves-title").click()  # the player's first gesture on the page
    page.keyboard.press("ArrowLeft")
    step_shown(page, count - 1, count)
    expect(page.locator(f'.board [data-square="{last}"] svg')).to_have_count(1)  # not yet moved
    current_in_view(page)
    page.keyboard.press("Home")
    step_shown(page, 0, count)
    expect(page.locator('.board [data-square="e1"] svg')).to_have_attribute("aria-label", "White negus")
    assert page.locator(".moves__scroll").evaluate("box => box.scrollTop") == 0
    page.keyboard.press("ArrowRight")
    step_shown(page, 1, count)
    current_in_view(page)
    page.keyboard.press("End")
    step_shown(page, count, count)
    expect(page.locator(f'.board [data-square="{last}"] svg')).to_have_count(0)
    current_in_view(page)
    assert page.evaluate("window.scrollY") == 0  # the list scrolled, not the page
    expect(page).to_have_title(YOUR_MOVE)
    assert page.evaluate("window.tones") == 0  # stepping sounds nothing

    # Typing in the move field, the arrows move the caret, not the game.
    page.locator("#move-input").fill("e2")
    page.locator("#move-input").press("ArrowLeft")
    page.locator("#move-input").press("Home")
    step_shown(page, count, count)
    page.locator("#move-input").fill("")

    # The opponent's move comes by the poll: the list stays at the end, and the new step sounds.
    page.locator(".moves__scroll").evaluate("box => { box.scrollTop = 0; }")
    game = black_moves(play_out(game, count + 1))
    expect(page.locator(".game__steps span")).to_have_text(f"step {count + 2} of {count + 2}")
    current_in_view(page)
    expect(page).to_have_title(YOUR_MOVE)
    tones = page.evaluate("window.tones")
    assert tones > 0

    # Between White's move and Black's reply the title says nothing; the switch turns the sounds off.
    sounds = page.get_by_role("button", name="Sounds")
    expect(sounds).to_have_attribute("aria-pressed", "true")
    sounds.click()
    expect(sounds).to_have_attribute("aria-pressed", "false")
    page.locator("#move-input").fill(quiet_move(game))
    page.locator("#move-input").press("Enter")
    expect(page.locator(".game__steps span")).to_have_text(f"step {count + 3} of {count + 3}")
    expect(page).to_have_title(NOT_YOUR_MOVE)
    black_moves(game)
    expect(page.locator(".game__steps span")).to_have_text(f"step {count + 4} of {count + 4}")
    expect(page).to_have_title(YOUR_MOVE)
    current_in_view(page)
    assert page.evaluate("window.tones") == tones  # switched off

    page.reload()
    expect(page.get_by_role("button", name="Sounds")).to_have_attribute("aria-pressed", "false")
    assert errors == []


@pytest.mark.parametrize("language", ["", "/sk"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_list_of_a_long_game_has_no_accessibility_violations(live_server, browser, language, width):
    context = browser.new_context(viewport={"width": width, "height": 844}, bypass_csp=True)
    page = context.new_page()
    game = services.start_game(mode=Game.Mode.ONLINE)
    game = play_out(services.join(invite_code=game.invite_code), 45, seed=3)
    seat_white(page, live_server, game, language)
    expect(page.locator(".moves__sound")).to_be_visible()
    if language:
        expect(page.locator(".moves thead")).to_contain_text(re.compile("Biely.*Čierny"))
    page.screenshot(path=f"/tmp/move-list-{width}{language.replace('/', '-')}.png", full_page=True)
    assert axe_violations(page) == []
    context.close()
