"""The engine's command line (`python3 -m senterej.engine`): a stable interface for other tools."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = ROOT.parent / "shared" / "conformance" / "run"
START = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"


def engine(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "senterej.engine", *argv], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_moves_lists_sorted_coordinates_one_per_line():
    result = engine("moves", "8/8/8/8/3Q4/8/8/K6k w - -")
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["a1a2", "a1b1", "a1b2", "d4c3", "d4c5", "d4e3", "d4e5"]


def test_moves_in_the_werera_lists_the_chosen_side_without_waiting():
    result = engine("moves", START, "--side", "b")
    assert result.returncode == 0
    assert "0000" not in result.stdout and "g8f6" in result.stdout and "e2e3" not in result.stdout


def test_perft_prints_the_count_last():
    result = engine("perft", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0", "3")
    assert result.stdout.strip().splitlines()[-1] == "4176"


def test_play_reports_rounds_moves_and_the_judgement():
    result = engine("play", START, "g1f3,0000", "f3d4,0000", "d4e6,a7a6", "fxe6")
    report = json.loads(result.stdout)
    assert report["fen"] == "rnbkqbnr/ppppp1pp/4p3/8/8/8/PPPPPPPP/RNBQKB1R w - - 0 2 0/0"
    assert (report["status"], report["result"]) == ("ongoing", "*")
    assert [r["round"] for r in report["rounds"]] == [1, 2, 3]
    assert report["rounds"][2]["dropped"] == [{"side": "black", "move": "a7a6", "reason": "check"}]
    assert report["moves"] == [{"side": "black", "move": "f7e6", "san": "fxe6"}]


def test_play_without_moves_judges_the_position():
    report = json.loads(engine("play", "k7/q1K5/8/8/8/8/8/R7 b - - 0 1 0/0").stdout)
    assert (report["status"], report["result"]) == ("stalemate", "1/2-1/2")


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w - -"],
        ["moves", START],  # a werera position needs --side
        ["moves", "8/8/8/8/3Q4/8/8/K6k w - -", "--side", "b"],
        ["perft", START, "2"],
        ["perft", "8/8/8/8/3Q4/8/8/K6k w - -", "two"],
        ["play", START, "e2e4,e7e6"],
        ["play", START, "e2e3"],
        ["play", "8/8/8/8/3Q4/8/8/K6k w - -", "d4d5"],
        ["play", "8/8/8/8/3Q4/8/8/K6k w - -", "d4c5,h1h2"],
        ["play", "k1r5/pp6/8/8/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8", "a8b8"],
        ["castle"],
        [],
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(argv):
    result = engine(*argv)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


@pytest.mark.skipif(not CONFORMANCE.exists(), reason="the shared conformance suite is not beside the project")
def test_conformance_suite_passes():
    result = subprocess.run(
        [sys.executable, str(CONFORMANCE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        env={"SENTEREJ_PYTHON": sys.executable, "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert result.stdout.strip().splitlines()[-1].endswith(" 0 failed")


@pytest.mark.parametrize("depth", ["11", "99999999999999999999", "-1"])
def test_perft_refuses_a_depth_out_of_range_with_one_line(depth):
    result = engine("perft", "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0", depth)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"error: depth must be from 0 to 10, not {int(depth)}"]
