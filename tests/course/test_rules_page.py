import html
import re
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from course.views.rules_page import DIAGRAMS
from senterej.engine import WHITE, Position
from senterej.engine.game import BARE_KING, Game
from senterej.engine.notation import coordinate, sorted_coordinates
from senterej.engine.squares import FIL_ATTACKS, SQUARE_NAMES, SQUARE_OF_NAME
from senterej.engine.werera import BLOCKED, CAPTURE_FIRST, ENDED_BY_CAPTURE

TEMPLATE = Path(settings.BASE_DIR) / "templates" / "course" / "rules.html"
SOURCES = [
    "Henry Salt",
    "Walter Plowden",
    "d'Abbadie",
    "Murray",
    "A History of Chess",
    "Pankhurst",
    "Ras Imru",
    "Pritchard",
]


class RulesParser(HTMLParser):
    """Collects the ids and links on the page, and each diagram's squares: labels, stars, lit squares."""

    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []
        self.diagrams = {}
        self._diagram = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a":
            self.links.append(attrs.get("href"))
        if "data-diagram" in attrs:
            self._diagram = self.diagrams.setdefault(attrs["data-diagram"], {})
        elif "data-square" in attrs and self._diagram is not None:
            self._diagram[attrs["data-square"]] = (attrs["aria-label"], attrs["class"].split())

    def handle_endtag(self, tag):
        if tag == "figure":
            self._diagram = None


def parse(response):
    parser = RulesParser()
    parser.feed(response.content.decode())
    return parser


def squares_with(board, css_class):
    return {name for name, (_, classes) in board.items() if css_class in classes}


def test_it_works(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert reverse("course:rules") == "/rules/"
    assert b"The rules of Senterej" in response.content


def test_it_has_an_anchor_and_a_contents_link_for_each_rule(client):
    page = parse(client.get("/rules/"))
    for number in range(1, 11):
        assert f"r{number}" in page.ids
        assert f"#r{number}" in page.links


def test_werera_rules_have_anchors_of_their_own(client):
    page = parse(client.get("/rules/"))
    assert {f"r5-{n}" for n in range(1, 11)} <= page.ids
    assert {f"r7-{n}" for n in range(1, 6)} <= page.ids


def test_it_draws_the_start_position_with_the_kings_crosswise(client):
    start = parse(client.get("/rules/")).diagrams["start"]
    assert start["e1"][0] == "e1, White negus"
    assert start["d1"][0] == "d1, White fers"
    assert start["d8"][0] == "d8, Black negus"
    assert start["e8"][0] == "e8, Black fers"
    assert start["e4"][0] == "e4, empty"


def test_every_diagram_is_drawn_from_its_position(client):
    page = parse(client.get("/rules/"))
    assert set(page.diagrams) == set(DIAGRAMS)
    for name, diagram in DIAGRAMS.items():
        position = Position.from_fen(diagram.fen)
        board = page.diagrams[name]
        for sq, square in enumerate(SQUARE_NAMES):
            piece = position.piece_at(sq)
            expected = "empty" if piece is None else f"{('White', 'Black')[piece.colour]} {piece.name}"
            said = [
                word
                for word, shown in (
                    ("last move", square in diagram.last_move),
                    (
                        "check",
                        position.turn is not None
                        and sq == position.negus[position.turn]
                        and position.is_check(),
                    ),
                    ("star", square in diagram.marks),
                    ("hint", square == diagram.hint),
                )
                if shown
            ]
            assert board[square][0] == ", ".join([square, expected, *said]), name
        assert squares_with(board, "is-marked") == set(diagram.marks), name
        assert squares_with(board, "is-last") == set(diagram.last_move), name
        assert squares_with(board, "is-hint") == ({diagram.hint} if diagram.hint else set()), name


def test_it_names_every_source(client):
    content = html.unescape(client.get("/rules/").content.decode())
    for source in SOURCES:
        assert source in content


def test_it_explains_the_notation(client):
    content = client.get("/rules/").content.decode()
    for written in ("e2e3", "e7e8r", "e8e8r", "e1g1", "d8b8", "0000", "Nf3", "exd5", "e8=R", "O-O"):
        assert f"<code>{written}</code>" in content


def test_every_word_of_the_template_is_translatable():
    source = TEMPLATE.read_text()
    for pattern in (
        r"{% blocktranslate trimmed %}.*?{% endblocktranslate %}",
        r"{% translate \"[^\"]*\" %}",
        r"{% translate '[^']*' %}",
        r"{#.*?#}",
        r"{%.*?%}",
        r"{{.*?}}",
        r"<code>.*?</code>",  # notation is the same in every language
        r"<[^>]+>",
        r"\bR\d+(\.\d+)?\b",  # rule numbers
    ):
        source = re.sub(pattern, " ", source, flags=re.DOTALL)
    assert re.findall(r"[^\W\d_]+", source) == []


def test_it_refuses_post(client):
    assert client.post("/rules/").status_code == 405


# The stories the diagrams tell, replayed by the engine.


def test_r2_5_the_fil_leaps_to_the_starred_squares():
    position = Position.from_fen(DIAGRAMS["fil"].fen)
    leaps = [coordinate(move)[2:] for move in position.legal_moves() if coordinate(move).startswith("d4")]
    assert sorted(leaps) == sorted(DIAGRAMS["fil"].marks)
    assert position.is_capture(next(m for m in position.legal_moves() if coordinate(m) == "d4f6"))


def test_r2_5_the_fil_from_c1_reaches_the_eight_squares_the_page_names():
    reached, frontier = set(), [SQUARE_OF_NAME["c1"]]
    while frontier:
        sq = frontier.pop()
        reached.add(sq)
        frontier += [to for to in range(64) if FIL_ATTACKS[sq] >> to & 1 and to not in reached]
    assert {SQUARE_NAMES[sq] for sq in reached} == {"c1", "a3", "e3", "g1", "c5", "g5", "a7", "e7"}


def test_r3_2_the_medeq_may_become_only_a_lost_piece():
    position = Position.from_fen(DIAGRAMS["promotion"].fen)
    moves = [move for move in position.legal_moves() if coordinate(move).startswith("e7")]
    assert sorted_coordinates(moves) == ["e7e8n", "e7e8r"]


def test_r3_4_the_waiting_medeq_promotes_in_place_once_a_piece_is_lost():
    game = Game(DIAGRAMS["waiting"].fen)
    assert not [move for move in game.position.legal_moves(WHITE) if coordinate(move).startswith("a8")]
    game.play("e8e4")
    moves = [move for move in game.position.legal_moves() if coordinate(move).startswith("a8")]
    assert sorted_coordinates(moves) == ["a8a8q"]


def test_r5_round_one_plays_both_quiet_moves():
    game = Game()
    report = game.play_round("e2e3", "g8f6")
    assert len(report.played) == 2
    assert not report.dropped
    assert game.position.fen().split()[:4] == DIAGRAMS["round_one"].fen.split()


def test_r5_3_the_slower_sides_capture_is_played_alone():
    game = Game()
    game.play_round("e2e3", "g8f6")
    game.play_round("e3e4", "b7b6")
    assert game.position.fen().split()[:4] == DIAGRAMS["capture_first"].fen.split()
    report = game.play_round("e4e5", "f6e4")
    assert report.quicker == WHITE
    assert [coordinate(move) for _, move in report.played] == ["f6e4"]
    assert [(coordinate(d.move), d.reason) for d in report.dropped] == [("e4e5", CAPTURE_FIRST)]
    assert report.ended == ENDED_BY_CAPTURE
    assert game.position.turn == WHITE


def test_r5_5_a_quiet_move_to_an_occupied_square_is_blocked():
    game = Game()
    game.play_round("g1f3", "b8c6")
    report = game.play_round("f3d4", "c6d4")
    assert [coordinate(move) for _, move in report.played] == ["c6d4"]
    assert [(coordinate(d.move), d.reason) for d in report.dropped] == [("f3d4", BLOCKED)]
    assert report.ended is None
    assert game.position.fen().split()[:4] == DIAGRAMS["blocked"].fen.split()


def test_r6_both_sides_castle_in_one_round():
    game = Game(DIAGRAMS["castling"].fen)
    report = game.play_round("e1g1", "d8b8")
    assert len(report.played) == 2
    assert game.position.fen().split()[:4] == DIAGRAMS["castled"].fen.split()


def test_r7_3_taking_the_last_piece_draws_even_with_mate():
    game = Game(DIAGRAMS["bare_king"].fen)
    record = game.play("a1a8")
    assert record.san == "Rxa8#"
    assert game.status == BARE_KING
    assert game.result == "1/2-1/2"
