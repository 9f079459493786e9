"""Leaving a game and coming back (R8.3: resignation and agreed draws are the site's, not the engine's):
aborting before a game has begun, claiming against an online opponent who went away, confirmations before
an action that ends the game, and a declined draw offer told to the one who made it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from freezegun import freeze_time

from play.models import Game
from testing.games import move, online_pair, start

pytestmark = pytest.mark.django_db


def post(client: Client, game: Game, name: str, **data: str):
    game.refresh_from_db()
    return client.post(reverse(name, args=[game.id]), {"version": game.version, **data})


def state(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.steps, game.status, game.result, game.version)


def test_resigning_asks_first_and_changes_nothing_until_confirmed(client):
    game = start(client)
    before = state(game)
    asked = post(client, game, "game_resign")
    assert asked.status_code == 200 and "Resign this game?" in asked.content.decode()
    assert state(game) == before
    post(client, game, "game_resign", confirmed="1")
    assert state(game)[1:3] == (Game.Status.RESIGNATION, "0-1")


def test_on_one_device_agreeing_a_draw_asks_first(client):
    game = start(client)
    before = state(game)
    asked = post(client, game, "game_draw")
    assert "Do both players agree to a draw?" in asked.content.decode()
    assert state(game) == before
    post(client, game, "game_draw", confirmed="1")
    assert state(game)[1:3] == (Game.Status.AGREEMENT, "1/2-1/2")


def test_a_game_can_be_aborted_in_its_first_round_but_not_once_it_has_begun(client):
    game = start(client)
    move(client, game, "e2e3")
    move(client, game, "e7e6")
    assert "Abort" in client.get(reverse("game", args=[game.id])).content.decode()
    post(client, game, "game_abort", confirmed="1")
    assert state(game)[1:3] == (Game.Status.ABORTED, "*")
    assert (
        "The game was aborted: it does not count."
        in client.get(reverse("game", args=[game.id])).content.decode()
    )

    begun = start(client)
    for choice in ("e2e3", "e7e6", "d2d3", "d7d6"):
        move(client, begun, choice)
    assert ">Abort<" not in client.get(reverse("game", args=[begun.id])).content.decode()
    before = state(begun)
    refused = post(client, begun, "game_abort", confirmed="1")
    assert refused.status_code == 409 and "can no longer be aborted" in refused.content.decode()
    assert state(begun) == before


def test_an_invitation_nobody_took_can_be_aborted_and_then_cannot_be_taken():
    host = Client()
    game = start(host, mode="online")
    post(host, game, "game_abort", confirmed="1")
    assert state(game)[1] == Game.Status.ABORTED
    assert Client().post(reverse("join", args=[game.invite_code])).status_code == 410
    gone = Client().get(reverse("join", args=[game.invite_code]))
    assert gone.status_code == 410 and "This invitation has been withdrawn" in gone.content.decode()
    page = host.get(reverse("game", args=[game.id])).content.decode()
    assert "Send this link to your friend" not in page and "Nobody joined" in page


def test_the_win_can_be_claimed_from_an_opponent_away_longer_than_a_minute_and_not_before():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair()
        host.get(reverse("game", args=[game.id]))
        guest.get(reverse("game", args=[game.id]))
        frozen.tick(timedelta(seconds=50))
        host.get(reverse("game", args=[game.id]))  # the host stays, polling
        before = state(game)
        early = post(host, game, "game_claim", answer="win", confirmed="1")
        assert early.status_code == 409 and "Your opponent is still here" in early.content.decode()
        assert state(game) == before
        frozen.tick(timedelta(seconds=20))  # the guest last seen 70 seconds ago
        poll = reverse("game", args=[game.id]) + f"?since={game.version}&away=0"
        page = host.get(poll, HTTP_HX_REQUEST="true")
        assert page.status_code == 200 and "Your opponent has left the game." in page.content.decode()
        assert "Claim the win" not in guest.get(reverse("game", args=[game.id])).content.decode()
        frozen.tick(timedelta(seconds=61))  # the guest came back, then went away again; the host too
        guest_page = guest.get(reverse("game", args=[game.id])).content.decode()
        assert "Your opponent has left the game." in guest_page
        asked = post(guest, game, "game_claim", answer="win")
        assert "Claim the win? The game ends now." in asked.content.decode() and state(game)[1] == "ongoing"
        post(guest, game, "game_claim", answer="win", confirmed="1")
    assert state(game)[1:3] == (Game.Status.ABANDONED, "0-1")
    assert "Black wins: White left the game." in guest.get(reverse("game", args=[game.id])).content.decode()


def test_a_draw_can_be_claimed_instead_and_a_bad_claim_changes_nothing():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair()
        frozen.tick(timedelta(seconds=61))
        host.get(reverse("game", args=[game.id]))
        before = state(game)
        assert post(host, game, "game_claim", answer="everything\x00", confirmed="1").status_code == 400
        assert state(game) == before
        post(host, game, "game_claim", answer="draw", confirmed="1")
    assert state(game)[1:3] == (Game.Status.ABANDONED, "1/2-1/2")


def test_on_one_device_there_is_nobody_to_claim_against(client):
    with freeze_time("2026-12-01 10:00:00") as frozen:
        game = start(client)
        frozen.tick(timedelta(hours=1))
        assert post(client, game, "game_claim", answer="win", confirmed="1").status_code == 409


def test_a_declined_draw_offer_is_told_to_the_one_who_made_it_until_the_next_move():
    host, guest, game = online_pair()
    post(host, game, "game_draw")
    post(guest, game, "game_draw", answer="decline")
    told = "Your draw offer was not accepted: the game goes on."
    assert told in host.get(reverse("game", args=[game.id])).content.decode()
    assert told not in guest.get(reverse("game", args=[game.id])).content.decode()
    move(host, game, "e2e3")
    move(guest, game, "e7e6")
    assert told not in host.get(reverse("game", args=[game.id])).content.decode()


def test_a_declined_offer_is_forgotten_when_rounds_pass_by_the_timer():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(round_timer="15")
        post(host, game, "game_draw")
        post(guest, game, "game_draw", answer="decline")
        frozen.tick(timedelta(seconds=16))
        page = host.get(reverse("game", args=[game.id])).content.decode()
    assert "Your draw offer was not accepted: the game goes on." not in page


def test_a_draw_offer_lapses_when_the_opponent_plays_on_and_the_one_who_offered_is_told():
    host, guest, game = online_pair()
    post(host, game, "game_draw")
    move(host, game, "e2e3")  # the offer stands while its maker goes on choosing
    game.refresh_from_db()
    assert game.draw_offer == "white"
    move(guest, game, "d7d6")  # the opponent plays on instead of answering
    game.refresh_from_db()
    assert (game.draw_offer, game.draw_declined) == ("", "white")
    told = "Your draw offer was not accepted: the game goes on."
    assert told in host.get(reverse("game", args=[game.id])).content.decode()
    assert "Your opponent offers a draw." not in guest.get(reverse("game", args=[game.id])).content.decode()
    move(host, game, "d2d3")
    assert told not in host.get(reverse("game", args=[game.id])).content.decode()


def test_a_declined_offer_is_told_even_when_the_opponent_chose_before_the_page_was_looked_at():
    host, guest, game = online_pair()
    post(host, game, "game_draw")
    post(guest, game, "game_draw", answer="decline")
    move(guest, game, "e7e6")  # the guest plays on at once
    assert (
        "Your draw offer was not accepted: the game goes on."
        in host.get(reverse("game", args=[game.id])).content.decode()
    )
