"""The bots, from Novice to Club. They share one search and one evaluation; a level differs by how far it
looks and by the mistakes it is made to make: a share of moves picked at random, and random error added to
the scores of its candidate moves. In an ending with few men Intermediate looks further (`ending_depth`),
for there a won game is won only by a mate before the count or the seventy moves draw it (R7.4, R8.2). With
a seed a bot is deterministic, except where a clock stops a search (Club always; Intermediate only where
its plies take over a second, as they may in an ending on a busy machine), since how far a search gets in a
given time depends on the machine and how busy it is.

A bot that must hurry (many replies waiting for the machine) is given a `pace` below 1: its time limits are
that share of its level's, never below FLOOR of them. Only the levels that think against a clock (Club, and
Intermediate in a crowded position) are changed by it."""

import random
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .pieces import BLACK, WHITE
from .position import WAIT, Position
from .search import Searcher, SearchResult
from .werera_policy import WereraStyle, choose_werera

LEVELS = ("novice", "beginner", "casual", "intermediate", "club")


@dataclass(frozen=True)
class Level:
    random_share: float  # the share of moves (and werera choices) picked at random among the legal ones
    depth: int  # plies searched in turn-based play (the deepest iteration, when `seconds` is set)
    noise: float = 0.0  # centipawns of random error on each move's score; with noise every move is scored
    seconds: float | None = None  # time limit of a turn-based search
    #: plies searched instead of `depth` in an ending (see `is_ending`): few men make a deeper look cheap, and
    #: against a lone piece only a mate before its count runs out wins (R7.4); 0 keeps `depth`
    ending_depth: int = 0
    werera: WereraStyle = field(default_factory=WereraStyle)


SETTINGS = {
    "novice": Level(
        random_share=0.7,
        depth=1,
        noise=150,
        werera=WereraStyle(width=4, replies=2, noise=150),
    ),
    "beginner": Level(
        random_share=0.15,
        depth=1,
        noise=60,
        werera=WereraStyle(width=6, replies=4, noise=60),
    ),
    "casual": Level(
        random_share=0.05,
        depth=2,
        noise=50,
        werera=WereraStyle(width=8, replies=6, noise=25),
    ),
    "intermediate": Level(
        random_share=0.0,
        depth=2,
        seconds=1.0,  # rarely reached: it keeps a position full of checks from taking long
        ending_depth=5,
        werera=WereraStyle(width=10, replies=8, noise=5, seconds=1.0),
    ),
    "club": Level(
        random_share=0.0,
        depth=40,
        seconds=1.5,  # its answer within two seconds, with room for a busy machine
        werera=WereraStyle(width=12, replies=10, depth=1, seconds=1.5),
    ),
}


#: The least share of its level's time a hurried bot is given: Club thinks at least 0.375 s a move.
FLOOR = 0.25


def hurried(level: Level, pace: float) -> Level:
    """The level with its time limits a `pace` share of its own (never below FLOOR of them)."""
    share = min(1.0, max(FLOOR, pace))
    if share == 1.0:
        return level
    seconds = level.seconds * share if level.seconds is not None else None
    werera = level.werera
    if werera.seconds is not None:
        werera = replace(werera, seconds=werera.seconds * share)
    return replace(level, seconds=seconds, werera=werera)


#: An ending, for `Level.ending_depth`: a side down to one piece or none, with this many men or fewer in all.
ENDING_MEN = 8


def is_ending(position: Position) -> bool:
    men = (position.by_colour[WHITE] | position.by_colour[BLACK]).bit_count()
    return men <= ENDING_MEN and min(position.piece_count(WHITE), position.piece_count(BLACK)) <= 1


class Bot:
    def __init__(self, level: str, seed: int | None = None, pace: float = 1.0) -> None:
        if level not in SETTINGS:
            raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
        self.level = level
        self.settings = hurried(SETTINGS[level], pace)
        self.rng = random.Random(seed)
        self.searcher = Searcher()
        self.last_search: SearchResult | None = None

    def choose_move(self, position: Position, seen: Iterable[tuple[int, ...]] = ()) -> int:
        """A legal move for the side to move in turn-based play. `seen` holds the placement keys of the
        positions met earlier in the game, so that the bot knows which moves repeat (R8.1)."""
        moves = position.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        settings = self.settings
        if self.rng.random() < settings.random_share:
            return self.rng.choice(moves)
        if settings.noise:
            scored = self.searcher.score_moves(position, settings.depth, seen)
            return max(scored, key=lambda pair: pair[1] + self.rng.gauss(0, settings.noise))[0]
        depth = settings.ending_depth if settings.ending_depth and is_ending(position) else settings.depth
        self.last_search = self.searcher.search(position, depth=depth, time_limit=settings.seconds, seen=seen)
        return self.last_search.move

    def choose_werera(self, position: Position, side: int) -> int:
        """A legal move of `side` in the werera, or WAIT, chosen without knowing the opponent's choice."""
        if self.rng.random() < self.settings.random_share:
            return self.rng.choice([WAIT, *position.legal_moves(side)])
        return choose_werera(position, side, self.settings.werera, self.rng, self.searcher)
