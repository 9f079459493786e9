"""What the page benchmarks (`tools.bench_pages`, `tools.bench_throughput`) make of their figures: each page
against the trivial view of the same visitor, the pages that read a person's history at the heavy history
against the light one, PASS or MISS against the goals, and the check that every answer was the page meant
(a benchmark that measured an error page, or a redirect to log in, would say nothing true: it stops).

Pure code: no Django, no database; the benchmarks hand it their numbers."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

#: No page costs more CPU per request than this many of the same visitor's trivial views.
TARGET_RATIO = 6.7
#: A page that reads a person's history costs at the heavy history at most this many times the light one's.
TARGET_GROWTH = 1.5
#: Under gunicorn, every page serves at least this share of the same visitor's trivial view's requests/s.
TARGET_SHARE = 0.15
#: The pages whose cost would grow with a person's history, compared at both sizes.
HISTORY_PAGES = ("dashboard", "reviews queue", "class page", "my games")
HISTORIES = ("light", "heavy")


class WrongAnswer(SystemExit):
    """A measured page answered something else than the page: the benchmark stops, non-zero, saying so."""


def check_answer(label: str, status: int, expected: int, location: str = "", login_url: str = "") -> None:
    """Stops the benchmark unless the page answered `expected`: names the page, its status, and where a
    redirect led (a redirect to log in says the visitor was not signed in)."""
    if status == expected:
        return
    words = f"{label}: answered {status}, not {expected}"
    if 300 <= status < 400:
        led = " (a redirect to log in)" if login_url and location.startswith(login_url) else ""
        words += f", to {location or '?'}{led}"
    raise WrongAnswer(f"benchmark stopped: {words}")


class Answer(Protocol):
    """What the check reads of a response (Django's test client's, or any with the same two)."""

    status_code: int

    def get(self, header: str, alternate: str) -> str: ...


def check_response(label: str, response: Answer, expected: int, login_url: str = "") -> None:
    check_answer(label, response.status_code, expected, response.get("Location", ""), login_url)


def verdict(met: bool) -> str:
    return "PASS" if met else "MISS"


@dataclass(frozen=True)
class Figure:
    """A page's figure beside its visitor's trivial view's: CPU ms per request (lower is better) or
    requests per second (higher is better)."""

    name: str
    history: str
    visitor: str
    value: float
    trivial: float
    queries: int | None = None
    notes: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.history})" if self.history else self.name

    @property
    def ratio(self) -> float:
        return self.value / self.trivial


def cost_table(figures: Iterable[Figure]) -> list[str]:
    """The CPU table: each page's ms, its ratio to its visitor's trivial view, its queries, PASS or MISS."""
    lines = [
        f"{'page':<28} {'visitor':<14} {'ms/req':>7} {'trivial':>7} {'× trivial':>9} {'queries':>7}  "
        f"≤ {TARGET_RATIO}×"
    ]
    for figure in figures:
        queries = "" if figure.queries is None else str(figure.queries)
        lines.append(
            f"{figure.label:<28} {figure.visitor:<14} {figure.value:>7.2f} {figure.trivial:>7.2f} "
            f"{figure.ratio:>9.2f} {queries:>7}  {verdict(figure.ratio <= TARGET_RATIO)}"
        )
    return lines


def share_table(figures: Iterable[Figure]) -> list[str]:
    """The throughput table: each page's requests/s, its share of its visitor's trivial view's, PASS or
    MISS."""
    lines = [
        f"{'page':<28} {'visitor':<14} {'req/s':>7} {'trivial':>7} {'share':>6}  ≥ {TARGET_SHARE}  notes"
    ]
    for figure in figures:
        lines.append(
            f"{figure.label:<28} {figure.visitor:<14} {figure.value:>7.0f} {figure.trivial:>7.0f} "
            f"{figure.ratio:>6.2f}  {verdict(figure.ratio >= TARGET_SHARE):<6}  {figure.notes}".rstrip()
        )
    return lines


def growth(figures: Iterable[Figure]) -> list[tuple[str, float, float, float]]:
    """(page, light ms, heavy ms, heavy/light) of each history page measured at both sizes."""
    found = {(figure.name, figure.history): figure.value for figure in figures}
    return [
        (name, found[name, "light"], found[name, "heavy"], found[name, "heavy"] / found[name, "light"])
        for name in HISTORY_PAGES
        if (name, "light") in found and (name, "heavy") in found
    ]


def growth_table(figures: Iterable[Figure]) -> list[str]:
    lines = [f"{'page':<28} {'light ms':>8} {'heavy ms':>8} {'heavy/light':>11}  ≤ {TARGET_GROWTH}×"]
    for name, light, heavy, ratio in growth(figures):
        lines.append(
            f"{name:<28} {light:>8.2f} {heavy:>8.2f} {ratio:>11.2f}  {verdict(ratio <= TARGET_GROWTH)}"
        )
    return lines


def cost_misses(figures: Iterable[Figure]) -> list[str]:
    """The pages that miss either CPU goal."""
    figures = list(figures)
    missed = [figure.label for figure in figures if figure.ratio > TARGET_RATIO]
    missed += [f"{name} (heavy/light)" for name, *_, ratio in growth(figures) if ratio > TARGET_GROWTH]
    return missed


@dataclass(frozen=True)
class WrkRun:
    """What wrk printed: requests per second, the answers it counted as errors (wrk counts a status of 400
    or more, whatever its "Non-2xx or 3xx" says) and its socket errors ("" when none)."""

    rate: float
    errors: int
    socket_errors: str


def read_wrk(output: str) -> WrkRun:
    rate = errors = None
    socket_errors = ""
    for line in output.splitlines():
        line = line.strip()
        if line.startswith("Requests/sec:"):
            rate = float(line.split(":", 1)[1])
        elif line.startswith("Non-2xx or 3xx responses:"):
            errors = int(line.split(":", 1)[1])
        elif line.startswith("Socket errors:"):
            socket_errors = line.split(":", 1)[1].strip()
    if rate is None:
        raise ValueError(f"wrk printed no rate:\n{output}")
    return WrkRun(rate, errors or 0, socket_errors)


def check_run(label: str, run: WrkRun) -> None:
    """Stops the throughput benchmark when any of a page's answers under load was an error."""
    if run.errors:
        raise WrongAnswer(f"benchmark stopped: {label}: {run.errors} answers of 4xx or 5xx under wrk")
