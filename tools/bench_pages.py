"""CPU time per request of the site's pages, beside a trivial view served through the same middleware in the
same run, with DEBUG off and the static files collected as a deployment collects them. Signed-in pages are
also set beside a trivial view for a signed-in visitor, which finds who is asking (the session's row and the
user's) as any signed-in page must.

Each page is asked for many times in a round (time.process_time around the whole loop: the page's CPU in this
process, its database work on SQLite included); the figure is the median of several rounds. The database is a
scratch SQLite file with the fixtures loaded, one signed-in learner who has tried some puzzles, and an
online game of 40 steps that the learner plays with a friend.

    python -m tools.bench_pages [--requests N] [--rounds N] [--profile PAGE]"""

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.contrib.auth.models import User

BASE_DIR = Path(__file__).resolve().parent.parent
#: The issue's goal: no page costs more than this many trivial views.
TARGET_RATIO = 6.7


def configure(scratch: Path) -> None:
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-pages-" + "x" * 50)
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "senterej.settings"
    import django
    from django.conf import settings

    django.setup()
    # The trivial view lives in the benchmark's own URLconf, beside the site's, never in the site.
    settings.ROOT_URLCONF = "tools.bench_urls"
    settings.STATIC_ROOT = scratch / "static"
    settings.ALLOWED_HOSTS = ["testserver"]


def seed() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    fixtures = sorted(
        str(path) for path in (BASE_DIR / "fixtures").iterdir() if path.suffix in (".json", ".jsonl")
    )
    call_command("loaddata", *fixtures, verbosity=0)

    from django.contrib.auth.models import User

    from trainer.models import Puzzle
    from trainer.services import record_attempt

    user = User.objects.create_user("bench", password="bench-pages-password")
    for index, puzzle in enumerate(Puzzle.objects.filter(active=True)[:60]):
        record_attempt(user=user, puzzle_id=puzzle.pk, serving=f"bench-{index}", solved=index % 3 != 0)
    seed_game(user, User.objects.create_user("bench-friend", password="bench-pages-password"))


def seed_game(user: "User", friend: "User") -> None:
    """An online game of 40 steps between the bench user (White) and a friend, with clocks, still going: the
    page its players see, and poll every second."""
    from senterej.engine import WHITE
    from senterej.play import services
    from senterej.play.models import Game
    from testing.games import play_out

    game = services.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=user, clock="10+5", round_seconds=60)
    services.join(invite_code=game.invite_code, user=friend)
    game = play_out(game, 40, seed=40)
    assert not game.is_over, "the seeded game must still be going"


def pages() -> dict[str, tuple[str, bool]]:
    """name: (address, signed in)."""
    from django.urls import reverse

    from course.models import Task
    from senterej.play.models import Game
    from trainer.models import Puzzle

    task = Task.objects.select_related("lesson").order_by("lesson__order", "order")[1]
    game = Game.objects.get(mode=Game.Mode.ONLINE)
    puzzle = Puzzle.objects.filter(active=True).order_by("pk").first()
    assert puzzle is not None
    return {
        "trivial": ("/bench/trivial/", False),
        "trivial signed in": ("/bench/trivial/signed-in/", True),
        "home": (reverse("home"), False),
        "home signed in": (reverse("home"), True),
        "course map": (reverse("course:map"), False),
        "task": (reverse("course:task", args=[task.lesson.slug, task.order]), False),
        "rules": (reverse("course:rules"), False),
        "play": (reverse("play"), False),
        "train": (reverse("trainer:train"), False),
        "puzzle": (reverse("trainer:puzzle", args=[puzzle.pk]), False),
        "dashboard": (reverse("trainer:dashboard"), True),
        "game": (reverse("game", args=[game.id]), True),
        # What each player's page asks every second while nothing changes (htmx, answered 204).
        "game poll": (reverse("game", args=[game.id]) + f"?since={game.version}&away=0", True),
    }


def requester(address: str, signed_in: bool) -> Callable[[], None]:
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    if signed_in:
        client.force_login(User.objects.get(username="bench"))

    poll = "since=" in address
    headers = {"HX-Request": "true"} if poll else {}

    def ask() -> None:
        response = client.get(address, headers=headers)
        if response.status_code != (204 if poll else 200):
            raise SystemExit(f"{address} answered {response.status_code}")

    return ask


def measure(ask: Callable[[], None], requests: int, rounds: int) -> float:
    """Median over the rounds of the CPU milliseconds per request."""
    for _ in range(5):
        ask()
    figures = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(requests):
            ask()
        figures.append((time.process_time() - start) * 1000 / requests)
    return statistics.median(figures)


def profile(ask: Callable[[], None], requests: int) -> None:
    for _ in range(5):
        ask()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(requests):
        ask()
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stdout).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=100, help="requests per round (default 100)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per page (default 5)")
    parser.add_argument("--profile", metavar="PAGE", help="profile one page instead of measuring them all")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="senterej-bench-pages-") as scratch:
        configure(Path(scratch))
        seed()
        addresses = pages()
        if args.profile:
            profile(requester(*addresses[args.profile]), args.requests)
            return
        trivial = measure(requester(*addresses["trivial"]), args.requests, args.rounds)
        signed_in = measure(requester(*addresses["trivial signed in"]), args.requests, args.rounds)
        print(f"{'page':<18} {'ms/request':>10} {'× trivial':>10} {'× trivial, same visitor':>24}")
        print(f"{'trivial':<18} {trivial:>10.2f} {1:>10.1f} {1:>24.1f}")
        print(f"{'trivial signed in':<18} {signed_in:>10.2f} {signed_in / trivial:>10.1f} {1:>24.1f}")
        worst, worst_same = 0.0, 0.0
        for name, (address, signed) in addresses.items():
            if name.startswith("trivial"):
                continue
            ms = measure(requester(address, signed), args.requests, args.rounds)
            same = ms / (signed_in if signed else trivial)
            worst, worst_same = max(worst, ms / trivial), max(worst_same, same)
            print(f"{name:<18} {ms:>10.2f} {ms / trivial:>10.1f} {same:>24.1f}")
        for label, figure in (("the trivial view", worst), ("the same visitor's trivial view", worst_same)):
            verdict = "within" if figure <= TARGET_RATIO else "above"
            print(f"worst page {figure:.1f}× {label}: {verdict} the goal of {TARGET_RATIO}×")


if __name__ == "__main__":
    main()
