"""R9.4: perft, the number of legal move sequences of a given length, by move generation alone."""

from .position import Position


def perft(position: Position, depth: int) -> int:
    """Counts the leaves at the last ply without playing them (as python-chess's perft does)."""
    if position.turn is None:
        raise ValueError("perft counts from a turn-based position, not from the werera")
    if depth < 1:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        position.push(move)
        total += perft(position, depth - 1)
        position.pop()
    return total
