"""R5.1: the werera's choices are simultaneous. Online, both players choose from pages drawn at the same
moment; each choice is accepted whatever the other did meanwhile, and the round is played once both chose."""

import random
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from play.models import Game
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import coordinate
from testing.games import move, online_pair

pytestmark = pytest.mark.django_db


def quiet_choices(game: Game, rng: random.Random) -> dict[int, str]:
    """A choice for each side that neither captures nor checks, or a wait, so that the werera goes on."""
    position = Position.from_fen(game.fen)
    choices = {}
    for side in (WHITE, BLACK):
        quiet = [
            coordinate(m)
            for m in position.legal_moves(side)
            if not position.is_capture(m) and rng.random() < 0.5
        ]
        choices[side] = rng.choice(quiet + ["0000"])
    return choices


def drawn_form(client: Client, game: Game) -> tuple[int, int]:
    """The version and steps the page's move form carries, as the player's browser has them."""
    page = client.get(reverse("game", args=[game.id])).content.decode()
    game.refresh_from_db()
    assert f'name="steps" value="{len(game.steps)}"' in page
    return game.version, len(game.steps)


def test_r5_1_every_round_is_accepted_when_both_choose_from_pages_drawn_at_the_same_moment():
    host, guest, game = online_pair()
    rng = random.Random(16)
    rounds = 0
    while Position.from_fen(game.fen).werera is not None and not game.is_over:
        drawn = {host: drawn_form(host, game), guest: drawn_form(guest, game)}
        choices = quiet_choices(game, rng)
        order = [(host, WHITE), (guest, BLACK)]
        rng.shuffle(order)  # either may be first
        for client, side in order:
            version, steps = drawn[client]
            response = move(client, game, choices[side], version=version, steps=steps)
            assert response.status_code == 302, response.content.decode()[:300]
        game.refresh_from_db()
        rounds += 1
        assert len(game.steps) == rounds  # the round was played, once
        assert game.steps[-1]["white"] == choices[WHITE] and game.steps[-1]["black"] == choices[BLACK]
        assert not game.white_choice and not game.black_choice
    assert rounds >= 3


def test_r5_1_a_second_choice_in_the_same_round_is_refused_in_words_and_a_closed_round_says_so():
    host, guest, game = online_pair()
    version, steps = drawn_form(host, game)
    assert move(host, game, "e2e3", version=version, steps=steps).status_code == 302
    again = move(host, game, "d2d3", version=version, steps=steps)
    assert again.status_code == 409
    assert "You have already made your choice for this round" in again.content.decode()
    assert move(guest, game, "e7e6", version=version, steps=steps).status_code == 302
    late = move(guest, game, "d7d6", version=version, steps=steps)  # a page of the round just played
    assert late.status_code == 409
    assert "That round has already been played" in late.content.decode()
    game.refresh_from_db()
    assert len(game.steps) == 1 and not game.white_choice and not game.black_choice


def at_once(url: str, sends: dict[int, tuple[Client, dict[str, object]]]) -> dict[int, int]:
    """Each side's client posts its data to `url` from a thread of its own, all released at one barrier."""
    barrier = threading.Barrier(len(sends))
    statuses: dict[int, int] = {}

    def send(side: int, client: Client, data: dict[str, object]) -> None:
        barrier.wait()
        statuses[side] = client.post(url, data).status_code
        connection.close()

    threads = [threading.Thread(target=send, args=(side, *sent)) for side, sent in sends.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.skipif(
    connection.vendor == "sqlite", reason="SQLite's shared in-memory test database refuses a second writer"
)
@pytest.mark.django_db(transaction=True)
def test_r5_1_choices_sent_at_the_same_instant_are_both_accepted_and_the_round_resolved():
    """Two threads, one per player, send their choices at a barrier: the row lock orders them, and both
    stand."""
    host, guest, game = online_pair()
    rng = random.Random(1605)
    rounds = 0
    while Position.from_fen(game.fen).werera is not None and not game.is_over:
        version, steps = drawn_form(host, game)
        choices = quiet_choices(game, rng)
        sends = {
            side: (client, {"move": choices[side], "version": version, "steps": steps})
            for client, side in ((host, WHITE), (guest, BLACK))
        }
        statuses = at_once(reverse("game_move", args=[game.id]), sends)
        assert statuses == {WHITE: 302, BLACK: 302}
        game.refresh_from_db()
        rounds += 1
        assert len(game.steps) == rounds
        assert (game.steps[-1]["white"], game.steps[-1]["black"]) == (choices[WHITE], choices[BLACK])
    assert rounds >= 3
