"""My games in the browser: games played on one device are found on another after logging in there, with the
opponent, the result and the date; a visitor's game joins the account made by signing up; the page and a used
invitation's page are clean for axe-core on a desktop and a phone, in English and in Slovak."""

import re

import pytest
from django.utils import translation
from django.utils.formats import date_format
from playwright.sync_api import Page, expect

from play.models import Game
from testing.axe import SIZES, axe_violations
from testing.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def start(page: Page, live_server, mode: str, language: str = "") -> Game:
    """Starts a game as White from the play page (in the page's language): against a novice bot, a friend on
    this device or a friend online."""
    page.goto(f"{live_server.url}{language}/play/")
    page.locator(f"input[name=mode][value={mode}]").check()
    page.locator("#id_colour").select_option("white")
    page.locator(".new-game button[type=submit]").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    expect(page.locator(".board" if mode == "online" else ".board--live[data-ready]")).to_be_visible()
    return Game.objects.get(pk=page.url.rstrip("/").rsplit("/", 1)[-1])


def resign(page: Page) -> None:
    page.locator("form[action$='/resign/'] button").click()
    page.locator(".confirm button[type=submit]").click()
    expect(page.locator(".status")).to_have_attribute("data-status", "resignation")


def log_in(page: Page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")  # the home page, as after any log-in without a way back


def test_games_played_on_one_device_are_found_on_another(live_server, new_page, learner, js_errors):
    desk = new_page()
    errors = js_errors(desk)
    log_in(desk, live_server, learner.username)
    lost = start(desk, live_server, "bot")
    resign(desk)
    ongoing = start(desk, live_server, "hotseat")

    phone = new_page()  # another browser: no cookie of the first
    log_in(phone, live_server, learner.username)
    phone.get_by_role("navigation", name="Main").get_by_role("link", name="My games").click()
    expect(phone.get_by_role("heading", name="My games")).to_be_visible()
    games = phone.locator(".my-games__game")
    expect(games).to_have_count(2)
    lost.refresh_from_db()
    with translation.override("en"):
        day = date_format(lost.created, "DATE_FORMAT")
    expect(games.nth(1)).to_contain_text("Against Novice (bot)")
    expect(games.nth(1)).to_contain_text("Loss")
    expect(games.nth(1)).to_contain_text(f"Resignation · you played White · a bot · {day}")
    expect(games.nth(0)).to_contain_text("Against a friend on this device")
    expect(games.nth(0)).to_contain_text("In play")

    phone.get_by_label("Games").select_option(label="Finished")
    phone.get_by_role("button", name="Show").click()
    phone.wait_for_url(re.compile(r"state=finished"))
    expect(games).to_have_count(1)
    games.get_by_role("link", name="Against Novice (bot)").click()
    phone.wait_for_url(f"{live_server.url}/play/{lost.id}/")
    expect(phone.locator(".players")).to_contain_text("tirunesh (you)")
    expect(phone.locator(".status")).to_contain_text("resigned")
    assert ongoing.white_user == learner
    assert errors == []


def test_a_visitors_game_joins_the_account_made_by_signing_up(live_server, new_page):
    page = new_page()
    game = start(page, live_server, "bot")
    page.get_by_role("link", name="Play", exact=True).click()
    page.get_by_role("link", name="All my games").click()
    expect(page.locator(".my-games__game")).to_have_count(1)
    notice = page.locator(".my-games__notice")
    expect(notice).to_contain_text("to keep them")
    notice.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("selam")
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url(f"{live_server.url}/play/mine/")
    expect(page.locator(".my-games__notice")).to_have_count(0)
    expect(page.locator(".my-games__game")).to_contain_text("Against Novice (bot)")
    game.refresh_from_db()
    assert game.white_user is not None and game.white_user.username == "selam" and game.black_user is None

    elsewhere = new_page()
    log_in(elsewhere, live_server, "selam")
    elsewhere.goto(f"{live_server.url}/play/mine/")
    expect(elsewhere.locator(".my-games__game")).to_contain_text("Against Novice (bot)")
    elsewhere.locator(".my-games__game a").click()
    expect(elsewhere.locator(".players")).to_contain_text("selam (you)")


@pytest.mark.parametrize("language", ["", "/sk"])
@pytest.mark.parametrize("size", SIZES)
def test_my_games_and_a_used_invitation_are_clean_on_a_desktop_and_a_phone(
    live_server, open_page, learner, second_learner, size, language, tmp_path
):
    host, guest, stranger = open_page(size), open_page(size), open_page(size)
    log_in(host, live_server, learner.username)
    log_in(guest, live_server, second_learner.username)
    start(host, live_server, "bot", language)
    resign(host)
    online = start(host, live_server, "online", language)
    guest.goto(f"{live_server.url}{language}/play/join/{online.invite_code}/")
    guest.locator("main form button").click()
    expect(guest.locator(".board--live[data-ready]")).to_be_visible()

    host.goto(f"{live_server.url}{language}/play/mine/")
    games = host.locator(".my-games__game")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("abebe")
    expect(games.nth(1)).to_contain_text("Prehra" if language else "Loss")
    assert axe_violations(host) == []
    response = stranger.goto(f"{live_server.url}{language}/play/join/{online.invite_code}/")
    assert response is not None and response.status == 410
    assert axe_violations(stranger) == []
    for name, page in (("mine", host), ("used", stranger)):
        shot = tmp_path / f"{name}.png"
        page.screenshot(path=shot, full_page=True)
        assert shot.stat().st_size > 10_000
