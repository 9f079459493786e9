"""Growing the pool (`generate_puzzles --grow`): the fixture's puzzles proved again with their ids kept (a
refused one retired, not deleted, so players' tries stay), and new puzzles chosen goals first, then band by
band of rating, no theme over its share."""

import json

from django.core.management import call_command

from senterej.engine.pieces import BLACK, DER, NEGUS, WHITE, Piece
from testing.factories import DER_MATE, FERES_MATE, LADDER, WERERA_ROUND, WERERA_SLOWER
from trainer.generate.constructed import placement_of
from trainer.generate.finders import Found
from trainer.generate.growth import GOALS, reprove, select_grown, short_goals, slower_solver
from trainer.generate.selection import Tagged


def _record(pk: int, fen: str, moves: str, themes: str = "", **fields: object) -> dict[str, object]:
    return {
        "model": "trainer.puzzle",
        "pk": pk,
        "fields": {"fen": fen, "moves": moves, "themes": themes, "rating": 1500, "source": "test", **fields},
    }


def test_r7_1_a_sound_mate_is_kept_with_its_id_and_tagged_again():
    verdict = reprove(_record(7, DER_MATE.fen, DER_MATE.moves, themes="fork"))
    assert verdict.retired is None and verdict.record["pk"] == 7
    assert "mateIn1" in verdict.record["fields"]["themes"].split()
    assert "fork" not in verdict.record["fields"]["themes"].split()


def test_r7_1_a_puzzle_with_a_second_solution_is_retired_not_deleted():
    verdict = reprove(_record(8, LADDER.fen, LADDER.moves, themes=LADDER.themes))
    assert verdict.retired is not None and "not the only mate" in verdict.retired
    assert verdict.record["pk"] == 8 and verdict.record["fields"]["active"] is False
    assert verdict.record["fields"]["moves"] == LADDER.moves


def test_a_puzzle_retired_before_stays_retired():
    verdict = reprove(_record(9, DER_MATE.fen, DER_MATE.moves, active=False))
    assert verdict.retired is not None and verdict.record["fields"]["active"] is False


def _candidate(file: int, rank: int, themes: list[str], rating: int) -> Tagged:
    """A candidate on a position of its own: the two neguses and a white der on (file, rank)."""
    board = {63: Piece(BLACK, NEGUS), 0: Piece(WHITE, NEGUS), 8 * (rank + 1) + file: Piece(WHITE, DER)}
    fen = f"{placement_of(board)} w - - 0 1 0/0"
    return Tagged(Found(fen, "a1a2", f"test {file} {rank} {rating}", 0, 0), themes, rating)


def test_goals_come_first_then_the_ratings_spread_band_by_band():
    werera = [_candidate(1, rank, ["werera"], 600) for rank in range(6)]
    mates = [_candidate(2, rank, ["mateIn2"], 1000) for rank in range(6)]
    strong = [_candidate(3, rank, ["mateIn3"], 2200) for rank in range(3)]
    chosen = select_grown([], mates + strong + werera, 6)
    themes = [c.themes[0] for c in chosen]
    assert themes.count("werera") == 2  # 40 % of six: the goal is short, but no theme passes its share
    ratings = sorted(c.rating for c in chosen if c.themes != ["werera"])
    assert ratings == [1000, 1000, 2200, 2200]  # the two bands in turn, not the crowded one alone


def test_a_kept_position_is_never_added_again():
    again = _candidate(1, 2, ["werera"], 600)
    kept = [(again.found.fen, ["werera"])]
    assert select_grown(kept, [again], 1) == []


def test_the_goals_say_what_is_short():
    assert short_goals({theme: least for theme, least in GOALS.items()}) == {}
    assert short_goals({**GOALS, "werera": GOALS["werera"] - 3}) == {"werera": 3}


def test_the_grow_run_retires_and_keeps_without_new_jobs(tmp_path, capsys):
    fixture = tmp_path / "puzzles.jsonl"
    records = [
        _record(1, DER_MATE.fen, DER_MATE.moves, DER_MATE.themes),
        _record(2, LADDER.fen, LADDER.moves, LADDER.themes),
        _record(3, FERES_MATE.fen, FERES_MATE.moves, FERES_MATE.themes),
    ]
    fixture.write_text("".join(json.dumps(record) + "\n" for record in records))
    call_command("generate_puzzles", grow=True, output=str(fixture), max_jobs=0, workers=1, count=3)
    written = [json.loads(line) for line in fixture.read_text().splitlines()]
    assert [record["pk"] for record in written] == [1, 2, 3]
    assert [record["fields"].get("active", True) for record in written] == [True, False, True]
    out = capsys.readouterr().out
    assert "retired 1: move 1 (h1d1)" in out and "2 of 3 puzzles kept, 1 to add" in out


def test_r5_2_among_the_werera_puzzles_the_slower_side_s_come_first():
    quicker = Tagged(Found(WERERA_ROUND.fen, WERERA_ROUND.moves, "a", 0, 0), ["werera"], 900)
    slower = Tagged(Found(WERERA_SLOWER.fen, WERERA_SLOWER.moves, "b", 0, 0), ["werera"], 900)
    assert slower_solver(slower) and not slower_solver(quicker)
    kept = [(_candidate(3, rank, [], 900).found.fen, ["mateIn2"]) for rank in range(4)]
    assert select_grown(kept, [quicker, slower], 1) == [slower]


def test_r5_11_a_werera_choice_met_again_is_taken_three_times_at_most():
    """Every werera position grows from the one start: the same choice (d3xe4 on Black's feres) in four
    positions that differ by a White medeq elsewhere is nearly one puzzle four times."""
    ranks = [
        ("P3n3", "3P4", "1PP1PPPP"),
        ("P3n3", "3P3P", "1PP1PPP1"),
        ("P3n2P", "3P4", "1PP1PPP1"),
        ("P3n3", "3P2P1", "1PP1PP1P"),
    ]
    same = [
        Tagged(
            Found(
                f"rnbkqb1r/ppppppp1/7p/8/{four}/{three}/{two}/RNBQKBNR - Kk 4 0 1 0/0", "d3e4", f"{n}", 0, 0
            ),
            ["werera"],
            900,
        )
        for n, (four, three, two) in enumerate(ranks)
    ]
    kept = [(_candidate(3, rank, [], 900).found.fen, ["mateIn2"]) for rank in range(6)]
    assert len(select_grown(kept, same, 4)) == 3
