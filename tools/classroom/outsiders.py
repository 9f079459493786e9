"""The two beside the class: a curator whose long job runs through the whole lesson, and a hostile visitor who
asks the engine for far more than a visitor's share.

The curator logs in while the class sits down and, as the admin does it, selects all the puzzles in the
puzzles' list ("Select all") and runs "Re-validate with the engine" on them: one job on the curators' queue,
proving every puzzle again. Then it keeps the job's page open, which reloads itself every 2 s, starts the job
again should it be done before the lesson ends, and writes down in its ledger how far the job had come when
the lesson ended.

The hostile visitor has no account. From the lesson's start, as fast as it can, it asks the analysis board's
engine to evaluate 40 different positions and plays on from positions against the Club player 20 times, one
move in each game. Its session is its first game's (a visitor's first session is made when the site has
something to keep for it, here the game's seat): from then on the per-visitor limits (10 evaluations a minute,
10 bot games in 10 minutes) count it, and it should be answered 429 past them. Everyone in the benchmark
comes from 127.0.0.1, so the per-address limits, wide for a school, are the class's and its together."""

import json
import re
import threading
import time
from typing import Any

from tools.classroom.client import Browser, Log, hidden, legal_moves

CURATOR = "classroom-curator"  # the account `manage.py classroom_bench seed` makes beside the students
#: The job's page reloads itself this often while the job runs (its meta refresh).
JOB_PAGE_EVERY = 2.0
PUZZLES = "/admin/trainer/puzzle/"
SELECTED = re.compile(r'name="_selected_action" value="(\d+)"')
FINISHED = ("done", "failed")
JOB_STATUS = re.compile(r'class="curation-job" data-status="(\w+)"')
JOB_PROGRESS = re.compile(r'<progress max="(\d+)" value="(\d+)"')

EVALUATIONS = 40
PLAY_ONS = 20


def positions(puzzle_lines: str, count: int) -> list[str]:
    """The hostile visitor's positions: the starting positions (FEN) of the first `count` active puzzles that
    start outside the werera (no rounds before them), all different, in the fixture's order."""
    found: list[str] = []
    for line in puzzle_lines.splitlines():
        if not line.strip():
            continue
        fields = json.loads(line)["fields"]
        if fields.get("active", True) and not fields.get("rounds") and fields["fen"] not in found:
            found.append(fields["fen"])
            if len(found) == count:
                break
    return found


def job_state(body: str) -> dict[str, Any]:
    """A curation job's status, done and total as its page shows them; empty when the page shows none."""
    status, progress = JOB_STATUS.search(body), JOB_PROGRESS.search(body)
    if status is None or progress is None:
        return {}
    return {"status": status.group(1), "total": int(progress.group(1)), "done": int(progress.group(2))}


def tally(samples: list[dict[str, Any]], action: str) -> tuple[int, int, int]:
    """The answers to one kind of request: accepted (2xx, or 3xx to what it made), refused (429), and any
    other (an error, a timeout, a broken connection)."""
    chosen = [s["status"] for s in samples if s["action"] == action]
    accepted = sum(200 <= status < 400 for status in chosen)
    refused = sum(status == 429 for status in chosen)
    return accepted, refused, len(chosen) - accepted - refused


class Curator:
    def __init__(self, browser: Browser, password: str, ledger: dict[str, Any], seated: threading.Barrier):
        self.browser, self.password, self.ledger, self.seated = browser, password, ledger, seated
        self.log: Log = browser.log
        self.ledger["jobs"] = []  # the job pages' paths, in the order the jobs were started

    def run(self) -> None:
        """Logs in and starts the job, then sits down with the class and watches the job's page; a job done
        before the lesson ends is started again, so that one runs all through the lesson."""
        path = self.start_job() if self.log_in() else ""
        try:
            self.seated.wait(timeout=120)
        except threading.BrokenBarrierError:
            return
        while path and time.monotonic() + JOB_PAGE_EVERY < self.log.deadline:
            time.sleep(JOB_PAGE_EVERY)
            page = self.browser.request("curator: job page", "GET", path)
            if job_state(page.body).get("status") in FINISHED:
                self.ledger["finished"] = self.ledger.get("finished", 0) + 1
                path = self.start_job()
        time.sleep(max(0.0, self.log.deadline - time.monotonic()))
        if path:
            self.ledger["end"] = job_state(self.browser.request("curator: job page", "GET", path).body)

    def log_in(self) -> bool:
        self.browser.request("curator: login page", "GET", "/accounts/login/")
        form = {"username": self.browser.name, "password": self.password}
        form["csrfmiddlewaretoken"] = self.browser.csrf
        answer = self.browser.request("curator: log in", "POST", "/accounts/login/", form, expect=(302,))
        return answer.status == 302

    def start_job(self) -> str:
        """Re-validates all the puzzles as the admin does; the job page's path, "" when it did not start."""
        listed = self.browser.request("curator: puzzles list", "GET", PUZZLES)
        if listed.status != 200:
            return ""
        action = [
            ("csrfmiddlewaretoken", self.browser.csrf),
            ("action", "revalidate"),
            ("select_across", "1"),  # "Select all N puzzles", beyond the page shown
            ("index", "0"),
            *(("_selected_action", pk) for pk in SELECTED.findall(listed.body)),
        ]
        started = self.browser.request("curator: re-validate all", "POST", PUZZLES, action, expect=(302,))
        if started.status != 302 or "/jobs/" not in started.location:
            return ""
        self.ledger["jobs"].append(started.location)
        return started.location


class HostileVisitor:
    def __init__(
        self, browser: Browser, puzzle_lines: str, ledger: dict[str, Any], seated: threading.Barrier
    ):
        self.browser, self.ledger, self.seated = browser, ledger, seated
        self.positions = positions(puzzle_lines, EVALUATIONS)
        self.ledger.update({"games": [], "evaluations": {"accepted": 0, "unsure": 0}, "unsure_games": 0})

    def run(self) -> None:
        self.browser.request("hostile: analysis board", "GET", "/analysis/")
        try:
            self.seated.wait(timeout=120)
        except threading.BrokenBarrierError:
            return
        self.play_on(0)  # its session is made here, with the game's seat
        asking = threading.Thread(target=self.evaluate_all, args=(self.browser.tab(),), daemon=True)
        asking.start()
        for number in range(1, PLAY_ONS):
            self.play_on(number)
        asking.join()

    def evaluate_all(self, browser: Browser) -> None:
        seen = self.ledger["evaluations"]
        for fen in self.positions:
            answer = browser.request(
                "hostile: evaluate", "POST", "/analysis/evaluate/", {"fen": fen}, htmx=True, expect=(200, 429)
            )
            if answer.status == 200:
                seen["accepted"] += 1
            elif answer.status == 0:
                seen["unsure"] += 1

    def play_on(self, number: int) -> None:
        """Plays on against the Club player from a position, as the side to move, and makes one move."""
        fen = self.positions[number % len(self.positions)]
        side = "white" if fen.split()[1] == "w" else "black"
        form = {"fen": fen, "level": "club", "side": side}
        started = self.browser.request(
            "hostile: play on", "POST", "/analysis/play-on/", form, expect=(302, 429)
        )
        if started.status == 0:
            self.ledger["unsure_games"] += 1
        if started.status != 302:
            return
        path = started.location
        page = self.browser.request("hostile: game page", "GET", path)
        game: dict[str, Any] = {"id": path.rstrip("/").rsplit("/", 1)[1], "side": side, "moves": []}
        self.ledger["games"].append(game)
        legal = legal_moves(page.body)
        if page.status != 200 or not legal:
            return
        move = legal[0]
        form = {"move": move, "version": hidden(page.body, "version"), "steps": hidden(page.body, "steps")}
        answer = self.browser.request("hostile: move", "POST", f"{path}move/", form, htmx=True)
        if answer.status == 200:
            game["moves"].append(move)
        elif answer.status == 0:
            game["unsure"] = move
