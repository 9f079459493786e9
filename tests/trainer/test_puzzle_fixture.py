"""The puzzle fixture: it loads, every puzzle is proved again from scratch, and the balance holds."""

import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command

from trainer.models import Puzzle
from trainer.themes import SENTEREJ_THEMES

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles.jsonl"
RECORDS = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
THEMES = [record["fields"]["themes"].split() for record in RECORDS]


def test_there_are_enough_puzzles():
    assert len(RECORDS) >= 400


@pytest.mark.django_db
def test_the_fixture_loads():
    call_command("loaddata", str(FIXTURE), verbosity=0)
    assert Puzzle.objects.count() == len(RECORDS)
    assert Puzzle.objects.get(pk=1).solution == RECORDS[0]["fields"]["moves"].split()


def test_every_puzzle_is_proved_again(capsys):
    call_command("validate_puzzles", file=str(FIXTURE), workers=2)
    assert f"{len(RECORDS)} of {len(RECORDS)} puzzles proved" in capsys.readouterr().out


def test_no_theme_is_on_more_than_two_puzzles_in_five():
    counts = Counter(theme for themes in THEMES for theme in themes)
    assert {theme: n for theme, n in counts.items() if n > 0.4 * len(RECORDS)} == {}
    assert counts["mateIn1"] <= 0.25 * len(RECORDS)


def test_forty_puzzles_or_more_turn_on_a_rule_of_senterej():
    assert sum(1 for themes in THEMES if set(themes) & set(SENTEREJ_THEMES)) >= 40


def test_ratings_run_from_beginner_to_strong():
    ratings = sorted(record["fields"]["rating"] for record in RECORDS)
    assert ratings[0] <= 800 and ratings[-1] >= 2000
    assert ratings[len(ratings) // 4] < 1200 < ratings[3 * len(ratings) // 4]


def test_every_puzzle_has_a_source_and_a_unique_position():
    assert all(record["fields"]["source"] for record in RECORDS)
    positions = [" ".join(record["fields"]["fen"].split()[:2]) for record in RECORDS]
    assert len(set(positions)) == len(positions)
