"""Playing in the browser: the werera on one device (R5), online with hidden choices (R5.1), against a bot,
by keyboard, by typing, and promotion to a lost kind (R3.2)."""

import re
from importlib import import_module

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from play import services
from play.models import Game
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = "0000"
# White's choices in SAN, to check that the pass screen does not give them away.
WHITE_SAN = {"e2e3": "e3", "f1h3": "Bh3", "g1e2": "Ne2", "h1f1": "Rf1", "c2c3": "c3"}
# Six hand-checked werera rounds (confirmed with `python -m senterej.engine play`): Black's feres
# mates the negus smothered on e1 as it lands on d3, ending the werera with check (R5.5, R7.1).
SMOTHERED_MATE = [
    ("e2e3", "g8f6"),
    ("f1h3", "f6d5"),
    ("g1e2", "d5f4"),
    ("h1f1", WAIT),
    ("c2c3", WAIT),
    (WAIT, "f4d3"),
]


def start(page: Page, live_server, opponent: str) -> str:
    """Starts a game as White from the play page, the way a visitor does; returns the game's id."""
    page.goto(live_server.url + "/play/")
    page.get_by_label(opponent).check()
    if opponent == "Against a bot":
        page.get_by_label("Bot", exact=True).select_option(label="Novice")
    page.get_by_label("Your side").select_option("white")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def live_board(page: Page):
    """The board once its script is ready: after an htmx swap, the script runs just after the board shows."""
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    return board


def square(page: Page, name: str):
    return page.locator(f'.board [data-square="{name}"]')


def choose(page: Page, move: str) -> None:
    """Clicks the man, then where it goes; or presses "Wait this round"."""
    if move == WAIT:
        page.get_by_role("button", name="Wait this round").click()
        return
    board = live_board(page)
    board.locator(f'[data-square="{move[:2]}"]').click()
    expect(board.locator(f'[data-square="{move[:2]}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{move[2:4]}"]').click()


def test_a_game_on_one_device_through_six_werera_rounds_to_checkmate(live_server, page, tmp_path, js_errors):
    errors = js_errors(page)
    game_id = start(page, live_server, "A friend on this device")
    expect(page.locator(".status")).to_contain_text("Werera: both sides choose in secret")
    expect(page.locator(".counters")).to_contain_text("Round 1 of 20. White is quicker this round")

    for number, (white, black) in enumerate(SMOTHERED_MATE, start=1):
        choose(page, white)
        expect(page.locator(".pass-screen")).to_be_visible()
        expect(page.locator(".pass-screen")).to_contain_text("Pass the device to Black")
        if white != WAIT:
            # R5.1: nothing on the screen Black is handed, nor in the page's source, tells White's choice.
            shown = page.locator("#game").inner_text()
            assert not re.search(rf"\b{WHITE_SAN[white]}\b", shown), shown
            assert white not in page.content().replace(game_id, "")
        page.get_by_role("link", name="I am Black: show my board").click()
        board = live_board(page)
        if white != WAIT:
            expect(board.locator(f'[data-square="{white[:2]}"] svg')).to_have_count(1)
            expect(board.locator(f'[data-square="{white[2:4]}"] svg')).to_have_count(0)
        choose(page, black)
        expect(page.locator(".moves tbody tr")).to_have_count(number)
        expect(page.locator(".round-report")).to_contain_text(
            f"Round {number}: White {'waited' if white == WAIT else 'chose'}"
        )
        if number == 1:
            expect(page.locator(".round-report p")).to_have_count(2)
            assert [heard(p.inner_html()) for p in page.locator(".round-report p").all()] == [
                "Round 1: White chose medeq to e3, Black chose feres to f6.",
                "Both moves were played, the quicker side's first.",
            ]
            assert seen(page.locator(".moves tbody").inner_html()) == "W1 e3 [feres]f6"

    status = page.locator(".status")
    expect(status).to_have_text("Black wins by checkmate.")
    expect(status).to_have_attribute("data-status", "checkmate")
    expect(page.locator(".round-report")).to_contain_text("The check ended the werera, and the game.")
    expect(page.locator(".board")).not_to_have_class(re.compile(r"\bboard--live\b"))
    expect(square(page, "d3").locator("svg")).to_have_attribute("aria-label", "Black feres")
    expect(square(page, "e1")).to_have_class(re.compile(r"\bis-check\b"))
    expect(page.locator("#move-form")).to_have_count(0)

    shot = tmp_path / "checkmate.png"
    page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 10_000
    assert errors == []


def test_online_a_choice_stays_hidden_until_the_round_and_a_draw_is_agreed(live_server, new_page, js_errors):
    host, guest = new_page(), new_page()
    errors = {"host": js_errors(host), "guest": js_errors(guest)}
    game_id = start(host, live_server, "A friend online, by invitation link")
    invitation = host.locator(".invite__link").input_value()
    assert "/play/join/" in invitation

    guest.goto(invitation)
    guest.get_by_role("button", name="Join as Black").click()
    live_board(guest)
    live_board(host)  # the host's page learns of the guest by polling
    expect(host.locator(".invite__link")).to_have_count(0)
    host.evaluate("window.notReloaded = true")

    seen_by_guest = []
    guest.on("response", lambda response: seen_by_guest.append(response))
    choose(host, "b1c3")
    expect(host.locator(".pending")).to_contain_text("Your choice for this round is made (feres to c3")
    pending = seen(host.locator(".pending").inner_html())
    assert pending.startswith("Your choice for this round is made ([feres]c3).")

    # The guest's page catches up with the host's version by polling, then polls once more.
    since = re.search(r"since=\d+&", host.locator("#game").get_attribute("hx-get")).group()
    expect(guest.locator("#game")).to_have_attribute("hx-get", re.compile(since))
    with guest.expect_response(lambda response: "since=" in response.url) as poll:
        pass
    assert poll.value.status == 204
    assert "b1c3" not in guest.content().replace(game_id, "")
    assert "Nc3" not in guest.content() and "feres to c3" not in guest.content()
    expect(square(guest, "b1").locator("svg")).to_have_attribute("aria-label", "White feres")
    expect(square(guest, "c3").locator("svg")).to_have_count(0)
    bodies = [response.text() for response in seen_by_guest if response.status == 200]
    assert bodies, "the guest's page never heard of the host's choice"
    for body in bodies:
        assert "b1c3" not in body.replace(game_id, "") and "Nc3" not in body and "feres to c3" not in body

    choose(guest, "g8f6")
    report = "Round 1: White chose feres to c3"
    expect(guest.locator(".round-report")).to_contain_text(report)
    expect(host.locator(".round-report")).to_contain_text(report, timeout=5_000)
    for page in (guest, host):
        said = heard(page.locator(".round-report").inner_html())
        assert said.startswith("Round 1: White chose feres to c3, Black chose feres to f6.")
    expect(square(host, "c3").locator("svg")).to_have_attribute("aria-label", "White feres")
    expect(square(host, "f6").locator("svg")).to_have_attribute("aria-label", "Black feres")
    assert host.evaluate("window.notReloaded") is True

    host.get_by_role("button", name="Offer a draw").click()
    expect(host.locator(".draw-offer")).to_contain_text("You offered a draw.")
    expect(guest.locator(".draw-offer")).to_contain_text("Your opponent offers a draw.", timeout=5_000)
    guest.get_by_role("button", name="Accept the draw").click()
    for page in (guest, host):
        expect(page.locator(".status")).to_have_text("Draw by agreement.", timeout=5_000)
        expect(page.locator(".status")).to_have_attribute("data-status", "agreement")
    assert errors == {"host": [], "guest": []}


def test_against_the_novice_bot_each_round_is_reported(live_server, page, js_errors):
    errors = js_errors(page)
    failures = []
    page.on("response", lambda response: response.status >= 400 and failures.append(response.url))
    start(page, live_server, "Against a bot")
    expect(page.locator(".players")).to_contain_text("Novice (bot)")

    rounds = [
        ("e2e3", "White chose medeq to e3"),
        ("d2d3", "White chose medeq to d3"),
        (WAIT, "White waited"),
    ]
    for number, (move, words) in enumerate(rounds, start=1):
        choose(page, move)
        # The bot's choice was fixed as the round opened, so the round is played at once.
        expect(page.locator(".round-report")).to_contain_text(f"Round {number}: ")
        said = heard(page.locator(".round-report").inner_html())
        both_waited = move == WAIT and f"Round {number}: both sides waited." in said
        assert f"Round {number}: {words}, Black " in said or both_waited, said
        expect(page.locator(".moves tbody tr")).to_have_count(number)
        expect(page.locator(".error")).to_have_count(0)
    assert failures == [] and errors == []


def focus_board(page: Page) -> None:
    """Tabs from wherever the focus is until it reaches the board, as a keyboard user does."""
    if page.evaluate("() => document.activeElement.dataset.square !== undefined"):
        return  # after a redraw the focus is given back to the board
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.dataset.square !== undefined"):
            return
    raise AssertionError("Tab never reached the board")


def arrow_to(page: Page, target: str) -> None:
    """Arrow keys from the focused square to `target`, on a board drawn with White at the bottom."""
    here = page.evaluate("() => document.activeElement.dataset.square")
    files, ranks = ord(target[0]) - ord(here[0]), int(target[1]) - int(here[1])
    for _ in range(abs(files)):
        page.keyboard.press("ArrowRight" if files > 0 else "ArrowLeft")
    for _ in range(abs(ranks)):
        page.keyboard.press("ArrowUp" if ranks > 0 else "ArrowDown")
    expect(square(page, target)).to_be_focused()


def test_a_werera_round_by_keyboard_only(live_server, page, js_errors):
    errors = js_errors(page)
    start(page, live_server, "A friend on this device")
    live_board(page)
    expect(page.locator("#announce")).to_have_text("")

    focus_board(page)
    arrow_to(page, "e2")
    page.keyboard.press("Enter")
    expect(square(page, "e2")).to_have_attribute("aria-selected", "true")
    expect(square(page, "e3")).to_have_attribute("aria-label", "e3, empty, can move here")
    arrow_to(page, "e3")
    page.keyboard.press("Enter")
    expect(page.locator(".pass-screen")).to_be_visible()

    page.get_by_role("link", name="I am Black: show my board").focus()
    page.keyboard.press("Enter")
    live_board(page)
    focus_board(page)
    arrow_to(page, "g8")
    page.keyboard.press(" ")
    arrow_to(page, "f6")
    page.keyboard.press(" ")

    expect(page.locator(".moves tbody tr")).to_have_count(1)
    expect(page.locator("#announce")).to_contain_text("Round 1: White chose medeq to e3")
    expect(page.locator("#announce")).to_have_count(1)
    assert heard(page.locator("#announce").inner_html()).startswith(
        "Round 1: White chose medeq to e3, Black chose feres to f6."
    )
    assert errors == []


def test_a_typed_move_is_taken_and_an_illegal_one_is_explained(live_server, page, js_errors):
    errors = js_errors(page)
    start(page, live_server, "Against a bot")
    live_board(page)

    page.locator("#move-input").fill("Nf3")
    page.locator("#move-input").press("Enter")
    expect(page.locator(".round-report")).to_contain_text("Round 1: White chose feres to f3")
    expect(page.locator(".moves tbody tr")).to_have_count(1)

    page.locator("#move-input").fill("e2e4")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator(".error")).to_contain_text("there is no double step")
    live_board(page)
    expect(square(page, "e2").locator("svg")).to_have_attribute("aria-label", "White medeq")
    expect(page.locator(".moves tbody tr")).to_have_count(1)
    expect(page.locator(".counters")).to_contain_text("Round 2 of 20.")
    assert errors == []


def test_on_one_device_an_illegal_choice_by_black_is_explained_on_black_s_board(live_server, page, js_errors):
    errors = js_errors(page)
    start(page, live_server, "A friend on this device")
    choose(page, "e2e3")
    page.get_by_role("link", name="I am Black: show my board").click()
    live_board(page)

    page.locator("#move-input").fill("e7e5")
    page.locator("#move-input").press("Enter")
    expect(page.locator(".error")).to_contain_text("there is no double step")
    # Black corrects the choice on Black's own board, not after being handed the device a second time.
    expect(page.locator(".pass-screen")).to_have_count(0)
    live_board(page)
    expect(page.locator("#move-input")).to_be_visible()
    assert errors == []


def seat_both_sides(page: Page, live_server, fen: str) -> Game:
    """A game on one device from a set position, with both seats in the browser's session."""
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=fen)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/play/{game.id}/")
    return game


def test_r3_2_a_single_lost_kind_is_still_asked_for(live_server, page, js_errors):
    errors = js_errors(page)
    seat_both_sides(page, live_server, "1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - - 0 1 0/0")
    choose(page, "a7a8")
    picker = page.locator(".board__picker")
    expect(picker.locator("[data-promotion]:visible")).to_have_count(1)
    picker.get_by_role("button", name="der").click()
    expect(page.locator(".moves")).to_contain_text("medeq to a8, promotes to der")
    assert seen(page.locator(".moves tbody").inner_html()) == "1. a8=[der]"
    expect(square(page, "a8").locator("svg")).to_have_attribute("aria-label", "White der")
    expect(picker).to_be_hidden()
    assert errors == []


@pytest.mark.parametrize(
    ("fen", "lost"),
    [
        ("r2k4/1P6/8/8/8/8/6p1/4K2R w - - 0 1 0/0", ["q", "r", "b", "n"]),  # every kind lost
        ("r2k4/1P6/8/8/8/8/8/2BQKBNR w - - 0 1 0/0", ["r", "n"]),  # a der and a feres lost
    ],
)
def test_r3_2_the_promotion_picker_offers_only_the_lost_kinds(live_server, page, fen, lost, js_errors):
    errors = js_errors(page)
    seat_both_sides(page, live_server, fen)
    choose(page, "b7b8")
    picker = page.locator(".board__picker")
    expect(picker).to_be_visible()
    offered = picker.locator("[data-promotion]:visible")
    expect(offered).to_have_count(len(lost))
    assert [button.get_attribute("data-promotion") for button in offered.all()] == lost
    expect(picker.locator(f'[data-promotion="{lost[0]}"]')).to_be_focused()

    picker.locator('[data-promotion="r"]').click()
    expect(page.locator(".moves")).to_contain_text("medeq to b8, promotes to der, check")
    expect(square(page, "b8").locator("svg")).to_have_attribute("aria-label", "White der")
    expect(page.locator(".status")).to_contain_text("Black to move. Check!")
    assert errors == []
