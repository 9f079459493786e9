"""The classroom benchmark's load generator and report (`make bench-classroom` runs both through
tools/bench-classroom, which starts and stops the servers):

    python -m tools.classroom run --port 8031 --seconds 60 --students 60 --password PW --out DIR
    python -m tools.classroom report --out DIR --check DIR/check.json --title TEXT

`run` lets the students (60 by default: 24 on the course, 24 on puzzles, 12 against the Club player; any
number in the same 2:2:1 proportion) work for the given time against 127.0.0.1 only, beside a curator whose
job re-validates every puzzle and a hostile visitor who asks the engine for too much (tools/classroom/
outsiders.py). It writes DIR/samples.json (every timed action) and DIR/ledger.json (what each of them saw
completed). It exits 1 when no student could log in: the benchmark could not run."""

import argparse
import dataclasses
import json
import sys
import threading
from pathlib import Path
from typing import Any

from tools.classroom.client import Browser, Log
from tools.classroom.outsiders import CURATOR, Curator, HostileVisitor
from tools.classroom.report import report
from tools.classroom.students import BotStudent, CourseStudent, CourseTask, PuzzleStudent, Student, groups

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
PREFIX = "classroom"  # the accounts `manage.py classroom_bench seed` makes: classroom01, classroom02, …


def course_tasks(path: Path) -> list[CourseTask]:
    """The course's tasks in the order of the course, with their reference solutions."""
    rows = json.loads(path.read_text())
    lessons = {r["pk"]: r["fields"] for r in rows if r["model"] == "course.lesson"}
    tasks = [r for r in rows if r["model"] == "course.task"]
    tasks.sort(key=lambda r: (lessons[r["fields"]["lesson"]]["order"], r["fields"]["order"]))
    return [
        CourseTask(
            r["pk"],
            lessons[r["fields"]["lesson"]]["slug"],
            r["fields"]["order"],
            r["fields"]["goal"],
            tuple(r["fields"]["solution"].split()),
        )
        for r in tasks
    ]


def puzzle_solutions(lines: str) -> dict[int, list[str]]:
    solutions = {}
    for line in lines.splitlines():
        if line.strip():
            row = json.loads(line)
            solutions[row["pk"]] = row["fields"]["moves"].split()
    return solutions


def run(args: argparse.Namespace) -> int:
    tasks = course_tasks(ROOT / "fixtures" / "course.json")
    puzzle_lines = (ROOT / "fixtures" / "puzzles.jsonl").read_text()
    solutions = puzzle_solutions(puzzle_lines)
    log = Log()
    course, puzzles, bots = groups(args.students)
    # the curator and the hostile visitor sit down with the class: the lesson starts for all at once
    seated = threading.Barrier(args.students + 2, action=lambda: log.begin(args.seconds))
    ledger: dict[str, dict[str, Any]] = {}
    students: list[Student] = []
    kinds = [CourseStudent] * course + [PuzzleStudent] * puzzles + [BotStudent] * bots
    for number, kind in enumerate(kinds, start=1):
        name = f"{PREFIX}{number:02d}"
        ledger[name] = {"kind": kind.kind}
        browser = Browser(HOST, args.port, log, name)
        common = (number, browser, args.seed, args.password, ledger[name], seated)
        if kind is CourseStudent:
            students.append(CourseStudent(*common, tasks=tasks))
        elif kind is PuzzleStudent:
            students.append(PuzzleStudent(*common, solutions=solutions))
        else:
            students.append(BotStudent(*common))
    curator: dict[str, Any] = {"name": CURATOR}
    hostile: dict[str, Any] = {}
    outsiders: list[Curator | HostileVisitor] = [
        Curator(Browser(HOST, args.port, log, CURATOR, "curator"), args.password, curator, seated),
        HostileVisitor(Browser(HOST, args.port, log, "hostile", "hostile"), puzzle_lines, hostile, seated),
    ]
    # the curator starts its job while the class sits down (each student takes 0-5 s to come in)
    threads = [threading.Thread(target=o.run, name=o.browser.name, daemon=True) for o in outsiders]
    threads += [threading.Thread(target=s.run, name=s.browser.name, daemon=True) for s in students]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180 + args.seconds)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "samples.json").write_text(json.dumps([dataclasses.asdict(s) for s in log.samples]))
    ledger_file = {"students": ledger, "curator": curator, "hostile": hostile}
    (out / "ledger.json").write_text(json.dumps(ledger_file))
    for error in log.errors[:20]:
        print("error:", error, file=sys.stderr)
    logged_in = sum(s.action == "log in" and s.ok and s.who == "student" for s in log.samples)
    print(
        f"{len(log.samples)} requests in {args.seconds:.0f} s, "
        f"{logged_in} of {len(students)} students logged in"
    )
    return 0 if logged_in else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.classroom")
    sub = parser.add_subparsers(dest="command", required=True)
    load = sub.add_parser("run")
    load.add_argument("--port", type=int, required=True)
    load.add_argument("--seconds", type=float, default=60.0)
    load.add_argument("--password", required=True)
    load.add_argument("--seed", type=int, default=1)
    load.add_argument("--students", type=int, default=60)
    load.add_argument("--out", required=True)
    show = sub.add_parser("report")
    show.add_argument("--out", required=True)
    show.add_argument("--check", required=True)
    show.add_argument("--title", default="classroom benchmark")
    args = parser.parse_args(argv)
    if args.command == "run" and args.students < 1:
        parser.error("--students: at least one")
    if args.command == "run":
        return run(args)
    samples = json.loads((Path(args.out) / "samples.json").read_text())
    check = json.loads(Path(args.check).read_text())
    ledger = json.loads((Path(args.out) / "ledger.json").read_text())
    print(report(samples, check, args.title, ledger))
    return 0


if __name__ == "__main__":
    sys.exit(main())
