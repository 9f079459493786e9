"""Each ending of the catalogue is a legal position after the werera (R9.1) with the learner to move, and its
goal can be reached within its par against every defence, as the engine proves: a forced mate for "mate"
and "fers" (MateSearch, within the count R7.4), an and-or search over every reply for "hold" and "stop"."""

import pytest

from endings.catalogue import ENDINGS, FERS, HOLD, KINDS, MATE, STOP
from senterej.engine import Position
from senterej.engine.game import ONGOING, judge
from senterej.engine.notation import coordinate
from senterej.engine.proofs.mate import MateSearch
from tests.endings.proving import reaches


def test_r9_1_every_ending_is_a_legal_position_after_the_werera_with_the_learner_to_move():
    assert len({ending.slug for ending in ENDINGS}) == len(ENDINGS)
    assert {ending.kind for ending in ENDINGS} == set(KINDS)
    for ending in ENDINGS:
        position = Position.from_fen(ending.fen)
        assert position.fen() == ending.fen
        assert position.werera is None and position.turn == ending.learner
        assert judge(position).status == ONGOING


@pytest.mark.parametrize(
    "ending", [e for e in ENDINGS if e.kind in (MATE, FERS)], ids=lambda ending: ending.slug
)
def test_r7_4_each_mate_is_forced_in_its_par_before_the_count_runs_out(ending):
    assert MateSearch(max_nodes=200_000).distance(Position.from_fen(ending.fen), ending.par + 1) == ending.par


def test_r3_2_r3_4_the_fers_endings_are_won_by_promoting_to_a_lost_piece():
    """The mate of "The medeq becomes a der" starts with c7c8r, of "The waiting medeq" with h8h8r (R3.4)."""
    search = MateSearch(max_nodes=200_000)
    firsts = {}
    for ending in ENDINGS:
        if ending.kind == FERS:
            position = Position.from_fen(ending.fen)
            firsts[ending.slug] = sorted(search.mating_moves(position, ending.par))
    assert {slug: [coordinate(move) for move in moves] for slug, moves in firsts.items()} == {
        "medeq-becomes-der": ["c7c8r"],
        "waiting-medeq": ["h8h8r"],
    }


@pytest.mark.parametrize(
    "ending", [e for e in ENDINGS if e.kind in (HOLD, STOP)], ids=lambda ending: ending.slug
)
def test_r7_3_r7_4_each_hold_and_stop_is_reached_in_its_par_against_every_defence(ending):
    position = Position.from_fen(ending.fen)
    assert reaches(position.copy(), ending.learner, ending.kind, ending.par)
    assert not reaches(position, ending.learner, ending.kind, ending.par - 1)
