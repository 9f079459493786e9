"""Werera puzzles from werera games: rounds played from the start by the bots' werera policy, with a share of
random quiet choices so that men come into contact and are sometimes left en prise, every round recorded.
At each position before a round, each side (the slower first: its puzzle, where the other side's capture
goes first, is the more werera-like kind) is looked at for one choice that wins whatever the other chooses.

The werera ends at the first capture or check (R5.3-R5.5), so a game's positions are those before it; the
puzzles come from its last rounds, where the men touch."""

import random

from senterej.engine.bots import Bot
from senterej.engine.notation import coordinate
from senterej.engine.position import START_FEN, WAIT, Position
from senterej.engine.proofs import SearchLimitError
from senterej.engine.proofs.werera_choice import (
    WereraJudge,
    round_text,
    werera_choice_failure,
    werera_winning_choices,
)
from senterej.engine.werera import play_round, quicker_side
from trainer.generate.finders import Found

WERERA_LEVELS = ("novice", "beginner", "casual")
#: The share of choices, besides the bots' own random ones, that are a random quiet move.
QUIET_SHARE = 0.35
#: Nodes allowed to the search for a winning choice in one position and side, and to its proof.
FIND_NODES = 40_000
PROOF_NODES = 20_000
GAMES_PER_JOB = 4
#: A game's later positions often keep the same capture on: at most this many puzzles from one game.
PUZZLES_PER_GAME = 2


def werera_game(seed: int, game: int) -> list[tuple[str, str, str]]:
    """Every werera position of one seeded game, with the rounds from the start that reach it and its
    source."""
    rng = random.Random(f"werera {seed} {game}")
    bots = [Bot(rng.choice(WERERA_LEVELS), seed=rng.randrange(1 << 30)) for _ in range(2)]
    position = Position.from_fen(START_FEN)
    rounds: list[str] = []
    seen = []
    while position.werera is not None:
        source = f"werera seed {seed} game {game} round {position.werera}"
        seen.append((position.fen(), " ".join(rounds), source))
        white, black = (_choice(bots[side], position, side, rng) for side in range(2))
        if play_round(position, white, black).ended is not None:
            break
        rounds.append(round_text(white, black))
    return seen


def _choice(bot: Bot, position: Position, side: int, rng: random.Random) -> int:
    if rng.random() < QUIET_SHARE:
        quiet = [move for move in position.legal_moves(side) if not position.is_capture(move)]
        return rng.choice(quiet) if quiet else WAIT
    return bot.choose_werera(position, side)


def werera_puzzle(fen: str, rounds: str, source: str) -> Found | None:
    """A werera puzzle for the slower side, else the quicker, if it has one choice that wins the round."""
    position = Position.from_fen(fen)
    assert position.werera is not None
    quick = quicker_side(position.werera)
    for side in (quick ^ 1, quick):
        try:
            choices = werera_winning_choices(position, side, limit=2, max_nodes=FIND_NODES)
            if len(choices) != 1 or werera_choice_failure(position, side, choices[0], PROOF_NODES):
                continue
            judge = WereraJudge(position, side, PROOF_NODES)
            judge.worst(choices[0])
        except SearchLimitError:
            continue
        tries = sum(
            1 for move in position.legal_moves(side) if move != choices[0] and judge.ends_against_wait(move)
        )  # the other captures and checks: the natural tries
        return Found(fen, coordinate(choices[0]), source, judge.nodes, tries, rounds)
    return None


def werera_job(seed: int, batch: int) -> list[Found]:
    """The werera puzzles of a batch of seeded games."""
    found = []
    for game in range(batch * GAMES_PER_JOB, (batch + 1) * GAMES_PER_JOB):
        kept = 0
        for fen, rounds, source in reversed(werera_game(seed, game)):
            if kept >= PUZZLES_PER_GAME:
                break
            puzzle = werera_puzzle(fen, rounds, source)
            if puzzle is not None:
                found.append(puzzle)
                kept += 1
    return found
