"""Clocks and leaving, in two browsers as two players at two computers: a timed online game lost on time,
and a game whose opponent went away, claimed."""

import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone
from playwright.sync_api import Page, expect

from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

#: Three rounds after which White's check ends the werera and Black is to move (R5.7).
TO_TURNS = (("g1f3", "0000"), ("f3d4", "0000"), ("d4e6", "0000"))


def start_online(page: Page, live_server, **selects: str) -> str:
    page.goto(live_server.url + "/play/")
    page.get_by_label("A friend online, by invitation link").check()
    page.get_by_label("Your side").select_option("white")
    for label, option in selects.items():
        page.get_by_label(label, exact=True).select_option(label=option)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def join(guest: Page, host: Page) -> None:
    guest.goto(host.locator(".invite__link").input_value())
    guest.get_by_role("button", name="Join as Black").click()
    expect(guest.locator(".board--live[data-ready]")).to_be_visible()
    expect(host.locator(".board--live[data-ready]")).to_be_visible()


def choose(page: Page, move: str) -> None:
    if move == "0000":
        page.get_by_role("button", name="Wait this round").click()
        return
    board = page.locator(".board--live[data-ready]")
    board.locator(f'[data-square="{move[:2]}"]').click()
    board.locator(f'[data-square="{move[2:4]}"]').click()


def play_rounds(host: Page, guest: Page, rounds) -> None:
    for number, (white, black) in enumerate(rounds, start=1):
        choose(host, white)
        expect(host.locator(".pending")).to_be_visible()
        choose(guest, black)
        expect(host.locator(".moves")).to_contain_text(f"W{number}")


def test_a_timed_online_game_is_lost_on_time(live_server, new_page, js_errors, tmp_path):
    host, guest = new_page(), new_page()
    errors = js_errors(host) + js_errors(guest)
    game_id = start_online(host, live_server, Clocks="5 minutes + 3 seconds a move")
    join(guest, host)
    clocks = host.locator(".clocks")
    expect(clocks).to_contain_text("White")
    expect(clocks.locator(".clock__time").first).to_have_text("5:00")
    play_rounds(host, guest, TO_TURNS)

    # Black's clock runs: the host sees it count down, live, without a reload.
    running = host.locator(".clock.is-running .clock__time")
    expect(running).to_have_text(re.compile(r"^4:5\d$"), timeout=15_000)
    expect(guest.locator(".status")).to_contain_text("Black to move.")
    board = guest.locator(".board--live[data-ready]")  # drawn after the last round, its script ready
    board.locator('[data-square="f7"]').click()
    board.locator('[data-square="e6"]').click()  # Black takes the feres: White's clock runs
    expect(host.locator(".status")).to_contain_text("White to move.", timeout=10_000)
    game = Game.objects.get(pk=game_id)
    assert game.black_time is not None and 296 < game.black_time <= 303  # time used off, three seconds on

    # Five minutes are long for a test: White is left four seconds, as if it had thought for the rest.
    now = timezone.now()
    Game.objects.filter(pk=game_id).update(white_time=4.0, clock_since=now, version=F("version") + 1)
    expect(running).to_have_text(re.compile(r"^0:0[0-3]\.\d$"), timeout=5_000)
    expect(host.locator(".clock.is-low")).to_have_count(1)
    host.screenshot(path=tmp_path / "clock-low.png", full_page=True)
    for page in (host, guest):
        expect(page.locator(".status")).to_contain_text("Black wins on time: White's time ran out.")
    game.refresh_from_db()
    assert (game.status, game.result, game.white_time) == (Game.Status.TIME, "0-1", 0.0)
    expect(host.locator(".board--live")).to_have_count(0)
    assert errors == []


def test_a_game_whose_opponent_went_away_is_claimed(live_server, new_page, js_errors):
    host, guest = new_page(), new_page()
    errors = js_errors(host)
    game_id = start_online(host, live_server)
    join(guest, host)
    play_rounds(host, guest, TO_TURNS[:1])
    guest.context.close()  # the guest leaves
    expect(host.locator(".away")).to_have_count(0)

    # A minute is long for a test: the guest was last seen two minutes ago.
    Game.objects.filter(pk=game_id).update(black_seen=timezone.now() - timedelta(minutes=2))
    expect(host.locator(".away")).to_contain_text("Your opponent has left the game.")
    host.get_by_role("button", name="Claim the win").click()
    expect(host.get_by_role("alertdialog")).to_contain_text("Claim the win? The game ends now.")
    host.get_by_role("button", name="Yes, claim the win").click()
    expect(host.locator(".status")).to_contain_text("White wins: Black left the game.")
    game = Game.objects.get(pk=game_id)
    assert (game.status, game.result) == (Game.Status.ABANDONED, "1-0")
    assert errors == []


def test_resigning_on_one_device_asks_first(live_server, page):
    page.goto(live_server.url + "/play/")
    page.get_by_label("A friend on this device").check()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("button", name="Resign").click()
    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text("Resign this game?")
    expect(page.get_by_role("button", name="Yes, resign")).to_be_focused()
    page.get_by_role("link", name="No, play on").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.locator(".status")).to_contain_text("Werera")
    page.get_by_role("button", name="Agree a draw").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("Do both players agree to a draw?")
    page.get_by_role("button", name="Yes, it is a draw").click()
    expect(page.locator(".status")).to_contain_text("Draw by agreement.")
