"""How a werera puzzle's round goes against the opponent's most testing choices, in words (R5.3-R5.5)."""

import pytest
from django.core.cache import cache
from django.utils import translation

from testing.factories import WERERA, WERERA_SLOWER
from testing.page_text import heard
from trainer import werera_round_story
from trainer.lines import PuzzleLine
from trainer.werera_round_story import round_story

#: Round 3, White quicker: dxe4 takes the feres, and Black's Nxf2 is dropped (R5.3).
QUICKER = PuzzleLine.of("rnbkqb1r/pppppppp/8/8/4n3/P2P4/1PP1PPPP/RNBQKBNR - Kk 3 0 1 0/0", "d3e4")


def told(line: PuzzleLine) -> list[str]:
    return [heard(" ".join(words)) for words in round_story(line)]


def test_r5_3_the_quicker_sides_capture_still_goes_first():
    assert told(QUICKER) == [
        "If Black takes on f2, your capture still goes first: White is quicker in round 3 (R5.3)."
        " Round 3: White chose medeq d takes e4, Black chose feres takes f2."
        " Black's feres takes f2 was dropped: a capture is played first, and alone."
        " The capture ended the werera: Black moves next.",
        "If Black takes nothing, your capture is played alone (R5.3)."
        " Round 3: White chose medeq d takes e4, Black waited."
        " The capture ended the werera: Black moves next.",
    ]


def test_r5_3_the_slower_sides_capture_is_played_when_the_quicker_takes_nothing():
    first, second = told(PuzzleLine.of(WERERA_SLOWER.fen, WERERA_SLOWER.moves))
    assert first.startswith(
        "If Black takes on f2, that capture is played first and alone (R5.3), but it leaves you well ahead."
        " Round 4: White chose medeq d takes e4, Black chose feres takes f2."
        " White's medeq d takes e4 was dropped: a capture is played first, and alone."
    )
    assert second == (
        "If Black takes nothing, your capture is played even though Black is quicker in round 4 (R5.3)."
        " Round 4: White chose medeq d takes e4, Black waited."
        " The capture ended the werera: Black moves next."
    )


def test_r5_3_a_mate_in_the_werera_is_told_as_the_end_of_the_game():
    stories = told(PuzzleLine.of(WERERA.fen, WERERA.moves))
    assert all(story.endswith("The capture ended the werera, and the game.") for story in stories)


def test_a_puzzle_out_of_the_werera_has_no_round_to_tell():
    assert round_story(PuzzleLine.of("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")) == []


def test_r5_3_a_round_too_costly_to_value_is_not_told_and_breaks_nothing(monkeypatch):
    cache.clear()
    monkeypatch.setattr(werera_round_story, "STORY_NODES", 1)
    assert round_story(QUICKER) == []
    cache.clear()


def test_r5_3_the_story_is_kept_in_the_cache_by_line_and_language(monkeypatch):
    cache.clear()
    first = round_story(QUICKER)
    with translation.override("sk"):
        slovak = round_story(QUICKER)
    monkeypatch.setattr(werera_round_story, "_story", lambda line: pytest.fail("searched again"))
    assert first != slovak and round_story(QUICKER) == first
    with translation.override("sk"):
        assert round_story(QUICKER) == slovak
    cache.clear()
