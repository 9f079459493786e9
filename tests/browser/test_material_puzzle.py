"""A material puzzle by the stricter proof, in the browser: the solver forks the negus and the der with the
feres, the site plays the negus's escape, and taking the der solves it, in English and in Slovak; axe-core
finds nothing wrong on the solved page."""

import re

import pytest
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import Line, PuzzleFactory
from trainer.generate.finders import material_puzzle
from trainer.puzzle_proofs import validate

pytestmark = pytest.mark.django_db(transaction=True)

FORK = "r1b1kq2/1p1p1ppp/6n1/1N6/8/8/P3QPPP/2BR2K1 w - - 0 30 0/0"


def play(page: Page, frm: str, to: str) -> None:
    board = page.locator(".board--live[data-ready]")
    expect(board).to_be_visible()
    board.locator(f'[data-square="{frm}"]').click()
    expect(board.locator(f'[data-square="{frm}"]')).to_have_class(re.compile(r"\bis-selected\b"))
    board.locator(f'[data-square="{to}"]').click()


@pytest.mark.parametrize(
    ("language", "solved"), [("", "Solved! Well played."), ("/sk", "Vyriešené! Výborne zahrané.")]
)
def test_a_player_forks_the_negus_and_the_der_and_takes_the_der(
    live_server, axe_page, js_errors, language, solved
):
    errors = js_errors(axe_page)
    found = material_puzzle(FORK, "hand-made")
    assert found is not None and validate(found.fen, found.moves) is None
    puzzle = PuzzleFactory(line=Line(found.fen, found.moves, "fork advantage"))
    axe_page.goto(f"{live_server.url}{language}/train/{puzzle.pk}/")
    play(axe_page, "b5", "c7")
    # the site answers with the negus's escape, and the der is left to take
    expect(axe_page.locator('.board [data-square="d8"] svg')).to_have_attribute(
        "aria-label", re.compile("negus")
    )
    play(axe_page, "c7", "a8")
    expect(axe_page.locator(".trainer__feedback")).to_have_text(solved)
    expect(axe_page.locator(".trainer__line li")).to_have_count(3)
    assert axe_violations(axe_page) == []
    assert errors == []
