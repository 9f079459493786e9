"""A rematch with the colours swapped: against a bot, on one device, online by offer and answer, never made
twice."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from play import rematch, services
from play.models import Game
from senterej.engine import BLACK, WHITE
from testing.games import TURNS, bot_game, online_pair, play, post, resign, snapshot, start

pytestmark = pytest.mark.django_db


def new_game(response) -> Game:
    assert response.status_code == 302, response.content.decode()
    return Game.objects.get(pk=response.url.rstrip("/").split("/")[-1])


def test_a_rematch_against_the_bot_begins_at_once_with_the_colours_swapped(client):
    game = start(client, "bot", colour="white", level="casual")
    resign(client, game)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Rematch, colours swapped" in page
    again = new_game(post(client, "game_rematch", game))
    assert again.rematch_of == game and again.mode == Game.Mode.BOT
    assert (again.bot_level, again.bot_colour, again.status) == ("casual", "white", "ongoing")
    assert again.white_choice and not again.black_choice  # the bot, now White, chose as the round opened
    page = client.get(reverse("game", args=[again.id])).content.decode()
    assert "Black: your hidden choice for this round" in page
    assert play(client, again, "e7e6").status_code == 302
    again.refresh_from_db()
    assert again.steps[0]["black"] == "e7e6"


def test_asking_twice_for_a_rematch_makes_one(client):
    game = start(client, "bot")
    resign(client, game)
    game.refresh_from_db()
    stale = {"version": game.version}
    first = new_game(client.post(reverse("game_rematch", args=[game.id]), stale))
    second = new_game(client.post(reverse("game_rematch", args=[game.id]), stale))
    assert first == second and Game.objects.filter(rematch_of=game).count() == 1
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Go to the rematch" in page and "Rematch, colours swapped" not in page


def test_a_rematch_on_one_device_gives_both_seats_to_this_session(client):
    game = start(client, "hotseat")
    resign(client, game)
    again = new_game(post(client, "game_rematch", game))
    assert again.mode == Game.Mode.HOTSEAT and again.rematch_of == game
    assert play(client, again, "e2e3").status_code == 302
    assert play(client, again, "e7e6").status_code == 302
    again.refresh_from_db()
    assert again.steps[0]["kind"] == "round"


def test_a_rematch_keeps_the_starting_position(client):
    game = bot_game(client, fen=TURNS)
    resign(client, game)
    again = new_game(post(client, "game_rematch", game))
    assert again.start_fen == TURNS and again.bot_colour == "white"


def test_a_game_not_over_has_no_rematch(client):
    game = start(client, "bot")
    before = snapshot(game)
    response = post(client, "game_rematch", game)
    assert response.status_code == 409 and "not over yet" in response.content.decode()
    assert snapshot(game) == before and Game.objects.count() == 1


def test_a_stranger_cannot_ask_for_a_rematch(client):
    game = start(client, "bot")
    resign(client, game)
    assert post(Client(), "game_rematch", game).status_code == 404
    assert Game.objects.count() == 1


def test_a_bad_rematch_form_changes_nothing(client):
    game = start(client, "hotseat")
    resign(client, game)
    assert client.post(reverse("game_rematch", args=[game.id]), {"version": "x"}).status_code == 400
    assert post(client, "game_rematch", game, answer="maybe").status_code == 400
    game.refresh_from_db()
    stale = {"version": game.version + 5}
    assert client.post(reverse("game_rematch", args=[game.id]), stale).status_code == 409
    assert Game.objects.count() == 1


def test_online_a_rematch_is_offered_then_accepted_with_the_colours_swapped():
    host, guest, game = online_pair()
    resign(host, game)
    # The finished game's page keeps polling, so that an offer is seen as it comes.
    page = guest.get(reverse("game", args=[game.id])).content.decode()
    assert 'hx-trigger="every 1s"' in page
    game.refresh_from_db()
    poll = reverse("game", args=[game.id]) + f"?since={game.version}"
    assert guest.get(poll, HTTP_HX_REQUEST="true").status_code == 204
    again = new_game(post(host, "game_rematch", game))
    assert (again.mode, again.rematch_of, again.joined) == ("online", game, False)
    assert again.guest_colour == "white"  # the host had White: the guest gets it
    waiting = host.get(reverse("game", args=[again.id])).content.decode()
    assert "The game starts when your opponent accepts." in waiting and "Send this link" not in waiting
    offer = guest.get(poll, HTTP_HX_REQUEST="true")
    assert offer.status_code == 200 and "Your opponent offers a rematch" in offer.content.decode()
    assert Client().get(reverse("game", args=[again.id])).status_code == 404
    # Only the opponent answers: not the asker, not a stranger.
    refused = post(host, "game_rematch", game, answer="accept")
    assert refused.status_code == 409 and "wait for your opponent" in refused.content.decode()
    assert post(Client(), "game_rematch", game, answer="accept").status_code == 404
    assert new_game(post(guest, "game_rematch", game, answer="accept")) == again
    again.refresh_from_db()
    assert again.joined
    # The host had White and now plays Black; the guest had Black and now plays White.
    assert play(host, again, "e7e6").status_code == 302
    assert play(guest, again, "e2e3").status_code == 302
    again.refresh_from_db()
    assert (again.steps[0]["white"], again.steps[0]["black"]) == ("e2e3", "e7e6")
    finished = host.get(reverse("game", args=[game.id])).content.decode()
    assert "Go to the rematch" in finished and 'hx-trigger="every 1s"' not in finished


def test_online_a_declined_rematch_is_told_and_the_pages_stop_polling():
    host, guest, game = online_pair()
    resign(guest, game)
    again = new_game(post(host, "game_rematch", game))
    response = post(guest, "game_rematch", game, answer="decline")
    assert response.status_code == 302 and response.url == reverse("game", args=[game.id])
    again.refresh_from_db()
    assert again.status == Game.Status.ABORTED and not again.joined
    told = host.get(reverse("game", args=[again.id])).content.decode()
    assert "Your opponent declined the rematch." in told and 'hx-trigger="every 1s"' not in told
    for client in (host, guest):
        page = client.get(reverse("game", args=[game.id])).content.decode()
        assert "The rematch was declined." in page and 'hx-trigger="every 1s"' not in page
    # A declined offer is not accepted afterwards, nor asked again.
    before = snapshot(again)
    assert post(guest, "game_rematch", game, answer="accept").status_code == 409
    assert post(guest, "game_rematch", game).status_code == 409
    assert snapshot(again) == before and Game.objects.filter(rematch_of=game).count() == 1
    assert post(host, "game_rematch", again).status_code == 409  # nor is the declined offer played again
    assert Game.objects.count() == 2


def test_online_both_asking_at_once_make_one_rematch_with_both_seated():
    host, guest, game = online_pair()
    resign(host, game)
    game.refresh_from_db()
    drawn = {"version": game.version}  # both pages drawn before either asked
    first = new_game(host.post(reverse("game_rematch", args=[game.id]), drawn))
    second = new_game(guest.post(reverse("game_rematch", args=[game.id]), drawn))
    assert first == second and Game.objects.filter(rematch_of=game).count() == 1
    first.refresh_from_db()
    assert first.joined
    assert play(guest, first, "e2e3").status_code == 302  # the guest had Black, now White


def test_online_accepting_twice_seats_once():
    host, guest, game = online_pair()
    resign(host, game)
    again = new_game(post(host, "game_rematch", game))
    game.refresh_from_db()
    drawn = {"version": game.version, "answer": "accept"}
    assert new_game(guest.post(reverse("game_rematch", args=[game.id]), drawn)) == again
    assert new_game(guest.post(reverse("game_rematch", args=[game.id]), drawn)) == again
    again.refresh_from_db()
    before = snapshot(again)
    assert post(guest, "game_rematch", game, answer="decline").status_code == 409  # begun already
    assert snapshot(again) == before


def test_online_a_signed_in_opponent_keeps_the_rematch_in_their_account(learner, second_learner):
    host, guest = Client(), Client()
    host.force_login(learner)
    guest.force_login(second_learner)
    game = start(host, "online")
    guest.post(reverse("join", args=[game.invite_code]))
    resign(host, game)
    again = new_game(post(host, "game_rematch", game))
    new_game(post(guest, "game_rematch", game, answer="accept"))
    again.refresh_from_db()
    assert (again.white_user, again.black_user) == (second_learner, learner)


@pytest.mark.django_db(transaction=True)
def test_online_two_players_asking_in_the_same_instant_make_one_rematch():
    game = services.start_game(mode=Game.Mode.ONLINE, human=WHITE)
    game = services.join(invite_code=game.invite_code)
    white, black = services.Seats(frozenset({WHITE})), services.Seats(frozenset({BLACK}))
    game = services.resign(game_id=game.id, seats=white, version=game.version)
    barrier = threading.Barrier(2)
    made: list[Game] = []

    def ask(seats: services.Seats) -> None:
        barrier.wait()
        try:
            made.append(rematch.rematch(game_id=game.id, seats=seats, version=game.version))
        finally:
            connection.close()

    threads = [threading.Thread(target=ask, args=(seats,)) for seats in (white, black)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 2 and made[0] == made[1]
    assert Game.objects.filter(rematch_of=game).count() == 1
    assert Game.objects.get(rematch_of=game).joined  # the later ask took the other seat
