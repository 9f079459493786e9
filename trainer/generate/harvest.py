"""Positions harvested from bot self-play, the werera's included, and the puzzles found in them."""

import random

from senterej.engine.bots import Bot
from senterej.engine.game import Game
from senterej.engine.pieces import BLACK, WHITE
from senterej.engine.position import Position
from senterej.engine.proofs import status
from senterej.engine.proofs.werera_choice import round_text
from senterej.engine.werera import RoundReport
from trainer.generate.finders import Found, mate_puzzle, material_puzzle, position_key
from trainer.generate.ideas import after_each_move, has_idea, is_exchange
from trainer.generate.werera_games import werera_puzzle
from trainer.lines import PuzzleLine

SELFPLAY_LEVELS = ("novice", "beginner", "casual")
MAX_PLIES = 240
PUZZLES_PER_GAME = 3
#: Material puzzles kept from one game, and the plies passed over after each.
MATERIAL_PER_GAME = 6
MATERIAL_GAP = 4
EXCHANGES_PER_GAME = 1


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
            round_text(step.choices[WHITE], step.choices[BLACK])
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


def selfplay_job(seed: int, game: int) -> list[Found]:
    """Mate and werera puzzles from one game."""
    found: list[Found] = []
    covered: set[str] = set()
    for fen, source, rounds in selfplay_game(seed, game):
        if len(found) >= PUZZLES_PER_GAME:
            break
        if position_key(fen) in covered:
            continue
        puzzle = werera_puzzle(fen, rounds, source) if fen.split()[1] == "-" else mate_puzzle(fen, source)
        if puzzle is not None:
            found.append(puzzle)
            covered.update(position_key(p.fen()) for p in PuzzleLine.of(puzzle.fen, puzzle.moves).positions)
    return found


def selfplay_material_job(seed: int, game: int) -> list[Found]:
    """Material puzzles from one game: in each turn-based position, and in each position one move after
    it (a slip of the side to move, which hands the other side an idea), wherever a quick look sees an
    idea. An idea stays on the board for a few moves, so after a puzzle the next plies are passed over.
    A single capture of a dearer man (an exchange that wins) is the commonest and plainest idea: a game
    gives at most EXCHANGES_PER_GAME of them, so that forks, skewers and promotions get their room."""
    found: list[Found] = []
    covered: set[str] = set()
    next_ply = exchanges = 0
    for ply, (fen, source) in enumerate(selfplay_positions(seed, game)):
        if len(found) >= MATERIAL_PER_GAME:
            break
        if ply < next_ply or fen.split()[1] == "-":
            continue
        for slip, candidate in [("", fen), *after_each_move(fen)]:
            key = position_key(candidate)
            if key in covered:
                continue
            covered.add(key)
            position = Position.from_fen(candidate)
            if status(position)[0] is not None or not has_idea(position):
                continue
            puzzle = material_puzzle(candidate, f"{source} after {slip}" if slip else source)
            if puzzle is None or (is_exchange(puzzle.fen, puzzle.moves) and exchanges >= EXCHANGES_PER_GAME):
                continue
            exchanges += is_exchange(puzzle.fen, puzzle.moves)
            found.append(puzzle)
            next_ply = ply + MATERIAL_GAP
            break
    return found
