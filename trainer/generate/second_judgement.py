"""A second, stricter judgement of the fixture's material and werera puzzles (`validate_puzzles --second`),
after the proofs every puzzle passes: a puzzle is kept only if a deeper search agrees with them.

- A material puzzle whose solution begins a forced mate is a mate puzzle: its line becomes the mate's,
  looked for among every move (MATE_MOVES deep) and proved as the mate finder proves one, and it is tagged
  and rated again as one.
- Any other material puzzle must pass the proof (the engine and the count of the men agreeing, see
  `senterej.engine.proofs.material`), and at every solver move the engine searching STEP_DEPTH plies, two
  more than the proof, must find no move it prefers to the solution.
- A werera puzzle's choice must still win, and be the only one, with each round's end searched
  WERERA_DEPTH plies (a move for each side) rather than the proof's one.

A puzzle that fails is retired with the reason; a mate puzzle, or one the proofs refused already, is left
as it is. A simple capture that stays, a cheaper man taking a dearer one in one move, is rated again
(`difficulty.simple_capture`).
"""

from dataclasses import dataclass

from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.position import Position
from senterej.engine.proofs import SearchLimitError
from senterej.engine.proofs.mate import MateSearch
from senterej.engine.proofs.material import MaterialJudge
from senterej.engine.proofs.werera_choice import prove_werera_choice
from trainer.generate.difficulty import simple_capture
from trainer.generate.finders import Found, proved_puzzle, unique_line
from trainer.generate.selection import initial_rating
from trainer.lines import PuzzleLine
from trainer.puzzle_proofs import validate
from trainer.themes import themes

#: Plies the engine searches at each solver move of a material puzzle (the proof searches three).
STEP_DEPTH = 5
#: Plies searched after a werera round (the proof searches one).
WERERA_DEPTH = 4
#: Nodes allowed to the deeper search of one puzzle.
NODES = 3_000_000
#: The longest forced mate looked for from a material puzzle's start (its proof looks for three), with
#: every move tried, and the mate search's nodes for it.
MATE_MOVES = 4
MATE_NODES = 30_000


@dataclass(frozen=True)
class Judgement:
    """What the second judgement did to a puzzle's fields: `retired` its reason, `mate` when the line became
    a mate's, `rerated` when a simple capture's rating changed."""

    fields: dict[str, object]
    retired: str | None = None
    mate: bool = False
    rerated: bool = False


def judge_again(fields: dict[str, object]) -> Judgement:
    """The second judgement of one active puzzle's fields."""
    fen, moves, rounds = str(fields["fen"]), str(fields["moves"]), str(fields.get("rounds", ""))
    if fen.split()[1] == "-":
        try:
            reason = prove_werera_choice(fen, moves.split(), rounds, NODES, WERERA_DEPTH)
        except SearchLimitError as error:
            reason = str(error)
        return _retired(fields, reason) if reason else Judgement(fields)
    if "advantage" not in str(fields["themes"]).split():
        return Judgement(fields)
    mate = _mate(fen, str(fields["source"]))
    if mate is not None and mate.moves.split()[0] == moves.split()[0]:
        line = PuzzleLine.of(fen, mate.moves)
        tags = themes(line)
        again = {
            **fields,
            "moves": mate.moves,
            "themes": " ".join(tags),
            "rating": initial_rating(line, tags),
        }
        return Judgement(again, mate=True)
    reason = validate(fen, moves) or _deeper_failure(fen, moves.split())
    if reason:
        return _retired(fields, reason)
    line = PuzzleLine.of(fen, moves)
    if simple_capture(line) and (rating := initial_rating(line)) != fields["rating"]:
        return Judgement({**fields, "rating": rating}, rerated=True)
    return Judgement(fields)


def _mate(fen: str, source: str) -> Found | None:
    """The proved mate puzzle of the position, if its side to move mates in MATE_MOVES or fewer."""
    position = Position.from_fen(fen)
    search = MateSearch(max_nodes=MATE_NODES)
    try:
        distance = search.distance(position, MATE_MOVES)
        line = unique_line(search, position.copy(), distance) if distance else None
    except SearchLimitError:
        return None
    return proved_puzzle(fen, line, source, MATE_NODES)


def _retired(fields: dict[str, object], reason: str) -> Judgement:
    return Judgement({**fields, "active": False}, retired=reason)


def _deeper_failure(fen: str, moves: list[str]) -> str | None:
    """The first solver move to which the engine, searching STEP_DEPTH plies, prefers another."""
    judge = MaterialJudge(max_nodes=NODES)
    position = Position.from_fen(fen)
    seen: list[tuple[int, ...]] = []
    try:
        for index, text in enumerate(moves):
            move = parse_coordinate(text)
            if index % 2 == 0:
                score = judge.score(position, move, STEP_DEPTH, seen)
                rival = judge.rival(position, move, STEP_DEPTH, seen, score + 1)
                if rival is not None:
                    better = coordinate(rival)
                    return f"move {index + 1} ({text}): {STEP_DEPTH} plies deep the engine prefers {better}"
            seen.append(position.placement_key())
            position.push(move)
    except SearchLimitError as error:
        return str(error)
    return None
