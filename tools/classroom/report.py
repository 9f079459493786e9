"""The classroom benchmark's report: per action count, p50, p95, max and errors (the students', the curator's,
the hostile visitor's), the bot tasks' queue wait and run time, the curator's job at the end, the hostile
visitor's answers, the database check, and PASS or MISS for each target of the classroom issue."""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tools.classroom.outsiders import tally

PAGES = ("course map", "task page", "train page", "play page", "game page")
COURSE_MOVES = ("course move", "course answer", "course retry")
PUZZLE_MOVES = ("puzzle move", "puzzle move: wrong")
GAME_WRITES = ("start bot game", "game move")
BOT_REPLIES = ("bot reply: werera", "bot reply: move")
#: The requests that write to the database while the lesson goes on.
WRITES = (*COURSE_MOVES, *PUZZLE_MOVES, *GAME_WRITES)
ORDER = (
    "login page",
    "log in",
    *PAGES,
    *COURSE_MOVES,
    *PUZZLE_MOVES,
    *GAME_WRITES,
    "game poll",
    *BOT_REPLIES,
    "curator: login page",
    "curator: log in",
    "curator: puzzles list",
    "curator: re-validate all",
    "curator: job page",
    "hostile: analysis board",
    "hostile: evaluate",
    "hostile: play on",
    "hostile: game page",
    "hostile: move",
)
#: The hostile visitor's requests that a per-visitor limit guards, with what the limit is.
GUARDED = (
    ("evaluations", "hostile: evaluate", "10 a minute"),
    ("bot games", "hostile: play on", "10 in 10 minutes"),
)


def who(sample: dict[str, Any]) -> str:
    return str(sample.get("who", "student"))


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (`share` from 0 to 100) of the values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Row:
    name: str
    count: int
    p50: float
    p95: float
    most: float
    errors: int


def row(name: str, samples: Iterable[dict[str, Any]]) -> Row:
    chosen = list(samples)
    seconds = [s["seconds"] for s in chosen if s["ok"]]
    return Row(
        name,
        len(chosen),
        percentile(seconds, 50),
        percentile(seconds, 95),
        max(seconds, default=0.0),
        sum(not s["ok"] for s in chosen),
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f}"


def table(rows: Sequence[Row]) -> str:
    """The rows as a text table, times in milliseconds."""
    width = max([len("action"), *(len(r.name) for r in rows)])
    lines = [f"{'action':<{width}}  {'count':>6}  {'p50 ms':>8}  {'p95 ms':>8}  {'max ms':>8}  {'errors':>6}"]
    lines.append("-" * len(lines[0]))
    for r in rows:
        lines.append(
            f"{r.name:<{width}}  {r.count:>6}  {_ms(r.p50):>8}  {_ms(r.p95):>8}  {_ms(r.most):>8}"
            f"  {r.errors:>6}"
        )
    return "\n".join(lines)


def thinking(sample: dict[str, Any], intervals: Sequence[Sequence[float]]) -> bool:
    """Whether the request was under way while the task worker ran a bot's search."""
    start, end = sample["wall"], sample["wall"] + sample["seconds"]
    return any(begun < end and start < ended for begun, ended in intervals)


def timing(seconds: Sequence[float]) -> str:
    return (
        f"p50 {_ms(percentile(seconds, 50))} ms, p95 {_ms(percentile(seconds, 95))} ms, "
        f"max {_ms(max(seconds, default=0.0))} ms over {len(seconds)}"
    )


def targets(samples: Sequence[dict[str, Any]], check: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Each target of the issue over the lesson (after the class has logged in): (what, met, the figure).
    The times and the errors are the students'; the hostile visitor should be refused past its limits."""
    students = [s for s in samples if who(s) == "student"]
    lesson = [s for s in students if s["start"] >= 0]
    intervals = check.get("bot_tasks", {}).get("intervals", [])
    during = [s for s in lesson if s["action"] in WRITES and thinking(s, intervals)]
    found = []
    for label, names, limit, chosen in (
        ("page loads p95 < 300 ms", PAGES, 0.3, lesson),
        ("course moves p95 < 300 ms", COURSE_MOVES, 0.3, lesson),
        ("puzzle moves p95 < 300 ms", PUZZLE_MOVES, 0.3, lesson),
        ("writes while a bot searches p95 < 300 ms", WRITES, 0.3, during),
        ("bot replies p95 < 4 s", BOT_REPLIES, 4.0, lesson),
    ):
        seconds = [s["seconds"] for s in chosen if s["action"] in names and s["ok"]]
        found.append((label, bool(seconds) and percentile(seconds, 95) < limit, timing(seconds)))
    refused = sum(s["status"] == 429 for s in students)
    errors = sum(not s["ok"] and s["status"] != 429 for s in students)
    found.append(
        ("0 student errors (5xx, unexpected 4xx, timeouts, broken connections)", errors == 0, str(errors))
    )
    found.append(("0 students answered 429", refused == 0, str(refused)))
    problems = check.get("problems", [])
    left = check.get("tasks_left", 0)
    figure = f"{len(problems)} (bot replies still queued: {left})"
    found.append(("0 lost or duplicated rows", not problems and not left, figure))
    hostile = [s for s in samples if who(s) == "hostile"]
    for words, action, rate in GUARDED:
        accepted, turned_away, other = tally(hostile, action)
        asked = accepted + turned_away + other
        figure = f"{turned_away} of {asked} refused, {accepted} accepted, {other} other"
        found.append((f"the hostile visitor is refused (429) {words} past {rate}", turned_away > 0, figure))
    return found


def curator_words(ledger: dict[str, Any], check: dict[str, Any]) -> list[str]:
    """The curator's job: how far it had come when the lesson ended (its page), and in the database after
    the check."""
    curator = ledger.get("curator", {})
    if not curator:
        return []
    jobs = curator.get("jobs", [])
    if not jobs:
        return ["curator's job: it did not start"]
    again = ""
    if curator.get("finished"):
        again = f" (started again: {curator['finished']} finished during the lesson)"
    end = curator.get("end")
    if not end:
        return [f"curator's job {jobs[-1]}{again}: its page was not read at the end"]
    share = f" ({end['done'] / end['total']:.0%})" if end["total"] else ""
    lines = [
        f"curator's job (re-validate all puzzles){again}: {end['status']} at the end of the lesson, "
        f"{end['done']:,} of {end['total']:,} done{share}"
    ]
    for job in check.get("curation_jobs", []):
        lines.append(
            f"  in the database after the check: {job['status']}, {job['done']:,} of {job['total']:,} done"
        )
    return lines


def hostile_words(samples: Sequence[dict[str, Any]]) -> list[str]:
    hostile = [s for s in samples if who(s) == "hostile"]
    lines = []
    for words, action, _limit in (*GUARDED, ("moves", "hostile: move", "")):
        accepted, refused, other = tally(hostile, action)
        if accepted + refused + other:
            lines.append(
                f"hostile visitor's {words}: {accepted} accepted, {refused} refused (429), {other} other"
            )
    return lines


def report(
    samples: Sequence[dict[str, Any]], check: dict[str, Any], title: str, ledger: dict[str, Any] | None = None
) -> str:
    ledger = ledger or {}
    names = [name for name in ORDER if any(s["action"] == name for s in samples)]
    names += sorted({s["action"] for s in samples} - set(names))
    rows = [row(name, (s for s in samples if s["action"] == name)) for name in names]
    kinds = [record.get("kind") for record in ledger.get("students", {}).values()]
    parts = [title]
    if kinds:
        parts.append(
            f"{len(kinds)} students: {kinds.count('course')} course, {kinds.count('puzzles')} puzzles, "
            f"{kinds.count('club')} Club; beside them a curator's job and a hostile visitor"
        )
    parts += [
        "(log-in rows: the class logging in; the lesson's clock starts once all have)",
        "",
        table(rows),
    ]
    bots = check.get("bot_tasks")
    if bots:
        parts += [
            "",
            f"bot tasks: {bots['count']} run, {bots['failed']} failed; queue wait p50 "
            f"{_ms(percentile(bots['waits'], 50))} ms, p95 {_ms(percentile(bots['waits'], 95))} ms; "
            f"run p50 {_ms(percentile(bots['runs'], 50))} ms, p95 {_ms(percentile(bots['runs'], 95))} ms, "
            f"max {_ms(max(bots['runs'], default=0.0))} ms",
        ]
    parts += curator_words(ledger, check)
    parts += hostile_words(samples)
    counted = check.get("checked")
    if counted:
        parts.append(
            f"rows checked: {counted['attempts']} puzzle tries, {counted['progress']} course tasks, "
            f"{counted['games']} games with {counted['moves']} accepted moves"
        )
    if counted and "hostile_games" in counted:
        parts.append(
            f"  and the hostile visitor's: {counted['hostile_games']} games, "
            f"{counted['evaluations']} evaluations asked"
        )
    parts += [f"  {problem}" for problem in check.get("problems", [])[:10]]
    parts.append("")
    parts += [
        f"{'PASS' if met else 'MISS'}  {label}: {figure}" for label, met, figure in targets(samples, check)
    ]
    return "\n".join(parts)
