"""The generated puzzles tagged, rated and chosen so that no theme crowds the others out.

The initial rating (before players' results move it) comes from how hard the puzzle is to find, not from
its length: the difficulty model of `trainer.generate.difficulty`, fitted to simulated solvers.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.generate.difficulty import clipped, difficulty
from trainer.generate.finders import Found, position_key
from trainer.lines import PuzzleLine
from trainer.themes import SENTEREJ_THEMES, themes


def initial_rating(puzzle: PuzzleLine, tags: Sequence[str] | None = None) -> int:
    """A proved puzzle's starting rating (FLOOR-CEILING), from the features it has (its themes are worked
    out when they are not given)."""
    return clipped(difficulty(puzzle, tags).rating())


@dataclass(frozen=True)
class Tagged:
    found: Found
    themes: list[str]
    rating: int


def tag(found: Found) -> Tagged:
    puzzle = PuzzleLine.of(found.fen, found.moves)
    tags = themes(puzzle)
    return Tagged(found, tags, initial_rating(puzzle, tags))


#: Balance (the share of the fixture a theme may hold at most).
MAX_SHARE = 0.4
MAX_SHARE_OF = {"mateIn1": 0.25}


def select(candidates: list[Tagged], target: int) -> list[Tagged]:
    """Up to `target` puzzles with no theme over its share, preferring the Senterej themes and then rarer
    themes; duplicates (the same position) are dropped."""
    unique: dict[str, Tagged] = {}
    for candidate in candidates:
        unique.setdefault(position_key(candidate.found.fen), candidate)
    pool = list(unique.values())
    frequency: dict[str, int] = {}
    for candidate in pool:
        for theme in candidate.themes:
            frequency[theme] = frequency.get(theme, 0) + 1

    def priority(candidate: Tagged) -> tuple[int, float, str]:
        rare = any(t in SENTEREJ_THEMES for t in candidate.themes)
        rarity = min((frequency[t] for t in candidate.themes), default=len(pool))
        return (0 if rare else 1, rarity, candidate.found.source)

    pool.sort(key=priority)
    # the largest size whose shares can all be kept, looked for from the top: rounding makes a size fail
    # where a larger one works, so the sizes are not bisected
    for size in range(min(target, len(pool)), 0, -1):
        chosen = _fill(pool, size)
        if len(chosen) >= size:
            return chosen
    return []


def _fill(pool: list[Tagged], size: int, kept: list[list[str]] | None = None) -> list[Tagged]:
    """The first `size` candidates of the pool that keep every share of the whole: the `kept` puzzles'
    themes (a fixture being extended) and the chosen ones."""
    kept = kept or []
    counts: dict[str, int] = {}
    for tags in kept:
        for t in tags:
            counts[t] = counts.get(t, 0) + 1
    whole = size + len(kept)
    chosen: list[Tagged] = []
    for candidate in pool:
        if len(chosen) >= size:
            break
        if all(counts.get(t, 0) + 1 <= MAX_SHARE_OF.get(t, MAX_SHARE) * whole for t in candidate.themes):
            chosen.append(candidate)
            for t in candidate.themes:
                counts[t] = counts.get(t, 0) + 1
    return chosen


#: What the deep puzzles are for: at least this many of each theme in the whole fixture.
DEEP_GOALS = {"mateIn5": 15, "mateIn4": 25, "twoFilMate": 8}
#: The order in which deep candidates are taken, and how many new ones of each are taken first: the longest
#: mates, the two-fil mates, then the mates in three (each a few more than the goal asks for); the rest of
#: each kind only after them.
DEEP_WANTED = {"mateIn5": 18, "mateIn4": 30, "twoFilMate": 12, "mateIn3": 100}


def select_more(kept: list[tuple[str, list[str]]], candidates: list[Tagged], target: int) -> list[Tagged]:
    """Up to `target` puzzles to add to the `kept` ones (each its FEN and themes) with no theme over its
    share of the whole: new positions only, taken in the order of DEEP_WANTED (the Senterej themes first,
    then the quicker proofs, which the validator makes again, then by source), each kind up to its number
    there, then the others in the same order."""
    known = {position_key(fen) for fen, _ in kept}
    unique: dict[str, Tagged] = {}
    for candidate in candidates:
        key = position_key(candidate.found.fen)
        if key not in known:
            unique.setdefault(key, candidate)
    wanted = list(DEEP_WANTED)

    def kind(candidate: Tagged) -> int:
        return min((wanted.index(t) for t in candidate.themes if t in wanted), default=len(wanted))

    def priority(candidate: Tagged) -> tuple[int, int, int, str]:
        rare = any(t in SENTEREJ_THEMES for t in candidate.themes)
        return kind(candidate), 0 if rare else 1, candidate.found.nodes, candidate.found.source

    first: list[Tagged] = []
    later: list[Tagged] = []
    taken = dict.fromkeys(range(len(wanted) + 1), 0)
    for candidate in sorted(unique.values(), key=priority):
        number = kind(candidate)
        taken[number] += 1
        within = number < len(wanted) and taken[number] <= DEEP_WANTED[wanted[number]]
        (first if within else later).append(candidate)
    pool = first + later
    themes_kept = [tags for _, tags in kept]
    for size in range(min(target, len(pool)), 0, -1):
        chosen = _fill(pool, size, themes_kept)
        if len(chosen) >= size:
            return chosen
    return []


def goals_met(kept: list[tuple[str, list[str]]], chosen: list[Tagged]) -> bool:
    """Whether the kept puzzles and the chosen ones together have every theme of DEEP_GOALS often enough."""
    counts: dict[str, int] = {}
    for tags in [tags for _, tags in kept] + [t.themes for t in chosen]:
        for t in tags:
            counts[t] = counts.get(t, 0) + 1
    return all(counts.get(theme, 0) >= least for theme, least in DEEP_GOALS.items())
