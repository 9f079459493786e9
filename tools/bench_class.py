"""CPU time per request of a teacher's class pages (the progress table, an assignment's results, the week's
leaderboard) for a light class and a heavy one, beside the teacher's own signed-in trivial view, with DEBUG
off in a scratch SQLite database (as tools.bench_pages measures the site's pages).

Each class has four assignments that its students have worked on: a lesson of four tasks (due yesterday),
two chosen tasks, a theme set of five puzzles (due tomorrow) and three chosen puzzles, one of them disabled
since; nine students in ten have stars and tries on the tasks and tries at the puzzles (wrong, hinted, the
solution seen, by a fixed draw of chance), most a streak and a storm this week. The rows are made in bulk,
so a class of 300 (more than the site lets a class hold) takes seconds.

    python -m tools.bench_class [--students 5 60] [--requests N] [--rounds N]
    python -m tools.bench_class --profile class [--sort tottime] [--match classes/]  (the largest class)"""

import argparse
import cProfile
import pstats
import random
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from tools.bench_pages import TARGET_RATIO, configure, measure, requester

FIRST_NAMES = ["Ján", "Šimon", "Anna", "Chaim", "Zuzana", "Ábel", "Tomáš", "Eva", "Hana", "Dawit", "Ivan"]
LAST_NAMES = ["Kováč", "Šimko", "Sýkora", "Szabó", "Tóth", "Chovan", "Hudák", "Čierny", "Haile", "Novák"]
if TYPE_CHECKING:
    from django.contrib.auth.models import User

PAGES = ("class", "results: puzzles", "results: lesson", "leaderboard")


def seed(sizes: list[int]) -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    fixtures = sorted(
        str(path)
        for path in (Path(__file__).resolve().parent.parent / "fixtures").iterdir()
        if path.suffix in (".json", ".jsonl")
    )
    call_command("loaddata", *fixtures, verbosity=0)
    from django.contrib.auth.models import User

    from accounts import roles

    teacher = User.objects.create_user("bench-teacher", password="bench-pages-password")
    roles.set_teacher(user=teacher, teaches=True)
    for size in sizes:
        seed_class(teacher, size)
    # A chosen puzzle and one of the theme's, disabled by the curators since: the sets count what is left.
    from trainer.models import Puzzle

    for puzzle in Puzzle.objects.filter(active=True, rounds="").order_by("pk")[2:4]:
        puzzle.active = False
        puzzle.save()


def seed_class(teacher: "User", size: int) -> None:
    from django.contrib.auth.models import User
    from django.utils import timezone

    from classes import services
    from classes.models import Membership
    from course.models import Lesson, TaskProgress, TaskTry
    from trainer.models import Attempt, Puzzle, PuzzleRun, PuzzleTheme

    school_class = services.create_class(teacher=teacher, name=f"Bench class {size}")
    students = User.objects.bulk_create(
        User(
            username=f"pupil-{size}-{number}",
            first_name=FIRST_NAMES[number % len(FIRST_NAMES)],
            last_name=LAST_NAMES[number % len(LAST_NAMES)],
            password="!",
        )
        for number in range(size)
    )
    Membership.objects.bulk_create(Membership(school_class=school_class, student=one) for one in students)
    lesson = Lesson.objects.order_by("order").first()
    assert lesson is not None
    tasks = list(lesson.tasks.order_by("order"))
    yesterday = timezone.localdate() - timedelta(days=1)
    services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson, due_on=yesterday)
    services.create_assignment(school_class=school_class, kind="tasks", tasks=tasks[:2])
    puzzles = list(Puzzle.objects.filter(active=True, rounds="").order_by("pk")[:3])
    theme = puzzles[0].theme_list[0]
    services.create_assignment(
        school_class=school_class,
        kind="theme",
        theme=theme,
        puzzle_count=5,
        due_on=yesterday + timedelta(days=2),
    )
    services.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles)
    themed = list(
        PuzzleTheme.objects.filter(theme=theme, active=True)
        .order_by("puzzle_id")
        .values_list("puzzle_id", flat=True)[:6]
    )
    now = timezone.now()
    rng = random.Random(size)
    progress, tries, attempts, runs = [], [], [], []
    for number, student in enumerate(students):
        if number % 10 == 9:
            continue  # one student in ten has done nothing yet
        for task in tasks:
            if rng.random() < 0.2:
                continue
            stars = rng.choice([0, 1, 2, 3, 3])
            progress.append(
                TaskProgress(
                    user=student, task=task, best_stars=stars, attempts=2, completed_at=now if stars else None
                )
            )
            for _again in range(rng.randint(0, 3)):
                wrong = rng.random() < 0.5
                tries.append(
                    TaskTry(
                        user=student,
                        task=task,
                        solved=not wrong,
                        stars=0 if wrong else stars,
                        mistakes=int(wrong),
                        wrong_option=rng.randint(0, 2) if wrong and task.goal == "question" else None,
                        wrong_move="a1a2" if wrong and task.goal != "question" else "",
                        wrong_fen=task.fen if wrong and task.goal != "question" else "",
                        hinted=rng.random() < 0.2,
                        seconds=rng.randint(5, 200),
                    )
                )
        for index, puzzle_id in enumerate([puzzle.pk for puzzle in puzzles] + themed):
            for again in range(rng.choice([0, 1, 1, 2, 3])):
                wrong = rng.random() < 0.4
                attempts.append(
                    Attempt(
                        user=student,
                        puzzle_id=puzzle_id,
                        serving=f"bench-{size}-{number}-{index}-{again}",
                        solved=not wrong,
                        hinted=rng.random() < 0.15,
                        solution_seen=wrong and rng.random() < 0.3,
                        helped_before=rng.random() < 0.1,
                        wrong_move=rng.choice(["a1a2", "b2b3", "h7h6"]) if wrong else "",
                        wrong_ply=0 if wrong else None,
                        seconds=rng.randint(3, 120),
                    )
                )
        for kind in (PuzzleRun.Kind.STREAK, PuzzleRun.Kind.STORM):
            if rng.random() < 0.8:
                runs.append(
                    PuzzleRun(kind=kind, user=student, level=1500.0, score=rng.randint(0, 25), started=now)
                )
    TaskProgress.objects.bulk_create(progress)
    TaskTry.objects.bulk_create(tries)
    Attempt.objects.bulk_create(attempts)
    PuzzleRun.objects.bulk_create(runs)


def addresses(size: int) -> dict[str, str]:
    from django.urls import reverse

    from classes.models import SchoolClass

    school_class = SchoolClass.objects.get(name=f"Bench class {size}")
    chosen = school_class.assignments.get(kind="puzzles")
    lesson = school_class.assignments.get(kind="lesson")
    return {
        "class": reverse("classes:class", args=[school_class.pk]),
        "results: puzzles": reverse("classes:assignment_results", args=[school_class.pk, chosen.pk]),
        "results: lesson": reverse("classes:assignment_results", args=[school_class.pk, lesson.pk]),
        "leaderboard": reverse("classes:leaderboard", args=[school_class.pk]),
    }


def queries(address: str) -> int:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.force_login(User.objects.get(username="bench-teacher"))
    client.get(address)
    with CaptureQueriesContext(connection) as captured:
        client.get(address)
    return len(captured)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--students", type=int, nargs="+", default=[5, 60])
    parser.add_argument("--requests", type=int, default=30, help="requests per round (default 30)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per page (default 5)")
    parser.add_argument("--profile", metavar="PAGE", choices=PAGES, help="profile one page (largest class)")
    parser.add_argument("--sort", default="cumulative", help="the profile's order (default cumulative)")
    parser.add_argument("--match", default="", help="only the profile's lines whose place matches this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="senterej-bench-class-") as scratch:
        configure(Path(scratch))
        seed(args.students)
        if args.profile:
            ask = requester(addresses(max(args.students))[args.profile], "bench-teacher")
            for _ in range(5):
                ask()
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(args.requests):
                ask()
            profiler.disable()
            pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.sort).print_stats(
                *([args.match] if args.match else []), 45
            )
            return
        signed_in = measure(
            requester("/bench/trivial/signed-in/", "bench-teacher"), args.requests, args.rounds
        )
        print(f"trivial signed in: {signed_in:.2f} ms")
        print(f"{'page':<18} {'students':>8} {'ms/request':>10} {'× trivial':>10} {'queries':>8}")
        for page in PAGES:
            for size in args.students:
                address = addresses(size)[page]
                ms = measure(requester(address, "bench-teacher"), args.requests, args.rounds)
                ratio = ms / signed_in
                mark = "" if ratio <= TARGET_RATIO else "  above the goal"
                print(f"{page:<18} {size:>8} {ms:>10.2f} {ratio:>10.1f} {queries(address):>8}{mark}")


if __name__ == "__main__":
    main()
