"""Growing the pool (`generate_puzzles --grow`): every puzzle of the fixture is proved again by today's proofs
(one they refuse is retired, `active` false, its line kept so that players' tries stay; one they accept is
tagged and rated again), then new puzzles from the generator's jobs are added after the largest id until the
pool holds the target of active puzzles, no theme over its share and every goal of GOALS met.

The new puzzles are taken in two passes: first those that bring a goal still short nearer (the werera,
the slower side's first, material with an idea, the long mates, the rules of Senterej), then the rest band
by band of rating, in turn, so that the pool's ratings spread over the whole range rather than crowd where
the generator finds most."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from trainer.generate.finders import Found, position_key
from trainer.generate.selection import MAX_SHARE, MAX_SHARE_OF, Tagged, tag
from trainer.lines import PuzzleLine
from trainer.puzzle_proofs import validate

#: What the grown pool must hold at least, by theme: the werera and material puzzles that a trainer trusts,
#: the long mates that reach the strong players, and the rules of Senterej that players from chess do not
#: know (from 1 % of a pool of 1,500 for the rarest mates to 10 % for the material puzzles).
GOALS = {
    "werera": 70,
    "advantage": 150,
    "mateIn3": 150,
    "mateIn4": 60,
    "mateIn5": 25,
    "twoFilMate": 15,
    "bareKingTrap": 100,
    "beatTheCount": 60,
    "lostPiecePromotion": 100,
    "inPlacePromotion": 50,
}
#: The width of a band of rating in the second pass.
BAND = 200
#: At most this many werera puzzles with the same choice (the same man from the same square to the same
#: square): every werera position grows from the one start, so a choice met again is nearly the same puzzle.
SAME_CHOICE_MOST = 3


@dataclass(frozen=True)
class Verdict:
    """A fixture record after its new proof: the record as it is to be written, and why it was retired."""

    record: dict[str, Any]
    retired: str | None = None


def reprove(record: dict[str, Any]) -> Verdict:
    """A fixture record proved again: retired if the proofs refuse it (or it was retired before), else its
    themes and rating made again by today's predicates and model. Its id, position and line never change."""
    fields = dict(record["fields"])
    if not fields.get("active", True):
        return Verdict(record, retired="retired before")
    reason = validate(fields["fen"], fields["moves"], rounds=fields.get("rounds", ""))
    if reason is not None:
        fields["active"] = False
        return Verdict({**record, "fields": fields}, retired=reason)
    found = Found(fields["fen"], fields["moves"], fields["source"], 0, 0, rounds=fields.get("rounds", ""))
    tagged = tag(found)
    fields["themes"] = " ".join(tagged.themes)
    fields["rating"] = tagged.rating
    return Verdict({**record, "fields": fields})


def proved(found: Found) -> Tagged | None:
    """A new puzzle tagged and rated, if today's proofs accept it (a state file may hold puzzles that older
    proofs found)."""
    if validate(found.fen, found.moves, rounds=found.rounds) is not None:
        return None
    return tag(found)


def _in_werera(candidate: Tagged) -> bool:
    return candidate.found.fen.split()[1] == "-"


def slower_solver(candidate: Tagged) -> bool:
    """A werera puzzle whose solver is the slower side of the round (R5.2): its choice is played second or
    dropped, the kind only the werera has, taken first among the werera's."""
    line = PuzzleLine.of(candidate.found.fen, candidate.found.moves)
    return line.quicker is not None and line.quicker != line.solver


def counts_of_tags(tag_lists: Iterable[list[str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for tags in tag_lists:
        for theme in tags:
            counts[theme] = counts.get(theme, 0) + 1
    return counts


def counts_of(puzzles: Iterable[tuple[str, list[str]]]) -> dict[str, int]:
    """How many puzzles (each its FEN and themes) have each theme."""
    return counts_of_tags(tags for _, tags in puzzles)


def short_goals(counts: dict[str, int]) -> dict[str, int]:
    """How many puzzles each goal still lacks."""
    return {
        theme: least - counts.get(theme, 0) for theme, least in GOALS.items() if counts.get(theme, 0) < least
    }


def select_grown(kept: list[tuple[str, list[str]]], candidates: list[Tagged], wanted: int) -> list[Tagged]:
    """Up to `wanted` new puzzles (positions the `kept` ones, each its FEN and themes, do not have), every
    share kept over the whole pool of kept and new: first those that serve a goal still short, the rarest
    goal first, then the rest by bands of rating in turn, each band's rarer themes first."""
    known = {position_key(fen) for fen, _ in kept}
    unique: dict[str, Tagged] = {}
    for candidate in sorted(candidates, key=lambda c: c.found.source):
        key = position_key(candidate.found.fen)
        if key not in known:
            unique.setdefault(key, candidate)
    pool = list(unique.values())
    frequency = counts_of_tags(c.themes for c in pool)
    counts = counts_of_tags(tags for _, tags in kept)
    whole = len(kept) + wanted
    chosen: list[Tagged] = []

    choices: Counter[str] = Counter()  # the new werera puzzles' choices

    def fits(candidate: Tagged) -> bool:
        if _in_werera(candidate) and choices[candidate.found.moves] >= SAME_CHOICE_MOST:
            return False
        return all(counts.get(t, 0) + 1 <= MAX_SHARE_OF.get(t, MAX_SHARE) * whole for t in candidate.themes)

    def take(candidate: Tagged) -> None:
        chosen.append(candidate)
        if _in_werera(candidate):
            choices[candidate.found.moves] += 1
        for t in candidate.themes:
            counts[t] = counts.get(t, 0) + 1

    def rarity(candidate: Tagged) -> tuple[int, str]:
        return min((frequency[t] for t in candidate.themes), default=len(pool)), candidate.found.source

    def goal_order(candidate: Tagged) -> tuple[int, bool, str]:
        least, source = rarity(candidate)
        return least, not slower_solver(candidate), source

    rest = []
    for candidate in sorted(pool, key=goal_order):
        short = short_goals(counts)
        if len(chosen) < wanted and any(t in short for t in candidate.themes) and fits(candidate):
            take(candidate)
        else:
            rest.append(candidate)
    bands: dict[int, list[Tagged]] = {}
    for candidate in rest:
        bands.setdefault(candidate.rating // BAND, []).append(candidate)
    queues = [bands[band] for band in sorted(bands)]
    while len(chosen) < wanted and any(queues):
        for queue in queues:
            while queue and len(chosen) < wanted:
                candidate = queue.pop(0)
                if fits(candidate):
                    take(candidate)
                    break
    return chosen
