"""The classroom benchmark's pure parts: percentiles, the table, the targets, and reading the pages."""

from tools.classroom.__main__ import ROOT, course_tasks
from tools.classroom.client import hidden, legal_moves, men
from tools.classroom.report import percentile, row, table, targets


def sample(action, seconds, ok=True, start=1.0, wall=100.0):
    return {"action": action, "seconds": seconds, "ok": ok, "start": start, "status": 200, "wall": wall}


def test_nearest_rank_percentiles():
    values = [float(n) for n in range(1, 101)]
    assert percentile(values, 50) == 50
    assert percentile(values, 95) == 95
    assert percentile(values, 100) == 100
    assert percentile([3.0], 95) == 3.0
    assert percentile([], 95) == 0.0


def test_a_row_times_only_what_succeeded_and_counts_the_errors():
    r = row("puzzle move", [sample("puzzle move", 0.1), sample("puzzle move", 9.0, ok=False)])
    assert (r.count, r.p50, r.p95, r.most, r.errors) == (2, 0.1, 0.1, 0.1, 1)


def test_the_table_is_in_milliseconds():
    lines = table([row("course map", [sample("course map", 0.0123), sample("course map", 1.5)])]).splitlines()
    assert lines[0].split() == ["action", "count", "p50", "ms", "p95", "ms", "max", "ms", "errors"]
    assert lines[2].split() == ["course", "map", "2", "12", "1,500", "1,500", "0"]


def test_targets_pass_and_miss():
    samples = [
        sample("course map", 0.05),
        sample("log in", 2.0, start=-3.0),  # the class logging in: no target
        sample("puzzle move", 0.4, wall=10.0),  # during the bot's search below
        sample("course move", 0.01, wall=50.0),  # after it
        sample("bot reply: move", 2.5),
    ]
    check = {"problems": [], "tasks_left": 0, "bot_tasks": {"intervals": [[9.0, 11.0]]}}
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, check)}
    assert verdicts["page loads p95 < 300 ms"] == (True, "50 ms over 1")
    assert verdicts["puzzle moves p95 < 300 ms"] == (False, "400 ms over 1")
    assert verdicts["writes while a bot searches p95 < 300 ms"] == (False, "400 ms over 1")
    assert verdicts["bot replies p95 < 4 s"][0]
    assert verdicts["0 errors (5xx, unexpected 4xx, timeouts)"] == (True, "0")
    assert verdicts["0 lost or duplicated rows"][0]
    lost = targets(samples, {"problems": ["classroom13: try x has 0 Attempt rows"], "tasks_left": 0})
    assert not dict((label, met) for label, met, _ in lost)["0 lost or duplicated rows"]


def test_reading_a_page():
    page = (
        '<div class="board board--live" data-legal="{&quot;e2&quot;:[[&quot;e3&quot;,&quot;e2e3&quot;]]}">'
        '<div role="gridcell" class="board__square" data-square="e2" aria-label="e2">'
        '<svg class="piece piece--white" role="img"></svg></div>'
        '<div role="gridcell" class="board__square" data-square="e3" aria-label="e3"></div></div>'
        '<input type="hidden" name="token" value="abc">'
    )
    assert legal_moves(page) == ["e2e3"]
    assert legal_moves("<div class='board'></div>") == []
    assert men(page) == {"e2": "white"}
    assert hidden(page, "token") == "abc"
    assert hidden(page, "ply") == ""


def test_the_course_tasks_come_in_the_course_order_with_their_solutions():
    tasks = course_tasks(ROOT / "fixtures" / "course.json")
    assert tasks[0].path == "/learn/board-and-setup/1/"
    assert tasks[0].goal == "question"
    assert all(task.solution for task in tasks)
