import json
import re
from xml.etree import ElementTree

from django.conf import settings
from django.template import Context, Template

from senterej.board.view import BoardView
from senterej.engine import BLACK, START_FEN, WHITE, Position

SVG = "{http://www.w3.org/2000/svg}"


def render_board(fen):
    template = Template("{% load board %}{% board position %}")
    return template.render(Context({"position": Position.from_fen(fen)}))


def test_it_draws_the_position_it_is_given():
    html = render_board("R2k4/8/8/8/8/8/4p3/4K3 b - -")
    assert 'aria-label="a8, White der"' in html
    assert 'aria-label="d8, Black negus, check"' in html  # R2.7: Black to move, attacked by the der
    assert 'aria-label="e2, Black medeq"' in html
    assert 'aria-label="e1, White negus"' in html
    assert 'aria-label="a1, empty"' in html
    assert html.count('role="img"') == 4


def test_each_piece_uses_its_own_drawing():
    html = render_board("R2k4/8/8/8/8/8/4p3/4K3 b - -")
    assert 'class="piece piece--white"' in html
    assert 'class="piece piece--black"' in html
    assert "pieces.svg#der" in html
    assert "pieces.svg#medeq" in html


def test_the_drawings_define_all_six_men():
    # The browser draws nothing from a sprite that is not well-formed XML, and says nothing about it either.
    root = ElementTree.parse(settings.BASE_DIR / "senterej/static/board/pieces.svg").getroot()
    names = {symbol.get("id") for symbol in root.iter(SVG + "symbol")}
    assert names == {"negus", "fers", "der", "fil", "feres", "medeq"}


def render_view(view):
    return Template("{% load board %}{% board view %}").render(Context({"view": view}))


def test_r3_2_the_board_offers_only_legal_promotions():
    view = BoardView(Position.from_fen("1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -"), side=WHITE)
    legal = json.loads(view.legal_json())
    assert legal["a7"] == [["a8", "a7a8r"], ["b8", "a7b8r"]]
    assert "e7" not in legal  # only the moving side's men


def test_r5_1_in_the_werera_the_board_lists_the_chosen_sides_moves_with_castling():
    view = BoardView(Position.from_fen("r2k4/8/8/8/8/8/8/4K2R - Kk 1"), side=BLACK)
    legal = json.loads(view.legal_json())
    assert ["b8", "d8b8"] in legal["d8"] and "e1" not in legal


def test_a_picture_board_has_no_moves_and_no_focus_stops():
    html = render_view(BoardView(Position.from_fen(START_FEN)))
    assert "data-legal" not in html and "tabindex" not in html


def test_it_turns_for_black_and_marks_check_and_the_last_move():
    position = Position.from_fen("k7/8/8/8/8/8/8/r3K3 w - -")
    html = render_view(BoardView(position, side=WHITE, orientation=BLACK, last_move=(0,), form_id="f"))
    squares = re.findall(r'data-square="(\w\d)"', html)
    assert squares[0] == "h1" and squares[-1] == "a8"
    assert re.search(r'class="[^"]*is-check[^"]*" data-square="e1"', html)
    assert re.search(r'class="[^"]*is-last[^"]*" data-square="a1"', html)
    assert 'data-form="f"' in html and 'tabindex="-1"' in html
