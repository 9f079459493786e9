"""The board's markup, byte for byte, in both languages: the files in golden/ were first drawn by the template
renderer that the one-pass renderer replaced, and change only on purpose, so the script, the styles and the
tests see the board they expect."""

from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from senterej.board.view import THE_MEN, BoardView
from senterej.engine import BLACK, START_FEN, WHITE, Position

GOLDEN = Path(__file__).parent / "golden"

CASES = {
    "start_picture": lambda: Position.from_fen(START_FEN),
    "live_white_marks": lambda: BoardView(
        Position.from_fen("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -"),
        side=WHITE,
        form_id="task-form",
        last_move=(8, 16),
        marks=frozenset({60, 61}),
        hint=48,
    ),
    "live_black_check": lambda: BoardView(
        Position.from_fen("R2k4/8/8/8/8/8/4p3/4K3 b - -"),
        side=BLACK,
        orientation=BLACK,
        form_id="puzzle-form",
        last_move=(0, 56),
    ),
    "werera_live": lambda: BoardView(
        Position.from_fen("r2k4/8/8/8/8/8/8/4K2R - Kk 1"), side=BLACK, orientation=BLACK, form_id="game-form"
    ),
    "picture_black_marks": lambda: BoardView(
        Position.from_fen("3k4/8/5n2/2p5/3B4/4P3/8/4K3 w - -"),
        orientation=BLACK,
        marks=frozenset({9, 41}),
        hint=27,
        last_move=(1, 2),
    ),
}


@pytest.mark.parametrize("language", ["en", "sk"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_board_is_drawn_as_before(name, language):
    with translation.override(language):
        html = Template("{% load board %}{% board view %}").render(Context({"view": CASES[name]()}))
    assert html == (GOLDEN / f"{name}.{language}.html").read_text()


@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_men_are_drawn_as_before(language):
    template = Template(
        "{% load board %}{% for kind, sides in men.items %}{% piece sides.white %}{% piece sides.black %}"
        "{% endfor %}"
    )
    with translation.override(language):
        html = template.render(Context({"men": THE_MEN}))
    assert html == (GOLDEN / f"pieces.{language}.html").read_text()


def test_the_labels_follow_the_language_of_each_drawing():
    """Labels are looked up once per language, never left over from the language drawn before."""
    view = CASES["start_picture"]()
    drawn = {}
    for language in ("sk", "en", "sk"):
        with translation.override(language):
            drawn.setdefault(language, set()).add(
                Template("{% load board %}{% board view %}").render(Context({"view": view}))
            )
    assert len(drawn["sk"]) == 1 and drawn["sk"] != drawn["en"]
    assert "prázdne" in next(iter(drawn["sk"])) and "empty" in next(iter(drawn["en"]))
