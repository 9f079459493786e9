from html.parser import HTMLParser

from django.contrib.staticfiles import finders

# The start position of RULES.md R1.3, square by square, as the board must label it.
BACK_RANK = ["der", "feres", "fil", None, None, "fil", "feres", "der"]
EXPECTED = {}
for file, name in zip("abcdefgh", BACK_RANK, strict=True):
    EXPECTED[f"{file}2"] = "White medeq"
    EXPECTED[f"{file}7"] = "Black medeq"
    if name:
        EXPECTED[f"{file}1"] = f"White {name}"
        EXPECTED[f"{file}8"] = f"Black {name}"
EXPECTED.update({"d1": "White fers", "e1": "White negus", "d8": "Black negus", "e8": "Black fers"})


class BoardParser(HTMLParser):
    """Collects each square's label and the label of the piece drawn in it."""

    def __init__(self):
        super().__init__()
        self.squares = {}
        self.pieces = {}
        self.shades = {}
        self.scripts = []
        self._square = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-square" in attrs:
            self._square = attrs["data-square"]
            self.squares[self._square] = attrs["aria-label"]
            self.shades[self._square] = "light" if "board__square--light" in attrs["class"] else "dark"
        elif tag == "svg" and self._square:
            self.pieces[self._square] = attrs["aria-label"]
        elif tag == "script":
            self.scripts.append(attrs.get("src"))

    def handle_endtag(self, tag):
        if tag == "div":
            self._square = None


def parse(response):
    parser = BoardParser()
    parser.feed(response.content.decode())
    return parser


def test_it_works(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Senterej" in response.content


def test_it_draws_64_squares(client):
    board = parse(client.get("/"))
    assert sorted(board.squares) == sorted(f + r for f in "abcdefgh" for r in "12345678")


def test_it_draws_the_start_position(client):
    board = parse(client.get("/"))
    assert board.pieces == EXPECTED
    assert board.squares["e1"] == "e1, White negus"
    assert board.squares["d8"] == "d8, Black negus"
    assert board.squares["d1"] == "d1, White fers"
    assert board.squares["e8"] == "e8, Black fers"
    assert board.squares["e4"] == "e4, empty"


def test_rank_8_is_drawn_first(client):
    board = parse(client.get("/"))
    names = list(board.squares)
    assert names[:8] == [f + "8" for f in "abcdefgh"]
    assert names[-8:] == [f + "1" for f in "abcdefgh"]


def test_a1_is_a_dark_square(client):
    board = parse(client.get("/"))
    assert (board.shades["a1"], board.shades["b1"], board.shades["h1"], board.shades["h8"]) == (
        "dark",
        "light",
        "light",
        "dark",
    )
    assert list(board.shades.values()).count("light") == 32


def test_it_serves_htmx_from_the_site(client):
    board = parse(client.get("/"))
    assert "/static/django_htmx/htmx-2.min.js" in board.scripts
    assert all(src is None or src.startswith("/static/") for src in board.scripts)
    assert finders.find("django_htmx/htmx-2.min.js")


def test_it_speaks_the_requested_language(client):
    assert b'<html lang="en">' in client.get("/").content
    slovak = client.get("/", headers={"accept-language": "sk"}, follow=True)
    assert slovak.redirect_chain == [("/sk/", 302)]
    assert b'<html lang="sk">' in slovak.content


def test_it_refuses_post(client):
    assert client.post("/").status_code == 405
