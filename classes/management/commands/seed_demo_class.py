"""The demo teacher's class for `make run` (called by `seed_demo`, after the course fixture is loaded): three
students, one of them the demo learner, a lesson due in a week, two chosen tasks, a theme's puzzles and, once
puzzles are loaded, three chosen puzzles; some of the work already done so that the table has something to
show. Running it again adds what is missing and changes nothing else."""

from datetime import timedelta

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from classes import services
from classes.models import Assignment, Membership, SchoolClass
from course.models import Lesson, TaskProgress
from trainer.models import Puzzle

CLASS_NAME = "Demo class"
JOIN_CODE = "SENTEREJ"
STUDENTS = [
    # (username, password, first name, last name): the learner's password is seed_demo's
    ("abebe", "senterej-student", "Abebe", "Bikila"),
    ("selam", "senterej-student", "Selam", "Tesfaye"),
]
THEME = "mateIn1"


class Command(BaseCommand):
    help = "Creates the demo teacher's class, its students and its assignments, if they are missing."

    def handle(self, *args: object, **options: object) -> None:
        teacher = User.objects.filter(username="teacher").first()
        if teacher is None:
            raise CommandError("Run seed_demo first: the demo class belongs to the demo teacher.")
        school_class = SchoolClass.objects.filter(teacher=teacher, name=CLASS_NAME).first()
        if school_class is None:
            school_class = services.create_class(
                teacher=teacher, name=CLASS_NAME, description="The demo class: try the teacher's pages."
            )
        school_class.join_code, school_class.archived_at = JOIN_CODE, None
        school_class.save(update_fields=["join_code", "archived_at"])
        students = []
        for username, password, first, last in STUDENTS:
            student, _created = User.objects.get_or_create(
                username=username, defaults={"first_name": first, "last_name": last}
            )
            student.set_password(password)
            student.save()
            students.append(student)
            self.stdout.write(f"{username} / {password} (student)")
        students += list(User.objects.filter(username="learner"))
        for student in students:
            Membership.objects.get_or_create(school_class=school_class, student=student)
        self._assign(school_class)
        self._some_work_done(students[0], students[1])
        self.stdout.write(f"{CLASS_NAME}: join code {JOIN_CODE}, {len(students)} students")

    def _assign(self, school_class: SchoolClass) -> None:
        kinds = set(school_class.assignments.values_list("kind", flat=True))
        lessons = list(Lesson.objects.prefetch_related("tasks")[:2])
        if lessons and Assignment.Kind.LESSON not in kinds:
            services.create_assignment(
                school_class=school_class,
                kind=Assignment.Kind.LESSON,
                lesson=lessons[0],
                due_on=timezone.localdate() + timedelta(days=7),
            )
        if len(lessons) > 1 and Assignment.Kind.TASKS not in kinds:
            services.create_assignment(
                school_class=school_class, kind=Assignment.Kind.TASKS, tasks=list(lessons[1].tasks.all()[:2])
            )
        if Assignment.Kind.THEME not in kinds:
            services.create_assignment(
                school_class=school_class,
                kind=Assignment.Kind.THEME,
                theme=THEME,
                puzzle_count=5,
                rating_max=1700,
            )
        chosen = list(Puzzle.objects.filter(active=True).order_by("rating", "pk")[:3])
        if chosen and Assignment.Kind.PUZZLES not in kinds:
            services.create_assignment(
                school_class=school_class, kind=Assignment.Kind.PUZZLES, puzzles=chosen
            )

    def _some_work_done(self, finished: User, started: User) -> None:
        first = Lesson.objects.prefetch_related("tasks").first()
        if first is None:
            return
        tasks = list(first.tasks.all())
        for task in tasks:
            TaskProgress.objects.get_or_create(
                user=finished,
                task=task,
                defaults={"best_stars": 3, "attempts": 1, "completed_at": timezone.now()},
            )
        for task in tasks[:1]:
            TaskProgress.objects.get_or_create(
                user=started,
                task=task,
                defaults={"best_stars": 2, "attempts": 2, "completed_at": timezone.now()},
            )
