"""Factories for the models the tests build, with defaults that are real: a user's password logs in, a puzzle
is a line the engine proves, with the themes the trainer's predicates give it.

Users are got or created by username, so that a factory naming one of the cast (`tests/conftest.py`) gets
the same account as the cast's fixture."""

import json
import uuid
from dataclasses import dataclass

import factory
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.utils import timezone
from factory.django import DjangoModelFactory

from accounts import roles
from classes import services as class_services
from classes.models import Assignment, Membership, SchoolClass
from course.models import Lesson, Task, TaskProgress
from trainer.models import Attempt, PlayerRating, Puzzle, PuzzleReport, PuzzleRun

#: Every account the factories make logs in with this password.
PASSWORD = "werera-2026!"

# The usernames of the cast, the accounts of tests/conftest.py's fixtures.
LEARNER = "tirunesh"
SECOND_LEARNER = "abebe"
TEACHER = "almaz"
CURATOR = "meseret"
ADMIN = "haile"


@dataclass(frozen=True)
class Line:
    """A puzzle's position, its solution line and the themes stored with it (and a werera puzzle's rounds
    from the start)."""

    fen: str
    moves: str
    themes: str
    rounds: str = ""


# Sound lines, proved by the engine with exactly these themes (tests/trainer/test_factories.py checks it).
MATE_IN_ONE = Line("k1r5/pp6/8/7n/8/8/8/2R1K3 w - - 0 1 0/0", "c1c8", "mateIn1 derMate backRankMate endgame")
DER_MATE = Line("3k4/R7/1r6/5RK1/8/8/8/8 w - - 0 30 0/0", "f5f8", "mateIn1 derMate endgame derEndgame")
FERES_MATE = Line(
    "k1N5/4b3/2K5/3N4/8/8/8/8 w - - 0 30 0/2",
    "c6c7 e7c5 d5b6",
    "mateIn2 feresMate bareKingTrap quietMove endgame",
)
#: Round 8 of the werera, Black quicker: Nxg2 mates whatever White chooses (from a werera game).
WERERA = Line(
    "rn1kqb1r/pppp1pp1/b3p2p/8/1P3n2/P4N2/1NPPPPPP/R1BQKB1R - Kk 8 2 1 0/0",
    "f4g2",
    "mateIn1 feresMate smotheredMate werera",
    "g1f3/h7h6 b1c3/e7e6 b2b3/c8a6 a2a3/g8e7 c3a4/e7d5 b3b4/0000 a4b2/d5f4",
)
#: Round 5 of the werera, White quicker: Nb7 mates whatever Black chooses (puzzle 41).
WERERA_ROUND = Line(
    "rnbkqbr1/pppppppp/3N4/8/8/5Nn1/PPPPPPPP/R1BQKB1R - Kk 5 8 1 0/0",
    "d6b7",
    "mateIn1 feresMate smotheredMate werera",
    "b1a3/g8f6 g1f3/f6e4 a3b5/e4g3 b5d6/h8g8",
)
#: Round 4, Black quicker: White's slower dxe4 wins the feres, for Black's one capture, Nxf2, is answered by
#: Kxf2 (R5.3).
WERERA_SLOWER = Line(
    "rnbkqb1r/ppppppp1/7p/8/P3n3/3P4/1PP1PPPP/RNBQKBNR - Kk 4 0 1 0/0",
    "d3e4",
    "hangingPiece werera",
    "d2d3/g8f6 a2a3/f6e4 a3a4/h7h6",
)
# Not sound, and stored with the themes the tests gave them: the first move is not the only mate in two.
LADDER = Line("k7/8/1K6/8/8/8/7n/7R w - - 0 1 0/0", "h1d1 h2f3 d1d8", "mateIn2 bareKingTrap")
LADDER_REASON = "move 1 (h1d1) is not the only mate in 2: h1e1"
#: The ladder with colours swapped and the board turned: Black mates.
BLACK_LADDER = Line("7r/7N/8/8/8/1k6/8/K7 b - - 0 1 0/0", "h8d8 h7f6 d8d1", "mateIn2")

#: A question task's position: the start.
START_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"


class UserFactory(DjangoModelFactory):
    """`teaches=True` puts the user in the teachers' group; `curates=True` makes staff in the curators' group;
    `admin=True` a superuser."""

    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    class Params:
        raw_password = PASSWORD
        admin = factory.Trait(is_staff=True, is_superuser=True)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    # Hashed when built, with the hashers the test's settings name (the fast ones, see tests/conftest.py).
    password = factory.LazyAttribute(lambda user: make_password(user.raw_password))

    @factory.post_generation
    def teaches(user, create, extracted, **kwargs):
        if extracted:
            roles.set_teacher(user=user, teaches=True)

    @factory.post_generation
    def curates(user, create, extracted, **kwargs):
        if extracted:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
            user.groups.add(roles.curators_group())


class PuzzleFactory(DjangoModelFactory):
    """`line=` one of the lines above sets the position, the moves and the themes (each may be given alone
    too). The trainer's signal writes the theme rows."""

    class Meta:
        model = Puzzle

    class Params:
        line = MATE_IN_ONE

    fen = factory.LazyAttribute(lambda puzzle: puzzle.line.fen)
    moves = factory.LazyAttribute(lambda puzzle: puzzle.line.moves)
    themes = factory.LazyAttribute(lambda puzzle: puzzle.line.themes)
    rounds = factory.LazyAttribute(lambda puzzle: puzzle.line.rounds)
    rating = 1500.0


class AttemptFactory(DjangoModelFactory):
    """A recorded try, built directly (the services are tested on their own): rated when `rating_after` is
    given, from 1500; `when=` dates it."""

    class Meta:
        model = Attempt
        skip_postgeneration_save = True

    user = factory.SubFactory(UserFactory)
    puzzle = factory.SubFactory(PuzzleFactory)
    serving = factory.LazyFunction(lambda: uuid.uuid4().hex)
    solved = True
    rating_after = None
    rated = factory.LazyAttribute(lambda attempt: attempt.rating_after is not None)
    rating_before = factory.LazyAttribute(lambda attempt: 1500.0 if attempt.rated else None)

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        """As the services record a try: the player's earlier tries at the puzzle are no longer the latest."""
        model_class.objects.filter(user=kwargs["user"], puzzle=kwargs["puzzle"], latest=True).update(
            latest=False
        )
        return super()._create(model_class, *args, **kwargs)

    @factory.post_generation
    def when(attempt, create, extracted, **kwargs):
        if extracted is not None:
            Attempt.objects.filter(pk=attempt.pk).update(created=extracted)
            attempt.refresh_from_db()


class PlayerRatingFactory(DjangoModelFactory):
    class Meta:
        model = PlayerRating

    user = factory.SubFactory(UserFactory)


class PuzzleReportFactory(DjangoModelFactory):
    class Meta:
        model = PuzzleReport

    puzzle = factory.SubFactory(PuzzleFactory)
    user = factory.SubFactory(UserFactory)
    reason = "wrong"
    comment = "Nxg3 also mates"


class LessonFactory(DjangoModelFactory):
    class Meta:
        model = Lesson
        django_get_or_create = ("slug",)

    slug = factory.Sequence(lambda n: f"lesson-{n}")
    order = factory.Sequence(lambda n: n + 1)
    title = factory.Sequence(lambda n: f"Lesson {n + 1}")
    intro = "Crosswise."


class TaskFactory(DjangoModelFactory):
    """A question on the start position, answered by the first option unless `answer=` says otherwise."""

    class Meta:
        model = Task

    lesson = factory.SubFactory(LessonFactory)
    order = factory.Sequence(lambda n: n + 1)
    title = factory.LazyAttribute(lambda task: f"Question {task.order}")
    prompt = "Where?"
    fen = START_FEN
    goal = "question"
    options = factory.LazyFunction(lambda: [{"en": "d1"}, {"en": "e1"}])
    answer = 0
    solution = factory.LazyAttribute(lambda task: str(task.answer))


class TaskProgressFactory(DjangoModelFactory):
    """Stars on a task, tried once; completed at `completed_at` when any star was won."""

    class Meta:
        model = TaskProgress

    user = factory.SubFactory(UserFactory)
    task = factory.SubFactory(TaskFactory)
    best_stars = 3
    attempts = 1


class SchoolClassFactory(DjangoModelFactory):
    """Made by the service, as a teacher makes one: it gives the class its join code."""

    class Meta:
        model = SchoolClass

    teacher = factory.SubFactory(UserFactory, teaches=True)
    name = factory.Sequence(lambda n: f"Class {n + 1}")

    @classmethod
    def _create(cls, model_class, *, teacher, name, **fields):
        return class_services.create_class(teacher=teacher, name=name, **fields)


class MembershipFactory(DjangoModelFactory):
    class Meta:
        model = Membership

    school_class = factory.SubFactory(SchoolClassFactory)
    student = factory.SubFactory(UserFactory)


class AssignmentFactory(DjangoModelFactory):
    """Made by the service, which checks what an assignment of each kind needs; a lesson by default."""

    class Meta:
        model = Assignment

    school_class = factory.SubFactory(SchoolClassFactory)
    kind = "lesson"
    lesson = factory.SubFactory(LessonFactory)

    @classmethod
    def _create(cls, model_class, **fields):
        return class_services.create_assignment(**fields)


def fixture_record(
    line: Line, *, pk: int | None = None, rating: float = 1500, source: str = "", **extra
) -> str:
    """A puzzle as one line of the fixture format (fixtures/puzzles.jsonl), which export writes and import
    reads; `extra` adds fields or replaces them."""
    fields = {"fen": line.fen, "moves": line.moves, "themes": line.themes, "rating": rating, "source": source}
    if line.rounds:
        fields["rounds"] = line.rounds
    return json.dumps({"model": "trainer.puzzle", "pk": pk, "fields": fields | extra})


class PuzzleRunFactory(DjangoModelFactory):
    """A finished streak (or `kind="storm"`) with its score, built directly (the runs are tested on their
    own); `started=` dates it."""

    class Meta:
        model = PuzzleRun

    kind = PuzzleRun.Kind.STREAK
    user = factory.SubFactory(UserFactory)
    level = 1500.0
    score = 0
    started = factory.LazyFunction(timezone.now)
    ended = factory.LazyAttribute(lambda run: run.started)
