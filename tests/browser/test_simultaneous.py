"""R5.1 online: both players choose at once. While one has a man selected or a move half typed, the page's
polling waits instead of redrawing the board under them; their choice then stands though the other chose
meanwhile, and the round is played."""

import re

import pytest
from playwright.sync_api import Page, expect

from play.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def online(host: Page, guest: Page, live_server) -> str:
    host.goto(live_server.url + "/play/")
    host.get_by_label("A friend online, by invitation link").check()
    host.get_by_label("Your side").select_option("white")
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    guest.goto(host.locator(".invite__link").input_value())
    guest.get_by_role("button", name="Join as Black").click()
    for page in (host, guest):
        expect(page.locator(".board--live[data-ready]")).to_be_visible()
    return host.url.rstrip("/").rsplit("/", 1)[-1]


#: Counts the game's polls as htmx starts each one (`htmx:beforeRequest`), whether or not game.js then holds
#: it back because the player is busy; a held-back poll sends no request, so the network cannot count them.
COUNT_POLLS = """() => {
    window.pollsTried = 0;
    document.addEventListener("htmx:beforeRequest", (event) => {
        if (event.detail.elt.id === "game") window.pollsTried += 1;
    });
}"""


def two_polls_pass(page: Page) -> None:
    """Waits until the page's polling has come round twice from now: each time it would have redrawn the board
    had the player not been busy, since the other side's choice has changed the game."""
    page.evaluate("() => { window.pollsTried = 0; }")
    page.wait_for_function("() => window.pollsTried >= 2", timeout=10_000)


def test_r5_1_a_selected_man_and_a_half_typed_move_survive_the_other_players_choice(live_server, new_page):
    host, guest = new_page(), new_page()
    game_id = online(host, guest, live_server)
    host.evaluate(COUNT_POLLS)

    host.locator('.board--live [data-square="e2"]').click()
    selected = host.locator('.board--live [data-square="e2"]')
    expect(selected).to_have_class(re.compile(r"\bis-selected\b"))
    guest.locator('.board--live [data-square="e7"]').click()
    guest.locator('.board--live [data-square="e6"]').click()
    expect(guest.locator(".pending")).to_be_visible()
    two_polls_pass(host)  # the host's board is not redrawn under the selection
    expect(selected).to_have_class(re.compile(r"\bis-selected\b"))
    host.locator('.board--live [data-square="e3"]').click()
    expect(host.locator(".moves")).to_contain_text("W1")
    game = Game.objects.get(pk=game_id)
    assert (game.steps[0]["white"], game.steps[0]["black"]) == ("e2e3", "e7e6")

    host.get_by_label("White: your hidden choice for this round").fill("d2d")
    guest.get_by_role("button", name="Wait this round").click()
    expect(guest.locator(".pending")).to_be_visible()
    two_polls_pass(host)  # nor the field emptied under the half-typed move
    field = host.get_by_label("White: your hidden choice for this round")
    expect(field).to_have_value("d2d")
    field.press_sequentially("3")
    field.press("Enter")
    expect(host.locator(".moves")).to_contain_text("W2")
    game.refresh_from_db()
    assert (game.steps[1]["white"], game.steps[1]["black"]) == ("d2d3", "0000")
