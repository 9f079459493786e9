"""Clocks kept by the server: the werera round timer (a side that has not chosen in time waits, R5.2) and the
players' time in turn-based play (increment after each move; a side whose time runs out loses)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from freezegun import freeze_time

from play.models import Game
from testing.games import move, online_pair, start

pytestmark = pytest.mark.django_db

#: Three rounds after which the werera ends with White's check, and Black is to move (R5.7).
TO_TURNS = (("g1f3", "0000"), ("f3d4", "0000"), ("d4e6", "0000"))


def to_turns(host: Client, guest: Client, game: Game) -> None:
    for white, black in TO_TURNS:
        move(host, game, white)
        move(guest, game, black)


def test_a_new_game_gets_the_clocks_chosen_and_the_page_shows_them(client):
    game = start(client, clock="5+3", round_timer="30")
    assert (game.clock_seconds, game.clock_increment, game.round_seconds) == (300, 3, 30)
    assert (game.white_time, game.black_time) == (300.0, 300.0)
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert 'class="clock__time" data-seconds="300.0">5:00</time>' in page
    assert "This round" in page
    assert "The clocks start when the werera ends; until then each round has its own time." in page


def test_a_game_against_a_bot_has_no_clocks_and_unknown_choices_are_refused(client):
    game = start(client, mode="bot", clock="5+3", round_timer="30")
    assert (game.clock_seconds, game.round_seconds, game.clock_since) == (None, None, None)
    response = client.post(reverse("play"), {"mode": "hotseat", "colour": "white", "clock": "1+0"})
    assert response.status_code == 400
    response = client.post(reverse("play"), {"mode": "hotseat", "colour": "white", "round_timer": "9" * 30})
    assert response.status_code == 400


def test_online_the_clocks_start_when_the_guest_joins():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        frozen.tick(timedelta(minutes=10))
        page = guest.get(reverse("game", args=[game.id])).content.decode()
    assert ">5:00</time>" in page


def test_r5_2_a_side_that_has_not_chosen_when_the_round_timer_runs_out_waits_that_round():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(round_timer="30")
        drawn = game.version
        assert move(host, game, "e2e3").status_code == 302
        frozen.tick(timedelta(seconds=31))
        page = guest.get(reverse("game", args=[game.id])).content.decode()
        game.refresh_from_db()
        assert [(s["white"], s["black"]) for s in game.steps] == [("e2e3", "0000")]
        assert "Black did not choose in time and waited." in page and "Black chose to wait" not in page
        assert game.steps[0]["timed_out"] == ["black"]
        late = move(guest, game, "e7e6", version=drawn, steps=0)
        assert late.status_code == 409 and "That round has already been played" in late.content.decode()


def test_rounds_nobody_chose_are_played_as_waits_each_at_its_own_deadline():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(round_timer="30")
        started = game.clock_since
        frozen.tick(timedelta(seconds=95))
        host.get(reverse("game", args=[game.id]))
    game.refresh_from_db()
    assert [(s["white"], s["black"]) for s in game.steps] == [("0000", "0000")] * 3
    assert game.clock_since == started + timedelta(seconds=90)  # the fourth round's timer started then
    page = host.get(reverse("game", args=[game.id]) + "?ply=3").content.decode()
    assert "Round 3: neither side chose in time, and both waited." in page


def test_the_time_used_is_taken_off_and_the_increment_added_then_a_side_whose_time_runs_out_loses():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        to_turns(host, guest, game)
        game.refresh_from_db()
        assert game.fen.split()[1] == "b" and game.black_time == 300.0  # the werera costs no clock time
        frozen.tick(timedelta(seconds=10))
        assert move(guest, game, "f7e6").status_code == 302  # Black takes the feres
        game.refresh_from_db()
        assert game.black_time == pytest.approx(293.0)
        frozen.tick(timedelta(seconds=301))
        late = move(host, game, "e2e3")
        assert late.status_code == 409 and "This game is over." in late.content.decode()
    game.refresh_from_db()
    assert (game.status, game.result, game.white_time) == (Game.Status.TIME, "0-1", 0.0)
    assert (
        "Black wins on time: White&#x27;s time ran out."
        in host.get(reverse("game", args=[game.id])).content.decode()
    )


def test_polling_ends_a_game_whose_time_ran_out_without_anyone_moving():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        to_turns(host, guest, game)
        game.refresh_from_db()
        poll = reverse("game", args=[game.id]) + f"?since={game.version}&away=0"
        assert host.get(poll, HTTP_HX_REQUEST="true").status_code == 204
        frozen.tick(timedelta(seconds=301))
        assert host.get(poll, HTTP_HX_REQUEST="true").status_code == 200
    game.refresh_from_db()
    assert (game.status, game.result) == (Game.Status.TIME, "1-0")


def test_a_rematch_has_the_same_clocks_full_again_and_they_start_when_it_is_accepted():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="10+5", round_timer="30")
        move(host, game, "e2e3")
        move(guest, game, "e7e6")
        game.refresh_from_db()
        host.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
        game.refresh_from_db()
        assert game.status == Game.Status.RESIGNATION
        host.post(reverse("game_rematch", args=[game.id]), {"version": game.version})
        again = Game.objects.get(rematch_of=game)
        assert (again.clock_seconds, again.clock_increment, again.round_seconds) == (600, 5, 30)
        assert (again.white_time, again.black_time, again.clock_since) == (600.0, 600.0, None)
        frozen.tick(timedelta(minutes=3))
        game.refresh_from_db()
        guest.post(reverse("game_rematch", args=[game.id]), {"version": game.version, "answer": "accept"})
        again.refresh_from_db()
        assert again.joined and again.clock_since is not None
        assert again.clock_since.isoformat().startswith("2026-12-01T10:03")


def test_a_game_lost_on_time_and_an_aborted_game_are_exported_and_imported_back(client):
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        to_turns(host, guest, game)
        frozen.tick(timedelta(seconds=301))
        record = guest.get(reverse("game_export", args=[game.id])).content.decode()
    assert '[Termination "time forfeit"]' in record and '[Result "1-0"]' in record
    response = client.post(reverse("import"), {"record": record})
    imported = Game.objects.get(pk=response["Location"].rstrip("/").split("/")[-1])
    game.refresh_from_db()
    assert (imported.status, imported.result, imported.steps) == (Game.Status.TIME, "1-0", game.steps)

    aborted = start(client)
    client.post(reverse("game_abort", args=[aborted.id]), {"version": aborted.version, "confirmed": "1"})
    record = client.get(reverse("game_export", args=[aborted.id])).content.decode()
    assert "Termination" not in record and '[Result "*"]' in record
    assert client.post(reverse("import"), {"record": record}).status_code == 302


def test_a_spectator_sees_the_clocks_and_a_spectators_poll_ends_a_game_whose_time_ran_out():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        to_turns(host, guest, game)
        watch = reverse("watch", args=[game.watch_code])
        assert "data-running>5:00</time>" in Client().get(watch).content.decode()
        frozen.tick(timedelta(seconds=301))
        page = Client().get(watch).content.decode()
    assert "White wins on time: Black&#x27;s time ran out." in page
    game.refresh_from_db()
    assert (game.status, game.result, game.black_time) == (Game.Status.TIME, "1-0", 0.0)


def test_when_a_player_resigns_the_running_clock_keeps_the_time_used():
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        to_turns(host, guest, game)
        frozen.tick(timedelta(seconds=20))  # Black thinks, then resigns
        game.refresh_from_db()
        guest.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
    game.refresh_from_db()
    assert (game.status, game.black_time, game.white_time) == (Game.Status.RESIGNATION, 280.0, 300.0)
    assert ">4:40</time>" in host.get(reverse("game", args=[game.id])).content.decode()
