"""Playing again in the browser: an online rematch offered and accepted in two browsers, the colours swapped
on the new board; a takeback against a bot, the board and the move list going back; a spectator watching."""

import os
import re
from importlib import import_module
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from play import rematch, services
from play.models import Game
from senterej.engine import WHITE
from testing.axe import SIZES, axe_violations
from tools.i18n_lint import english_left, english_sentences

pytestmark = pytest.mark.django_db(transaction=True)

# The start position with the werera over (R4): White to move, turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def start_online(page: Page, live_server) -> None:
    page.goto(live_server.url + "/play/")
    page.get_by_label("A friend online, by invitation link").check()
    page.get_by_label("Your side").select_option("white")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))


def live_board(page: Page):
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    return board


def play(page: Page, move: str) -> None:
    board = live_board(page)
    board.locator(f'[data-square="{move[:2]}"]').click()
    expect(board.locator(f'[data-square="{move[:2]}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{move[2:4]}"]').click()


def top_left(page: Page) -> str | None:
    """The square drawn first, at the top left: a8 when White sits at the bottom, h1 when Black does."""
    return page.locator(".board [data-square]").first.get_attribute("data-square")


def test_an_online_rematch_is_offered_and_accepted_with_the_colours_swapped(live_server, new_page, js_errors):
    host, guest = new_page(), new_page()
    errors = {"host": js_errors(host), "guest": js_errors(guest)}
    start_online(host, live_server)
    old_url = host.url
    guest.goto(host.locator(".invite__link").input_value())
    guest.get_by_role("button", name="Join as Black").click()
    live_board(guest)
    live_board(host)
    assert top_left(host) == "a8" and top_left(guest) == "h1"

    host.get_by_role("button", name="Resign").click()
    host.get_by_role("button", name="Yes, resign").click()
    expect(guest.locator(".status")).to_have_text("Black wins: White resigned.", timeout=5_000)
    watch_link = guest.get_by_label("Link to watch this game").input_value()
    assert "/play/watch/" in watch_link

    host.get_by_role("button", name="Rematch, colours swapped").click()
    host.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    assert host.url != old_url
    expect(host.locator(".rematch")).to_contain_text("The game starts when your opponent accepts.")
    # The guest's finished game keeps polling: the offer shows there without a reload.
    expect(guest.locator(".rematch")).to_contain_text(
        "Your opponent offers a rematch, with the colours swapped.", timeout=5_000
    )
    guest.get_by_role("button", name="Accept the rematch").click()
    guest.wait_for_url(host.url)

    # The colours are swapped: the guest now plays White from the bottom, the host Black.
    live_board(guest)
    expect(guest.get_by_label("White: your hidden choice for this round")).to_be_visible()
    assert top_left(guest) == "a8"
    live_board(host)  # the host's waiting page learns of the acceptance by polling
    expect(host.get_by_label("Black: your hidden choice for this round")).to_be_visible()
    assert top_left(host) == "h1"
    play(guest, "e2e3")
    play(host, "e7e6")
    for page in (guest, host):
        expect(page.locator(".moves")).to_contain_text("W1", timeout=5_000)
    assert errors == {"host": [], "guest": []}


def bot_game(page: Page, live_server) -> Game:
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/play/{game.id}/")
    return game


def test_a_takeback_against_the_bot_puts_the_board_and_the_moves_back(live_server, page, js_errors):
    errors = js_errors(page)
    bot_game(page, live_server)
    expect(page.get_by_role("button", name="Take back my last move")).to_have_count(0)
    play(page, "e2e3")
    expect(page.locator(".moves tbody a")).to_have_count(2)  # the bot answered at once
    play(page, "d2d3")
    expect(page.locator(".moves tbody a")).to_have_count(4)
    expect(page.locator('.board [data-square="d3"] svg')).to_have_attribute("aria-label", "White medeq")

    page.get_by_role("button", name="Take back my last move").click()
    expect(page.locator(".moves tbody a")).to_have_count(2)
    expect(page.locator('.board [data-square="d3"] svg')).to_have_count(0)
    expect(page.locator('.board [data-square="d2"] svg')).to_have_attribute("aria-label", "White medeq")
    expect(page.locator(".status")).to_have_text("White to move.")
    play(page, "c2c3")  # and the game goes on from there
    expect(page.locator(".moves tbody a")).to_have_count(4)
    expect(page.locator(".moves tbody a").nth(2)).to_contain_text("3")
    assert errors == []


def test_a_spectator_watches_the_game_move_on(live_server, page, new_page, js_errors):
    game = bot_game(page, live_server)
    spectator = new_page()
    errors = js_errors(spectator)
    spectator.goto(f"{live_server.url}/play/watch/{game.watch_code}/")
    expect(spectator.locator(".watching")).to_contain_text("You are watching this game.")
    expect(spectator.locator(".board--live")).to_have_count(0)
    expect(
        spectator.locator("form[method=post]").filter(has=spectator.locator("[name=version]"))
    ).to_have_count(0)
    play(page, "e2e3")
    expect(spectator.locator(".moves tbody a")).to_have_count(2, timeout=5_000)  # by polling
    spectator.get_by_role("link", name="Start position").click()
    expect(spectator.locator(".status")).to_contain_text("Looking back")
    assert errors == []


@pytest.fixture
def folder(tmp_path) -> Path:
    chosen = Path(os.environ.get("SCREENSHOTS", tmp_path))
    chosen.mkdir(parents=True, exist_ok=True)
    return chosen


def session_with(seats: dict[Game, list[str]]) -> str:
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): tokens for game, tokens in seats.items()}
    session.save()
    assert session.session_key is not None
    return session.session_key


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_pages_of_playing_again_and_watching_have_no_violation(
    live_server, browser, folder, size, language
):
    """axe-core on each state this part adds: a rematch offered (to the opponent, and the asker waiting), a
    takeback offered against a bot, the link to watch, and a spectator's page with a choice made, with no
    English left in Slovak; each is photographed to be checked by eye."""
    white = services.Seats(frozenset({WHITE}))
    online = services.start_game(mode=Game.Mode.ONLINE, human=WHITE)
    online = services.join(invite_code=online.invite_code)
    online = services.resign(game_id=online.id, seats=white, version=online.version)
    offered = rematch.rematch(game_id=online.id, seats=white, version=online.version)
    bot = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    bot = services.submit_move(game_id=bot.id, seats=white, text="e2e3", version=bot.version)
    lost = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    lost = services.resign(game_id=lost.id, seats=white, version=lost.version)
    werera = services.start_game(mode=Game.Mode.ONLINE, human=WHITE)
    werera = services.join(invite_code=werera.invite_code)
    services.submit_move(game_id=werera.id, seats=white, text="b1c3", version=werera.version)
    host = session_with(
        {
            online: [online.white_token],
            offered: [offered.black_token],
            bot: [bot.white_token],
            lost: [lost.white_token],
        }
    )
    guest = session_with({online: [online.black_token]})
    visits = {
        "rematch-offered": (guest, f"/play/{online.id}/", ".rematch"),
        "rematch-waiting": (host, f"/play/{offered.id}/", ".rematch"),
        "take-back": (host, f"/play/{bot.id}/", ".take-back"),
        "rematch-asked-for": (host, f"/play/{lost.id}/", ".rematch"),
        "watching": (None, f"/play/watch/{werera.watch_code}/", ".watching"),
        "no-game-to-watch": (None, "/play/watch/nothing-here/", "h1"),
    }
    width, height = SIZES[size]
    sentences = english_sentences(Path(settings.BASE_DIR) / "locale" / "sk" / "LC_MESSAGES" / "django.mo")
    faults = {}
    for name, (session, address, shown) in visits.items():
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        if session is not None:
            context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
            )
        page = context.new_page()
        page.goto(f"{live_server.url}{language}{address}")
        expect(page.locator(shown).first).to_be_visible()
        if name == "watching":
            expect(page.locator(".pending")).to_have_text(
                "Biely už zvolil." if language else "White has chosen."
            )
        page.screenshot(path=str(folder / f"{name}-{size}{language.replace('/', '-')}.png"), full_page=True)
        faults[name] = axe_violations(page)
        if language:
            faults[name] += english_left(page.locator("body").inner_text(), sentences)
        context.close()
    assert faults == dict.fromkeys(faults, [])
