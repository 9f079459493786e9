"""No engine search runs while a database transaction (and so a row lock) is held: the bot's reply, the
refutation of a wrong puzzle move and the answers a new puzzle keeps to its wrong first moves are searched
with no transaction open, so that other writers never wait on the engine. The searches are watched where
the engine does them."""

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.test import Client
from django.urls import reverse

from play import services as play
from senterej.engine import WHITE
from senterej.engine.search import Searcher
from testing.factories import LADDER, MATE_IN_ONE, PuzzleFactory
from trainer import judging, offers, puzzle_edits
from trainer.models import Puzzle

pytestmark = pytest.mark.django_db(transaction=True)

TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


@pytest.fixture
def searches(monkeypatch):
    """Whether a transaction was open at each search."""
    seen: list[bool] = []
    search = Searcher.search

    def watched(self, *args, **kwargs):
        seen.append(connection.in_atomic_block)
        return search(self, *args, **kwargs)

    monkeypatch.setattr(Searcher, "search", watched)
    return seen


def test_the_club_player_searches_outside_any_transaction(searches):
    client = Client()
    game = play.start_game(mode="bot", human=WHITE, bot_level="club", fen=TURNS)
    session = client.session
    session["seats"] = {str(game.id): [game.white_token]}
    session.save()
    client.post(reverse("game_move", args=[game.id]), {"move": "e2e3", "version": game.version})
    game.refresh_from_db()
    assert len(game.steps) == 2  # the reply came, from a search
    assert searches and not any(searches)


def test_a_wrong_puzzle_move_is_refuted_outside_any_transaction(searches, learner):
    puzzle = PuzzleFactory(line=LADDER)
    session = SessionStore()
    state = offers.serve(session, puzzle, learner)
    outcome = judging.play(
        session=session, user=learner, puzzle_id=puzzle.pk, token=state["token"], text="h1g1", ply=0
    )
    assert outcome.state == "failed" and len(outcome.played) == 2  # the refutation was searched
    assert searches and not any(searches)


def test_a_new_puzzles_answers_are_searched_outside_any_transaction(searches, curator):
    fields = {"fen": MATE_IN_ONE.fen, "moves": MATE_IN_ONE.moves, "themes": MATE_IN_ONE.themes}
    puzzle_edits.save_puzzle(puzzle=Puzzle(**fields), user=curator)  # saved in a transaction of its own
    assert Puzzle.objects.get().refutations["answers"]  # the task ran, once the puzzle was written
    assert searches and not any(searches)
