"""Games played out through the site's own services, for tests that need many steps: seeded choices, quiet
moves before captures, so that the game goes on long enough."""

import random

from senterej.engine import BLACK, WHITE
from senterej.engine.notation import coordinate
from senterej.engine.position import WAIT
from senterej.play import services
from senterej.play.models import Game
from senterej.play.replay import replay


def play_out(game: Game, steps: int, seed: int = 1) -> Game:
    """Plays `game` on until it has `steps` steps: werera rounds of a choice each (now and then a wait), then
    moves in turn; each through `services.submit_move` for the side whose seat it is."""
    rng = random.Random(seed)
    while len(game.steps) < steps:
        played = replay(game)
        assert not played.is_over, f"the game ended after {len(game.steps)} steps"
        if played.in_werera:
            for side in (WHITE, BLACK):
                moves = sorted(played.position.legal_moves(side))
                choice = WAIT if rng.random() < 0.2 else rng.choice(moves)
                game = _submit(game, side, "0000" if choice == WAIT else coordinate(choice))
        else:
            side = played.position.turn
            assert side is not None
            moves = sorted(played.position.legal_moves())
            quiet = [move for move in moves if not played.position.is_capture(move)]
            game = _submit(game, side, coordinate(rng.choice(quiet or moves)))
    return game


def _submit(game: Game, side: int, text: str) -> Game:
    return services.submit_move(
        game_id=game.id,
        seats=services.Seats(frozenset({side})),
        text=text,
        version=game.version,
        steps=len(game.steps),
    )
