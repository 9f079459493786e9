"""Watching a game by its read-only link: the game without a seat, polled while it goes on, stepped through,
and a pending werera choice told only as made, never as which (R5.1), in every body a spectator can get."""

import pytest
from django.test import Client
from django.urls import reverse

from play import services
from play.models import Game
from senterej.engine import BLACK, WHITE
from testing.games import move, online_pair, start
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db

SEATED_URLS = ("game_move", "game_resign", "game_draw", "game_take_back", "game_rematch", "game_bot")


def bodies(game: Game) -> list[str]:
    """Every body a spectator can get of the game: the page, its fragment, its poll, a step, the record."""
    spectator = Client()
    watch = reverse("watch", args=[game.watch_code])
    responses = [
        spectator.get(watch),
        spectator.get(watch, HTTP_HX_REQUEST="true"),
        spectator.get(watch + "?since=0", HTTP_HX_REQUEST="true"),
        spectator.get(watch + "?ply=0&orientation=black", HTTP_HX_REQUEST="true"),
        spectator.get(reverse("watch_export", args=[game.watch_code])),
    ]
    assert [response.status_code for response in responses] == [200] * 5
    return [response.content.decode() for response in responses]


def assert_hidden(texts: list[str], choice: str, san: str, said: str) -> None:
    for text in texts:
        assert choice not in text and san not in seen(text) and said not in heard(text), text


def test_the_players_see_the_link_to_watch_and_a_stranger_watches_without_a_seat(client):
    game = start(client, "online")
    page = client.get(reverse("game", args=[game.id])).content.decode()
    link = reverse("watch", args=[game.watch_code])
    assert "Link to watch this game" in page and link in page
    watched = Client().get(link).content.decode()
    assert "You are watching this game." in watched
    assert "The game starts when the second player joins." in watched
    assert 'id="move-form"' not in watched and "board--live" not in watched
    for name in SEATED_URLS:
        assert reverse(name, args=[game.id]) not in watched
    for secret in (game.white_token, game.black_token, game.invite_code):
        assert secret not in watched  # no seat, and no invitation to take one
    assert "Link to watch this game" not in watched


def test_an_unknown_watching_link_is_not_found_in_words():
    response = Client().get(reverse("watch", args=["no-such-code"]))
    assert response.status_code == 404
    assert "There is no game to watch at this link" in response.content.decode()
    assert Client().get(reverse("watch_export", args=["no-such-code"])).status_code == 404
    analysis = Game.objects.create(mode=Game.Mode.IMPORTED)
    assert Client().get(reverse("watch", args=[analysis.watch_code])).status_code == 404


def test_r5_1_watching_online_the_spectator_learns_only_that_a_side_has_chosen():
    host, guest, game = online_pair()
    assert move(guest, game, "b8c6").status_code == 302
    texts = bodies(game)
    assert "Black has chosen." in texts[0] and "White has chosen." not in texts[0]
    assert_hidden(texts, "b8c6", "Nc6", "feres to c6")
    move(host, game, "e2e3")  # the round is played: now both choices are known to all
    game.refresh_from_db()
    texts = bodies(game)
    assert "has chosen" not in texts[0] and "W1 e3 [feres]c6" in seen(texts[0])
    assert "W1. e3 Nc6" in texts[4]


def test_r5_1_watching_a_game_on_one_device_hides_the_choice_made_before_the_pass(client):
    game = start(client, "hotseat")
    assert move(client, game, "b1c3").status_code == 302
    texts = bodies(game)
    assert "White has chosen." in texts[0]
    assert_hidden(texts, "b1c3", "Nc3", "feres to c3")
    assert "Pass the device" not in texts[0]


def test_r5_1_watching_a_bot_game_hides_the_bots_choice(client):
    game = start(client, "bot", colour="black")
    game.refresh_from_db()
    assert game.white_choice
    texts = bodies(game)
    assert "White has chosen." in texts[0] and "Novice (bot)" in texts[0]
    if game.white_choice != "0000":
        for text in texts:
            assert game.white_choice not in text.replace(game.watch_code, "")


def test_the_watching_page_polls_while_the_game_goes_on_and_steps_through_it(client):
    game = start(client, "hotseat")
    move(client, game, "e2e3")
    move(client, game, "e7e6")
    game.refresh_from_db()
    spectator = Client()
    watch = reverse("watch", args=[game.watch_code])
    page = spectator.get(watch).content.decode()
    assert f'hx-get="{watch}?since={game.version}" hx-trigger="every 1s"' in page
    assert spectator.get(f"{watch}?since={game.version}", HTTP_HX_REQUEST="true").status_code == 204
    move(client, game, "d2d3")
    fragment = spectator.get(f"{watch}?since={game.version}", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and "White has chosen." in fragment.content.decode()
    assert "<html" not in fragment.content.decode()  # the fragment alone
    stepped = spectator.get(watch + "?ply=0").content.decode()
    assert "step 0 of 1" in stepped and "Looking back" in stepped and "has chosen" not in stepped
    game.refresh_from_db()
    client.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
    over = spectator.get(watch).content.decode()
    assert "White wins: Black resigned." in over or "Black wins: White resigned." in over
    assert 'hx-trigger="every 1s"' not in over


def test_r5_1_no_page_of_a_rematch_shows_a_pending_choice():
    host, guest, game = online_pair()
    game.refresh_from_db()
    host.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
    game.refresh_from_db()
    response = host.post(reverse("game_rematch", args=[game.id]), {"version": game.version})
    again = Game.objects.get(rematch_of=game)
    game.refresh_from_db()
    guest.post(reverse("game_rematch", args=[game.id]), {"version": game.version, "answer": "accept"})
    assert response.status_code == 302
    assert move(guest, again, "b1c3").status_code == 302  # the guest plays White in the rematch
    again.refresh_from_db()
    assert again.white_choice == "b1c3"
    texts = [
        host.get(reverse("game", args=[game.id])).content.decode(),
        host.get(reverse("game", args=[game.id]) + "?since=0", HTTP_HX_REQUEST="true").content.decode(),
        host.get(reverse("game", args=[again.id])).content.decode(),
        host.get(reverse("game", args=[again.id]) + "?since=0", HTTP_HX_REQUEST="true").content.decode(),
        host.get(reverse("game_export", args=[again.id])).content.decode(),
        *bodies(again),
        *bodies(game),
    ]
    assert_hidden(texts, "b1c3", "Nc3", "feres to c3")


def test_watching_shows_the_players_as_a_spectator_reads_them(learner):
    game = services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level="casual")
    page = Client().get(reverse("watch", args=[game.watch_code])).content.decode()
    assert "<dd>Casual (bot)</dd>" in page and "<dd>Guest</dd>" in page and "(you)" not in page
    online = services.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=learner)
    page = Client().get(reverse("watch", args=[online.watch_code])).content.decode()
    assert "<dd>tirunesh</dd>" in page and "Waiting for an opponent" in page
