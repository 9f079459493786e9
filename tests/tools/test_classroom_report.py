"""The classroom benchmark's pure parts: percentiles, the table, the targets and the report, and reading the
pages."""

from tools.classroom.__main__ import ROOT, course_tasks
from tools.classroom.client import hidden, legal_moves, men
from tools.classroom.report import curator_words, percentile, report, row, table, targets


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
    assert verdicts["page loads p95 < 300 ms"] == (True, "p50 50 ms, p95 50 ms, max 50 ms over 1")
    assert verdicts["puzzle moves p95 < 300 ms"] == (False, "p50 400 ms, p95 400 ms, max 400 ms over 1")
    assert verdicts["writes while a bot searches p95 < 300 ms"] == (
        False,
        "p50 400 ms, p95 400 ms, max 400 ms over 1",
    )
    assert verdicts["bot replies p95 < 4 s"] == (True, "p50 2,500 ms, p95 2,500 ms, max 2,500 ms over 1")
    assert verdicts["0 student errors (5xx, unexpected 4xx, timeouts, broken connections)"] == (True, "0")
    assert verdicts["0 students answered 429"] == (True, "0")
    assert verdicts["0 lost or duplicated rows"] == (True, "0 (bot replies still queued: 0)")
    lost = targets(samples, {"problems": ["classroom13: try x has 0 Attempt rows"], "tasks_left": 0})
    assert not dict((label, met) for label, met, _ in lost)["0 lost or duplicated rows"]
    queued = targets(samples, {"problems": [], "tasks_left": 2})
    assert dict((label, met) for label, met, _ in queued)["0 lost or duplicated rows"] is False


def test_a_target_over_many_samples_takes_the_nearest_rank_p95():
    # 20 course moves of 10, 20, …, 200 ms: p50 is the 10th (100 ms), p95 the 19th (190 ms)
    samples = [sample("course move", n / 100) for n in range(1, 21)]
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, {})}
    assert verdicts["course moves p95 < 300 ms"] == (True, "p50 100 ms, p95 190 ms, max 200 ms over 20")
    samples.append(sample("course retry", 0.31))  # retries count as course moves: now the 20th of 21
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, {})}
    assert verdicts["course moves p95 < 300 ms"] == (True, "p50 110 ms, p95 200 ms, max 310 ms over 21")
    samples += [sample("course answer", 0.4), sample("course answer", 0.5)]  # the 22nd of 23: 400 ms
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, {})}
    assert verdicts["course moves p95 < 300 ms"] == (False, "p50 120 ms, p95 400 ms, max 500 ms over 23")


def test_no_sample_is_a_miss():
    verdicts = {label: (met, figure) for label, met, figure in targets([], {})}
    assert verdicts["bot replies p95 < 4 s"] == (False, "p50 0 ms, p95 0 ms, max 0 ms over 0")


def test_the_students_errors_and_429s_are_counted_apart_and_no_one_elses():
    samples = [
        {**sample("game move", 0.1, ok=False), "status": 500},
        {**sample("puzzle move", 15.0, ok=False), "status": 0},  # a timeout
        {**sample("start bot game", 0.1, ok=False), "status": 429},
        {**sample("course move", 0.1, ok=False), "status": 404},
        # the curator's and the hostile visitor's answers are theirs, not the students'
        {**sample("curator: job page", 0.1, ok=False), "status": 500, "who": "curator"},
        {**sample("hostile: play on", 0.1), "status": 429, "who": "hostile"},
    ]
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, {})}
    assert verdicts["0 student errors (5xx, unexpected 4xx, timeouts, broken connections)"] == (False, "3")
    assert verdicts["0 students answered 429"] == (False, "1")


def test_the_hostile_visitor_must_be_refused_past_each_limit():
    def hostile(action, status):
        return {**sample(action, 0.05), "status": status, "who": "hostile"}

    samples = [hostile("hostile: evaluate", 200)] * 12 + [hostile("hostile: evaluate", 429)] * 28
    samples += [hostile("hostile: play on", 302)] * 20  # every game started: the limit did not hold
    samples += [hostile("hostile: evaluate", 502)]
    verdicts = {label: (met, figure) for label, met, figure in targets(samples, {})}
    assert verdicts["the hostile visitor is refused (429) evaluations past 10 a minute"] == (
        True,
        "28 of 41 refused, 12 accepted, 1 other",
    )
    assert verdicts["the hostile visitor is refused (429) bot games past 10 in 10 minutes"] == (
        False,
        "0 of 20 refused, 20 accepted, 0 other",
    )
    # its requests are not the students': they pass the students' targets untouched
    assert verdicts["0 students answered 429"] == (True, "0")
    assert verdicts["page loads p95 < 300 ms"] == (False, "p50 0 ms, p95 0 ms, max 0 ms over 0")


def test_the_report_names_the_groups_the_curators_job_and_the_hostile_visitors_answers():
    samples = [
        sample("course map", 0.02),
        {**sample("hostile: evaluate", 0.05), "status": 200, "who": "hostile"},
        {**sample("hostile: evaluate", 0.05), "status": 429, "who": "hostile"},
        {**sample("hostile: play on", 0.05), "status": 302, "who": "hostile"},
        {**sample("curator: job page", 0.03), "who": "curator"},
    ]
    ledger = {
        "students": {
            "classroom01": {"kind": "course"},
            "classroom02": {"kind": "course"},
            "x": {"kind": "club"},
        },
        "curator": {
            "name": "classroom-curator",
            "jobs": ["/admin/trainer/puzzle/jobs/1/"],
            "end": {"status": "running", "done": 437, "total": 1750},
        },
    }
    check = {
        "problems": [],
        "tasks_left": 0,
        "curation_jobs": [{"kind": "revalidate", "status": "running", "done": 500, "total": 1750}],
    }
    text = report(samples, check, "title", ledger).splitlines()
    assert text[:2] == [
        "title",
        "3 students: 2 course, 0 puzzles, 1 Club; beside them a curator's job and a hostile visitor",
    ]
    assert (
        "curator's job (re-validate all puzzles): running at the end of the lesson, 437 of 1,750 done (25%)"
        in text
    )
    assert "  in the database after the check: running, 500 of 1,750 done" in text
    assert "hostile visitor's evaluations: 1 accepted, 1 refused (429), 0 other" in text
    assert "hostile visitor's bot games: 1 accepted, 0 refused (429), 0 other" in text
    assert "PASS  0 students answered 429: 0" in text


def test_the_curators_job_started_again_or_never():
    again = {
        "curator": {"jobs": ["/a/", "/b/"], "finished": 1, "end": {"status": "done", "done": 9, "total": 9}}
    }
    assert curator_words(again, {}) == [
        "curator's job (re-validate all puzzles) (started again: 1 finished during the lesson): "
        "done at the end of the lesson, 9 of 9 done (100%)"
    ]
    assert curator_words({"curator": {"jobs": []}}, {}) == ["curator's job: it did not start"]
    assert curator_words({}, {}) == []


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
