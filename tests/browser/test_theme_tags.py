"""The themes the predicates give, as a player meets them: a solved back-rank mate names its themes, in
English and in Slovak, and its theme leads to more puzzles of it; the themes page says what a pin, a skewer
and a double check ask; axe-core finds nothing wrong on either page."""

import re

import pytest
from playwright.sync_api import expect

from testing.axe import axe_violations
from testing.factories import Line, PuzzleFactory
from tests.browser.test_trainer import play
from trainer.lines import PuzzleLine
from trainer.themes import themes

pytestmark = pytest.mark.django_db(transaction=True)


def tagged(fen: str, moves: str) -> Line:
    """A hand-made line with the themes the predicates give it."""
    return Line(fen, moves, " ".join(themes(PuzzleLine.of(fen, moves))))


BACK_RANK = tagged("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 30 0/0", "c1c8")
ANOTHER_BACK_RANK = tagged("6k1/5ppp/8/8/8/8/8/n2R2K1 w - - 0 30 0/0", "d1d8")
PIN = tagged("b3k3/8/8/4n3/3P4/8/8/R5K1 w - - 0 30 0/0", "a1e1 a8c6 d4e5")
SKEWER = tagged("1K5b/8/8/8/r3k3/8/8/7R w - - 0 30 0/0", "h1h4 e4e5 h4a4")
DOUBLE_CHECK = tagged("r3k3/8/8/8/4N3/8/8/4R2K w - - 0 30 0/0", "e4d6")

WORDS = {
    "": {
        "back rank": "Back-rank mate",
        "training": "Training: Back-rank mate",
        "pin": ("Pin", "A der pins an enemy piece to its negus"),
        "skewer": ("Skewer", "it steps aside, and the der takes the man behind it"),
        "double check": ("Double check", "only a negus move can answer it"),
    },
    "/sk": {
        "back rank": "Mat na základnom rade",
        "training": "Tréning: Mat na základnom rade",
        "pin": ("Väzba", "Der viaže súperovu figúru k jej negusovi"),
        "skewer": ("Röntgen", "ten ustúpi a der vezme kameň, ktorý stál za ním"),
        "double check": ("Dvojitý šach", "odpovedať naň možno len ťahom negusa"),
    },
}


@pytest.mark.parametrize("prefix", ["", "/sk"])
def test_a_solved_mate_names_its_new_themes_and_the_themes_page_says_what_they_ask(
    live_server, browser, js_errors, prefix
):
    words = WORDS[prefix]
    mate, another = PuzzleFactory(line=BACK_RANK), PuzzleFactory(line=ANOTHER_BACK_RANK)
    for line in (PIN, SKEWER, DOUBLE_CHECK):
        PuzzleFactory(line=line)
    assert BACK_RANK.themes == "mateIn1 derMate backRankMate endgame"
    assert "backRankMate" in ANOTHER_BACK_RANK.themes.split()
    assert "pin" in PIN.themes.split() and "skewer" in SKEWER.themes.split()
    assert "doubleCheck" in DOUBLE_CHECK.themes.split()
    context = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        errors = js_errors(page)
        page.goto(live_server.url + f"{prefix}/train/{mate.pk}/")
        expect(page.locator("#puzzle")).not_to_contain_text(words["back rank"])
        play(page, "c1", "c8")
        expect(page.locator(".trainer__themes")).to_contain_text(words["back rank"])
        checked = {"solved": axe_violations(page)}

        page.locator(".trainer__themes").get_by_role("link", name=words["back rank"]).click()
        expect(page.locator(".trainer__focus")).to_contain_text(words["training"])
        expect(page.locator("h1")).to_have_text(re.compile(rf"(Puzzle|Úloha) {another.pk}$"))

        page.goto(live_server.url + f"{prefix}/train/themes/")
        for key in ("pin", "skewer", "double check"):
            name, about = words[key]
            expect(page.get_by_label(name, exact=True)).to_be_visible()
            expect(page.get_by_text(about)).to_be_visible()
        checked["themes"] = axe_violations(page)
        assert errors == []
    finally:
        context.close()
    assert checked == dict.fromkeys(checked, [])
