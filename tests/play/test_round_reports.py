"""What a player reads of a werera round: that the opponent has chosen (never what, R5.1), and the report of
the round that ended the werera until the player has moved since (R5.10), even when a bot answered at once."""

import pytest
from django.test import Client
from django.urls import reverse

from play.models import Game
from testing.games import move, online_pair

pytestmark = pytest.mark.django_db


def page(client: Client, game: Game, query: str = "") -> str:
    return client.get(reverse("game", args=[game.id]) + query).content.decode()


def test_r5_1_a_player_reads_that_the_opponent_has_chosen_and_not_what():
    host, guest, game = online_pair()
    move(host, game, "b1c3")
    seen_by_guest = page(guest, game)
    assert "White has chosen." in seen_by_guest and "b1c3" not in seen_by_guest.replace(str(game.id), "")
    assert "White has chosen." not in page(host, game)  # the chooser reads their own choice instead
    move(guest, game, "e7e6")
    assert "has chosen" not in page(guest, game)


def test_r5_10_the_report_of_the_round_that_ended_the_werera_stays_until_the_player_moves():
    """Black's capture ends the werera and White answers at once (as a bot does): Black still reads why
    White's choice was dropped, until Black's own next move; White, who has moved since, does not."""
    host, guest, game = online_pair()
    for white, black in (("e2e3", "g8f6"), ("e3e4", "0000"), ("e4e5", "f6e4")):
        move(host, game, white)
        move(guest, game, black)
    report = "a capture is played first, and alone"
    assert report in page(host, game) and report in page(guest, game)  # R5.3
    move(host, game, "d2d3")
    assert report in page(guest, game) and report not in page(host, game)
    move(guest, game, "e4c5")
    assert report not in page(guest, game)
    assert report in page(guest, game, "?ply=3")
