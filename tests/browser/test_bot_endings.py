"""A won ending against the bot in the browser: a player holding Black's lone feres against two ders plays
on, and the Intermediate bot mates before the feres's count runs out (R7.4), the page saying so."""

import re
from importlib import import_module

import pytest
from django.conf import settings
from playwright.sync_api import expect

from play import services
from play.models import Game
from play.replay import replay
from senterej.engine import BLACK
from senterej.engine.notation import coordinate

pytestmark = pytest.mark.django_db(transaction=True)

#: Two ders against a lone feres, the lone negus on its edge; White, the bot, to move (R7.4).
TWO_DERS = "4k3/8/8/8/2n5/8/R7/4K2R w - - 0 1 0/0"


def test_r7_4_the_bot_mates_the_player_s_lone_feres_before_its_count_runs_out(live_server, page, js_errors):
    errors = js_errors(page)
    game = services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level="intermediate", fen=TWO_DERS)
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session["seats"] = {str(game.id): [game.black_token]}
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/play/{game.id}/")
    for _ in range(6):  # the count allows six counted moves; the mate comes well before
        game.refresh_from_db()
        if game.is_over:
            break
        position = replay(game).position
        move = coordinate(sorted(position.legal_moves())[0])  # the player's move, whatever it is
        board = page.locator(".board--live[data-ready]")
        board.locator(f'[data-square="{move[:2]}"]').click()
        expect(board.locator(f'[data-square="{move[:2]}"]')).to_have_class(re.compile(r"\bis-selected\b"))
        board.locator(f'[data-square="{move[2:4]}"]').click()
        # the player's move and the bot's reply, or the end of the game
        played = len(game.steps) + 1
        page.wait_for_function(
            "played => document.querySelectorAll('.moves li').length > played"
            " || document.querySelector('.status').dataset.status !== 'ongoing'",
            arg=played,
        )
    expect(page.locator(".status")).to_contain_text("White wins by checkmate.")
    game.refresh_from_db()
    assert game.status == "checkmate" and game.result == "1-0"
    assert errors == []
