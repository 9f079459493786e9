"""Bot-against-bot matches, to measure the levels against each other:

    python3 -m senterej.engine.match --white club --black intermediate --games 40 --seed 1
    python3 -m senterej.engine.match --ladder --games 40 --seed 1

Every game starts from the werera (START_FEN); the bots choose each round's moves for their side, then
play turn-based. The two bots swap colours from game to game (`--white` has White in the odd-numbered
games). A game still going after `--max-plies` half-moves (a werera round counts two) is adjudicated a draw,
and the table says how often that happened. `--ladder` plays each level against the one below it. Results
go to stdout, progress to stderr."""

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool

from .bots import LEVELS, Bot
from .game import ONGOING, Game
from .pieces import BLACK, WHITE

DEFAULT_MAX_PLIES = 300


@dataclass(frozen=True)
class Pairing:
    first: str
    second: str
    number: int  # 0-based: the first level has White in even-numbered games
    seed: int
    max_plies: int

    @property
    def levels(self) -> tuple[str, str]:
        return (self.first, self.second) if self.number % 2 == 0 else (self.second, self.first)


@dataclass
class Outcome:
    pairing: Pairing
    result: str  # "1-0", "0-1", "1/2-1/2"
    status: str
    plies: int
    adjudicated: bool
    #: seconds per decision, by level: turn-based moves and werera choices
    move_seconds: dict[str, list[float]] = field(default_factory=dict)
    werera_seconds: dict[str, list[float]] = field(default_factory=dict)

    @property
    def first_points(self) -> float:
        """The first level's points: 1 for a win, 1/2 for a draw."""
        if self.result == "1/2-1/2":
            return 0.5
        white_won = self.result == "1-0"
        first_is_white = self.pairing.levels[WHITE] == self.pairing.first
        return 1.0 if white_won == first_is_white else 0.0


def play_game(pairing: Pairing) -> Outcome:
    levels = pairing.levels
    bots = [
        Bot(levels[colour], seed=pairing.seed * 1000 + pairing.number * 2 + colour)
        for colour in (WHITE, BLACK)
    ]
    move_seconds: dict[str, list[float]] = {level: [] for level in levels}
    werera_seconds: dict[str, list[float]] = {level: [] for level in levels}
    game = Game()
    seen: list[tuple[int, ...]] = []
    plies = 0
    while game.status == ONGOING and plies < pairing.max_plies:
        position = game.position
        if game.in_werera:
            choices = []
            for colour in (WHITE, BLACK):
                start = time.monotonic()
                choices.append(bots[colour].choose_werera(position.copy(), colour))
                werera_seconds[levels[colour]].append(time.monotonic() - start)
            game.play_round(choices[WHITE], choices[BLACK])
            plies += 2
        else:
            mover = position.turn
            assert mover is not None
            start = time.monotonic()
            move = bots[mover].choose_move(position.copy(), seen)
            move_seconds[levels[mover]].append(time.monotonic() - start)
            game.play(move)
            plies += 1
        if game.position.turn is not None:
            seen.append(game.position.placement_key())
    adjudicated = game.status == ONGOING
    result = "1/2-1/2" if adjudicated else game.result
    return Outcome(pairing, result, game.status, plies, adjudicated, move_seconds, werera_seconds)


def pairings(first: str, second: str, games: int, seed: int, max_plies: int) -> list[Pairing]:
    return [Pairing(first, second, number, seed, max_plies) for number in range(games)]


def run(all_pairings: list[Pairing], processes: int) -> Iterator[Outcome]:
    """Plays the games on `processes` processes, yielding each as it ends."""
    if processes <= 1:
        yield from map(play_game, all_pairings)
        return
    with Pool(processes) as pool:
        yield from pool.imap_unordered(play_game, all_pairings)


@dataclass
class Tally:
    first: str
    second: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    adjudicated: int = 0
    plies: int = 0
    endings: dict[str, int] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return 100 * (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def add(self, outcome: Outcome) -> None:
        points = outcome.first_points
        self.wins += points == 1.0
        self.draws += points == 0.5
        self.losses += points == 0.0
        self.adjudicated += outcome.adjudicated
        self.plies += outcome.plies
        ending = "adjudicated" if outcome.adjudicated else outcome.status
        self.endings[ending] = self.endings.get(ending, 0) + 1


def table(tallies: list[Tally]) -> str:
    header = f"{'match':<26} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'score':>7} {'plies':>6}"
    header += "  endings"
    lines = [header, "-" * len(header)]
    for tally in tallies:
        endings = ", ".join(f"{name} {count}" for name, count in sorted(tally.endings.items()))
        mean_plies = tally.plies / tally.games if tally.games else 0
        lines.append(
            f"{tally.first + ' v ' + tally.second:<26} {tally.games:>5} {tally.wins:>5} {tally.draws:>5}"
            f" {tally.losses:>6} {tally.score:>6.1f}% {mean_plies:>6.0f}  {endings}"
        )
    return "\n".join(lines)


def timings(outcomes: list[Outcome]) -> str:
    lines = [
        f"{'level':<13} {'moves':>6} {'mean s':>7} {'max s':>6}   {'werera':>6} {'mean s':>7} {'max s':>6}"
    ]
    for level in LEVELS:
        moves = [s for outcome in outcomes for s in outcome.move_seconds.get(level, [])]
        rounds = [s for outcome in outcomes for s in outcome.werera_seconds.get(level, [])]
        if not moves and not rounds:
            continue
        lines.append(f"{level:<13} {_stats(moves)}   {_stats(rounds)}")
    return "\n".join(lines)


def _stats(seconds: list[float]) -> str:
    if not seconds:
        return f"{0:>6} {'-':>7} {'-':>6}"
    return f"{len(seconds):>6} {sum(seconds) / len(seconds):>7.3f} {max(seconds):>6.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m senterej.engine.match", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--white", choices=LEVELS, help="the first level (White in the odd-numbered games)")
    parser.add_argument("--black", choices=LEVELS, help="the second level")
    parser.add_argument("--ladder", action="store_true", help="each level against the one below it")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=DEFAULT_MAX_PLIES)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    if args.ladder:
        matches = [(upper, lower) for lower, upper in zip(LEVELS, LEVELS[1:], strict=False)]
    elif args.white and args.black:
        matches = [(args.white, args.black)]
    else:
        parser.error("give --white and --black, or --ladder")
    all_pairings = [
        pairing
        for first, second in matches
        for pairing in pairings(first, second, args.games, args.seed, args.max_plies)
    ]
    tallies = {(first, second): Tally(first, second) for first, second in matches}
    outcomes = []
    started = time.monotonic()
    for done, outcome in enumerate(run(all_pairings, args.processes), start=1):
        outcomes.append(outcome)
        pairing = outcome.pairing
        tallies[pairing.first, pairing.second].add(outcome)
        white, black = pairing.levels
        print(
            f"[{done}/{len(all_pairings)} {time.monotonic() - started:.0f}s] game {pairing.number + 1}"
            f" {white} v {black}: {outcome.result} ({outcome.status}, {outcome.plies} plies)",
            file=sys.stderr,
            flush=True,
        )
    print(table(list(tallies.values())))
    print()
    print(timings(outcomes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
