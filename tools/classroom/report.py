"""The classroom benchmark's report: per action count, p50, p95, max and errors, the bot tasks' queue wait and
run time, the database check, and PASS or MISS for each target of the classroom issue."""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

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
)


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


def targets(samples: Sequence[dict[str, Any]], check: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """Each target of the issue over the lesson (after the class has logged in): (what, met, the figure)."""
    lesson = [s for s in samples if s["start"] >= 0]
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
        value = percentile(seconds, 95)
        found.append((label, bool(seconds) and value < limit, f"{_ms(value)} ms over {len(seconds)}"))
    errors = sum(not s["ok"] for s in samples)
    found.append(("0 errors (5xx, unexpected 4xx, timeouts)", errors == 0, str(errors)))
    problems = check.get("problems", [])
    left = check.get("tasks_left", 0)
    figure = f"{len(problems)} (tasks still queued: {left})"
    found.append(("0 lost or duplicated rows", not problems and not left, figure))
    return found


def report(samples: Sequence[dict[str, Any]], check: dict[str, Any], title: str) -> str:
    names = [name for name in ORDER if any(s["action"] == name for s in samples)]
    names += sorted({s["action"] for s in samples} - set(names))
    rows = [row(name, (s for s in samples if s["action"] == name)) for name in names]
    parts = [
        title,
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
    counted = check.get("checked")
    if counted:
        parts.append(
            f"rows checked: {counted['attempts']} puzzle tries, {counted['progress']} course tasks, "
            f"{counted['games']} games with {counted['moves']} accepted moves"
        )
    parts += [f"  {problem}" for problem in check.get("problems", [])[:10]]
    parts.append("")
    parts += [
        f"{'PASS' if met else 'MISS'}  {label}: {figure}" for label, met, figure in targets(samples, check)
    ]
    return "\n".join(parts)
