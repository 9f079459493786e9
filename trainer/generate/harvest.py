"""Positions harvested from bot self-play, the werera's included, and the puzzles found in them."""

import random

from senterej.engine.bots import Bot
from senterej.engine.game import Game
from senterej.engine.notation import coordinate
from senterej.engine.pieces import BLACK, WHITE
from senterej.engine.werera import RoundReport
from trainer.generate.finders import Found, mate_puzzle, material_puzzle, position_key
from trainer.generate.werera import werera_puzzle
from trainer.lines import PuzzleLine

SELFPLAY_LEVELS = ("novice", "beginner", "casual")
MAX_PLIES = 240
PUZZLES_PER_GAME = 3


def selfplay_positions(seed: int, game: int) -> list[tuple[str, str]]:
    """Every position of one bot game (the werera's included) with its source."""
    return [(fen, source) for fen, source, _ in selfplay_game(seed, game)]


def selfplay_game(seed: int, game: int) -> list[tuple[str, str, str]]:
    """Every position of one bot game with its source and, in the werera, the rounds that reach it."""
    rng = random.Random(f"selfplay {seed} {game}")
    bots = [Bot(rng.choice(SELFPLAY_LEVELS), seed=rng.randrange(1 << 30)) for _ in (WHITE, BLACK)]
    record = Game()
    seen: list[tuple[int, ...]] = []
    positions = []
    for ply in range(MAX_PLIES):
        if record.is_over:
            break
        position = record.position
        rounds = " ".join(
            f"{coordinate(step.choices[WHITE])}/{coordinate(step.choices[BLACK])}"
            for step in record.history
            if isinstance(step, RoundReport)
        )
        positions.append((position.fen(), f"selfplay seed {seed} game {game} ply {ply}", rounds))
        if record.in_werera:
            record.play_round(
                bots[WHITE].choose_werera(position, WHITE), bots[BLACK].choose_werera(position, BLACK)
            )
        else:
            side = position.turn
            assert side is not None  # out of the werera one side is to move
            seen.append(position.placement_key())
            record.play(bots[side].choose_move(position, seen))
    return positions


def selfplay_job(seed: int, game: int, material_only: bool = False) -> list[Found]:
    """Mate and werera puzzles from one game (or, with `material_only`, material puzzles)."""
    found: list[Found] = []
    covered: set[str] = set()
    for fen, source, rounds in selfplay_game(seed, game):
        if len(found) >= PUZZLES_PER_GAME:
            break
        if position_key(fen) in covered:
            continue
        if material_only:
            puzzle = None if fen.split()[1] == "-" else material_puzzle(fen, source, first_look=1)
        else:
            puzzle = werera_puzzle(fen, rounds, source) if fen.split()[1] == "-" else mate_puzzle(fen, source)
        if puzzle is not None:
            found.append(puzzle)
            covered.update(position_key(p.fen()) for p in PuzzleLine.of(puzzle.fen, puzzle.moves).positions)
    return found
