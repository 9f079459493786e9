"""The lines the factories build puzzles from are what testing/factories.py says they are: the sound ones
proved by the engine with exactly their themes, the ladders refuted."""

import pytest

from testing.factories import (
    BLACK_LADDER,
    DER_MATE,
    FERES_MATE,
    LADDER,
    LADDER_REASON,
    MATE_IN_ONE,
    WERERA,
    WERERA_ROUND,
    WERERA_SLOWER,
)
from trainer.puzzle_proofs import validate


@pytest.mark.parametrize("line", [MATE_IN_ONE, DER_MATE, FERES_MATE, WERERA, WERERA_ROUND, WERERA_SLOWER])
def test_a_sound_line_is_proved_with_its_themes(line):
    assert validate(line.fen, line.moves, line.themes, line.rounds) is None


@pytest.mark.parametrize(
    ("line", "reason"),
    [(LADDER, LADDER_REASON), (BLACK_LADDER, "move 1 (h8d8) is not the only mate in 2: h8e8")],
)
def test_a_ladder_is_refuted(line, reason):
    assert validate(line.fen, line.moves) == reason
