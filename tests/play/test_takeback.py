"""A takeback against a bot: of turn-based moves and of werera rounds (R5), refused where there is nothing to
take back, in any other game, to anyone but its player, and on a page drawn before the game moved on."""

import pytest
from django.test import Client
from django.urls import reverse

from play import services, takeback
from play.models import Game
from senterej.engine import BLACK, START_FEN, WHITE
from testing.games import bot_game, play, post, resign, seated, snapshot, start

pytestmark = pytest.mark.django_db


def test_takeback_of_a_turn_based_move_and_the_bots_reply(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    play(client, game, "d2d3")
    game.refresh_from_db()
    assert len(game.steps) == 4 and game.steps[3]["side"] == "black"  # the bot answered each move
    kept = game.steps[:2]
    url = reverse("game_take_back", args=[game.id])
    response = client.post(url, {"version": game.version}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and "step 2 of 2" in page
    assert "Taken back: your last move and the bot&#x27;s reply." in page  # said, and heard (live region)
    assert page.count("Taken back:") == 2
    game.refresh_from_db()
    assert game.steps == kept and game.fen.split()[1] == "w"
    assert services.replay(game).position.fen() == game.fen
    assert play(client, game, "c2c3").status_code == 302  # and the game goes on from there
    game.refresh_from_db()
    assert len(game.steps) == 4 and game.steps[2]["move"] == "c2c3"
    without_script = client.post(url, {"version": game.version})
    assert without_script.status_code == 302 and without_script["Location"].endswith("?done=taken-back")
    assert "Taken back: your last move" in client.get(without_script["Location"]).content.decode()


def test_r5_takeback_of_the_last_werera_round(client):
    game = bot_game(client, fen=START_FEN)
    bot_choice = game.black_choice
    assert bot_choice  # the bot chose as the round opened (R5.1)
    play(client, game, "e2e3")
    game.refresh_from_db()
    assert len(game.steps) == 1 and game.black_choice  # the round was played, the next one's choice made
    assert post(client, "game_take_back", game).status_code == 302
    game.refresh_from_db()
    assert (game.steps, game.fen, game.white_choice) == ([], START_FEN, "")
    assert game.black_choice == bot_choice  # asked again from the same position, the bot chooses the same
    play(client, game, "b1c3")
    game.refresh_from_db()
    assert game.steps[0]["white"] == "b1c3"


def test_r5_takeback_of_the_round_that_ended_the_werera_and_the_bots_first_move(client):
    """Three rounds end with Black's capture alone (R5.3), and White, the bot, moves first; the takeback goes
    back before that last round."""
    game = services.start_game(mode=Game.Mode.HOTSEAT)
    both = services.Seats(frozenset({WHITE, BLACK}))
    for choice in ("e2e3", "g8f6", "e3e4", "0000", "e4e5", "f6e4"):
        game = services.submit_move(game_id=game.id, seats=both, text=choice, version=game.version)
    assert game.fen.split()[1] == "w" and len(game.steps) == 3  # turns have begun, White to move
    Game.objects.filter(pk=game.pk).update(mode=Game.Mode.BOT, bot_level="novice", bot_colour="white")
    game.refresh_from_db()
    game = services.ask_bot(game)
    assert [step["kind"] for step in game.steps] == ["round", "round", "round", "move"]
    seated(client, game, game.black_token)
    assert post(client, "game_take_back", game).status_code == 302
    game.refresh_from_db()
    assert len(game.steps) == 2 and game.fen.split()[1] == "-"  # back in the werera, before round 3
    assert game.black_choice == "" and game.white_choice  # the bot chose again for round 3


def test_nothing_to_take_back(client):
    game = bot_game(client)
    before = snapshot(game)
    response = post(client, "game_take_back", game)
    assert response.status_code == 409 and "nothing to take back" in response.content.decode()
    assert snapshot(game) == before
    black = bot_game(Client(), human=BLACK)  # the bot, White, moved first: still nothing of the player's
    black.refresh_from_db()
    assert len(black.steps) == 1
    with pytest.raises(services.PlayError, match="nothing to take back"):
        takeback.take_back(game_id=black.id, seats=services.Seats(frozenset({BLACK})), version=black.version)


def test_takeback_is_only_against_a_bot_by_its_player_on_the_page_as_it_stands(client):
    hotseat = start(client, "hotseat")
    play(client, hotseat, "e2e3")
    play(client, hotseat, "e7e6")
    before = snapshot(hotseat)
    assert post(client, "game_take_back", hotseat).status_code == 400
    assert snapshot(hotseat) == before
    game = bot_game(client)
    play(client, game, "e2e3")
    before = snapshot(game)
    assert post(Client(), "game_take_back", game).status_code == 404
    stale = client.post(reverse("game_take_back", args=[game.id]), {"version": game.version - 1})
    assert stale.status_code == 409
    assert client.post(reverse("game_take_back", args=[game.id]), {}).status_code == 400
    resign(client, game)
    assert post(client, "game_take_back", game).status_code == 409
    game.refresh_from_db()
    assert len(game.steps) == 2


def test_the_takeback_button_shows_only_when_there_is_something_to_take_back(client):
    game = bot_game(client)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Take back my last move" not in page
    play(client, game, "e2e3")
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Take back my last move" in page
    looking_back = client.get(reverse("game", args=[game.id]) + "?ply=1").content.decode()
    assert "Take back my last move" not in looking_back
