"""Every theme predicate on hand-made positions that have the motif and positions that lack it, each case
naming the motif and the rule it rests on; then the two fixture puzzles whose tags were doubtful (408,
579) and the static exchange the tactical themes judge a man by."""

import pytest

from senterej.engine import Position
from senterej.engine.squares import SQUARE_OF_NAME
from trainer.lines import PuzzleLine
from trainer.tactics import exchange, is_lost
from trainer.themes import PREDICATES, themes


def line(fen: str, moves: str) -> PuzzleLine:
    return PuzzleLine.of(fen, moves)


MATE_IN_ONE = line("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
# h1h2 takes the last piece (a draw, R7.3); the quiet der move then Rd8 mates
BARE_KING = line("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1d1 a8b8 d1d8")
# the der makes its seventh counted move and mates (R7.4 comes after R7.1)
COUNT = line("k7/8/1K6/8/8/8/8/n6R w - - 0 40 6/0", "h1h8")
# the feres checks from e7 and attacks the der on c8; the negus steps away and the feres takes the der
FORK = line("2r3k1/8/7q/3N4/8/8/8/K7 w - - 0 30 0/0", "d5e7 g8h8 e7c8")
# the der pins the feres to its negus (R2.7) and the medeq takes it
PIN = line("b3k3/8/8/4n3/3P4/8/8/R5K1 w - - 0 30 0/0", "a1e1 a8c6 d4e5")
# the der checks along the fourth rank, the negus steps off it, the der takes the der behind
SKEWER = line("1K5b/8/8/8/r3k3/8/8/7R w - - 0 30 0/0", "h1h4 e4e5 h4a4")
# the fil checks from c5 and opens the a-file: the der then takes the der on a8
DISCOVERED = line("r6n/4k3/8/8/8/B7/8/R6K w - - 0 30 0/0", "a3c5 e7e6 a1a8")
# the feres steps aside and the der on e1 checks; from d6 the feres checks too
DISCOVERED_CHECK = line("r3k3/8/8/8/4N3/8/8/4R2K w - - 0 30 0/0", "e4g5")
DOUBLE_CHECK = line("r3k3/8/8/8/4N3/8/8/4R2K w - - 0 30 0/0", "e4d6")
HANGING = line("k7/pp6/8/2r4n/8/8/8/2R1K3 w - - 0 30 0/0", "c1c5")
GUARDED = line("k7/p7/1p6/2r4n/8/8/8/2R1K3 w - - 0 30 0/0", "c1c5 b6c5")
# the der comes to h1 and attacks the feres on a1, whose squares b3 and c2 the negus holds
TRAPPED = line("6b1/4k3/8/8/8/2K5/7R/n7 w - - 0 30 0/0", "h2h1 e7e6 h1a1")
PROMOTION = line("k6n/4P3/8/8/8/8/7R/K7 w - - 0 30 0/0", "e7e8r")
IN_PLACE = line("k3P2n/8/8/8/8/8/7R/K7 w - - 0 30 0/0", "e8e8r")
SMOTHERED = line("kr6/pp6/8/3N4/8/8/8/K7 w - - 0 30 0/0", "d5c7")
# a real werera position, all 32 men (R5.11): the feres takes on b7 and mates a negus its own men surround
WERERA = line("rnbkq2r/ppppp2p/3b2pn/2N2p2/8/3P1N2/PPP1PPPP/R1BQKB1R - Kk 6 0 1 0/0", "c5b7")

# (theme, the rule the motif rests on, a line that has it, a line that lacks it, how the second differs)
CASES = [
    ("mateIn1", "R7.1", MATE_IN_ONE, BARE_KING, "the mate comes at the second move"),
    ("mateIn2", "R7.1", BARE_KING, MATE_IN_ONE, "the mate comes at once"),
    (
        "mateIn3",
        "R7.1",
        line("k7/8/2K5/8/8/8/8/n6R w - - 0 30 0/0", "c6b6 a8b8 h1h7 b8a8 h7h8"),
        FORK,
        "no mate",
    ),
    ("pawnMate", "R2.6", line("k7/2K5/1P6/2B5/8/8/8/7r w - - 0 30 0/0", "b6b7"), MATE_IN_ONE, "a der mates"),
    (
        "twoFilMate",
        "R2.5",
        line("k7/2K5/8/2B5/4B3/8/8/7r w - - 0 30 0/0", "e4c6"),
        line("k7/2K5/1P6/2B5/4B3/8/8/7r w - - 0 30 0/0", "e4c6"),
        "the medeq also holds a7: one fil is idle",
    ),
    ("fersMate", "R2.4", line("k7/8/QK1B4/8/8/8/8/7r w - - 0 30 0/0", "a6b7"), MATE_IN_ONE, "a der mates"),
    ("derMate", "R2.2", MATE_IN_ONE, SMOTHERED, "a feres mates"),
    ("feresMate", "R2.3", SMOTHERED, MATE_IN_ONE, "a der mates"),
    (
        "backRankMate",
        "R2.2",
        MATE_IN_ONE,
        line("6k1/5p1p/8/4B3/8/8/8/n2R2K1 w - - 0 30 0/0", "d1d8"),
        "g7 is held by a fil, not blocked",
    ),
    (
        "smotheredMate",
        "R2.3",
        SMOTHERED,
        line("k7/pp6/3B4/3N4/8/K7/8/7r w - - 0 30 0/0", "d5c7"),
        "b8 is empty, held by the fil",
    ),
    (
        "fork",
        "R2.3",
        FORK,
        line("2r3b1/7k/8/3N4/8/8/8/K7 w - - 0 30 0/0", "d5e7 h7h6 e7c8"),
        "the fil on g8 is guarded and cheaper: only the der is a target",
    ),
    (
        "fork",
        "R2.3",
        FORK,
        line("2r3k1/8/7q/3N4/8/8/8/K7 w - - 0 30 0/0", "d5e7 g8h8 e7g6"),
        "the feres never takes the der",
    ),
    (
        "pin",
        "R2.7",
        PIN,
        line("b2k4/8/8/4n3/3P4/8/8/R5K1 w - - 0 30 0/0", "a1e1 a8c6 d4e5"),
        "the negus is not behind the feres",
    ),
    (
        "skewer",
        "R2.2",
        SKEWER,
        line("1K2k2b/8/8/8/r3b3/8/8/7R w - - 0 30 0/0", "h1h4 e4g6 h4a4"),
        "the man in front is a fil, worth less than the der behind",
    ),
    (
        "discoveredAttack",
        "R2.2",
        DISCOVERED,
        line("r6n/4k3/8/8/8/B7/8/R6K w - - 0 30 0/0", "a3c5"),
        "the opened file is never used",
    ),
    ("discoveredAttack", "R2.7", DISCOVERED_CHECK, HANGING, "the der takes, no line is opened"),
    ("doubleCheck", "R2.7", DOUBLE_CHECK, DISCOVERED_CHECK, "only the der checks"),
    ("hangingPiece", "R2.2", HANGING, GUARDED, "the medeq takes back"),
    ("hangingPiece", "R7.1", HANGING, MATE_IN_ONE, "the capture mates: the game is won, not a man"),
    (
        "trappedPiece",
        "R2.3",
        TRAPPED,
        line("6b1/4k3/8/8/2p5/2K5/7R/n7 w - - 0 30 0/0", "h2h1 e7e6 h1a1"),
        "b3 is guarded by the medeq: the feres could go there",
    ),
    ("lostPiecePromotion", "R3.2", PROMOTION, IN_PLACE, "the medeq promotes where it stands"),
    ("inPlacePromotion", "R3.4", IN_PLACE, PROMOTION, "the medeq steps onto the last rank"),
    ("bareKingTrap", "R7.3", BARE_KING, MATE_IN_ONE, "the opponent has two pieces"),
    ("beatTheCount", "R7.4", COUNT, BARE_KING, "nobody's count is near seven"),
    ("werera", "R5.11", WERERA, SMOTHERED, "a turn-based position"),
    ("advantage", "R7.1", FORK, MATE_IN_ONE, "the line mates"),
    ("quietMove", "R2.2", BARE_KING, PIN, "the der attacks the feres: a threat, not a quiet move"),
    ("quietMove", "R3.2", BARE_KING, PROMOTION, "the first move promotes"),
    ("endgame", "R7.4", BARE_KING, WERERA, "all the men are on the board"),
    (
        "derEndgame",
        "R2.2",
        line("3k4/R7/1r6/5RK1/8/8/8/8 w - - 0 30 0/0", "f5f8"),
        BARE_KING,
        "a feres is left",
    ),
    (
        "feresEndgame",
        "R2.3",
        line("k7/8/1K6/8/8/8/7n/6N1 w - - 0 30 0/0", "g1f3"),
        BARE_KING,
        "a der is left",
    ),
    ("filEndgame", "R2.5", line("k7/8/1K6/8/8/8/7b/6B1 w - - 0 30 0/0", "g1e3"), BARE_KING, "a der is left"),
    ("fersEndgame", "R2.4", line("k7/8/1K6/8/8/8/7q/6Q1 w - - 0 30 0/0", "g1f2"), BARE_KING, "a der is left"),
]


@pytest.mark.parametrize(
    ("theme", "rule", "has", "lacks", "why"),
    CASES,
    ids=[f"{theme} {rule}: {why}" for theme, rule, _, _, why in CASES],
)
def test_the_predicate_sees_the_motif_and_not_its_near_miss(theme, rule, has, lacks, why):
    for puzzle in (has, lacks):
        Position.from_fen(puzzle.fen)  # R9.1: a position the rules accept
        puzzle.check_playable()
    assert PREDICATES[theme](has)
    assert not PREDICATES[theme](lacks), why


def test_every_theme_has_a_case():
    assert {theme for theme, *_ in CASES} == set(PREDICATES) - {"mateIn4", "mateIn5"}


def test_r7_1_mate_in_counts_the_solver_moves():
    assert themes(MATE_IN_ONE)[:3] == ["mateIn1", "derMate", "backRankMate"]
    assert PREDICATES["mateIn2"](BARE_KING) and not PREDICATES["mateIn3"](BARE_KING)
    assert not PREDICATES["mateIn1"](FORK)


def test_r7_3_the_capture_of_the_last_piece_is_the_trap_not_the_solution():
    taking = line("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1h2")
    assert not PREDICATES["bareKingTrap"](taking)
    assert not PREDICATES["mateIn1"](taking)  # a bare king, not a mate


def test_r5_1_a_werera_choice_is_judged_against_a_waiting_opponent():
    assert themes(WERERA) == ["mateIn1", "feresMate", "smotheredMate", "werera"]


def test_408_is_a_mate_in_two_by_the_feres_not_a_fork():
    """Ne3+ attacks the negus and the fil on f1, but the fil is never taken: Kxd2 and the other feres mates
    from b3."""
    puzzle = line("8/8/2Q5/8/2pkp3/2bP1B2/2npP3/n2K1B2 b - - 0 30 0/0", "c2e3 d1d2 a1b3")
    assert themes(puzzle) == ["mateIn2", "feresMate"]


def test_579_is_a_mate_by_promotion_not_a_trapped_piece():
    """c7+ Ka8 c8=R+ Nxc8 dxc8=R#: the feres is drawn onto c8 by the first new der, and the medeq that takes
    it becomes the der that mates (R3.2); no piece was ever trapped."""
    puzzle = line("1k1B4/n2P4/pKP4Q/3P4/8/6B1/p7/5n2 w - - 0 30 0/0", "c6c7 b8a8 c7c8r a7c8 d7c8r")
    assert themes(puzzle) == ["mateIn3", "derMate", "lostPiecePromotion"]


def test_576_the_fil_on_f1_is_trapped_and_taken():
    """The medeq steps to e2 and attacks the fil on f1, whose squares d3 and h3 are both held by medeqs
    and the negus: it falls with check (R2.5, R2.6)."""
    puzzle = line("8/5B2/8/8/3kp1pn/4p3/3n2PP/3b1BKQ b - - 0 30 0/0", "e3e2 g1f2 e2f1r")
    assert PREDICATES["trappedPiece"](puzzle)


def square(name: str) -> int:
    return SQUARE_OF_NAME[name]


def test_r2_the_exchange_takes_with_the_cheapest_man_and_stops_when_it_should():
    # the der on c5 is attacked by the der on c1 and guarded by the medeq on b6: taking loses the der
    guarded = Position.from_fen("k7/p7/1p6/2r4n/8/8/8/2R1K3 w - - 0 30 0/0")
    assert exchange(guarded, square("c5"), 0) == 0 and not is_lost(guarded, square("c5"))
    # undefended, it is simply won
    bare = Position.from_fen("k7/pp6/8/2r4n/8/8/8/2R1K3 w - - 0 30 0/0")
    assert exchange(bare, square("c5"), 0) == 500 and is_lost(bare, square("c5"))
    # a negus may not take a man that another enemy man guards (R2.7)
    shielded = Position.from_fen("6b1/4k3/8/8/2p5/1nK5/7R/8 w - - 0 30 0/0")
    assert exchange(shielded, square("b3"), 0) == 0
