from xml.etree import ElementTree

from django.conf import settings
from django.template import Context, Template

from senterej.engine import Position

SVG = "{http://www.w3.org/2000/svg}"


def render_board(fen):
    template = Template("{% load board %}{% board position %}")
    return template.render(Context({"position": Position.from_fen(fen)}))


def test_it_draws_the_position_it_is_given():
    html = render_board("R2k4/8/8/8/8/8/4p3/4K3 w - -")
    assert 'aria-label="a8, White der"' in html
    assert 'aria-label="d8, Black negus"' in html
    assert 'aria-label="e2, Black medeq"' in html
    assert 'aria-label="e1, White negus"' in html
    assert 'aria-label="a1, empty"' in html
    assert html.count('role="img"') == 4


def test_each_piece_uses_its_own_drawing():
    html = render_board("R2k4/8/8/8/8/8/4p3/4K3 w - -")
    assert 'class="piece piece--white"' in html
    assert 'class="piece piece--black"' in html
    assert "pieces.svg#der" in html
    assert "pieces.svg#medeq" in html


def test_the_drawings_define_all_six_men():
    # The browser draws nothing from a sprite that is not well-formed XML, and says nothing about it either.
    root = ElementTree.parse(settings.BASE_DIR / "static/senterej/pieces.svg").getroot()
    names = {symbol.get("id") for symbol in root.iter(SVG + "symbol")}
    assert names == {"negus", "fers", "der", "fil", "feres", "medeq"}
