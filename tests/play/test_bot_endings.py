"""The bots in the endings, played through the site's own game code: a `Game` row made by
`services.start_game`, the defender's moves sent with `services.submit_move` as a player sends them, and the
bot's replies coming back through `tasks.bot_reply` and `services.bot_acts` (tests run tasks at once).

Against a lone piece a won ending is won only by mate before that piece's seventh counted move (R7.4);
taking the piece draws at once (R7.3), and so would a third repetition (R8.1) or 140 quiet moves (R8.2). So
Intermediate and Club must mate in at least 9 of 10 games from each won ending, against a defender that
shuffles and one that heads for the draws. On the losing side the bot heads for the draws itself."""

import random
from dataclasses import dataclass

import pytest

from play import services
from play.models import Game
from play.replay import replay
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.bots import Bot
from senterej.engine.fen import COUNT_LIMIT
from senterej.engine.game import BARE_KING, CHECKMATE, COUNTING, ONGOING, judge
from senterej.engine.notation import coordinate
from senterej.engine.pieces import PIECE_KINDS
from senterej.engine.search import search

pytestmark = pytest.mark.django_db

#: Won endings after the werera, White (the bot) to move against Black's lone piece. Each is a mate the
#: engine proves (`test_r7_4_each_ending_is_a_mate_within_the_count`) in fewer moves than the count allows,
#: but the bot must find it move by move at its own depth, and a defender may stretch it by moving its negus.
ENDINGS = {
    # two ders against a lone feres, the lone negus on its edge
    "RR v N": ("4k3/8/8/8/2n5/8/R7/4K2R w - - 0 1 0/0", 2),
    # a der and a fers against a lone fil, the lone negus a step from the corner
    "R+Q v B": ("8/k7/2K5/8/4b3/2Q5/8/7R w - - 0 1 0/0", 4),
    # a der and a feres against a lone fers, 124 quiet moves made: R8.2 draws in 16 more
    "R+N v Q": ("k7/8/2K5/3N4/8/8/6q1/7R w - - 124 80 0/0", 3),
}
WINNERS = ("intermediate", "club")
GAMES = 10
MAX_STEPS = 200  # a bound for the loop only: the count or R8.2 ends every game long before


def test_r7_4_each_ending_is_a_legal_position_after_the_werera_with_black_down_to_one_piece():
    for fen, _ in ENDINGS.values():
        position = Position.from_fen(fen)
        assert position.fen() == fen and position.turn == WHITE and position.werera is None
        assert position.piece_count(BLACK) == 1 and position.piece_count(WHITE) == 2
        assert judge(position).status == ONGOING


def test_r7_4_each_ending_is_a_mate_within_the_count():
    for fen, moves in ENDINGS.values():
        result = search(Position.from_fen(fen), depth=2 * moves)
        assert result.mate_in == moves < COUNT_LIMIT, fen


def shuffle(position: Position, seen: set[tuple[int, ...]], rng: random.Random) -> int:
    """Any legal move, at random."""
    return rng.choice(position.legal_moves())


def head_for_the_draws(position: Position, seen: set[tuple[int, ...]], rng: random.Random) -> int:
    """Takes the last enemy piece if it can (R7.3), else repeats a position met before (R8.1), else moves its
    lone piece to a square no enemy man attacks, to run the count (R7.4); only then anything else."""
    moves = position.legal_moves()
    board = position.board
    takes = [m for m in moves if board[m >> 6 & 63] & 7 in PIECE_KINDS and position.is_capture(m)]
    if takes and position.piece_count(WHITE) == 1:
        return rng.choice(takes)
    repeats, counted = [], []
    for move in moves:
        piece_moves = board[move & 63] & 7 in PIECE_KINDS
        position.push(move)
        if position.placement_key() in seen:
            repeats.append(move)
        elif piece_moves and not position.attackers(WHITE, move >> 6 & 63):
            counted.append(move)
        position.pop()
    return rng.choice(repeats or counted or moves)


DEFENDERS = {"shuffles": shuffle, "heads for the draws": head_for_the_draws}


@dataclass
class Played:
    defender: str
    seed: int
    status: str
    steps: int
    moves: str


def play_out(fen: str, level: str, defender: str, seed: int) -> Played:
    """One game from `fen`: the bot is White, the defender sends Black's moves as a player would."""
    rng = random.Random(seed)
    black = services.Seats(frozenset({BLACK}))
    game = services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level=level, fen=fen)
    while not game.is_over and len(game.steps) < MAX_STEPS:
        played = replay(game)
        assert played.position.turn == BLACK, "the bot's reply came back at once"
        move = DEFENDERS[defender](played.position, set(played.seen), rng)
        game = services.submit_move(game_id=game.id, seats=black, text=coordinate(move), version=game.version)
    moves = " ".join(step["san"] for step in game.steps)
    return Played(defender, seed, game.status, len(game.steps), moves)


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("level", WINNERS)
def test_r7_4_r8_1_r8_2_the_bot_mates_before_the_count_runs_out(level, ending):
    """R7.4: mate before the lone piece's seventh counted move; never the bare king by taking it (R7.3),
    a third repetition (R8.1) or the seventy-move rule (R8.2)."""
    fen, _ = ENDINGS[ending]
    games = [
        play_out(fen, level, defender, seed)
        for defender in DEFENDERS
        for seed in range(GAMES // len(DEFENDERS))
    ]
    failed = [game for game in games if game.status != CHECKMATE]
    report = "; ".join(f"{g.defender} #{g.seed}: {g.status} after {g.steps} ({g.moves})" for g in failed)
    assert len(games) - len(failed) >= 9, f"{level} in {ending} mated {len(games) - len(failed)}/10: {report}"


def bot_as_black(fen: str, level: str) -> Game:
    """A game from `fen`, in which the bot is Black and to move: its reply has come back once this returns."""
    return services.start_game(mode=Game.Mode.BOT, human=WHITE, bot_level=level, fen=fen)


@pytest.mark.parametrize("level", WINNERS)
def test_r7_3_the_losing_bot_takes_the_last_piece_for_a_bare_king_draw(level):
    # White threatens Re8 mate; Black's lone feres takes White's only piece, the der, and the game is drawn
    game = bot_as_black("k7/8/1K6/8/8/6n1/PP2R3/8 b - - 0 1 0/0", level)
    assert [step["move"] for step in game.steps] == ["g3e2"]
    assert (game.status, game.result) == (BARE_KING, "1/2-1/2")


@pytest.mark.parametrize("level", WINNERS)
def test_r7_4_the_losing_bot_runs_its_count_out_before_it_is_mated(level):
    # Black's lone feres has made six counted moves; White threatens Rh7-h8 mate, and the negus cannot
    # escape, but any move of the feres is its seventh counted move, and it is not mate: drawn
    game = bot_as_black("k7/2R5/1K6/8/8/8/8/n6R b - - 0 1 0/6", level)
    assert game.steps[0]["move"].startswith("a1")
    assert (game.status, game.result) == (COUNTING, "1/2-1/2")


def test_the_site_gives_the_bot_the_game_history_and_the_rules_counters(monkeypatch):
    """The bot's task hands the search every turn-based position met so far (R8.1) and the position with its
    count (R7.4) and quiet moves (R8.2), as the game stands."""
    calls: list[tuple[str, list[tuple[int, ...]]]] = []
    choose = Bot.choose_move

    def spy(self: Bot, position: Position, seen: list[tuple[int, ...]]) -> int:
        calls.append((position.fen(), list(seen)))
        return choose(self, position, seen)

    monkeypatch.setattr(Bot, "choose_move", spy)
    game = services.start_game(
        mode=Game.Mode.BOT,
        human=BLACK,
        bot_level="intermediate",
        fen="8/8/4k3/8/2n5/8/R7/4K2R w - - 30 40 0/3",
    )
    black = services.Seats(frozenset({BLACK}))
    for _ in range(2):
        position = replay(game).position
        move = next(m for m in position.legal_moves() if not position.is_capture(m))
        game = services.submit_move(game_id=game.id, seats=black, text=coordinate(move), version=game.version)
    assert len(calls) == 3
    for index, (fen, seen) in enumerate(calls):
        before = replay(game, upto=2 * index)
        assert fen == before.position.fen() and seen == before.seen and len(seen) == 2 * index + 1
    assert calls[0][0].endswith(" 30 40 0/3")
