"""The endings' pages and the progress they keep: the list with stars, an ending's page, its start (a game
against the engine's strongest bot), the verdict on the game's page, the stars counted once, a visitor's
progress moved to the account on log-in, and bad addresses refused."""

import pytest
from django.urls import reverse

from endings import goals
from endings.catalogue import BY_SLUG, HOLD, MATE, STOP
from endings.models import EndingProgress, EndingTry
from play import services
from play.models import Game
from senterej.engine import WHITE
from testing.factories import PASSWORD

pytestmark = pytest.mark.django_db

#: The two ders' mate in two (R7.4: before the feres's count runs out), whatever Black replies.
SHORT = "two-ders-against-feres"


def judged(kind, status="ongoing", result="*", steps=(), fen="8/8/8/8/8/8/8/8", learner=WHITE, par=2):
    return goals.judge(
        kind=kind, learner=learner, par=par, status=status, result=result, steps=list(steps), fen=fen
    )


def test_r7_1_r7_3_a_mate_goal_is_won_only_by_the_learner_s_mate():
    move = {"kind": "move", "side": "white", "move": "a2a8", "san": "Ra8#"}
    assert judged(MATE, "checkmate", "1-0", [move] * 2).outcome == goals.WON
    assert judged(MATE, "bare-king", "1/2-1/2", [move]).outcome == goals.LOST
    assert judged(MATE, "counting", "1/2-1/2", [move]).outcome == goals.LOST
    assert judged(MATE, steps=[move]).outcome == goals.GOING_ON


def test_r7_3_a_hold_is_won_by_any_draw_and_lost_only_by_losing():
    assert judged(HOLD, "bare-king", "1/2-1/2").outcome == goals.WON
    assert judged(HOLD, "stalemate", "1/2-1/2").outcome == goals.WON
    assert judged(HOLD, "checkmate", "0-1").outcome == goals.LOST
    assert judged(HOLD, "resignation", "0-1").outcome == goals.LOST


def test_r3_2_a_stop_is_lost_once_the_medeq_promotes_and_won_once_it_is_gone():
    promotion = {"kind": "move", "side": "black", "move": "h2h1r", "san": "h1=R"}
    assert judged(STOP, steps=[promotion], fen="k7/8/8/8/8/8/8/K6r w - - 0 1 0/0").outcome == goals.LOST
    assert judged(STOP, fen="k7/7p/8/8/8/8/8/K6r w - - 0 1 0/0").outcome == goals.GOING_ON
    assert judged(STOP, fen="k7/8/8/8/8/8/8/K6r w - - 0 1 0/0").outcome == goals.WON
    assert judged(STOP, "counting", "1/2-1/2", fen="k7/7p/8/8/8/8/8/K6r w - - 0 1 0/0").outcome == goals.WON


def test_stars_by_the_moves_used_against_the_par():
    assert [goals.stars(moves, 3) for moves in (2, 3, 4, 6, 7, 20)] == [3, 3, 2, 2, 1, 1]


def play_short(client, game):
    """The learner's mate in two, each move the engine's shortest mate from the position the reply left."""
    from play.replay import replay
    from senterej.engine.notation import coordinate
    from senterej.engine.proofs.mate import MateSearch

    for _ in range(2):
        game.refresh_from_db()
        position = replay(game).position
        search = MateSearch(max_nodes=100_000)
        left = search.distance(position.copy(), 2)
        move = search.mating_moves(position.copy(), left, limit=1)[0]
        client.post(reverse("game_move", args=[game.id]), {"move": coordinate(move), "version": game.version})
    game.refresh_from_db()
    return game


def test_a_visitor_starts_an_ending_wins_it_and_the_list_shows_the_stars(client):
    response = client.get(reverse("endings"))
    assert response.status_code == 200 and "Two ders against a feres" in response.content.decode()
    page = client.get(reverse("ending", args=[SHORT])).content.decode()
    assert "R7.4" in page and "Start" in page
    response = client.post(reverse("ending_start", args=[SHORT]))
    game = Game.objects.get()
    assert response.url == reverse("game", args=[game.id])
    assert (game.mode, game.bot_level, game.start_fen) == (Game.Mode.BOT, "club", BY_SLUG[SHORT].fen)
    assert "Ending: Two ders against a feres" in client.get(response.url).content.decode()
    game = play_short(client, game)
    assert game.status == Game.Status.CHECKMATE
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Goal reached in 2 moves." in page and "3 of 3 stars" in page
    client.get(reverse("game", args=[game.id]))  # drawn again: counted once
    assert client.session["endings"][SHORT]["stars"] == 3 and client.session["endings"][SHORT]["tries"] == 1
    assert EndingTry.objects.get().counted
    listing = client.get(reverse("endings")).content.decode()
    assert "Your stars: 3 of 27." in listing and "1 try" in listing


def test_a_finished_ending_is_tried_again_from_the_learners_side_never_rematched_with_colours_swapped(client):
    client.post(reverse("ending_start", args=[SHORT]))
    game = play_short(client, Game.objects.get())
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Try again" in page and "Rematch, colours swapped" not in page
    refused = client.post(reverse("game_rematch", args=[game.id]), {"version": game.version})
    assert refused.status_code == 409 and "This game is practice" in refused.content.decode()
    assert Game.objects.count() == 1


def test_a_visitor_s_endings_join_the_account_on_log_in(client, learner):
    client.post(reverse("ending_start", args=[SHORT]))
    play_short(client, Game.objects.get())
    client.get(reverse("game", args=[Game.objects.get().id]))
    response = client.post(reverse("login"), {"username": learner.username, "password": PASSWORD})
    assert response.status_code == 302
    progress = EndingProgress.objects.get(user=learner)
    assert (progress.slug, progress.best_stars, progress.tries) == (SHORT, 3, 1) and progress.first_won


def test_an_account_s_tries_and_best_are_kept_in_the_database(client, learner):
    client.force_login(learner)
    client.post(reverse("ending_start", args=[SHORT]))
    game = Game.objects.get()
    assert game.white_user == learner
    services.resign(game_id=game.id, seats=services.Seats(frozenset({WHITE})), version=game.version)
    client.get(reverse("game", args=[game.id]))
    client.post(reverse("ending_start", args=[SHORT]))
    progress = EndingProgress.objects.get(user=learner)
    assert (progress.best_stars, progress.tries, progress.first_won) == (0, 2, None)
    assert "Goal missed after 0 moves." in client.get(reverse("game", args=[game.id])).content.decode()


def test_someone_else_s_ending_game_is_not_found_and_counts_nothing(client, learner, second_learner):
    client.force_login(learner)
    client.post(reverse("ending_start", args=[SHORT]))
    game = Game.objects.get()
    client.force_login(second_learner)
    assert client.get(reverse("game", args=[game.id])).status_code == 404
    assert not EndingProgress.objects.filter(user=second_learner).exists()


@pytest.mark.parametrize("slug", ["no-such-ending", "x" * 300, "12345678901234567890", "%C3%A9t%C3%A9"])
def test_bad_addresses_are_refused_and_change_nothing(client, slug):
    assert client.get(f"/endings/{slug}/").status_code == 404
    assert client.post(f"/endings/{slug}/start/").status_code == 404
    assert client.get(reverse("ending_start", args=[SHORT])).status_code == 405
    assert client.get("/endings/a%00b/").status_code in (400, 404)
    assert not Game.objects.exists() and not EndingTry.objects.exists()


def test_an_ending_s_game_takes_no_move_back_since_each_move_counts_towards_the_stars(client):
    client.post(reverse("ending_start", args=[SHORT]))
    game = Game.objects.get()
    from play.replay import replay
    from senterej.engine.notation import coordinate
    from senterej.engine.proofs.mate import MateSearch

    start = replay(game).position
    search = MateSearch(max_nodes=100_000)
    first = search.mating_moves(start.copy(), search.distance(start.copy(), 2), limit=1)[0]
    client.post(reverse("game_move", args=[game.id]), {"move": coordinate(first), "version": game.version})
    game.refresh_from_db()
    steps = list(game.steps)
    assert len(steps) == 2  # the learner's move and the engine's reply
    take_back = reverse("game_take_back", args=[game.id])
    assert take_back not in client.get(reverse("game", args=[game.id])).content.decode()
    response = client.post(take_back, {"version": game.version})
    assert response.status_code == 409
    assert "each move counts towards its stars" in response.content.decode()
    game.refresh_from_db()
    assert game.steps == steps
