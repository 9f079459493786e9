"""CPU time per request of the site's pages, beside a trivial view served through the same middleware in the
same run, with DEBUG off and the static files collected as a deployment collects them. Signed-in pages are
also set beside a trivial view for a signed-in visitor, which finds who is asking (the session's row and the
user's) as any signed-in page must.

Each page is asked for many times in a round (time.process_time around the whole loop: the page's CPU in this
process, its database work on SQLite included); the figure is the median of several rounds. The database is a
scratch SQLite file with the fixtures loaded, one signed-in learner who has tried some puzzles, an online
game of 40 steps that the learner plays with a friend, and a teacher's class of 30 students with four
assignments that each student has worked on (a wrong move in every other try).

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
    os.environ["DJANGO_SETTINGS_MODULE"] = "school.settings"
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
    seed_class()


def seed_class() -> None:
    """A class of 30 students made from a list, assigned a lesson, chosen tasks, a theme set and three chosen
    puzzles; each student has answered the tasks' question and tried the puzzles."""
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from accounts import roles
    from classes import services as classes
    from course.models import Lesson
    from trainer.models import Puzzle
    from trainer.services import How, record_attempt

    teacher = User.objects.create_user("bench-teacher", password="bench-pages-password")
    roles.set_teacher(user=teacher, teaches=True)
    school_class = classes.create_class(teacher=teacher, name="Bench class")
    made = classes.create_students(
        school_class=school_class, names=[f"Pupil Number{i}" for i in range(30)]
    ).created
    lesson = Lesson.objects.order_by("order").first()
    assert lesson is not None
    classes.create_assignment(school_class=school_class, kind="lesson", lesson=lesson)
    classes.create_assignment(school_class=school_class, kind="tasks", tasks=list(lesson.tasks.all()[:2]))
    puzzles = list(Puzzle.objects.filter(active=True, rounds="").order_by("pk")[:3])
    theme = puzzles[0].theme_list[0]
    classes.create_assignment(school_class=school_class, kind="theme", theme=theme, puzzle_count=5)
    classes.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles)
    task = lesson.tasks.order_by("order").first()
    assert task is not None
    for index, student in enumerate(made):
        pupil = User.objects.get(username=student.username)
        client = Client()
        client.force_login(pupil)
        answer = reverse("course:task_answer", args=[lesson.slug, task.order])
        client.post(answer, {"option": str(index % 2)})
        for number, puzzle in enumerate(puzzles):
            wrong = (index + number) % 2 == 0
            record_attempt(
                user=pupil,
                puzzle_id=puzzle.pk,
                serving=f"bench-class-{index}-{number}",
                solved=not wrong,
                how=How(wrong_move="a1a2" if wrong else "", wrong_ply=0 if wrong else None, seconds=40),
            )


def seed_game(user: "User", friend: "User") -> None:
    """An online game of 40 steps between the bench user (White) and a friend, with clocks, still going: the
    page its players see, and poll every second."""
    from play import services
    from play.models import Game
    from senterej.engine import WHITE
    from testing.games import play_out

    game = services.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=user, clock="10+5", round_seconds=60)
    services.join(invite_code=game.invite_code, user=friend)
    game = play_out(game, 40, seed=40)
    assert not game.is_over, "the seeded game must still be going"


def pages() -> dict[str, tuple[str, str]]:
    """name: (address, the username of who asks, "" for a visitor)."""
    from django.urls import reverse

    from classes.models import SchoolClass
    from course.models import Task
    from play.models import Game
    from trainer.models import Puzzle

    task = Task.objects.select_related("lesson").order_by("lesson__order", "order")[1]
    game = Game.objects.get(mode=Game.Mode.ONLINE)
    puzzle = Puzzle.objects.filter(active=True).order_by("pk").first()
    assert puzzle is not None
    school_class = SchoolClass.objects.get(name="Bench class")
    chosen = school_class.assignments.get(kind="puzzles")
    return {
        "trivial": ("/bench/trivial/", ""),
        "trivial signed in": ("/bench/trivial/signed-in/", "bench"),
        "home": (reverse("home"), ""),
        "home signed in": (reverse("home"), "bench"),
        "course map": (reverse("course:map"), ""),
        "task": (reverse("course:task", args=[task.lesson.slug, task.order]), ""),
        "rules": (reverse("course:rules"), ""),
        "play": (reverse("play"), ""),
        "train": (reverse("trainer:train"), ""),
        "puzzle": (reverse("trainer:puzzle", args=[puzzle.pk]), ""),
        "dashboard": (reverse("trainer:dashboard"), "bench"),
        "game": (reverse("game", args=[game.id]), "bench"),
        # What each player's page asks every second while nothing changes (htmx, answered 204).
        "game poll": (reverse("game", args=[game.id]) + f"?since={game.version}&away=0", "bench"),
        # A teacher's class of 30 with four assignments: its table, one set's results, the CSV.
        "class": (reverse("classes:class", args=[school_class.pk]), "bench-teacher"),
        "results": (
            reverse("classes:assignment_results", args=[school_class.pk, chosen.pk]),
            "bench-teacher",
        ),
        "class csv": (reverse("classes:progress_csv", args=[school_class.pk]), "bench-teacher"),
    }


def requester(address: str, who: str) -> Callable[[], None]:
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    if who:
        client.force_login(User.objects.get(username=who))

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
