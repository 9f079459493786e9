"""Perft leaves per second of the Senterej engine, beside python-chess's perft on chess in the same run.

Both count leaves at the last ply without playing them (bulk counting), so the figures compare move
generation plus make/unmake, the same work on both sides.

    python -m tools.bench_perft [--repeat N]"""

import argparse
import time
from collections.abc import Callable

import chess

from senterej.engine import Position
from senterej.engine.perft import perft

#: (FEN, depth, known node count)
SENTEREJ_POSITIONS = [
    ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0", 4, 68122),
    ("r3k2r/1p3pP1/2n1b3/3pQ3/1B2p3/2N2q2/P1PP1P1p/R3K2R w - - 0 1 0/0", 3, None),
    ("r1bk1b1r/1pp1qpp1/p1n1pn1p/3p4/3P4/P1NBPN2/1PP1QPPP/R1BK3R w - - 0 8 0/0", 3, None),
    ("7k/8/8/4n3/8/8/1RN5/K7 w - - 0 1 0/0", 4, None),
]
CHESS_POSITIONS = [
    (chess.STARTING_FEN, 4, 197281),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467),
]


def chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess's own perft (as in its test suite): leaves counted at the last ply."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def best_time(count: Callable[[str, int], int], fen: str, depth: int, repeat: int) -> tuple[int, float]:
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = count(fen, depth)
        best = min(best, time.perf_counter() - start)
    return nodes, best


def line(label: str, nodes: int, seconds: float) -> str:
    return f"{label:12} {nodes:>9} leaves {seconds:7.3f} s {nodes / seconds:>10,.0f} leaves/s"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Perft leaves per second: the Senterej engine beside python-chess."
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per position; the best time counts")
    repeat = parser.parse_args(argv).repeat
    rates = {}
    for label, positions, count in (
        ("senterej", SENTEREJ_POSITIONS, lambda fen, depth: perft(Position.from_fen(fen), depth)),
        ("chess", CHESS_POSITIONS, lambda fen, depth: chess_perft(chess.Board(fen), depth)),
    ):
        total_nodes, total_seconds = 0, 0.0
        for fen, depth, known in positions:
            nodes, seconds = best_time(count, fen, depth, repeat)
            if known is not None and nodes != known:
                raise SystemExit(f"{label} perft {depth} of {fen}: {nodes}, expected {known}")
            total_nodes += nodes
            total_seconds += seconds
            print(line(f"{label} d{depth}", nodes, seconds) + f"  {fen}")
        rates[label] = total_nodes / total_seconds
        print(line(f"{label} all", total_nodes, total_seconds))
    print(f"ratio senterej/chess: {rates['senterej'] / rates['chess']:.2f}")


if __name__ == "__main__":
    main()
