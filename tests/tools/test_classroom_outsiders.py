"""The two beside the classroom benchmark's class: the hostile visitor's positions and its answers counted,
and the curator's job read from its page."""

import json

from tools.classroom.__main__ import ROOT
from tools.classroom.outsiders import EVALUATIONS, job_state, positions, tally


def puzzle(pk, fen, active=True, rounds=""):
    fields = {"fen": fen, "moves": "a1a2", "active": active}
    if rounds:
        fields["rounds"] = rounds
    return json.dumps({"model": "trainer.puzzle", "pk": pk, "fields": fields})


def test_the_hostile_visitors_positions_are_different_active_and_outside_the_werera():
    lines = "\n".join(
        [
            puzzle(1, "8/8/8/8/8/8/8/K6k w - - 0 30 0/0", active=False),
            puzzle(2, "8/8/8/8/8/8/8/K5k1 w - - 0 30 0/0"),
            puzzle(3, "8/8/8/8/8/8/8/K4k2 b - - 0 30 0/0", rounds="e2e3:d7d6"),
            "",
            puzzle(4, "8/8/8/8/8/8/8/K5k1 w - - 0 30 0/0"),  # the same position as 2
            puzzle(5, "8/8/8/8/8/8/8/K3k3 b - - 0 30 0/0"),
            puzzle(6, "8/8/8/8/8/8/8/K2k4 w - - 0 30 0/0"),
        ]
    )
    assert positions(lines, 2) == ["8/8/8/8/8/8/8/K5k1 w - - 0 30 0/0", "8/8/8/8/8/8/8/K3k3 b - - 0 30 0/0"]
    assert len(positions(lines, 10)) == 3


def test_the_fixture_gives_the_hostile_visitor_forty_different_positions():
    found = positions((ROOT / "fixtures" / "puzzles.jsonl").read_text(), EVALUATIONS)
    assert len(set(found)) == EVALUATIONS == 40
    assert {fen.split()[1] for fen in found} <= {"w", "b"}


def test_the_answers_are_counted_accepted_refused_or_other():
    def answered(action, status):
        return {"action": action, "status": status}

    samples = [answered("hostile: play on", status) for status in (302, 302, 429, 429, 429, 500, 0, 200)]
    samples += [answered("hostile: evaluate", 429)]
    assert tally(samples, "hostile: play on") == (3, 3, 2)
    assert tally(samples, "hostile: evaluate") == (0, 1, 0)
    assert tally(samples, "hostile: move") == (0, 0, 0)


def test_the_curators_job_is_read_from_its_page():
    page = (
        '<div id="content-main" class="curation-job" data-status="running">\n'
        "<p>Status: running. 437 of 1750 done.</p>\n"
        '<progress max="1750" value="437" aria-label="Progress">437 / 1750</progress>'
    )
    assert job_state(page) == {"status": "running", "total": 1750, "done": 437}
    assert job_state(page.replace("running", "done").replace('value="437"', 'value="1750"')) == {
        "status": "done",
        "total": 1750,
        "done": 1750,
    }
    assert job_state("<p>Log in</p>") == {}
