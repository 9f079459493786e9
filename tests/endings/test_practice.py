"""Each goal won once and lost once against the engine's defence, played through the site's own game code:
the game started by `progress.start` as the practice page starts it, the learner's moves sent with
`services.submit_move`, the defender's replies coming back through play's bot task (run at once in tests).
The defender is the engine's search bounded by nodes, so that its replies are the same on any machine; the
learner's winning moves come from the engine's proofs (MateSearch, or the and-or search of `proving`)."""

import pytest
from django.test import RequestFactory

from endings import goals, progress
from endings.catalogue import BY_SLUG, FERS, HOLD, MATE, Ending
from play import services, tasks
from play.models import Game
from play.replay import replay
from senterej.engine import NEGUS, Position
from senterej.engine.bots import Bot
from senterej.engine.notation import coordinate
from senterej.engine.position import move_from
from senterej.engine.proofs.mate import MateSearch
from senterej.engine.search import Searcher
from tests.endings.proving import _holds, promotes

pytestmark = pytest.mark.django_db

DEFENCE_NODES = 6_000
MOST_STEPS = 60  # a bound for the loop only: the count (R7.4) or R8.1 ends every game long before


class Defender(Bot):
    """The club bot's search without its clock: the same reply on any machine."""

    def choose_move(self, position: Position, seen=()) -> int:
        return Searcher().search(position, depth=8, max_nodes=DEFENCE_NODES, seen=seen).move


@pytest.fixture(autouse=True)
def defender(monkeypatch):
    monkeypatch.setattr(tasks, "Bot", lambda level, seed=None, pace=1.0: Defender(level, seed, pace))


@pytest.fixture
def visitor(client):
    request = RequestFactory().post("/")
    request.session = client.session
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    return request


def winning_move(ending: Ending, position: Position, left: int) -> int:
    if ending.kind in (MATE, FERS):
        search = MateSearch(max_nodes=200_000)
        distance = search.distance(position.copy(), left)
        assert distance is not None
        return search.mating_moves(position.copy(), distance, limit=1)[0]
    for move in position.legal_moves():
        position.push(move)
        held = _holds(position, ending.learner, ending.kind, left - 1)
        position.pop()
        if held:
            return move
    raise AssertionError("no move reaches the goal")


def losing_move(ending: Ending, position: Position) -> int:
    """A move that misses the goal: for a mate, a negus move (the count or a repetition draws in the end,
    R7.4, R8.1); for a hold, a move after which the defender mates at once; for a stop, one after which the
    medeq may promote."""
    moves = sorted(position.legal_moves())
    if ending.kind in (MATE, FERS):
        return next(m for m in moves if position.board[move_from(m)] & 7 == NEGUS)
    for move in moves:
        position.push(move)
        if ending.kind == HOLD:
            bad = MateSearch(max_nodes=50_000).mates_within(position.copy(), 1)
        else:
            bad = any(promotes(position, reply) for reply in position.legal_moves())
        position.pop()
        if bad:
            return move
    return moves[0]


def play_out(request, ending: Ending, choose) -> tuple[Game, goals.Verdict]:
    game = progress.start(request, ending)
    seats = services.Seats(frozenset({ending.learner}))
    for _ in range(MOST_STEPS):
        judged = progress.verdict(ending, game)
        if judged.settled:
            return game, judged
        position = replay(game).position
        move = choose(position, judged.moves)
        game = services.submit_move(game_id=game.id, seats=seats, text=coordinate(move), version=game.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "slug",
    ["two-ders-against-feres", "feres-holds-two-ders", "waiting-medeq", "stop-the-medeq-with-the-negus"],
)
def test_r7_each_goal_is_won_against_the_engine_s_defence(visitor, slug):
    ending = BY_SLUG[slug]
    game, judged = play_out(visitor, ending, lambda p, used: winning_move(ending, p, ending.par - used))
    assert game.bot_level == progress.DEFENDER and game.start_fen == ending.fen
    assert (judged.outcome, judged.moves, judged.stars) == (goals.WON, ending.par, 3)
    if ending.kind in (MATE, FERS):
        assert game.status == Game.Status.CHECKMATE


@pytest.mark.parametrize(
    "slug",
    ["two-ders-against-feres", "feres-holds-two-ders", "waiting-medeq", "stop-the-medeq-with-the-der"],
)
def test_r7_each_goal_is_lost_against_the_engine_s_defence(visitor, slug):
    ending = BY_SLUG[slug]
    game, judged = play_out(visitor, ending, lambda p, used: losing_move(ending, p))
    assert (judged.outcome, judged.stars) == (goals.LOST, 0)
    expected = {
        "two-ders-against-feres": {Game.Status.COUNTING, Game.Status.REPETITION},
        "feres-holds-two-ders": {Game.Status.CHECKMATE},
        "waiting-medeq": {Game.Status.COUNTING, Game.Status.REPETITION, Game.Status.BARE_KING},
    }
    if slug in expected:
        assert game.status in expected[slug]
    else:
        assert any("=" in step["san"] for step in game.steps if step["side"] == "white")  # R3.2
