"""A puzzle's line, worked out once for every room that reads it: which side solves, the positions along the
line, its moves in SAN, and for a werera puzzle the round and which side is quicker in it.

A turn-based line alternates the solver's moves and the replies. A werera puzzle's line is one choice of
the solver; it is played as a round in which the other side waits (R5.1), so that what the choice does to
the werera (a capture or a check ends it, R5.3-R5.4) is there in the position after it."""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from urllib.parse import urlencode

from senterej.engine import WAIT, WHITE, Position
from senterej.engine.game import CHECKMATE, judge
from senterej.engine.notation import coordinate, parse_coordinate, san
from senterej.engine.position import move_from
from senterej.engine.proofs import MATED, status
from senterej.engine.werera import play_round, quicker_side

#: A side waiting in a werera round, as the analysis board's address writes it (R5.1).
WAITING = "0000"


class LineError(ValueError):
    """A line that cannot be played from its start: which move (1-based), and why a move that cannot even be
    read is not one (empty when the move reads but is not legal there)."""

    def __init__(self, number: int, move: str, unreadable: str = "") -> None:
        super().__init__(f"move {number} ({move}): {unreadable or 'not legal'}")
        self.number = number
        self.move = move
        self.unreadable = unreadable


@dataclass(frozen=True)
class PuzzleLine:
    fen: str
    moves: tuple[str, ...]

    @classmethod
    def of(cls, fen: str, moves: str | Sequence[str]) -> "PuzzleLine":
        return cls(fen, tuple(moves.split() if isinstance(moves, str) else moves))

    @cached_property
    def start(self) -> Position:
        return Position.from_fen(self.fen)

    @cached_property
    def solver(self) -> int:
        """The side to move, or in a werera round the owner of the man the first choice moves (White when
        the line cannot say, so that a broken puzzle can still be shown)."""
        if self.start.turn is not None:
            return self.start.turn
        try:
            man = self.start.piece_at(move_from(parse_coordinate(self.moves[0])))
        except (ValueError, IndexError):
            return WHITE
        return man.colour if man is not None else WHITE

    @property
    def werera_round(self) -> int | None:
        """The round the puzzle is set in, or None after the werera."""
        return self.start.werera

    @property
    def quicker(self) -> int | None:
        """In a werera puzzle, the side whose move is played first this round (R5.2)."""
        return None if self.werera_round is None else quicker_side(self.werera_round)

    def play(self, position: Position, text: str) -> None:
        """Plays one move of the line (or a move tried instead) on `position`, in place."""
        move = parse_coordinate(text)
        if position.werera is None:
            position.push(move)
        elif self.solver == WHITE:
            play_round(position, move, WAIT)
        else:
            play_round(position, WAIT, move)

    def after(self, moves: Sequence[str]) -> Position:
        """The position after these moves from the start (the line's own, or tried ones)."""
        position = self.start.copy()
        for text in moves:
            self.play(position, text)
        return position

    def at(self, ply: int) -> Position:
        """The position after the first `ply` moves of the line."""
        return self.after(self.moves[:ply])

    def accepts(self, ply: int, move: int) -> bool:
        """Whether the solver's `move` at `ply` keeps to the line: the line's own move, or on its last move
        any move that mates (a mate is a mate, whichever). A werera choice must be the one proved."""
        if coordinate(move) == self.moves[ply]:
            return True
        position = self.at(ply)
        side = position.turn
        if ply != len(self.moves) - 1 or side is None:
            return False
        position.push(move)
        judgement = judge(position)
        return judgement.status == CHECKMATE and judgement.winner == side

    def side_at(self, position: Position) -> int:
        """Who plays next in a position of the line: the side to move, or in the werera the solver."""
        return self.solver if position.turn is None else position.turn

    def sans(self, moves: Sequence[str] | None = None, ply: int = 0) -> list[str]:
        """`moves` (the line by default) in SAN, played from the position after `ply` moves of the line."""
        position = self.at(ply)
        words = []
        for text in self.moves if moves is None else moves:
            words.append(san(position, parse_coordinate(text), self.side_at(position)))
            self.play(position, text)
        return words

    def check_playable(self) -> None:
        """Raises LineError naming the first move that cannot be played in turn."""
        position = self.start.copy()
        for number, text in enumerate(self.moves, start=1):
            try:
                move = parse_coordinate(text)
            except ValueError as error:
                raise LineError(number, text, str(error)) from error
            if move not in position.legal_moves(self.side_at(position)):
                raise LineError(number, text)
            self.play(position, text)

    @cached_property
    def positions(self) -> list[Position]:
        """The position before each move of the line, then the position at its end."""
        position = self.start.copy()
        seen = [position.copy()]
        for text in self.moves:
            self.play(position, text)
            seen.append(position.copy())
        return seen

    @cached_property
    def solver_steps(self) -> list[tuple[Position, int]]:
        """Each solver move with the position it is played in."""
        return [(self.positions[i], parse_coordinate(self.moves[i])) for i in range(0, len(self.moves), 2)]

    @property
    def end(self) -> Position:
        return self.positions[-1]

    @cached_property
    def mates(self) -> bool:
        return self.end.turn == self.solver ^ 1 and status(self.end.copy())[0] == MATED

    def analysis_query(self) -> str:
        """The analysis board's query for this line: its start, its werera rounds (the solver's choice, the
        other side waiting, R5.1) and then its moves, the board showing where the solution ends, every step
        of it a click away, and play going on from there."""
        position, rounds, moves = self.start.copy(), [], []
        for text in self.moves:
            if position.werera is None:
                moves.append(text)
            else:
                rounds.append(f"{text}:{WAITING}" if self.solver == WHITE else f"{WAITING}:{text}")
            self.play(position, text)
        fields = {"fen": self.fen, "rounds": ",".join(rounds), "moves": ",".join(moves)}
        return urlencode({name: value for name, value in fields.items() if value})
