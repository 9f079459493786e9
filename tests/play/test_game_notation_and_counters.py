"""The game page beside its board: the count (R7.4), the seventy-move counter (R8.2) and the werera's round
(R5.2), as the game stands or at any step looked back at; an end by the count says whose piece counted. Its
moves and round reports in the site's notation, a dropped choice never shown as played (R5.10), while the
downloaded record keeps the record format's letters for interchange (R9.3)."""

import pytest
from django.test import Client
from django.urls import reverse

from play import services
from play.models import Game
from testing.games import move
from testing.page_text import CHESS_LETTERS, heard, seen

pytestmark = pytest.mark.django_db

# White's two ders against Black's lone feres, which has made three counted moves; 100 moves without a
# capture or a medeq move.
COUNTING_ENDING = "n7/3k4/8/8/8/8/4R2P/R3K3 w - - 100 60 0/3"


def hotseat_from(client: Client, fen: str) -> Game:
    game = services.start_game(mode=Game.Mode.HOTSEAT, fen=fen)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token, game.black_token]}
    session.save()
    return game


def page_of(client: Client, game: Game, query: str = "") -> str:
    return client.get(reverse("game", args=[game.id]) + query).content.decode()


def test_r7_4_r8_2_the_game_page_shows_the_count_and_the_seventy_move_counter_as_they_grow(client):
    game = hotseat_from(client, COUNTING_ENDING)
    said = heard(page_of(client, game))
    assert "Black's lone feres: 3 of 7 counted moves made, 4 left" in said
    assert "100 of 140 moves without a capture or a medeq move (70 by each side). 40 moves left" in said
    move(client, game, "Ra6")
    move(client, game, "Nb6")  # a counted move
    said = heard(page_of(client, game))
    assert "Black's lone feres: 4 of 7 counted moves made, 3 left" in said
    assert "102 of 140 moves" in said and "38 moves left before a draw." in said
    looked_back = heard(page_of(client, game, "?ply=1"))  # the step-through shows that step's counters
    assert "Black's lone feres: 3 of 7" in looked_back and "101 of 140 moves" in looked_back
    move(client, game, "h3")  # a medeq move: the seventy moves start again, and the counter goes
    assert "of 140 moves" not in page_of(client, game)


def test_r7_4_a_game_ended_by_the_count_says_whose_piece_counted(client):
    game = hotseat_from(client, "1k6/8/8/4n3/8/8/3Q1PPP/3R2K1 b - - 0 1 0/6")
    assert move(client, game, "Nc4").status_code == 302
    game.refresh_from_db()
    assert (game.status, game.result) == ("counting", "1/2-1/2")
    said = heard(page_of(client, game))
    assert "Draw by the count: Black's lone feres made its seventh counted move without mate." in said
    assert "The seventh was not mate: the game is drawn." in said


def test_r5_2_the_werera_round_and_its_quicker_side_are_shown_beside_the_board(client):
    client.post(reverse("play"), {"mode": "hotseat", "colour": "white", "level": "novice"})
    game = Game.objects.get()
    assert "Round 1 of 20. White is quicker this round" in heard(page_of(client, game))
    move(client, game, "g1f3")
    move(client, game, "g8f6")
    assert "Round 2 of 20. Black is quicker this round" in heard(page_of(client, game))
    assert "Round 1 of 20." in heard(page_of(client, game, "?ply=0"))


def test_r5_10_the_moves_and_round_reports_show_no_chess_letters_and_a_dropped_choice_is_not_played(client):
    client.post(reverse("play"), {"mode": "hotseat", "colour": "white", "level": "novice"})
    game = Game.objects.get()
    for white, black in (("g1f3", "g8f6"), ("f3d4", "0000"), ("e2e3", "f6e4"), ("d4e6", "e4d2")):
        move(client, game, white)
        move(client, game, black)
    page = page_of(client, game)
    shown = seen(page)
    assert not CHESS_LETTERS.search(shown), CHESS_LETTERS.findall(shown)
    assert "W1 [feres]f3 [feres]f6 W2 [feres]d4 \u2014 W3 e3 [feres]e4" in shown
    start = page.index('<section class="moves"')
    moves = page[start : page.index("</section>", start)]
    said = heard(moves)
    assert "Round 2 feres to d4 waited" in said
    assert said.count("dropped") == 1 and "Round 4 feres to e6, check, dropped feres takes d2" in said
    assert moves.count("san--dropped") == 1
    report = heard(page)
    assert "Round 4: White chose feres to e6, check, Black chose feres takes d2." in report
    assert "White's feres to e6, check was dropped: a capture is played first, and alone." in report

    record = client.get(reverse("game_export", args=[game.id])).content.decode()
    assert "W1. Nf3 Nf6 W2. Nd4 -- W3. e3 Ne4 W4. Ne6+ Nxd2" in " ".join(record.split())
    assert "White's Ne6+ dropped: capture first" in record
    assert "[feres]" not in record and "svg" not in record


def test_a_move_list_after_the_werera_numbers_the_moves_in_the_sites_notation(client):
    game = hotseat_from(client, "k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0")
    for text in ("h1d1", "h2f3", "d1d8"):
        move(client, game, text)
    shown = seen(page_of(client, game))
    assert "1. [der]d1 [feres]f3 2. [der]d8#" in shown
    assert "White wins by checkmate." in shown
    assert "1. Rd1 Nf3 2. Rd8#" in client.get(reverse("game_export", args=[game.id])).content.decode()
