"""CPU time per request of the site's pages, each beside a trivial view asked by the same visitor through the
same middleware in the same run (signed in as that visitor, so that finding the session and the user is in
both), with DEBUG off and the static files collected as a deployment collects them.

The database is a scratch SQLite file with the fixtures loaded and the histories of `tools.bench_history`: a
light learner and a heavy one (60,000 puzzle attempts, 1,500 review cards, 1,000 finished games), and a
teacher with a class of 5 and a class of 60. Every page a signed-in person sees is measured at the light
history and at the heavy one; the pages that read the history (dashboard, reviews queue, class page, my games)
are also set heavy against light.

Each page is asked for many times in a round (time.process_time around the whole loop: the page's CPU in this
process, its database work on SQLite included); the figure is the median of several rounds. The rounds are
interleaved: each round of a page comes right after a round of its visitor's trivial view, and every page has
its round before any page has its next, so that the machine's mood weighs alike on a page, its trivial view,
and the same page at the other history. Its queries are
counted once, on a request of its own. Every answer must be the page meant (200, or the poll's 204): any
other status, a redirect to log in among them, stops the benchmark with a non-zero exit naming the page.
Before each round of a game's page, the game is brought back to the moment its last step was played with both
players there (`bench_history.keep_going`), so the page measured is the game in play and its poll the
ordinary "nothing new", however long after the seed it runs.

Then a puzzle's move (`tools.bench_moves`): a first wrong move against a right one, at puzzles no one has
tried. A wrong move above its goal makes the exit non-zero too, once every figure is printed; a page's MISS
is printed alone.

    python -m tools.bench_pages [--requests N] [--rounds N] [--only TEXT ...] [--moves N]
    python -m tools.bench_pages --profile LABEL [--sort tottime]"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from tools.bench_report import Figure, check_response, cost_misses, cost_table, growth_table

BASE_DIR = Path(__file__).resolve().parent.parent
#: Who asks, by username ("" a visitor with no account), as the tables name them.
VISITORS = {
    "": "visitor",
    "bench-light": "light learner",
    "bench-heavy": "heavy learner",
    "bench-teacher": "teacher",
}
TRIVIAL = "/bench/trivial/"
TRIVIAL_SIGNED_IN = "/bench/trivial/signed-in/"


@dataclass(frozen=True)
class Page:
    """A page to measure: its name, the history it is read at ("" when it reads none), its address, who
    asks for it, the status it must answer, whether it is asked as htmx asks, and the game it draws (kept
    in play before each round)."""

    name: str
    address: str
    visitor: str = ""
    history: str = ""
    expected: int = 200
    htmx: bool = False
    game: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.history})" if self.history else self.name

    @property
    def trivial(self) -> str:
        """The address of the trivial view the same visitor asks."""
        return TRIVIAL_SIGNED_IN if self.visitor else TRIVIAL


def configure(scratch: Path) -> None:
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-pages-" + "x" * 50)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "school.settings"
    import django
    from django.conf import settings

    django.setup()
    # The trivial view lives in the benchmark's own URLconf, beside the site's, never in the site.
    settings.ROOT_URLCONF = "tools.bench_urls"
    settings.STATIC_ROOT = scratch / "static"
    settings.ALLOWED_HOSTS = ["testserver"]


def seed() -> float:
    """The scratch database: migrated, the fixtures loaded, the histories made. Answers the seconds the
    histories took."""
    from django.core.management import call_command

    from tools.bench_history import seed_histories

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    fixtures = sorted(
        str(path) for path in (BASE_DIR / "fixtures").iterdir() if path.suffix in (".json", ".jsonl")
    )
    call_command("loaddata", *fixtures, verbosity=0)
    start = time.perf_counter()
    seed_histories()
    return time.perf_counter() - start


def pages() -> list[Page]:
    """The pages measured, each visitor's trivial view first."""
    from django.contrib.auth.models import User
    from django.urls import reverse

    from analysis.address import Address
    from analysis.views import page_url
    from classes.models import SchoolClass
    from course.models import Task
    from play.models import Game
    from senterej.board.sides import Side
    from tools.bench_history import CLASSES, LEARNERS, TEACHER
    from trainer.models import Attempt

    task = Task.objects.select_related("lesson").order_by("lesson__order", "order")[1]
    heavy = User.objects.get(username=LEARNERS["heavy"])
    # A puzzle the heavy learner has tried, many times: its page says so.
    tried = Attempt.objects.filter(user=heavy).order_by("id").values_list("puzzle_id", flat=True).first()
    assert tried is not None
    puzzle = reverse("trainer:puzzle", args=[tried])
    listed = [Page("trivial", TRIVIAL)] + [
        Page("trivial", TRIVIAL_SIGNED_IN, visitor, history)
        for history, visitor in (*LEARNERS.items(), ("", TEACHER))
    ]
    ongoing = {}
    for history, username in LEARNERS.items():
        ongoing[history] = Game.objects.get(
            mode=Game.Mode.ONLINE, status=Game.Status.ONGOING, white_user__username=username
        )
    steps = ongoing["heavy"].steps
    analysis = page_url(
        Address(
            rounds=tuple((step[Side.WHITE], step[Side.BLACK]) for step in steps if step["kind"] == "round"),
            moves=tuple(step["move"] for step in steps if step["kind"] == "move"),
        )
    )
    listed += [
        Page("home", reverse("home")),
        Page("course map", reverse("course:map")),
        Page("course task", reverse("course:task", args=[task.lesson.slug, task.order])),
        Page("rules", reverse("course:rules")),
        Page("play", reverse("play")),
        Page(f"analysis {len(steps)} steps", analysis),
        Page("train", reverse("trainer:train")),
        Page("puzzle", puzzle),
    ]
    for history, username in LEARNERS.items():
        game = ongoing[history]
        address = reverse("game", args=[game.id])
        listed += [
            Page("home", reverse("home"), username, history),
            Page("dashboard", reverse("trainer:dashboard"), username, history),
            Page("reviews queue", reverse("reviews:queue"), username, history),
            Page("my games", reverse("my_games"), username, history),
            Page(f"game {len(game.steps)} steps", address, username, history, game=str(game.id)),
            # What each player's page asks every second while nothing changes (htmx, answered 204).
            Page(
                "game poll",
                f"{address}?since={game.version}&away=0",
                username,
                history,
                expected=204,
                htmx=True,
                game=str(game.id),
            ),
            Page("train", reverse("trainer:train"), username, history),
            Page("puzzle", puzzle, username, history),
        ]
    for history, name in CLASSES.items():
        school_class = SchoolClass.objects.get(name=name)
        chosen = school_class.assignments.get(kind="puzzles")
        listed += [
            Page("class page", reverse("classes:class", args=[school_class.pk]), TEACHER, history),
            Page(
                "class results",
                reverse("classes:assignment_results", args=[school_class.pk, chosen.pk]),
                TEACHER,
                history,
            ),
            Page("leaderboard", reverse("classes:leaderboard", args=[school_class.pk]), TEACHER, history),
            Page("class csv", reverse("classes:progress_csv", args=[school_class.pk]), TEACHER, history),
        ]
    return listed


def login_url() -> str:
    from django.conf import settings
    from django.shortcuts import resolve_url

    return resolve_url(settings.LOGIN_URL)


def requester(page: Page) -> Callable[..., int]:
    """A function that asks for the page once, stops the benchmark unless the answer is the one meant, and
    (asked to count) answers the queries it made."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    if page.visitor:
        client.force_login(User.objects.get(username=page.visitor))
    headers = {"HX-Request": "true"} if page.htmx else {}
    login = login_url()

    def ask(count: bool = False) -> int:
        with CaptureQueriesContext(connection) if count else nullcontext() as queries:
            response = client.get(page.address, headers=headers)
        check_response(page.label, response, page.expected, login)
        return len(queries) if queries is not None else 0

    return ask


def prepare(page: Page) -> Callable[[], None]:
    """What runs before each round of the page, outside the time measured."""
    from tools.bench_history import keep_going

    if page.game:
        return lambda: keep_going(page.game)
    return lambda: None


def timed(ask: Callable[..., int], before: Callable[[], None], requests: int) -> float:
    """One round: the CPU milliseconds per request of `requests` requests."""
    before()
    start = time.process_time()
    for _ in range(requests):
        ask()
    return (time.process_time() - start) * 1000 / requests


def profile(page: Page, requests: int, order: str) -> None:
    ask, before = requester(page), prepare(page)
    before()
    for _ in range(5):
        ask()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(requests):
        ask()
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats(order).print_stats(40)


def run(listed: list[Page], requests: int, rounds: int) -> list[Figure]:
    """Every page's rounds interleaved: in each round, each page right after a round of its visitor's trivial
    view, so that the machine's mood (another process, the CPU's clock) weighs on both alike. A page's figure
    is the median of its rounds, beside the median of the trivial rounds paired with them; a trivial view's
    row is the median of all its rounds."""
    askers = {page: (requester(page), prepare(page)) for page in listed}
    trivial_pages = {page.visitor: page for page in listed if page.name == "trivial"}
    for ask, before in askers.values():
        before()
        for _ in range(5):
            ask()
    timings: dict[Page, list[float]] = {page: [] for page in listed}
    paired: dict[Page, list[float]] = {page: [] for page in listed}
    for number in range(rounds):
        print(f"round {number + 1} of {rounds}", file=sys.stderr, flush=True)
        for page in listed:
            if page.name == "trivial":
                continue
            baseline = trivial_pages[page.visitor]
            trivial_ms = timed(*askers[baseline], requests)
            timings[baseline].append(trivial_ms)
            paired[page].append(trivial_ms)
            timings[page].append(timed(*askers[page], requests))
    figures = []
    for page in listed:
        ask, before = askers[page]
        before()
        queries = ask(count=True)
        ms = statistics.median(timings[page])
        baseline_ms = ms if page.name == "trivial" else statistics.median(paired[page])
        figures.append(Figure(page.name, page.history, VISITORS[page.visitor], ms, baseline_ms, queries))
    print("\n".join(cost_table(figures)), flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=100, help="requests per round (default 100)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per page (default 5)")
    parser.add_argument(
        "--only",
        metavar="TEXT",
        nargs="+",
        help='only the pages whose label holds one of these ("class", "dashboard"), and their trivial views',
    )
    parser.add_argument("--profile", metavar="LABEL", help='profile one page ("dashboard (heavy)") instead')
    parser.add_argument(
        "--sort",
        default="cumulative",
        choices=["cumulative", "tottime"],
        help="how --profile orders its functions (default cumulative)",
    )
    parser.add_argument(
        "--moves", type=int, default=60, help="puzzles a kind of move is timed at (default 60; 0 times none)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="senterej-bench-pages-") as scratch:
        configure(Path(scratch))
        seconds = seed()
        print(f"histories seeded in {seconds:.0f} s", flush=True)
        listed = pages()
        if args.profile:
            found = {page.label: page for page in listed if page.name != "trivial"}
            if args.profile not in found:
                raise SystemExit(f"no page {args.profile!r}: one of {', '.join(found)}")
            profile(found[args.profile], args.requests, args.sort)
            return
        if args.only:
            chosen = [
                page
                for page in listed
                if page.name != "trivial" and any(text in page.label for text in args.only)
            ]
            visitors = {page.visitor for page in chosen}
            listed = [page for page in listed if page.name == "trivial" and page.visitor in visitors] + chosen
        figures = run(listed, args.requests, args.rounds)
        from tools import bench_moves  # it reads the site's models, once Django is set up

        moves_missed = []
        if args.moves > 0 and (not args.only or any(text in bench_moves.LABEL for text in args.only)):
            moves = bench_moves.measure(args.moves)
            print()
            print("\n".join(bench_moves.table(moves, args.moves)))
            moves_missed = [] if moves.met else [bench_moves.LABEL]
    print()
    print("\n".join(growth_table(figures)))
    missed = cost_misses(figures) + moves_missed
    print()
    print("MISS: " + ", ".join(missed) if missed else "every page PASS")
    if moves_missed:
        raise SystemExit(f"benchmark missed: {', '.join(moves_missed)}")


if __name__ == "__main__":
    main()
