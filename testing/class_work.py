"""A class's students and their work made in bulk, for the tests that pin what a teacher's pages cost: a light
class (5 students) and a heavy one (60, as many as a class holds), each with four assignments that every
student has worked on: a lesson, its first task chosen, a theme set of three mate-in-one puzzles due
yesterday, and two chosen puzzles. Each student has stars and tries on the lesson's tasks, tries at the
puzzles (by turns wrong, solved alone, solved with a hint) and a streak and a storm this week."""

from datetime import timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from classes import services
from classes.models import MAX_STUDENTS, Membership, SchoolClass
from course.models import Lesson, TaskProgress, TaskTry
from testing.factories import DER_MATE, MATE_IN_ONE, PuzzleFactory
from trainer.models import Attempt, PuzzleRun

LIGHT = 5
HEAVY = MAX_STUDENTS


def class_at_work(school_class: SchoolClass, lesson: Lesson, count: int) -> list[User]:
    """`count` students in the class, Student 0 to Student count-1 (by last name Pupil00 onwards), with the
    four assignments and their work; the students in the order the class's pages list them."""
    students = User.objects.bulk_create(
        User(username=f"student{number}", first_name=f"Student {number}", last_name=f"Pupil{number:02d}")
        for number in range(count)
    )
    Membership.objects.bulk_create(Membership(school_class=school_class, student=one) for one in students)
    tasks = list(lesson.tasks.order_by("order"))
    chosen = [PuzzleFactory(line=MATE_IN_ONE), PuzzleFactory(line=DER_MATE)]
    yesterday = timezone.localdate() - timedelta(days=1)
    services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson)
    services.create_assignment(school_class=school_class, kind="tasks", tasks=tasks[:1])
    services.create_assignment(
        school_class=school_class, kind="theme", theme="mateIn1", puzzle_count=3, due_on=yesterday
    )
    services.create_assignment(school_class=school_class, kind="puzzles", puzzles=chosen)
    now = timezone.now()
    progress, tries, attempts, runs = [], [], [], []
    for number, student in enumerate(students):
        for task in tasks:
            stars = (number + task.order) % 4
            progress.append(
                TaskProgress(
                    user=student, task=task, best_stars=stars, attempts=2, completed_at=now if stars else None
                )
            )
            tries += [
                TaskTry(user=student, task=task, solved=False, mistakes=1, wrong_option=1, seconds=20),
                TaskTry(user=student, task=task, solved=True, stars=stars, seconds=40 + number),
            ]
        for turn, puzzle in enumerate(chosen):
            kind = (number + turn) % 3  # wrong, solved alone, solved with a hint
            attempts.append(
                Attempt(
                    user=student,
                    puzzle=puzzle,
                    serving=f"class-work-{number}-{turn}",
                    solved=kind > 0,
                    hinted=kind == 2,
                    wrong_move="c1c2" if kind == 0 else "",
                    wrong_ply=0 if kind == 0 else None,
                    seconds=30 + turn,
                )
            )
        for kind in (PuzzleRun.Kind.STREAK, PuzzleRun.Kind.STORM):
            runs.append(PuzzleRun(kind=kind, user=student, level=1500.0, score=number % 7, started=now))
    TaskProgress.objects.bulk_create(progress)
    TaskTry.objects.bulk_create(tries)
    Attempt.objects.bulk_create(attempts)
    PuzzleRun.objects.bulk_create(runs)
    return students
