"""A game's replayed steps are kept in the cache by the game, its steps and the language: drawn once, then
reused until a step is added or taken back."""

import pytest
from django.utils import translation

from play import replay
from play.models import Game
from play.services import start_game
from testing.games import play_out

pytestmark = pytest.mark.django_db


def test_the_steps_are_replayed_once_per_steps_and_language(monkeypatch):
    game = play_out(start_game(mode=Game.Mode.HOTSEAT), 6)
    replays = []
    real = replay._timeline
    monkeypatch.setattr(replay, "_timeline", lambda game: replays.append(len(game.steps)) or real(game))
    first = replay.timeline(game)
    assert replay.timeline(game) == first and replays == [6]
    with translation.override("sk"):
        slovak = replay.timeline(game)
    assert replays == [6, 6] and slovak[0].sentences != first[0].sentences
    game.steps = game.steps[:4]  # as after a takeback
    assert len(replay.timeline(game)) == 4 and replays == [6, 6, 4]
    assert [step.fen for step in replay.timeline(game)] == [step.fen for step in first[:4]]
