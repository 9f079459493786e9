"""The board component: what `{% board %}` draws from an engine position, and what its script needs in
order to take a move. Play, the course, the trainer and the admin all draw their boards with it."""

import json
from dataclasses import dataclass, field

from senterej.engine import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Piece, Position, square_name
from senterej.engine.notation import coordinate
from senterej.engine.position import move_from, move_to

#: The six men in the order the site introduces them, in both colours, keyed by their Senterej names (for
#: templates: `men.negus.white`).
THE_MEN = {
    Piece(WHITE, kind).name: {"white": Piece(WHITE, kind), "black": Piece(BLACK, kind)}
    for kind in (NEGUS, FERS, DER, FIL, FERES, MEDEQ)
}
#: What a board's marked squares are: stars to collect, or men to take.
STAR, TARGET = "star", "target"


@dataclass
class BoardView:
    position: Position
    #: Whose moves may be entered on the board; None draws a picture only.
    side: int | None = None
    #: The side at the bottom of the board.
    orientation: int = WHITE
    #: The form that a chosen move is written into and submitted with (its `move` field).
    form_id: str = ""
    #: Squares to show as the last move, marked squares (stars, targets) and a hinted square.
    last_move: tuple[int, ...] = ()
    marks: frozenset[int] = field(default_factory=frozenset)
    hint: int | None = None
    #: What the marks stand for, said in each marked square's name (STAR or TARGET); both are drawn as stars.
    mark: str = STAR
    #: Moves drawn as arrows over a picture (from square, to square, how often it was played), the most
    #: often played drawn widest: learners' wrong moves on their teacher's page. The page says them in words.
    arrows: tuple[tuple[int, int, int], ...] = ()

    def legal_json(self) -> str:
        """{from: [[to, coordinate move], ...]} for the side that moves; the server still judges the move."""
        if self.side is None:
            return ""
        moves: dict[str, list[list[str]]] = {}
        for move in self.position.legal_moves(self.side):
            destination = [square_name(move_to(move)), coordinate(move)]
            moves.setdefault(square_name(move_from(move)), []).append(destination)
        return json.dumps(moves, separators=(",", ":"))

    def check_square(self) -> int | None:
        turn = self.position.turn
        if turn is not None and self.position.is_check(turn):
            return self.position.negus[turn]
        return None

    def rows(self) -> list[tuple[int, list[int]]]:
        """(rank number, squares) from the top of the board down, as the side at the bottom sees it."""
        ranks = range(7, -1, -1) if self.orientation == WHITE else range(8)
        files = list(range(8)) if self.orientation == WHITE else list(range(7, -1, -1))
        return [(rank + 1, [rank * 8 + file for file in files]) for rank in ranks]
