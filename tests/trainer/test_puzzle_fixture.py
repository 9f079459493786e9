"""The puzzle fixture: it loads, every puzzle is proved again from scratch, and the balance holds."""

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command

from trainer.generate.constructed import RULE_ENDGAMES, constructed_fen
from trainer.generate.difficulty import WEIGHTS, clipped, difficulty
from trainer.generate.finders import Found, mate_puzzle
from trainer.generate.selection import Tagged, initial_rating, select, tag
from trainer.lines import PuzzleLine
from trainer.models import Puzzle
from trainer.themes import SENTEREJ_THEMES

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"
RECORDS = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
ACTIVE = [record for record in RECORDS if record["fields"].get("active", True)]
THEMES = [record["fields"]["themes"].split() for record in ACTIVE]


def test_there_are_enough_puzzles():
    assert len(RECORDS) >= 400


@pytest.mark.django_db
def test_the_fixture_loads():
    call_command("loaddata", str(FIXTURE), verbosity=0)
    assert Puzzle.objects.count() == len(RECORDS)
    assert Puzzle.objects.get(pk=1).solution == RECORDS[0]["fields"]["moves"].split()


def test_every_puzzle_is_proved_again(capsys):
    call_command("validate_puzzles", file=str(FIXTURE), workers=2)
    out = capsys.readouterr().out
    assert f"{len(ACTIVE)} of {len(ACTIVE)} puzzles proved" in out
    assert f"{len(RECORDS) - len(ACTIVE)} retired" in out


def test_no_theme_is_on_more_than_two_puzzles_in_five():
    counts = Counter(theme for themes in THEMES for theme in themes)
    assert {theme: n for theme, n in counts.items() if n > 0.4 * len(ACTIVE)} == {}
    assert counts["mateIn1"] <= 0.25 * len(ACTIVE)


def test_forty_puzzles_or_more_turn_on_a_rule_of_senterej():
    assert sum(1 for themes in THEMES if set(themes) & set(SENTEREJ_THEMES)) >= 40


def test_ratings_run_from_beginner_to_strong():
    """The easiest puzzles sit where the difficulty model's fit puts them (the only check, and it mates:
    about 840), the hardest near the ceiling."""
    ratings = sorted(record["fields"]["rating"] for record in ACTIVE)
    assert ratings[0] <= 900 and ratings[-1] >= 2300
    assert ratings[len(ratings) // 4] < 1200 < ratings[3 * len(ratings) // 4]


def test_every_puzzle_has_a_source_and_a_unique_position():
    assert all(record["fields"]["source"] for record in RECORDS)
    positions = [" ".join(record["fields"]["fen"].split()[:2]) for record in RECORDS]
    assert len(set(positions)) == len(positions)


# --- how the fixture is made ---


def test_a_mate_is_found_proved_and_rated():
    found = mate_puzzle("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "hand-made")
    assert found is not None and found.moves == "c1c8"
    tagged = tag(found)
    assert tagged.themes == ["mateIn1", "derMate", "backRankMate", "endgame"]
    assert tagged.rating == initial_rating(PuzzleLine.of(found.fen, found.moves)) < 1000  # the only check


def test_r7_3_no_puzzle_where_the_only_mate_takes_the_last_piece():
    assert mate_puzzle("k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0", "hand-made") is None


def test_the_rating_comes_from_the_difficulty_model_and_a_rule_of_senterej_adds_to_it():
    puzzle = PuzzleLine.of("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8")
    plain = difficulty(puzzle, [])
    assert initial_rating(puzzle, []) == clipped(plain.rating())
    assert abs(initial_rating(puzzle, ["bareKingTrap"]) - initial_rating(puzzle, []) - WEIGHTS["rule"]) <= 1


def test_r9_1_constructed_positions_are_ones_the_rules_accept_most_of_the_time():
    rng = random.Random(0)
    fens = [constructed_fen(spec, rng) for spec in RULE_ENDGAMES for _ in range(5)]
    assert sum(fen is not None for fen in fens) > len(fens) // 2


def _tagged(rank: str, theme: str) -> Tagged:
    return Tagged(Found(f"k7/8/8/8/8/{rank}/8/K7 w - - 0 1 0/0", "a1a2", "test", 0, 0), [theme], 900)


def test_the_selection_keeps_every_share():
    advantages = [_tagged(f"{i}R{7 - i}", "advantage") for i in range(1, 7)]
    mates = [_tagged(f"{i}N{7 - i}", "mateIn1") for i in range(1, 7)]
    assert select(mates + advantages, 10) == []  # mates in one and material alone cannot keep both shares
    longer = [_tagged(f"{i}B{7 - i}", "mateIn2") for i in range(1, 7)]
    chosen = select(mates + advantages + longer, 10)
    themes = Counter(theme for tagged in chosen for theme in tagged.themes)
    assert themes == {"mateIn1": 2, "advantage": 4, "mateIn2": 4}
