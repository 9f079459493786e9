"""The static evaluation: symmetric for the two sides, and aware of the rules that shape an advantage."""

import random

import pytest

from senterej.engine import START_FEN, Position
from senterej.engine.evaluate import evaluate
from senterej.engine.pieces import DER, FERES, FERS, FIL, MEDEQ, VALUE

TURN_BASED_START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"


def turned(fen: str) -> str:
    """The same position with the board turned half round and the colours swapped: by R1.3 and R6.1 (the
    negus on e1 and d8, castling to g1 and b8) this, not a mirror, is what maps the rules onto themselves."""
    placement, turn, castling, werera, halfmove, fullmove, counting = fen.split()
    white_count, black_count = counting.split("/")
    return " ".join(
        (
            placement[::-1].swapcase(),
            {"w": "b", "b": "w", "-": "-"}[turn],
            "".join(sorted(castling.swapcase(), key=str.islower)) if castling != "-" else "-",
            werera,
            halfmove,
            fullmove,
            f"{black_count}/{white_count}",
        )
    )


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        position = Position.from_fen(TURN_BASED_START)
        for _ in range(rng.randrange(1, 100)):
            moves = position.legal_moves()
            if not moves or not position.piece_count(0) or not position.piece_count(1):
                break
            position.push(rng.choice(moves))
        positions.append(Position.from_fen(position.fen()))
    return positions


@pytest.mark.parametrize("fen", [START_FEN, TURN_BASED_START])
def test_r1_3_the_start_position_is_level(fen):
    assert evaluate(Position.from_fen(fen)) == 0


def test_r1_3_a_position_and_its_turned_twin_evaluate_to_opposite_scores():
    positions = random_positions(60, seed=7) + [
        Position.from_fen("r1bk1bnr/pp1qpppp/2np4/2p5/4P3/2NP1N2/PPP1QPPP/R1B1KB1R - Kk 5 0 1 0/0"),
        Position.from_fen("7k/8/8/4n3/8/8/1RR5/K7 w - - 90 60 0/4"),
        Position.from_fen("4k3/P7/8/8/8/8/8/R3K2r w - - 0 30 0/0"),
    ]
    for position in positions:
        twin = Position.from_fen(turned(position.fen()))
        assert evaluate(twin) == -evaluate(position), position.fen()


def test_r2_the_weak_fers_and_fil_are_worth_less_than_a_feres_and_a_der_the_most():
    assert VALUE[MEDEQ] < VALUE[FIL] < VALUE[FERS] < VALUE[FERES] < VALUE[DER]
    assert VALUE[FERS] <= 2 * VALUE[MEDEQ] and VALUE[FIL] == 1.5 * VALUE[MEDEQ]


def test_r3_2_a_medeq_near_promotion_is_worth_more_when_its_side_has_lost_a_kind():
    # the same advance of the a-medeq, with all White's pieces on the board and with a der gone
    def advance(pieces: str) -> int:
        near = evaluate(Position.from_fen(f"rn1k2nr/P6p/8/8/8/8/7P/{pieces} w - - 0 1 0/0"))
        home = evaluate(Position.from_fen(f"rn1k2nr/7p/8/8/8/8/P6P/{pieces} w - - 0 1 0/0"))
        return near - home

    assert advance("1NBQKBNR") > advance("RNBQKBNR") + 100


def test_r3_3_a_waiting_medeq_is_worth_its_lost_kind_only_when_there_is_one():
    def waiting_minus_home(pieces: str) -> int:
        waiting = evaluate(Position.from_fen(f"P2k2nr/7p/8/8/8/8/7P/{pieces} w - - 0 1 0/0"))
        home = evaluate(Position.from_fen(f"3k2nr/7p/8/8/8/8/P6P/{pieces} w - - 0 1 0/0"))
        return waiting - home

    assert waiting_minus_home("1NBQKBNR") > 2 * VALUE[MEDEQ]  # R3.4: one move makes it a der
    assert waiting_minus_home("RNBQKBNR") < 0  # R3.3: it has no moves at all


def test_r7_4_an_advantage_shrinks_as_the_lone_piece_runs_its_count():
    fens = [f"7k/8/8/4n3/8/8/1RR5/K7 w - - 0 1 0/{count}" for count in range(7)]
    scores = [evaluate(Position.from_fen(fen)) for fen in fens]
    assert scores == sorted(scores, reverse=True) and scores[-1] < scores[0] // 2
    assert scores[-1] > 0


def test_r7_4_two_ders_are_worth_less_against_a_lone_feres_than_against_a_feres_and_a_fil():
    # a lone piece will run its count, so the weaker side is better off with less
    lone = evaluate(Position.from_fen("7k/8/8/4n3/8/8/1RR5/K7 w - - 0 1 0/0"))
    two = evaluate(Position.from_fen("7k/8/8/4n3/8/5b2/1RR5/K7 w - - 0 1 0/0"))
    assert 0 < lone < two


def test_r8_2_an_advantage_fades_as_quiet_moves_pile_up():
    scores = [
        evaluate(Position.from_fen(f"n6k/8/8/8/8/8/1RR5/K6n w - - {halfmove} 80 0/0"))
        for halfmove in (0, 60, 100, 139)
    ]
    assert scores[0] == scores[1] > scores[2] > scores[3] > 0


def test_the_werera_values_keeping_the_right_to_castle():
    with_right = evaluate(Position.from_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - K 1 0 1 0/0"))
    assert with_right > 0
