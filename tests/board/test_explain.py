"""Why a move is illegal, in words: each reason names the rule it comes from."""

import pytest

from senterej.board.explain import illegal_move_message, illegal_reason
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import parse_coordinate


@pytest.mark.parametrize(
    ("fen", "move", "side", "reason"),
    [
        # R2.2: a der does not jump
        ("k7/8/8/8/8/8/P7/R3K3 w - -", "a1a4", WHITE, "Something stands in the der's way."),
        # R2.4: the fers steps one square diagonally
        ("k7/8/8/8/8/8/8/3QK3 w - -", "d1d2", WHITE, "The fers steps exactly one square diagonally."),
        # R2.5: the fil leaps exactly two
        ("k7/8/8/8/8/8/8/2B1K3 w - -", "c1d2", WHITE, "The fil leaps exactly two squares diagonally"),
        # R2.6: no double step
        ("k7/8/8/8/8/8/4P3/4K3 w - -", "e2e4", WHITE, "there is no double step"),
        # R2.7: king safety: a pinned man, the negus stepping into check, a check not answered
        (
            "k3r3/8/8/8/8/8/4N3/4K3 w - -",
            "e2c3",
            WHITE,
            "The feres on e2 is pinned: moving it there would leave",
        ),
        ("k7/8/8/8/8/8/r7/4K3 w - -", "e1d2", WHITE, "Your negus may not step onto d2: it would be attacked"),
        ("k7/8/8/8/8/8/8/r3K3 w - -", "e1d1", WHITE, "Your negus may not step onto d1"),
        # R2.7 in the werera (R5.1): a choice must be legal as if it were the chooser's turn
        ("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1", "e1e2", WHITE, "Your own medeq stands on e2."),
        ("3k4/8/8/8/8/8/3r4/4K3 - - 1", "e1d1", WHITE, "Your negus may not step onto d1"),
        (
            "k7/8/8/8/8/8/8/r3K2N w - -",
            "h1g3",
            WHITE,
            "Your negus is in check, and this move does not save it.",
        ),
        # R3.2 and R3.3: promotion only to a lost kind, or no promotion at all
        (
            "1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -",
            "a7a8",
            WHITE,
            "must become a piece its side has lost: der",
        ),
        (
            "1nbk1bnr/Pppppppp/8/8/8/8/1PPPPPPP/1NBQKBNR w - -",
            "a7a8q",
            WHITE,
            "can only become a piece its side has lost: der",
        ),
        ("r7/2P5/6k1/8/8/8/8/RNBQKBNR w - -", "c7c8q", WHITE, "lost no piece, so the medeq cannot promote"),
        # R3.3: a waiting medeq has no ordinary move
        (
            "2P3k1/8/8/8/8/8/8/RNBQKBNR w - -",
            "c8d8",
            WHITE,
            "A medeq waiting on the last rank has no ordinary",
        ),
        # R3.4: in place only when something is lost
        (
            "2P3k1/8/8/8/8/8/8/RNBQKBNR w - -",
            "c8c8q",
            WHITE,
            "lost no piece, so this medeq waits where it stands",
        ),
        # R6: castling only in the werera, and only when its conditions hold
        ("3k4/8/8/8/8/8/8/4K2R w - -", "e1g1", WHITE, "Castling exists only during the werera."),
        ("3k1r2/8/8/8/8/8/8/4K2R - K 1", "e1g1", WHITE, "Castling needs the negus and the der unmoved"),
        ("k7/8/8/8/8/8/8/4K3 b - -", "e1e2", BLACK, "The man on e1 is not yours."),
    ],
)
def test_the_reason_names_the_broken_rule(fen, move, side, reason):
    position = Position.from_fen(fen)
    assert parse_coordinate(move) not in position.legal_moves(side)
    assert reason in illegal_reason(position, parse_coordinate(move), side)


def test_unreadable_and_ambiguous_text_is_explained():
    position = Position.from_fen("k7/8/8/8/8/8/K7/R6R w - -")
    assert "is not a move" in illegal_move_message(position, "hello", WHITE)
    assert "fits more than one move" in illegal_move_message(position, "Rd1", WHITE)
    assert "is not a legal move in this position" in illegal_move_message(position, "Rd8", WHITE)
