"""The bots' replies as background tasks, with the site's own database backend and its worker: the player's
move is saved and shown at once with the bot thinking, the reply comes from the worker with no transaction
open during its search, a reply that comes too late changes nothing, and a lost one can be asked again."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from play import services
from play.models import Game
from play.tasks import bot_reply
from senterej.engine import START_FEN, WHITE
from senterej.engine.bots import Bot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.queued_tasks]

# The start position with the werera over (R4): White to move, turn by turn.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def run_worker() -> None:
    call_command(
        "task_worker", "--batch", "--queue-name", "bots", "--no-startup-delay", "--no-reload", verbosity=0
    )


def bot_game(client: Client, fen: str = TURNS) -> Game:
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=fen)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token]}
    session.save()
    return game


def play(client: Client, game: Game, text: str, **headers: str):
    game.refresh_from_db()
    data = {"move": text, "version": game.version}
    return client.post(reverse("game_move", args=[game.id]), data, **headers)


def test_the_move_is_shown_at_once_with_the_bot_thinking_and_the_page_polling(client):
    game = bot_game(client)
    response = play(client, game, "e2e3", HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Novice (bot) is thinking…" in page and 'hx-trigger="every 1s"' in page
    game.refresh_from_db()
    assert [step["move"] for step in game.steps] == ["e2e3"]
    assert DBTaskResult.objects.count() == 1
    run_worker()
    game.refresh_from_db()
    assert len(game.steps) == 2 and game.steps[1]["side"] == "black"
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "is thinking" not in page and "White to move." in page
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 1


def test_a_queued_reply_does_not_read_the_game_again():
    """The game is read once, locked, for the move; a reply that is only queued has changed nothing since."""
    game = services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level="novice", fen=TURNS)
    with CaptureQueriesContext(connection) as queries:
        services.submit_move(
            game_id=game.id, seats=services.Seats(frozenset({WHITE})), text="e2e3", version=game.version
        )
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"play_game"' in q["sql"]]
    assert len(reads) == 1
    assert DBTaskResult.objects.count() == 1


def test_r5_1_the_bot_fixes_its_werera_choice_from_the_task_and_keeps_it_hidden(client):
    game = bot_game(client, START_FEN)
    assert not game.black_choice and DBTaskResult.objects.count() == 1
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Novice (bot) is choosing for this round…" in page
    run_worker()
    game.refresh_from_db()
    assert game.black_choice and not game.steps
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "is choosing" not in page
    if game.black_choice != "0000":  # a wait looks like the page's own wait button
        assert game.black_choice not in page.replace(str(game.id), "")  # the game's id is hex, like a square
    assert play(client, game, "e2e3").status_code == 302
    game.refresh_from_db()
    assert game.steps[0]["kind"] == "round" and game.steps[0]["white"] == "e2e3"


def test_the_human_may_choose_before_the_bot_and_the_round_waits_for_it(client):
    game = bot_game(client, START_FEN)
    assert play(client, game, "e2e3").status_code == 302
    game.refresh_from_db()
    assert game.white_choice == "e2e3" and not game.steps
    run_worker()
    game.refresh_from_db()
    assert game.steps[0]["kind"] == "round" and game.steps[0]["white"] == "e2e3"
    assert not game.white_choice  # the round was played, and the next one's choice is the bot's to make
    run_worker()
    game.refresh_from_db()
    assert game.black_choice and len(game.steps) == 1


def test_no_transaction_is_open_while_the_bot_searches(client, monkeypatch):
    seen = []
    choose = Bot.choose_move

    def watched(self: Bot, *args: object, **kwargs: object) -> int:
        seen.append(connection.in_atomic_block)
        return choose(self, *args, **kwargs)

    monkeypatch.setattr(Bot, "choose_move", watched)
    game = bot_game(client)
    play(client, game, "e2e3")
    run_worker()
    assert seen == [False]


def test_a_reply_that_comes_after_the_game_ended_changes_nothing(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    game.refresh_from_db()
    client.post(reverse("game_resign", args=[game.id]), {"version": game.version, "confirmed": "1"})
    game.refresh_from_db()
    before = (game.steps, game.fen, game.status, game.version)
    run_worker()
    game.refresh_from_db()
    assert (game.steps, game.fen, game.status, game.version) == before
    assert game.status == Game.Status.RESIGNATION


def test_a_lost_reply_is_offered_again_and_asking_twice_plays_once(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    DBTaskResult.objects.all().delete()  # the worker that held it stopped for good
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "has not answered" not in page  # not yet: it may only be slow
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(minutes=1))
    page = client.get(reverse("game", args=[game.id])).content.decode()
    assert "Novice (bot) has not answered." in page and "Ask again" in page
    game.refresh_from_db()
    ask = reverse("game_bot", args=[game.id])
    assert client.post(ask, {"version": game.version}).status_code == 302
    assert client.post(ask, {"version": game.version}).status_code == 302
    assert DBTaskResult.objects.count() == 2
    run_worker()
    game.refresh_from_db()
    assert len(game.steps) == 2
    response = client.post(ask, {"version": game.version})
    assert response.status_code == 409 and "The bot has already answered" in response.content.decode()


def test_the_open_page_offers_to_ask_again_by_itself_when_the_patience_runs_out(client):
    """The page polls with what it shows (`late=0` while the bot is thinking): nothing new while the reply may
    only be slow, then the page with "Ask again" once BOT_PATIENCE has passed, with no reload; a page that
    already offers it is left as it is."""
    game = bot_game(client)
    play(client, game, "e2e3")
    DBTaskResult.objects.all().delete()  # the worker that held it was killed
    game.refresh_from_db()
    page = client.get(reverse("game", args=[game.id]), HTTP_HX_REQUEST="true").content.decode()
    poll = f"?since={game.version}&away=0&late=0"
    assert poll in page and "has not answered" not in page
    address = reverse("game", args=[game.id]) + poll
    assert client.get(address, HTTP_HX_REQUEST="true").status_code == 204
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(seconds=21))
    redrawn = client.get(address, HTTP_HX_REQUEST="true")
    assert redrawn.status_code == 200
    assert "Novice (bot) has not answered." in redrawn.content.decode()
    assert f"?since={game.version}&away=0&late=1" in redrawn.content.decode()
    assert client.get(address.replace("late=0", "late=1"), HTTP_HX_REQUEST="true").status_code == 204


def test_someone_else_cannot_ask_the_bot(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    game.refresh_from_db()
    stranger = Client()
    response = stranger.post(reverse("game_bot", args=[game.id]), {"version": game.version})
    assert response.status_code == 404 and DBTaskResult.objects.count() == 1


def test_r5_1_a_choice_stands_while_its_round_is_open_though_the_bot_chose_since_the_page_was_drawn(client):
    game = bot_game(client, START_FEN)
    drawn = (game.version, len(game.steps))
    run_worker()  # the bot chooses after the page was drawn: the version moves on, the round stays open
    game.refresh_from_db()
    assert game.black_choice and game.version != drawn[0]
    data = {"move": "e2e3", "version": drawn[0], "steps": drawn[1]}
    assert client.post(reverse("game_move", args=[game.id]), data).status_code == 302
    game.refresh_from_db()
    assert game.steps[0]["kind"] == "round" and game.steps[0]["white"] == "e2e3"
    # A page of the round that is over is refused, and changes nothing.
    before = (game.steps, game.version)
    response = client.post(reverse("game_move", args=[game.id]), data)
    assert response.status_code == 409 and "That round has already been played" in response.content.decode()
    game.refresh_from_db()
    assert (game.steps, game.version) == before


def test_a_takeback_waits_for_the_bots_reply(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    game.refresh_from_db()
    before = (game.steps, game.fen, game.version)
    response = client.post(reverse("game_take_back", args=[game.id]), {"version": game.version})
    assert response.status_code == 409 and "Wait for the bot&#x27;s reply" in response.content.decode()
    game.refresh_from_db()
    assert (game.steps, game.fen, game.version) == before


def test_a_reply_asked_before_a_takeback_and_a_new_move_changes_nothing(client):
    game = bot_game(client)
    play(client, game, "e2e3")
    game.refresh_from_db()
    asked = game.version  # the reply to e2e3 is asked at this version, with one step played
    stale = Bot("novice", seed=1).choose_move(services.replay(game).position.copy())
    run_worker()
    game.refresh_from_db()
    client.post(reverse("game_take_back", args=[game.id]), {"version": game.version})
    play(client, game, "c2c3")
    game.refresh_from_db()
    assert len(game.steps) == 1 and game.version != asked  # as many steps as when the old reply was asked
    before = (game.steps, game.fen, game.version)
    bot_reply.call(str(game.id), asked)
    services.bot_acts(game_id=game.id, version=asked, choice=stale)
    game.refresh_from_db()
    assert (game.steps, game.fen, game.version) == before
    run_worker()  # the reply asked after the new move is played
    game.refresh_from_db()
    assert len(game.steps) == 2 and game.steps[0]["move"] == "c2c3" and game.steps[1]["side"] == "black"
