"""Material proofs: a line that wins material by force, searched on material alone with every node judged
by the rules (a bare king is a draw, a mate is WON), and a loser left with enough pieces that the count
cannot save it (R7.4)."""

from ..notation import coordinate, parse_coordinate
from ..pieces import VALUE
from ..position import Position
from ..speech import _
from . import MATED, SearchLimitError, status

#: What a mate is worth inside a material search.
WON = 50_000
#: A material puzzle's solution wins at least this much, and every other move at least MARGIN less.
GAIN = 250
MARGIN = 200
#: A side down to one piece may run its count to a draw (R7.4): the loser must keep this many pieces.
KEPT_PIECES = 2


def material(position: Position, side: int) -> int:
    """The material balance from `side`'s view."""
    board = position.board
    score = 0
    for sq in range(64):
        code = board[sq]
        if code:
            value = VALUE[code & 7]
            score += value if code >> 3 == side else -value
    return score


class MaterialSearch:
    """A plain alpha-beta search on material, every node judged by the rules (a bare king is a draw, a mate
    is WON), with a quiescence search on captures and promotions (and every reply to a check)."""

    def __init__(self, max_nodes: int | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62

    def value(self, position: Position, depth: int, alpha: int = -2 * WON, beta: int = 2 * WON) -> int:
        """The value for the side to move of a search `depth` plies deep (fail-hard outside the window)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        verdict, legal = status(position)
        if verdict is not None:
            return -WON if verdict == MATED else 0
        if depth <= 0:
            return self._quiesce(position, alpha, beta, legal)
        for move in _capture_order(position, legal):
            position.push(move)
            score = -self.value(position, depth - 1, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def _quiesce(self, position: Position, alpha: int, beta: int, legal: list[int]) -> int:
        us = position.turn
        assert us is not None
        if position.is_check():
            moves = legal
        else:
            stand = material(position, us)
            if stand >= beta:
                return beta
            alpha = max(alpha, stand)
            board = position.board
            moves = [m for m in legal if m >> 12 or (board[m >> 6 & 63] and m & 63 != m >> 6 & 63)]
        for move in _capture_order(position, moves):
            position.push(move)
            score = -self.value(position, 0, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def move_value(self, position: Position, move: int, depth: int, alpha: int, beta: int) -> int:
        position.push(move)
        try:
            return -self.value(position, depth - 1, -beta, -alpha)
        finally:
            position.pop()


def _capture_order(position: Position, moves: list[int]) -> list[int]:
    board = position.board

    def rank(move: int) -> int:
        frm, to = move & 63, move >> 6 & 63
        victim = board[to] & 7 if frm != to else 0
        return (
            -(10 * VALUE.get(victim, 0) - VALUE[board[frm] & 7] // 10 + VALUE.get(move >> 12, 0))
            if victim or move >> 12
            else 0
        )

    return sorted(moves, key=rank)


def material_step(search: MaterialSearch, position: Position, move: int, depth: int) -> str | None:
    """Why `move` is not the one move that wins material here, searched `depth` plies (None if it is): it
    must win GAIN or more without mating, and every other move must do at least MARGIN worse."""
    us = position.turn
    assert us is not None
    base = material(position, us)
    best = search.move_value(position, move, depth, -2 * WON, 2 * WON)
    if best >= WON // 2:
        return _("it mates: that is a mate puzzle")
    if best < base + GAIN:
        return _("it wins %(gain)s centipawns, less than %(needed)s") % {"gain": best - base, "needed": GAIN}
    bar = best - MARGIN
    for other in position.legal_moves():
        if other != move and search.move_value(position, other, depth, bar - 1, bar) >= bar:
            return _("%(move)s does nearly as well") % {"move": coordinate(other)}
    return None


def prove_material_line(fen: str, moves: list[str], search: MaterialSearch | None = None) -> str | None:
    """Checks a material puzzle: legal moves, the solver's one winning move at each step (searched two plies
    per solver move left), and the loser keeping enough pieces that the count cannot save it (R7.4)."""
    search = search or MaterialSearch()
    position = Position.from_fen(fen)
    if position.turn is None or len(moves) % 2 == 0:
        return _("a material line is played turn by turn and ends with the solver's move")
    solver = position.turn
    total = (len(moves) + 1) // 2
    for index, text in enumerate(moves):
        move = parse_coordinate(text)
        verdict, legal = status(position)
        if verdict is not None or move not in legal:
            return _("move %(number)s (%(move)s) is not legal") % {"number": index + 1, "move": text}
        if index % 2 == 0:
            failure = material_step(search, position, move, 2 * (total - index // 2))
            if failure is not None:
                return _("move %(number)s (%(move)s): %(failure)s") % {
                    "number": index + 1,
                    "move": text,
                    "failure": failure,
                }
        position.push(move)
    if position.piece_count(solver ^ 1) < KEPT_PIECES:
        return _("the loser is down to one piece: its count may draw (R7.4)")
    return None
