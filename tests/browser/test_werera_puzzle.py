"""A werera puzzle in the browser (R5): the page says the round and the quicker side before the choice, and
once it is solved tells how the round goes against the opponent's most testing choices (R5.3), in English
and Slovak, with nothing for axe-core to find."""

import re

import pytest
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import WERERA_SLOWER, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)

WORDS = {
    "": {
        "turn": "White to choose in this werera round: find the best move.",
        "round": "Round 4 of 20",
        "quicker": "Black is quicker this round",
        "solved": "Solved! Well played.",
        "title": "How the round goes",
        "capture": "If Black takes on f2, that capture is played first and alone (R5.3), but it leaves you"
        " well ahead.",
        "quiet": "If Black takes nothing, your capture is played even though Black is quicker in round 4"
        " (R5.3).",
    },
    "/sk": {
        "turn": "Biely volí v tomto kole werery: nájdi najlepší ťah.",
        "round": "Kolo 4 z 20",
        "quicker": "V tomto kole je rýchlejší Čierny",
        "solved": "Vyriešené! Výborne zahrané.",
        "title": "Ako sa kolo odohrá",
        "capture": "Ak Čierny berie na f2, toto branie sa hrá prvé a samostatne (R5.3), ale zostaneš"
        " výrazne vpredu.",
        "quiet": "Ak Čierny nič neberie, tvoje branie sa zahrá, hoci v 4. kole je rýchlejší Čierny (R5.3).",
    },
}


def play(page: Page, frm: str, to: str) -> None:
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


@pytest.mark.parametrize("prefix", ["", "/sk"])
def test_r5_3_a_solved_werera_puzzle_tells_how_the_round_goes(live_server, axe_page, js_errors, prefix):
    page, words = axe_page, WORDS[prefix]
    errors = js_errors(page)
    puzzle = PuzzleFactory(line=WERERA_SLOWER)
    page.goto(live_server.url + f"{prefix}/train/{puzzle.pk}/")
    expect(page.locator(".trainer__turn")).to_have_text(words["turn"])
    panel = page.locator(".game__panel")
    expect(panel).to_contain_text(words["round"])
    expect(panel).to_contain_text(words["quicker"])
    expect(page.locator(".trainer__round")).to_have_count(0)
    before = axe_violations(page)
    play(page, "d3", "e4")
    expect(page.locator(".trainer__feedback")).to_have_text(words["solved"])
    expect(page.get_by_role("heading", name=words["title"])).to_be_visible()
    told = page.locator(".trainer__round li")
    expect(told).to_have_count(2)
    expect(told.nth(0)).to_contain_text(words["capture"])
    expect(told.nth(1)).to_contain_text(words["quiet"])
    assert (before, axe_violations(page), errors) == ([], [], [])
