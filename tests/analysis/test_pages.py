"""The analysis board's pages: moves tried by the board's form make a new address (the share link), bad input
of every parameter is refused with 400 and a board to begin again, and playing on starts a game against a bot
from the position shown. Every way in links to it."""

import re

import pytest
from django.urls import reverse

from play.models import Game
from senterej.engine import BLACK

pytestmark = pytest.mark.django_db

TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
BOARD = reverse("analysis:board")


def test_a_move_tried_makes_the_new_address(client):
    response = client.get(BOARD, {"fen": TURNS, "moves": "e2e3", "move": "d7d6"})
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert page.status_code == 200 and page.context["state"].address.moves == ("e2e3", "d7d6")


def test_with_htmx_the_fragment_comes_and_the_address_is_pushed(client):
    response = client.get(BOARD, {"fen": TURNS, "move": "e2e3"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "<html" not in response.content.decode()
    assert response["HX-Push-Url"] == response.context["share_url"].removeprefix("http://testserver")
    assert "moves=e2e3" in response["HX-Push-Url"]


def test_the_share_link_draws_the_same_page(client):
    first = client.get(BOARD, {"fen": TURNS, "moves": "e2e3,d7d6,g1f3", "at": "2"})
    link = first.context["share_url"]
    again = client.get(link.removeprefix("http://testserver"))
    assert tokenless(again) == tokenless(first)
    assert again.context["state"].position.fen() == first.context["state"].position.fen()


def tokenless(response) -> str:
    """The page without its CSRF tokens, which are masked anew at every drawing."""
    return re.sub(r'(csrfmiddlewaretoken" value=|"x-csrftoken": )"[^"]*"', "", response.content.decode())


def test_an_illegal_move_is_explained_and_the_board_stays(client):
    response = client.get(BOARD, {"fen": TURNS, "moves": "e2e3", "move": "d8d6"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert response.context["error"] and response.context["state"].address.moves == ("e2e3",)


@pytest.mark.parametrize(
    "query",
    [
        {"fen": "not a position"},
        {"fen": "x" * 5000},
        {"fen": "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0\u202e"},
        {"moves": "e2e3"},
        {"fen": TURNS, "moves": "e2e3,e7e5,e3e5"},
        {"fen": TURNS, "moves": "e2e3," * 2000},
        {"rounds": "e2e3-d7d6"},
        {"white": "zz"},
        {"at": "7"},
        {"at": "1e3"},
        {"fen": TURNS, "move": "x" * 100},
        {"fen": TURNS, "move": "0000"},
        {"fen": TURNS, "move": "\u0663"},
    ],
)
def test_bad_input_is_refused_with_400_and_a_board(client, query):
    response = client.get(BOARD, query)
    assert response.status_code == 400
    text = response.content.decode()
    assert 'role="alert"' in text and 'class="board' in text


def test_a_nul_byte_is_refused(client):
    assert client.get(BOARD, {"moves": "e2e3\x00"}).status_code == 400


def test_bad_addresses_are_refused_by_the_posts_too(client):
    for name in ("analysis:evaluate", "analysis:play_on"):
        assert client.post(reverse(name), {"fen": "bad"}).status_code == 400


def test_an_unknown_evaluation_is_not_found(client):
    assert client.get(reverse("analysis:evaluation", args=[999999])).status_code == 404


def test_play_on_starts_a_game_against_a_bot_from_the_position(client, learner):
    client.force_login(learner)
    response = client.post(
        reverse("analysis:play_on"),
        {"fen": TURNS, "moves": "e2e3,d7d6", "level": "novice", "side": "black"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("game", args=[game.id])
    assert game.start_fen == "rnbkqbnr/ppp1pppp/3p4/8/8/4P3/PPPP1PPP/RNBQKBNR w - - 0 2 0/0"
    assert game.mode == Game.Mode.BOT and game.bot_level == "novice" and game.bot_side != BLACK
    assert game.black_user == learner and len(game.steps) == 1  # the bot, White, has answered
    assert client.get(response["Location"]).status_code == 200


def test_play_on_refuses_a_level_that_is_not_one(client):
    response = client.post(
        reverse("analysis:play_on"), {"fen": TURNS, "level": "grandmaster", "side": "white"}
    )
    assert response.status_code == 400 and not Game.objects.exists()


def test_the_play_page_and_a_games_page_link_to_the_board(client):
    assert BOARD in client.get(reverse("play")).content.decode()
    game = Game.objects.create(mode=Game.Mode.HOTSEAT, start_fen=TURNS, fen=TURNS)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    assert f"{BOARD}?fen=rnbkqbnr/pppppppp" in client.get(reverse("game", args=[game.id])).content.decode()


ROUNDS = "b1c3:g8f6,c3b1:h8g8,c1e3:f8h6,e3g5:h6f4,b1c3:e7e6,c3b5:e6e5,g2g3:g8f8,c2c3:c8a6,e2e3:f8h8,a2a3:f4h2"
MOVES = (
    "g1e2,d8c8,g5e7,d7d6,f1h3,e8d7,e7g5,h8g8,b5a3,d6d5,a3b1,a6c4,h3f5,c8d8,e2f4,"
    "c4e2,f4d3,f6h5,h1h2,d5d4,g5e7,g8h8,b2b3,d4c3,d3b2,h8e8,e3e4,e8f8,f2f3,f8h8"
)


@pytest.mark.parametrize(
    "query", ["", f"rounds={ROUNDS}", f"rounds={ROUNDS}&moves={MOVES}", f"rounds={ROUNDS}&moves={MOVES}&at=3"]
)
def test_a_board_reads_its_evaluation_alone_however_long_its_line(client, query, django_assert_num_queries):
    client.get(f"{BOARD}?{query}")  # the line played and kept
    with django_assert_num_queries(1):
        assert client.get(f"{BOARD}?{query}").status_code == 200
    with django_assert_num_queries(1):
        assert client.get(f"{BOARD}?{query}", HTTP_HX_REQUEST="true").status_code == 200
