"""Moves as the pages show them (R1.2, R9.3): each piece letter the man's own image in the mover's colour, the
whole move said in words in the reader's language; a dropped werera choice (R5.10) never looks played."""

import pytest
from django.utils import translation

from senterej.board.san_markup import move_html, move_words, sentence, waiting_html
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import parse_move, san
from testing.page_text import CHESS_LETTERS, heard, seen

# (SAN as the engine writes it, in a position where the engine writes it so, what the eye sees, what is said)
KINDS = [
    ("Kd2", "4k3/8/8/8/8/8/8/4K3 w - -", "e1d2", "[negus]d2", "negus to d2"),
    ("Qe3", "4k3/8/8/8/8/8/3Q4/4K3 w - -", "d2e3", "[fers]e3", "fers to e3"),
    ("Ra8+", "4k3/8/8/8/8/8/8/R3K3 w - -", "a1a8", "[der]a8+", "der to a8, check"),
    ("Be3", "4k3/8/8/8/8/8/8/2B1K3 w - -", "c1e3", "[fil]e3", "fil to e3"),
    ("Nf3", "4k3/8/8/8/8/8/8/4K1N1 w - -", "g1f3", "[feres]f3", "feres to f3"),
    ("e3", "4k3/8/8/8/8/8/4P3/4K3 w - -", "e2e3", "e3", "medeq to e3"),
]


@pytest.mark.parametrize(("text", "fen", "move", "shown", "said"), KINDS, ids=[kind[0] for kind in KINDS])
def test_r1_2_every_kind_of_man_is_drawn_as_its_image_and_named(text, fen, move, shown, said):
    position = Position.from_fen(fen)
    assert san(position, parse_move(position, move)) == text  # the engine's SAN, as every page gets it
    html = move_html(text, WHITE)
    assert (seen(html), heard(html), move_words(text)) == (shown, said, said)
    assert not CHESS_LETTERS.search(seen(html))
    if text[0].isupper():
        assert 'class="piece piece--white figurine"' in html and html.count("<svg") == 1


def test_r9_3_captures_promotions_checks_and_mates_are_said_in_full():
    cases = {
        "Rxd7": ("[der]xd7", "der takes d7"),
        "exd5": ("exd5", "medeq e takes d5"),
        "b8=R+": ("b8=[der]+", "medeq to b8, promotes to der, check"),
        "axb8=N#": ("axb8=[feres]#", "medeq a takes b8, promotes to feres, mate"),
        "Rad1": ("[der]ad1", "der a to d1"),
        "N1xd2": ("[feres]1xd2", "feres 1 takes d2"),
        "O-O": ("O-O", "castling"),
        "O-O+": ("O-O+", "castling, check"),
    }
    for text, (shown, said) in cases.items():
        html = move_html(text, BLACK)
        assert (seen(html), heard(html)) == (shown, said), text
        assert "piece--white" not in html


def test_r3_4_an_in_place_promotion_is_shown_like_any_promotion():
    position = Position.from_fen("4k2P/8/8/8/8/8/8/4K3 w - -")  # a waiting medeq on h8, its der lost
    text = san(position, parse_move(position, "h8h8r"))
    assert text == "h8=R+"
    assert seen(move_html(text, WHITE)) == "h8=[der]+"
    assert move_words(text) == "medeq to h8, promotes to der, check"


def test_each_mover_draws_the_men_in_its_own_colour():
    assert 'piece--white figurine"><use href="/static/board/pieces.svg#fers">' in move_html("Qd7", WHITE)
    assert 'piece--black figurine"><use href="/static/board/pieces.svg#fers">' in move_html("Qd7", BLACK)


def test_r5_10_a_dropped_choice_is_struck_through_and_said_to_be_dropped_and_a_wait_is_a_dash():
    played, dropped = move_html("Nc3", WHITE), move_html("Nc3", WHITE, dropped=True)
    assert played != dropped and seen(played) == seen(dropped) == "[feres]c3"
    assert "<del" in dropped and "<del" not in played
    assert heard(dropped) == "feres to c3, dropped" and heard(played) == "feres to c3"
    assert (seen(waiting_html()), heard(waiting_html())) == ("\u2014", "waits")


def test_the_words_are_those_of_the_readers_language():
    with translation.override("sk"):
        assert heard(move_html("Rxd7+", WHITE)) == "der (veža) berie na d7, šach"
        assert heard(move_html("b8=N#", WHITE)) == "medeq (pešiak) na b8, premena: feres (jazdec), mat"
        assert heard(move_html("Nc3", BLACK, dropped=True)) == "feres (jazdec) na c3, prepadol"
        assert heard(move_html("O-O", BLACK)) == "rošáda"
        assert heard(waiting_html()) == "čaká"
    assert heard(move_html("Rxd7+", WHITE)) == "der takes d7, check"  # and back, not kept from Slovak


def test_text_that_is_not_san_is_shown_escaped_as_it_is():
    assert move_html("<b>0000</b>", WHITE) == '<span class="san">&lt;b&gt;0000&lt;/b&gt;</span>'
    assert move_words("0000") == "0000"


def test_a_sentence_escapes_its_words_and_keeps_its_moves_as_drawn():
    template = "%(side)s's %(move)s <em>was</em> dropped."
    drawn = sentence(template, side="<White>", move=move_html("Nf3", WHITE))
    assert drawn.startswith('&lt;White&gt;&#x27;s <span class="san">')
    assert "&lt;em&gt;was&lt;/em&gt; dropped." in drawn
    assert seen(drawn) == "<White>'s [feres]f3 <em>was</em> dropped."


def test_the_reading_helpers_see_images_and_hear_words_as_a_reader_would():
    html = (
        '<p>a<span class="sr-only">said</span><span aria-hidden="true">shown'
        '<svg><use href="x#der"></use></svg></span></p><li>b</li>'
    )
    assert (seen(html), heard(html)) == ("ashown[der] b", "asaid b")
