"""Werera proofs: one choice of a werera round that wins whatever the other side chooses (R5), in a position
reached by werera rounds from the start (R5.11).

A choice wins when every round it can make ends either in the solver's mate or with the werera over (a
capture, R5.3, or a check, R5.4-R5.5) and the solver decisively ahead: the engine's own value of the
position after the round (`Searcher.value`, with the rules of R7.3, R7.4 and R8 judged inside) is at least
GAIN above the balance before the round. A round after which the werera goes on wins nothing. The choice
is the only one when every other choice (waiting included) has a reply that leaves it at least MARGIN below
the solution's worst case.

The opponent's choices are grouped by what they can do to the round, and each distinct position after a
round is valued once: a quicker side's capture is played whatever the slower side chose, so all replies
give one position; a choice that neither takes nor checks is refuted by a wait, which leaves the werera
open; the slower side's capture is played whenever the quicker side's choice is no capture.
"""

from dataclasses import dataclass, field

from ..evaluate import evaluate
from ..notation import coordinate, parse_coordinate
from ..pieces import BLACK, WHITE
from ..position import START_FEN, WAIT, Position
from ..search import Searcher
from ..speech import _
from ..werera import play_round, quicker_side
from . import SearchLimitError

#: The solution must leave the solver this far ahead of the balance before the round, whatever the reply:
#: more than a fers (180) or a fil (150) alone, about a feres (300) less the evaluation's positional
#: noise, so that the gain is a man that matters in a full board, not a medeq or a better square.
GAIN = 250
#: Every other choice has a reply that keeps it this far below the solution's worst case: more than a fil
#: or a medeq and a good square, so that no other choice wins nearly as much.
MARGIN = 200
#: Plies searched after the round (then captures and promotions only): enough to see the man taken back.
DEPTH = 1
#: Nodes allowed to one proof (every position after a round it values together).
PROOF_NODES = 60_000


def round_text(white: int, black: int) -> str:
    """One round as `replay` reads it: White's choice and Black's in coordinates, "0000" for a wait."""
    return f"{coordinate(white)}/{coordinate(black)}"


def replay(rounds: str) -> Position:
    """The position after `rounds` ("white/black" choices in coordinates, rounds separated by spaces) played
    from the start (R5); raises ValueError when a round cannot be read or played, or ends the werera."""
    position = Position.from_fen(START_FEN)
    for number, text in enumerate(rounds.split(), start=1):
        pair = text.split("/")
        if len(pair) != 2:
            raise ValueError(
                _("round %(number)s (%(round)s) is not two choices") % {"number": number, "round": text}
            )
        report = play_round(position, parse_coordinate(pair[0]), parse_coordinate(pair[1]))
        if report.ended is not None:
            raise ValueError(
                _("round %(number)s (%(round)s) ends the werera") % {"number": number, "round": text}
            )
    return position


@dataclass
class WereraJudge:
    """Values the positions after the rounds of one werera position for one side, each distinct position
    once, within a budget of search nodes shared by all of them."""

    position: Position
    solver: int
    max_nodes: int = PROOF_NODES
    #: Plies searched after each round (a stricter judgement looks deeper).
    depth: int = DEPTH
    nodes: int = 0
    searcher: Searcher = field(default_factory=Searcher)
    known: dict[tuple[object, ...], int | None] = field(default_factory=dict)

    @property
    def balance(self) -> int:
        """The balance before the round, from the solver's view."""
        score = evaluate(self.position)
        return score if self.solver == WHITE else -score

    def after(self, choice: int, reply: int) -> int | None:
        """The solver's value of the round of `choice` against `reply`; None when the werera goes on."""
        after = self.position.copy()
        play_round(after, *((choice, reply) if self.solver == WHITE else (reply, choice)))
        if after.werera is not None:
            return None
        key = (after.placement_key(), after.turn, after.counting)
        if key not in self.known:
            self.known[key] = self._value(after)
        return self.known[key]

    def _value(self, after: Position) -> int:
        left = self.max_nodes - self.nodes
        try:
            score = self.searcher.value(after, self.depth, max_nodes=left)
        except SearchLimitError as error:
            raise SearchLimitError(f"more than {self.max_nodes} nodes") from error
        finally:
            self.nodes += self.searcher.nodes
        return score if after.turn == self.solver else -score

    def replies(self, choice: int) -> list[int]:
        """The opponent's choices that can make different rounds of `choice`, the likeliest refutations
        first (waiting, then captures, then the rest); of the choices that give one and the same round only
        the first is kept."""
        them = self.solver ^ 1
        position = self.position
        theirs = position.legal_moves(them)
        captures = [move for move in theirs if position.is_capture(move)]
        quiet = [move for move in theirs if not position.is_capture(move)]
        assert position.werera is not None
        quick = quicker_side(position.werera)
        if choice != WAIT and position.is_capture(choice):
            # the solver's capture: played alone unless the solver is slower and the reply takes too
            return [WAIT] if quick == self.solver else [WAIT, *captures]
        if choice != WAIT and quick == self.solver and gives_check(position, self.solver, choice):
            return [WAIT, *captures]  # a quicker check drops every quiet reply
        return [WAIT, *captures, *quiet]

    def worst(self, choice: int) -> int | None:
        """The solver's worst case over the replies to `choice`; None when a reply leaves the werera open."""
        worst: int | None = None
        for reply in self.replies(choice):
            value = self.after(choice, reply)
            if value is None:
                return None
            worst = value if worst is None else min(worst, value)
        return worst

    def refuted(self, choice: int, bar: int) -> bool:
        """Whether a reply keeps `choice` below `bar` (or leaves the werera open)."""
        for reply in self.replies(choice):
            value = self.after(choice, reply)
            if value is None or value < bar:
                return True
        return False

    def ends_against_wait(self, choice: int) -> bool:
        """A first sieve: a choice that leaves the werera open against a wait cannot win."""
        if choice == WAIT:
            return False
        after = self.position.copy()
        play_round(after, *((choice, WAIT) if self.solver == WHITE else (WAIT, choice)))
        return after.werera is None


def gives_check(position: Position, side: int, move: int) -> bool:
    """Whether `side`'s werera choice `move` checks the other negus where it stands (R5.4-R5.5)."""
    position.push(move, side)
    try:
        return position.is_check(side ^ 1)
    finally:
        position.pop()


def werera_choice_failure(
    position: Position, side: int, choice: int, max_nodes: int = PROOF_NODES, depth: int = DEPTH
) -> str | None:
    """Why `choice` of `side` does not win this werera round whatever the other side chooses, or is not the
    only choice that does (None when it wins and is the only one), each round's end searched `depth` plies."""
    judge = WereraJudge(position, side, max_nodes, depth)
    worst = judge.worst(choice)
    if worst is None:
        return _("a reply leaves the werera open: the round wins nothing")
    if worst < judge.balance + GAIN:
        return _("the worst reply leaves a gain of %(gain)s centipawns, less than %(needed)s") % {
            "gain": worst - judge.balance,
            "needed": GAIN,
        }
    bar = worst - MARGIN
    for other in [WAIT, *position.legal_moves(side)]:
        if other != choice and judge.ends_against_wait(other) and not judge.refuted(other, bar):
            return _("%(move)s wins nearly as much whatever the reply") % {"move": coordinate(other)}
    return None


def werera_winning_choices(
    position: Position, side: int, limit: int = 99, max_nodes: int = PROOF_NODES
) -> list[int]:
    """The choices of `side` that win this round whatever the other side chooses (at most `limit`)."""
    judge = WereraJudge(position, side, max_nodes)
    target = judge.balance + GAIN
    found = []
    for choice in position.legal_moves(side):
        if judge.ends_against_wait(choice) and not judge.refuted(choice, target):
            found.append(choice)
            if len(found) >= limit:
                break
    return found


def prove_werera_choice(
    fen: str, moves: list[str], rounds: str, max_nodes: int = PROOF_NODES, depth: int = DEPTH
) -> str | None:
    """Checks a werera puzzle: `rounds` played from the start reach exactly its position (R5.11), and the
    solver's one choice wins the round whatever the opponent chooses while no other choice does. The solver
    is the side whose man the choice moves."""
    position = Position.from_fen(fen)
    if position.werera is None:
        return _("not a werera position")
    if not rounds.strip() and position.fen() != START_FEN:
        return _("a werera puzzle needs the rounds from the start that reach it")
    try:
        reached = replay(rounds)
    except ValueError as error:
        return str(error)
    if reached.fen() != position.fen():
        return _("the rounds reach %(reached)s, not the puzzle's position") % {"reached": reached.fen()}
    if len(moves) != 1:
        return _("a werera puzzle is one choice")
    choice = parse_coordinate(moves[0])
    sides = [side for side in (WHITE, BLACK) if choice != WAIT and choice in position.legal_moves(side)]
    if len(sides) != 1:
        return _("%(move)s is not a legal choice of exactly one side") % {"move": moves[0]}
    return werera_choice_failure(position, sides[0], choice, max_nodes, depth)
