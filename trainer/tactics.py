"""The tactical themes: what a puzzle's solution does to the enemy men. Each predicate asks that the motif be
in the solution, not merely on the board: a fork's target is taken, a trapped piece is hunted down, an opened
der line checks or wins the man.

A man is *lost* on its square when the enemy wins material by trading on that square (a static exchange:
each side takes with its cheapest man and may stop when it pleases; pins are left aside, as the line itself
has been proved)."""

from senterej.engine.notation import parse_coordinate
from senterej.engine.pieces import DER, MEDEQ, NEGUS, PIECE_KINDS, VALUE
from senterej.engine.position import Position, move_from, move_to
from senterej.engine.squares import (
    BETWEEN,
    der_attacks,
    man_attacks,
    squares_of,
)
from trainer.lines import PuzzleLine

#: The negus in an exchange: it is never given up, so it outweighs everything it could take.
NEGUS_WORTH = 10_000


def worth(kind: int) -> int:
    return NEGUS_WORTH if kind == NEGUS else VALUE[kind]


def attacks(position: Position, sq: int) -> int:
    """The squares the man on `sq` attacks (R2)."""
    code = position.board[sq]
    return man_attacks(code & 7, code >> 3, sq, position.by_colour[0] | position.by_colour[1])


def exchange(position: Position, sq: int, side: int) -> int:
    """What `side` wins, at best, by trading on `sq` (0 when it had better not start)."""
    occupied = position.by_colour[0] | position.by_colour[1]
    gains = []
    standing = worth(position.board[sq] & 7)
    colour = side
    while attackers := position.attackers(colour, sq, occupied) & occupied:
        cheapest = min(squares_of(attackers), key=lambda s: worth(position.board[s] & 7))
        gains.append(standing)
        standing = worth(position.board[cheapest] & 7)
        occupied &= ~(1 << cheapest)
        colour ^= 1
    won = 0
    for gain in reversed(gains):
        won = max(0, gain - won)
    return won


def is_lost(position: Position, sq: int) -> bool:
    """Whether the man on `sq` is attacked and not defended enough."""
    return exchange(position, sq, position.board[sq] >> 3 ^ 1) > 0


def _step(puzzle: PuzzleLine, index: int) -> tuple[Position, int, Position]:
    """The solver's `index`-th move (0-based): the position before it, the move, the position after."""
    before, move = puzzle.solver_steps[index]
    return before, move, puzzle.positions[2 * index + 1]


def fork(puzzle: PuzzleLine) -> bool:
    """A solver move before the last puts a man where it attacks two enemy men at once (the negus, men worth
    more than it, or men nothing guards; medeqs aside), and the same man later takes one of them."""
    for index in range(len(puzzle.solver_steps) - 1):
        _, move, after = _step(puzzle, index)
        to = move_to(move)
        forker = after.board[to]
        mover = worth(forker & 7)
        targets = {
            sq: after.board[sq]
            for sq in squares_of(attacks(after, to) & after.by_colour[puzzle.solver ^ 1])
            if after.board[sq] & 7 != MEDEQ
            and (worth(after.board[sq] & 7) > mover or not after.attackers(puzzle.solver ^ 1, sq))
        }
        if len(targets) >= 2 and _takes_later(puzzle, index + 1, to, forker, targets):
            return True
    return False


def _takes_later(puzzle: PuzzleLine, start: int, sq: int, man: int, targets: dict[int, int]) -> bool:
    """Whether the man on `sq`, staying there until it moves, takes one of the targets still on its square."""
    for index in range(start, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        if before.board[sq] != man:
            return False
        if move_from(move) == sq:
            to = move_to(move)
            return to in targets and before.board[to] == targets[to] and _wins_man(puzzle, index)
    return False


def discovered_attack(puzzle: PuzzleLine) -> bool:
    """A solver man steps off a line and opens it for a der of the solver, and that opened line checks the
    enemy negus at once or is the line along which the der later takes the man it uncovered."""
    for index in range(len(puzzle.solver_steps)):
        _, move, after = _step(puzzle, index)
        frm, to = move_from(move), move_to(move)
        if frm == to:
            continue
        occupied = after.by_colour[0] | after.by_colour[1]
        enemy = after.by_colour[puzzle.solver ^ 1]
        for der in squares_of(after.by_colour[puzzle.solver] & after.by_kind[DER] & ~(1 << to)):
            opened = der_attacks(der, occupied) & ~der_attacks(der, occupied | 1 << frm) & enemy
            for target in squares_of(opened):
                if after.board[target] & 7 == NEGUS or _der_takes_later(puzzle, index + 1, der, target):
                    return True
    return False


def _der_takes_later(puzzle: PuzzleLine, start: int, der: int, target: int) -> bool:
    """Whether the der on `der` later takes, along the same line, the man that stood on `target`."""
    man = puzzle.positions[2 * start - 1].board[target]
    for index in range(start, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        if before.board[target] != man or before.board[der] & 7 != DER:
            return False
        if move_from(move) == der:
            return move_to(move) == target
    return False


def hanging_piece(puzzle: PuzzleLine) -> bool:
    """The first move takes an enemy piece, not with mate, and the opponent has no legal move that takes
    back."""
    before, move, after = _step(puzzle, 0)
    to = move_to(move)
    if not _wins_man(puzzle, 0):
        return False
    return all(move_to(reply) != to for reply in after.legal_moves(puzzle.solver ^ 1))


def _wins_man(puzzle: PuzzleLine, index: int) -> bool:
    """Whether the solver's `index`-th move takes an enemy piece, and not with the mate: a man won, not the
    game."""
    before, move = puzzle.solver_steps[index]
    if not before.is_capture(move) or before.board[move_to(move)] & 7 not in PIECE_KINDS:
        return False
    return not (puzzle.mates and index == len(puzzle.solver_steps) - 1)


def trapped_piece(puzzle: PuzzleLine) -> bool:
    """A later solver move takes an enemy piece that, with its side to move and not in check, was lost where
    it stood and on every square it could go to (or could not move at all without leaving its negus
    attacked, R2.7), unless going there took a man worth as much as itself."""
    for index in range(1, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        to = move_to(move)
        if not _wins_man(puzzle, index):
            continue
        reply = _reply(puzzle, index)
        square = move_from(reply) if move_to(reply) == to else to
        if _trapped(puzzle.positions[2 * index - 1], square, before.board[to]):
            return True
    return False


def _reply(puzzle: PuzzleLine, index: int) -> int:
    """The opponent's move just before the solver's `index`-th move."""
    return parse_coordinate(puzzle.moves[2 * index - 1])


def _trapped(position: Position, sq: int, man: int) -> bool:
    side = man >> 3
    if position.board[sq] != man or position.turn != side or position.is_check(side):
        return False
    if not is_lost(position, sq):
        return False
    for move in position.legal_moves():
        if move_from(move) != sq:
            continue
        to = move_to(move)
        if position.board[to] and worth(position.board[to] & 7) >= worth(man & 7):
            return False
        escaped = position.copy()
        escaped.push(move)
        if not is_lost(escaped, to):
            return False
    return True


def skewer(puzzle: PuzzleLine) -> bool:
    """A solver der attacks an enemy man along a line; the man, the negus or worth more than the one behind
    it, steps off the line, and the der takes the man behind, which is lost there (and not with mate)."""
    for index in range(1, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        frm, to = move_from(move), move_to(move)
        if before.board[frm] & 7 != DER or not _wins_man(puzzle, index):
            continue
        reply = _reply(puzzle, index)
        front = puzzle.positions[2 * index - 1].board[move_from(reply)]
        if (
            BETWEEN[frm][to] >> move_from(reply) & 1
            and worth(front & 7) > worth(before.board[to] & 7)
            and is_lost(before, to)
        ):
            return True
    return False


def pin(puzzle: PuzzleLine) -> bool:
    """With the opponent to move, a solver der pins an enemy piece to its negus (moving it off the line
    would leave the negus attacked, R2.7); the piece is lost where it stands, and the next solver move
    takes it."""
    for index in range(1, len(puzzle.solver_steps)):
        before, move = puzzle.solver_steps[index]
        to = move_to(move)
        if not _wins_man(puzzle, index):
            continue
        position = puzzle.positions[2 * index - 1]
        if position.board[to] == before.board[to] and _pinned(position, to) and is_lost(position, to):
            return True
    return False


def _pinned(position: Position, sq: int) -> bool:
    """Whether the man on `sq` stands between its negus and an enemy der with nothing else between."""
    side = position.board[sq] >> 3
    king = position.negus[side]
    occupied = position.by_colour[0] | position.by_colour[1]
    for der in squares_of(position.by_colour[side ^ 1] & position.by_kind[DER]):
        between = BETWEEN[der][king]
        if between >> sq & 1 and between & occupied == 1 << sq:
            return True
    return False


def double_check(puzzle: PuzzleLine) -> bool:
    """A solver move checks the enemy negus with two men at once."""
    enemy = puzzle.solver ^ 1
    return any(
        len(squares_of(after.attackers(puzzle.solver, after.negus[enemy]))) >= 2
        for _, _, after in (_step(puzzle, index) for index in range(len(puzzle.solver_steps)))
    )
