"""Reads for one student: their classes with their standing on each assignment (their home and class pages),
and the student's page for their teacher (the course map, the rating chart, recent tries, one assignment's
items)."""

from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User

from classes import announcements, table_work
from classes.assignment_words import DONE
from classes.models import Announcement, Assignment, Invitation, SchoolClass
from classes.selectors import (
    END_OF_TIME,
    Cell,
    cells,
    chosen_puzzles,
    column_of,
    tasks_of,
    with_items,
)
from course.models import Lesson, Task, TaskProgress
from trainer.models import Attempt, PlayerRating

#: A student's page shows this many recent attempts and charts this many rated ones.
RECENT_ATTEMPTS = 20
CHART_POINTS = 200


@dataclass(frozen=True)
class StudentClass:
    school_class: SchoolClass
    assignments: list[tuple[Assignment, Cell]] = field(default_factory=list)
    announcements: list[Announcement] = field(default_factory=list)


def classes_of_student(student: User) -> list[StudentClass]:
    """The open classes the student is in, each with its latest announcements, and its assignments with the
    student's standing on them: the ones still to do first, by deadline, then the finished ones."""
    classes = list(
        SchoolClass.objects.filter(memberships__student=student, archived_at=None).select_related("teacher")
    )
    assignments = with_items(Assignment.objects.filter(school_class__in=classes))
    grid = cells(assignments, [student.pk])
    notes = announcements.latest_by_class([school_class.pk for school_class in classes]) if classes else {}

    def order(pair: tuple[Assignment, Cell]) -> tuple[bool, datetime, datetime]:
        assignment, cell = pair
        return (cell.status == DONE, assignment.deadline or END_OF_TIME, assignment.created)

    return [
        StudentClass(
            school_class,
            sorted(
                ((a, grid[(a.pk, student.pk)]) for a in assignments if a.school_class_id == school_class.pk),
                key=order,
            ),
            notes.get(school_class.pk, []),
        )
        for school_class in classes
    ]


@dataclass(frozen=True)
class LessonStars:
    lesson: Lesson
    tasks: list[tuple[Task, int]]

    @property
    def stars(self) -> int:
        return sum(stars for _task, stars in self.tasks)

    @property
    def done(self) -> int:
        return sum(1 for _task, stars in self.tasks if stars)


def course_map(student: User) -> list[LessonStars]:
    """Every lesson with the student's best stars on each of its tasks."""
    stars = dict(TaskProgress.objects.filter(user=student).values_list("task_id", "best_stars"))
    return [
        LessonStars(lesson, [(task, stars.get(task.pk, 0)) for task in lesson.tasks.all()])
        for lesson in Lesson.objects.prefetch_related("tasks")
    ]


def rating_series(student: User) -> list[tuple[datetime, float]]:
    """(when, rating after) of the student's latest rated attempts, oldest first."""
    rows = (
        Attempt.objects.filter(user=student, rated=True, rating_after__isnull=False)
        .order_by("-created", "-id")
        .values_list("created", "rating_after")[:CHART_POINTS]
    )
    return [(created, rating) for created, rating in reversed(rows) if rating is not None]


def recent_attempts(student: User) -> list[Attempt]:
    return list(
        Attempt.objects.filter(user=student)
        .select_related("puzzle")
        .order_by("-created", "-id")[:RECENT_ATTEMPTS]
    )


def puzzle_rating(student: User) -> PlayerRating | None:
    return PlayerRating.objects.filter(user=student).first()


def student_tasks(assignment: Assignment, student: User) -> list[tuple[Task, int]]:
    """A course assignment's tasks with the student's best stars on each."""
    tasks = tasks_of(assignment)
    stars = dict(
        TaskProgress.objects.filter(user=student, task__in=tasks).values_list("task_id", "best_stars")
    )
    return [(task, stars.get(task.pk, 0)) for task in tasks]


#: How a student stands with one chosen puzzle of a set.
SOLVED_ALONE, SOLVED_HELPED, UNSOLVED = "solved", "helped", "unsolved"


def student_puzzles(assignment: Assignment, student: User) -> list[tuple[int, str]]:
    """Chosen puzzles still active: each one's number and whether the student has solved it since it was
    set, alone or only with help (a hint, the solution seen), or not yet."""
    if assignment.kind != Assignment.Kind.PUZZLES:
        return []
    work = table_work.set_work([column_of(assignment)], [student.pk]).get((assignment.pk, student.pk))
    alone, helped = (work.solved_ids, work.helped_ids) if work else (set(), set())
    return [
        (pk, SOLVED_ALONE if pk in alone else SOLVED_HELPED if pk in helped else UNSOLVED)
        for pk in chosen_puzzles(assignment)
    ]


#: The home page's block lists at most this many of the assignments still to do.
HOME_ASSIGNMENTS = 5


def home_block(user: AbstractBaseUser | AnonymousUser) -> dict[str, object]:
    """What a signed-in student has to do in their classes, the soonest due first, and their classes' latest
    announcements; nothing for others."""
    if not isinstance(user, User):
        return {"show": False}
    entries = classes_of_student(user)
    todo = [
        (assignment, cell)
        for entry in entries
        for assignment, cell in entry.assignments
        if cell.status != DONE
    ]
    invitations = Invitation.objects.filter(user=user, school_class__archived_at__isnull=True).count()
    notes = sorted(
        (note for entry in entries for note in entry.announcements),
        key=lambda note: note.created,
        reverse=True,
    )
    return {
        "show": bool(entries or invitations),
        "announcements": notes[: announcements.ON_HOME_PAGE],
        "todo": todo[:HOME_ASSIGNMENTS],
        "more": max(len(todo) - HOME_ASSIGNMENTS, 0),
        "invitations": invitations,
    }
