"""Deep mates (`deep_jobs`, run by `generate_puzzles --deep`) come from climbs: a constructed position with a
mate has one man at a time moved elsewhere, a move kept when the mate by checks grows no shorter and no less
unique, until it is a mate in five that only one move starts (or, for two-fil mates, until the one mate in
one is by two fils); the end of the climb is then searched in full, with larger node budgets, for a unique
line. Self-play positions are searched with the same budgets. Every deep puzzle is proved by the same
`prove_mate_line` as the others, within DEEP_PROOF_NODES, which bounds what the validator spends on it."""

import random
from collections.abc import Callable

from senterej.engine.pieces import MEDEQ
from senterej.engine.position import Position
from senterej.engine.proofs import SearchLimitError, status
from senterej.engine.proofs.mate import MateSearch
from trainer.generate.constructed import Endgame, constructed_fen, placement_of, square_near
from trainer.generate.finders import Found, mate_grade, position_key, proved_puzzle, unique_line
from trainer.generate.harvest import PUZZLES_PER_GAME, selfplay_positions
from trainer.lines import PuzzleLine
from trainer.themes import themes

#: Deep mates are mates in DEEP_LEAST to DEEP_MOST moves (two-fil mates in any number up to TWO_FIL_MOST).
DEEP_LEAST = 3
DEEP_MOST = 5
TWO_FIL_MOST = 3
#: Attacking nodes for a deep look: one step of a climb (checks only), the first look at a candidate
#: (checks only), its unique line (full width), and its proof, which bounds what the validator spends on it.
CLIMB_NODES = 4_000
DEEP_FIND_NODES = 20_000
DEEP_LINE_NODES = 60_000
DEEP_PROOF_NODES = 30_000
#: Climbs in one job (climbs towards a two-fil mate in one are cheaper), and the men moved in each.
CLIMBS_PER_JOB = 8
TWO_FIL_CLIMBS_PER_JOB = 20
CLIMB_STEPS = 1000
#: Random positions tried for the start of a climb (it must hold a mate already).
CLIMB_STARTS = 200
#: The sources of deep puzzles begin with this: `generate_puzzles --deep` keeps every other puzzle as it is.
DEEP_KIND = "deep"

#: Material for deep mates: the attacker strong enough to mate by a long series of checks, the defender
#: with a piece or two so that it is no bare king (R7.3), sometimes a lone one with its count (R7.4). The
#: minor pieces give the unique mates in four and five (and have fewer moves to refute); ders give many
#: mates, but most are shared or quicker by a quiet move.
DEEP_SETS = (
    Endgame("NNBQ", "NP", kind=DEEP_KIND),
    Endgame("NNBP", "BP", kind=DEEP_KIND),
    Endgame("RRN", "NP", kind=DEEP_KIND),
    Endgame("NNBQ", "BP", kind=DEEP_KIND),
    Endgame("NBBQP", "NP", kind=DEEP_KIND),
    Endgame("NNQP", "BP", kind=DEEP_KIND),
    Endgame("RNN", "BP", kind=DEEP_KIND),
    Endgame("NNBB", "NP", kind=DEEP_KIND),
    Endgame("NNBQP", "BP", kind=DEEP_KIND),
    Endgame("RNB", "NP", kind=DEEP_KIND),
)
#: Material for two-fil mates (R10: by two fils, applauded): both fils, and men to close the last squares.
TWO_FIL_SETS = (
    Endgame("BBQ", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBN", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBQP", "NP", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBR", "N", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBNP", "BP", kind=f"{DEEP_KIND} two-fil"),
    Endgame("BBQN", "RP", kind=f"{DEEP_KIND} two-fil"),
)


def deep_puzzle(fen: str, source: str, least: int = DEEP_LEAST, most: int = DEEP_MOST) -> Found | None:
    """A mate puzzle in `least` to `most` moves with a unique line, looked for with the larger budgets of
    deep mates; the last mate is the finest by Plowden's grades. A quiet mate quicker than the mate by
    checks is taken instead, if it is still long enough."""
    position = Position.from_fen(fen)
    if status(position)[0] is not None:
        return None
    try:
        distance = MateSearch(max_nodes=DEEP_FIND_NODES, checks_only=True).distance(position, most)
        if distance is None or distance < least:
            return None
        search = MateSearch(max_nodes=DEEP_LINE_NODES)
        quicker = search.distance(position, distance - 1) if distance > 1 else None
        distance = quicker or distance
        if distance < least:
            return None
        line = unique_line(search, position, distance, graded=True)
    except SearchLimitError:
        return None
    return proved_puzzle(fen, line, source, DEEP_PROOF_NODES)


def _open_position(fen: str) -> Position | None:
    """The climb's position, unless the rules refuse it (R9.1) or the game is already over there."""
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return None
    return None if status(position)[0] is not None else position


def _deep_score(fen: str, most: int) -> tuple[int, int] | None:
    """How far a climb has come: the mate by checks (its length, 0 for none, and 1 if one move alone
    starts it), or None for a position the rules refuse (R9.1), one already over, or one too costly to look
    at."""
    position = _open_position(fen)
    if position is None:
        return None
    search = MateSearch(max_nodes=CLIMB_NODES, checks_only=True)
    try:
        distance = search.distance(position, most)
        if distance is None:
            return 0, 0
        return distance, int(len(search.mating_moves(position, distance, limit=2)) == 1)
    except SearchLimitError:
        return None


def _two_fil_score(fen: str, most: int) -> tuple[int, int] | None:
    """A climb towards a two-fil mate in one: 3 when the one mate in one is by two fils, 2 when some mate
    in one is, 1 for any mate in one, 0 for none (None as for `_deep_score`)."""
    del most
    position = _open_position(fen)
    if position is None:
        return None
    mates = MateSearch(max_nodes=CLIMB_NODES).mating_moves(position, 1)
    if not mates:
        return 0, 0
    if not any(mate_grade(position, move) == 1 for move in mates):
        return 1, 0
    return (3 if len(mates) == 1 else 2), 0


def _relocated(fen: str, rng: random.Random) -> str:
    """The position with one man (either side's, negus included) moved to another empty square, most often
    one near the defending negus; a medeq never onto a first or last rank."""
    position = Position.from_fen(fen)
    board = {sq: piece for sq in range(64) if (piece := position.piece_at(sq)) is not None}
    square = rng.choice(sorted(board))
    piece = board.pop(square)
    assert position.turn is not None
    target = position.negus[position.turn ^ 1]
    empty = {sq for sq in range(64) if sq not in board and (piece.kind != MEDEQ or 1 <= sq // 8 <= 6)}
    new = square_near(rng, empty, target, 2, range(8))
    board[square if new is None else new] = piece
    return " ".join([placement_of(board), *fen.split()[1:]])


def climb(
    spec: Endgame,
    rng: random.Random,
    score: Callable[[str, int], tuple[int, int] | None],
    most: int,
    top: tuple[int, int],
) -> str | None:
    """A constructed position improved one moved man at a time: a move is kept when the score is no worse
    (so the climb also wanders along a level), and the best position met is returned once the score
    reaches `top`, or after CLIMB_STEPS moves; None if no start was found (one with a mate, for a climb
    towards a deep mate)."""
    fen, current = None, (0, 0)
    for _ in range(CLIMB_STARTS):
        start = constructed_fen(spec, rng)
        value = score(start, most) if start is not None else None
        if start is not None and value is not None and (value[0] > 0 or score is _two_fil_score):
            fen, current = start, value
            break
    if fen is None:
        return None
    best, best_value = fen, current
    for _ in range(CLIMB_STEPS):
        if best_value >= top:
            break
        moved = _relocated(fen, rng)
        value = score(moved, most)
        if value is None or value < current:
            continue
        fen, current = moved, value
        if current > best_value:
            best, best_value = fen, current
    return best


def deep_job(seed: int, spec_index: int, batch: int, two_fil: bool = False) -> list[Found]:
    """The puzzles of one batch of climbs (`climbed_puzzle`) on one material set."""
    climbs = TWO_FIL_CLIMBS_PER_JOB if two_fil else CLIMBS_PER_JOB
    found = []
    for index in range(batch * climbs, (batch + 1) * climbs):
        puzzle = climbed_puzzle(seed, spec_index, index, two_fil)
        if puzzle is not None:
            found.append(puzzle)
    return found


def climbed_puzzle(seed: int, spec_index: int, index: int, two_fil: bool = False) -> Found | None:
    """A deep mate (or a two-fil mate) from one climb, seeded by itself: the climb starts from a constructed
    position with a mate and moves men until the mate by checks is as long as wanted and begins with one
    move only (or until the one mate in one is by two fils); then the puzzle is looked for and proved."""
    spec = (TWO_FIL_SETS if two_fil else DEEP_SETS)[spec_index]
    rng = random.Random(f"{spec.name} {seed} climb {index}")
    source = f"{spec.name} seed {seed} climb {index}"
    if not two_fil:
        fen = climb(spec, rng, _deep_score, DEEP_MOST, (DEEP_MOST, 1))
        return deep_puzzle(fen, source) if fen else None
    fen = climb(spec, rng, _two_fil_score, TWO_FIL_MOST, (3, 0))
    puzzle = deep_puzzle(fen, source, 1, TWO_FIL_MOST) if fen else None
    if puzzle is None or "twoFilMate" not in themes(PuzzleLine.of(puzzle.fen, puzzle.moves)):
        return None
    return puzzle


def selfplay_deep_job(seed: int, game: int) -> list[Found]:
    """Deep mates from the positions of one self-play game, looked for with the deep budgets."""
    found: list[Found] = []
    covered: set[str] = set()
    for fen, source in selfplay_positions(seed, game):
        if len(found) >= PUZZLES_PER_GAME:
            break
        if fen.split()[1] == "-" or position_key(fen) in covered:
            continue
        puzzle = deep_puzzle(fen, f"{DEEP_KIND} {source}")
        if puzzle is not None:
            found.append(puzzle)
            covered.update(position_key(p.fen()) for p in PuzzleLine.of(puzzle.fen, puzzle.moves).positions)
    return found
