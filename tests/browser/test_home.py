import re

from playwright.sync_api import expect

PIECE_LABEL = re.compile(r"^(White|Black) (negus|fers|der|fil|feres|medeq)$")
ALL_DRAWN = """() => {
    const uses = [...document.querySelectorAll(".board svg use")];
    return uses.length === 32 && uses.every(use => use.getBBox().width > 10);
}"""


def test_the_board_shows_the_start_position(live_server, page, tmp_path):
    with page.expect_response(lambda response: response.url.endswith("/board/pieces.svg")) as drawings:
        page.goto(live_server.url + "/")
    assert drawings.value.ok

    board = page.get_by_role("grid", name="Senterej board")
    expect(board).to_be_visible()
    pieces = board.get_by_role("img")
    expect(pieces).to_have_count(32)
    labels = [piece.get_attribute("aria-label") for piece in pieces.all()]
    assert all(PIECE_LABEL.match(label) for label in labels), labels
    assert labels.count("White negus") == labels.count("Black negus") == 1
    expect(board.locator('[data-square="e1"] svg')).to_have_attribute("aria-label", "White negus")
    expect(board.locator('[data-square="d8"] svg')).to_have_attribute("aria-label", "Black negus")

    # A drawing that failed to load or parse still leaves the labelled <svg>, but its <use> draws nothing.
    page.wait_for_function(ALL_DRAWN, timeout=5_000)
    assert page.evaluate("() => typeof htmx") == "object"

    shot = tmp_path / "home.png"
    page.screenshot(path=shot, full_page=True)
    assert shot.stat().st_size > 10_000
