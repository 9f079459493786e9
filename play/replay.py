"""A stored game replayed by the engine: every step is checked again, and each step's position and words are
there to list and to step through."""

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from play.game_words import Choice, round_choices, round_sentences
from play.models import Game
from senterej.board.san_markup import move_html, sentence
from senterej.board.sides import Side
from senterej.engine import WAIT
from senterej.engine import game as rules
from senterej.engine.notation import parse_coordinate, san
from senterej.engine.position import move_from, move_to


@dataclass(frozen=True)
class Step:
    number: int  # 1-based index among the game's steps
    label: str  # "W3" for a werera round, "12." / "12…" for a numbered move
    text: SafeString  # the round's two choices or the move, in the site's notation
    sentences: list[SafeString]
    fen: str
    last_move: tuple[int, ...]
    side: str = ""  # who moved, for a move: "white" or "black"
    fullmove: int = 0  # a move's number (R9.2)
    choices: tuple[Choice, ...] = ()  # a round's two choices, White's then Black's


def replay(game: Game, upto: int | None = None) -> rules.Game:
    """The engine's game after the first `upto` stored steps (all of them by default)."""
    played = rules.Game(game.start_fen)
    for step in game.steps[:upto]:
        _play(played, step)
    return played


def _play(played: rules.Game, step: dict[str, Any]) -> None:
    if step["kind"] == "round":
        played.play_round(step[Side.WHITE], step[Side.BLACK])
    else:
        played.play(step["move"])


#: How long a game's replayed steps stay in the cache.
TIMELINE_SECONDS = 60 * 60


def timeline(game: Game) -> list[Step]:
    """Each stored step with its position and words, kept in the cache by the game, its steps and the
    language: a game's page is drawn again after every change, for each player and spectator, and the steps
    played so far never change (a takeback leaves other steps, so another key)."""
    steps = json.dumps(game.steps, sort_keys=True).encode()
    digest = hashlib.blake2b(steps, digest_size=16).hexdigest()
    key = f"play:timeline:{game.id}:{get_language()}:{digest}"
    found: list[Step] | None = cache.get(key)
    if found is None:
        found = _timeline(game)
        cache.set(key, found, TIMELINE_SECONDS)
    return found


def _timeline(game: Game) -> list[Step]:
    played = rules.Game(game.start_fen)
    steps = []
    fullmove = played.position.fullmove
    for number, step in enumerate(game.steps, start=1):
        position = played.position
        if step["kind"] == "round":
            sans = {}
            for side in Side:
                choice = parse_coordinate(step[side])
                sans[side.value] = "" if choice == WAIT else san(position, choice, side.colour)
            _play(played, step)
            moved = [parse_coordinate(entry["move"]) for entry in step["played"]]
            squares = tuple(sq for move in moved for sq in (move_from(move), move_to(move)))
            choices = round_choices(step, sans)
            text = sentence("%(white)s \u00b7 %(black)s", white=choices[0].shown, black=choices[1].shown)
            words = round_sentences(step, sans, game_over=played.is_over)
            label = f"W{step['round']}"
            steps.append(Step(number, label, text, words, played.position.fen(), squares, choices=choices))
        else:
            fullmove = position.fullmove
            label = f"{fullmove}." if step["side"] == Side.WHITE else f"{fullmove}…"
            move = parse_coordinate(step["move"])
            _play(played, step)
            squares = (move_from(move), move_to(move))
            text = move_html(step["san"], Side(step["side"]).colour)
            fen = played.position.fen()
            steps.append(Step(number, label, text, [], fen, squares, step["side"], fullmove))
    return steps
