"""The page benchmarks' pure parts: ratios to the same visitor's trivial view, heavy against light, a wrong
puzzle move against a right one, PASS and MISS at the goals' edges, reading wrk's output, and stopping
loudly on an answer that is not the page."""

import subprocess
import sys

import pytest

from tools.bench_moves import MoveFigures
from tools.bench_moves import table as move_table
from tools.bench_pages import TRIVIAL, TRIVIAL_SIGNED_IN, Page
from tools.bench_report import (
    Figure,
    WrkRun,
    WrongAnswer,
    check_answer,
    check_response,
    check_run,
    cost_misses,
    cost_table,
    growth,
    growth_table,
    read_wrk,
    share_table,
)

LOGIN = "/accounts/login/"


def ms(name, history, value, trivial=2.0, queries=None, visitor="heavy learner"):
    return Figure(name, history, visitor, value, trivial, queries)


def test_a_figure_is_read_against_its_own_visitors_trivial_view():
    figure = ms("dashboard", "heavy", 12.0, trivial=2.5, queries=11)
    assert figure.ratio == 4.8
    assert figure.label == "dashboard (heavy)"
    assert ms("rules", "", 3.0).label == "rules"


def test_the_cost_table_passes_at_the_goal_and_misses_above_it():
    header, at_goal, above = cost_table(
        [ms("dashboard", "heavy", 13.4, queries=11), ms("my games", "heavy", 13.6, queries=4)]
    )
    assert header.split()[-2:] == ["≤", "6.7×"]
    assert at_goal.split() == [
        "dashboard",
        "(heavy)",
        "heavy",
        "learner",
        "13.40",
        "2.00",
        "6.70",
        "11",
        "PASS",
    ]
    assert above.split() == [
        "my",
        "games",
        "(heavy)",
        "heavy",
        "learner",
        "13.60",
        "2.00",
        "6.80",
        "4",
        "MISS",
    ]


def test_heavy_against_light_for_the_history_pages_alone():
    figures = [
        ms("dashboard", "light", 10.0),
        ms("dashboard", "heavy", 15.0),
        ms("reviews queue", "light", 8.0),
        ms("reviews queue", "heavy", 12.4),
        ms("class page", "light", 20.0, visitor="teacher"),
        ms("class page", "heavy", 40.0, visitor="teacher"),
        ms("my games", "heavy", 30.0),  # no light figure: no ratio
        ms("train", "light", 5.0),  # not a history page
        ms("train", "heavy", 50.0),
    ]
    assert growth(figures) == [
        ("dashboard", 10.0, 15.0, 1.5),
        ("reviews queue", 8.0, 12.4, 1.55),
        ("class page", 20.0, 40.0, 2.0),
    ]
    lines = growth_table(figures)
    assert lines[1].split() == ["dashboard", "10.00", "15.00", "1.50", "PASS"]
    assert lines[2].split() == ["reviews", "queue", "8.00", "12.40", "1.55", "MISS"]
    assert lines[3].split() == ["class", "page", "20.00", "40.00", "2.00", "MISS"]
    assert len(lines) == 4


def test_the_misses_name_the_pages_above_either_goal():
    figures = [
        ms("dashboard", "light", 4.0),
        ms("dashboard", "heavy", 14.0),  # 7.0× its trivial view, 3.5× light
        ms("my games", "light", 10.0),
        ms("my games", "heavy", 12.0),  # 6.0×, 1.2×
        ms("analysis 40 steps", "", 13.0, visitor="visitor"),  # 6.5×
    ]
    assert cost_misses(figures) == ["dashboard (heavy)", "dashboard (heavy/light)"]
    assert cost_misses(figures[2:]) == []


def test_the_share_table_passes_at_the_goal_and_misses_below_it():
    _header, at_goal, below = share_table(
        [
            Figure("class page", "heavy", "teacher", 300.0, 2000.0),
            Figure("my games", "heavy", "heavy learner", 290.0, 2000.0, notes="socket errors: timeout 3"),
        ]
    )
    assert at_goal.split() == ["class", "page", "(heavy)", "teacher", "300", "2000", "0.15", "PASS"]
    assert below.split()[-7:] == ["2000", "0.14", "MISS", "socket", "errors:", "timeout", "3"]


WRK = """Running 5s test @ http://127.0.0.1:8123/classes/2/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   152.31ms   20.10ms 301.00ms   80.00%
    Req/Sec   163.50     30.00   210.00     70.00%
  Latency Distribution
     50%  150.00ms
     75%  160.00ms
     90%  170.00ms
     99%  250.00ms
  1635 requests in 5.01s, 40.12MB read
  Socket errors: connect 0, read 0, write 0, timeout 7
  Non-2xx or 3xx responses: 1635
Requests/sec:    326.35
Transfer/sec:      8.01MB
"""


def test_wrk_is_read_with_its_errors_and_a_page_answered_with_errors_stops_the_run():
    run = read_wrk(WRK)
    assert run == WrkRun(326.35, 1635, "connect 0, read 0, write 0, timeout 7")
    with pytest.raises(WrongAnswer, match=r"class page \(heavy\): 1635 answers of 4xx or 5xx"):
        check_run("class page (heavy)", run)
    clean = read_wrk("\n".join(line for line in WRK.splitlines() if "Non-2xx" not in line))
    assert clean.errors == 0
    check_run("class page (heavy)", clean)
    with pytest.raises(ValueError):
        read_wrk("unable to connect to 127.0.0.1:8123 Connection refused")


class FakeResponse:
    def __init__(self, status_code, location=""):
        self.status_code = status_code
        self.headers = {"Location": location} if location else {}

    def get(self, header, alternate):
        return self.headers.get(header, alternate)


def test_the_page_meant_passes_the_check():
    check_response("game poll (heavy)", FakeResponse(204), 204, LOGIN)
    check_response("dashboard (light)", FakeResponse(200), 200, LOGIN)


def test_another_status_stops_the_benchmark_naming_the_page():
    with pytest.raises(WrongAnswer) as stopped:
        check_response("class page (heavy)", FakeResponse(404), 200, LOGIN)
    assert str(stopped.value) == "benchmark stopped: class page (heavy): answered 404, not 200"
    # The poll drawn in full (an opponent away, a version moved on) is not the poll meant.
    with pytest.raises(WrongAnswer, match=r"game poll \(light\): answered 200, not 204"):
        check_response("game poll (light)", FakeResponse(200), 204, LOGIN)


def test_a_redirect_says_where_it_led_and_whether_to_log_in():
    with pytest.raises(WrongAnswer) as stopped:
        check_response("dashboard (heavy)", FakeResponse(302, LOGIN + "?next=/train/dashboard/"), 200, LOGIN)
    assert str(stopped.value) == (
        "benchmark stopped: dashboard (heavy): answered 302, not 200, "
        "to /accounts/login/?next=/train/dashboard/ (a redirect to log in)"
    )
    with pytest.raises(WrongAnswer) as elsewhere:
        check_answer("train", 302, 200, "/train/12/", LOGIN)
    assert str(elsewhere.value).endswith("answered 302, not 200, to /train/12/")


def test_a_wrong_answer_ends_the_process_with_a_non_zero_status():
    stopped = subprocess.run(
        [sys.executable, "-c", "from tools.bench_report import check_answer; check_answer('home', 500, 200)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert stopped.returncode == 1
    assert stopped.stderr.strip() == "benchmark stopped: home: answered 500, not 200"


def test_each_page_is_set_beside_the_trivial_view_of_its_own_visitor():
    assert Page("rules", "/rules/").trivial == TRIVIAL
    assert Page("class page", "/classes/2/", "bench-teacher", "heavy").trivial == TRIVIAL_SIGNED_IN
    assert Page("game poll", "/play/x/?since=54&away=0", "bench-heavy", "heavy", 204, True).label == (
        "game poll (heavy)"
    )


def test_a_first_wrong_move_passes_at_three_right_ones_and_misses_above():
    at_goal, above = MoveFigures(10.0, 30.0, 110.0), MoveFigures(10.0, 30.1, 110.0)
    assert at_goal.met and not above.met
    assert move_table(at_goal, 60)[3].split() == ["wrong/right", "3.00", "≤", "3.0×", "PASS"]
    assert move_table(above, 60)[3].split() == ["wrong/right", "3.01", "≤", "3.0×", "MISS"]
