"""The board's question "why is this move not legal?": the server's own words for each kind of illegal move,
in the reader's language, the same for everyone and cacheable, and 400 for a question no board asks."""

import pytest
from django.utils import translation

from senterej.board.explain import illegal_move_message
from senterej.engine import BLACK, WHITE, Position

START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"


def ask(client, fen, move, side="white", prefix=""):
    return client.get(f"{prefix}/board/why/", {"fen": fen, "side": side, "move": move})


@pytest.mark.parametrize(
    ("fen", "move", "side", "words"),
    [
        # R2.7: a pinned man, and the negus stepping into check
        ("k3r3/8/8/8/8/8/4N3/4K3 w - -", "e2c3", "white", "The feres on e2 is pinned"),
        (
            "k7/8/8/8/8/8/r7/4K3 w - -",
            "e1d2",
            "white",
            "Your negus may not step onto d2: it would be attacked",
        ),
        (
            "k7/8/8/8/8/8/8/r3K2N w - -",
            "h1g3",
            "white",
            "Your negus is in check, and this move does not save it.",
        ),
        # R2.5: the fil's two-square leap
        ("k7/8/8/8/8/8/8/2B1K3 w - -", "c1d2", "white", "The fil leaps exactly two squares diagonally"),
        # R2.6: no double step for a medeq
        ("k7/8/8/8/8/8/4P3/4K3 w - -", "e2e4", "white", "there is no double step in Senterej"),
        # R2.2: the der does not jump
        ("k7/8/8/8/8/8/P7/R3K3 w - -", "a1a4", "white", "Something stands in the der's way."),
        # R3.2 and R3.3: no promotion when nothing is lost; R3.4 in place only when something is
        ("r7/2P5/6k1/8/8/8/8/RNBQKBNR w - -", "c7c8q", "white", "lost no piece, so the medeq cannot promote"),
        ("2P3k1/8/8/8/8/8/8/RNBQKBNR w - -", "c8c8", "white", "this medeq waits where it stands"),
        # R5.1 and R6.2: a werera choice that is not allowed, castling through an attacked square
        ("3k1r2/8/8/8/8/8/8/4K2R - K 1", "e1g1", "white", "Castling needs the negus and the der unmoved"),
        (START, "d8b8", "black", "Your own feres stands on b8."),
        # a man that is not the mover's, and an empty square
        ("k7/8/8/8/8/8/8/4K3 b - -", "e1e2", "black", "The man on e1 is not yours."),
        (START, "e4e5", "white", "There is no man on e4."),
    ],
)
def test_it_says_why_in_the_server_s_words(client, fen, move, side, words):
    response = ask(client, fen, move, side)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    assert words in text
    colour = WHITE if side == "white" else BLACK
    assert text == illegal_move_message(Position.from_fen(fen), move, colour)  # what a typed move is told


def test_it_speaks_the_language_of_the_address(client):
    fen = "k7/8/8/8/8/8/4P3/4K3 w - -"
    with translation.override("sk"):
        slovak = illegal_move_message(Position.from_fen(fen), "e2e4", WHITE)
    response = ask(client, fen, "e2e4", prefix="/sk")
    assert response.status_code == 200
    assert response.content.decode() == slovak
    assert slovak != ask(client, fen, "e2e4").content.decode()


def test_a_legal_move_has_nothing_to_explain(client):
    response = ask(client, START, "e2e3")
    assert response.status_code == 204 and response.content == b""


def test_the_answer_is_the_same_for_everyone_and_may_be_kept(client, learner):
    """It reads nothing of the asker's: not even the session, so that a cache need not vary on the cookie."""
    client.force_login(learner)
    response = ask(client, "k7/8/8/8/8/8/4P3/4K3 w - -", "e2e4")
    assert response.status_code == 200
    assert "public" in response["Cache-Control"] and "max-age=86400" in response["Cache-Control"]
    assert "no-store" not in response["Cache-Control"] and "private" not in response["Cache-Control"]
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize(
    "query",
    [
        {"fen": "garbage", "side": "white", "move": "e2e3"},  # not a position (R9.1)
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - - 0 1 9/9", "side": "white", "move": "e2e3"},  # counts out of range
        {"fen": "kK6/8/8/8/8/8/8/8 b - -", "side": "black", "move": "a8a7"},  # the side not to move in check
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - - ٣ ١ 0/0", "side": "white", "move": "e2e3"},  # other digits
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w — —", "side": "white", "move": "e2e3"},  # dashes that are not "-"
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "e2e3" * 100},
        {"fen": "x" * 100_000, "side": "white", "move": "e2e3"},
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "e2é3"},
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "e2e3\n"},
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "Nf3"},  # the board sends coordinates
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "0000"},  # waiting is always legal
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "grey", "move": "e2e3"},
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "black", "move": "a8a7"},  # not Black's move
        {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "move": "e2e3"},
        {"side": "white", "move": "e2e3"},
        {},
    ],
)
def test_a_question_no_board_asks_is_refused(client, query):
    response = client.get("/board/why/", query)
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content


@pytest.mark.parametrize("field", ["fen", "side", "move"])
def test_a_nul_byte_anywhere_is_refused(client, field):
    query = {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "e2e4"}
    query[field] += "\x00"
    assert client.get("/board/why/", query).status_code == 400


def test_it_only_answers_questions(client):
    query = {"fen": "k7/8/8/8/8/8/4P3/4K3 w - -", "side": "white", "move": "e2e4"}
    assert client.post("/board/why/", query).status_code == 405
    assert client.head("/board/why/", query).status_code == 200
