"""Werera proofs: one choice of a werera round that mates whatever the other side chooses (R5)."""

from ..notation import coordinate, parse_coordinate
from ..pieces import BLACK, WHITE
from ..position import WAIT, Position
from ..speech import _
from ..werera import play_round
from . import MATED, status


def werera_round_wins(position: Position, side: int, choice: int) -> bool:
    """Whether `choice` of `side` in this werera round mates whatever the other side chooses (R5)."""
    them = side ^ 1
    for reply in [WAIT, *position.legal_moves(them)]:
        after = position.copy()
        play_round(after, *((choice, reply) if side == WHITE else (reply, choice)))
        if after.turn != them or status(after)[0] != MATED:
            return False
    return True


def werera_winning_choices(position: Position, side: int, limit: int = 99) -> list[int]:
    """The choices (waiting included) of `side` that mate in this round whatever the other side chooses."""
    found = []
    for choice in [WAIT, *position.legal_moves(side)]:
        if _mates_if_they_wait(position, side, choice) and werera_round_wins(position, side, choice):
            found.append(choice)
            if len(found) >= limit:
                break
    return found


def _mates_if_they_wait(position: Position, side: int, choice: int) -> bool:
    """A quick first test: a choice that does not mate against a waiting opponent cannot win every time."""
    if choice == WAIT:
        return False
    after = position.copy()
    play_round(after, *((choice, WAIT) if side == WHITE else (WAIT, choice)))
    return after.turn == side ^ 1 and status(after)[0] == MATED


def prove_werera_choice(fen: str, moves: list[str]) -> str | None:
    """Checks a werera puzzle (one round): the solver's one choice mates whatever the opponent chooses, and
    no other choice does. The solver is the side whose man the choice moves."""
    position = Position.from_fen(fen)
    if position.werera is None:
        return _("not a werera position")
    if len(moves) != 1:
        return _("a werera puzzle is one choice")
    choice = parse_coordinate(moves[0])
    sides = [side for side in (WHITE, BLACK) if choice != WAIT and choice in position.legal_moves(side)]
    if len(sides) != 1:
        return _("%(move)s is not a legal choice of exactly one side") % {"move": moves[0]}
    winning = werera_winning_choices(position, sides[0], limit=2)
    if winning != [choice]:
        others = " ".join(coordinate(m) for m in winning if m != choice) or _("none")
        return _("%(move)s is not the only choice that mates whatever the reply: %(others)s") % {
            "move": moves[0],
            "others": others,
        }
    return None
