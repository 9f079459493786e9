"""The histories the page benchmarks read (`tools.bench_pages`, `tools.bench_throughput`), at two sizes, so
that a page whose cost grows with a person's past shows it: a light learner and a heavy one, and a teacher's
small class and full one. The rows are made in bulk, with the times of a history spread over months (the
models' automatic times are set aside while the rows are written), so the seed stays well under two minutes.

- A learner (`LIGHT`, `HEAVY`): puzzle attempts over the fixtures' puzzles (the first try at each rated, the
  rating moving with it, later tries of the same puzzles as replays and retries; the latest try of each
  marked), their rating row, review cards (a few of course tasks, the rest of missed puzzles; by turns due
  now, later today, on the next days, and learned), the course's tasks done with their tries, finished games
  (copies of three games played through the site: online against a friend, against the bots, on one
  device), and an online game of 40 steps with clocks, still going, against a friend.
- A teacher's class (`LIGHT`, `HEAVY`): students made from a list, four assignments (a lesson, chosen tasks, a
  theme set, chosen puzzles) that every student has worked on (stars and tries on the tasks, attempts with a
  wrong first move now and then on the puzzles), and the week's puzzle streaks and storms."""

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db.models import DateTimeField
from django.utils import timezone

from accounts import roles
from classes import services as classes
from classes.models import SchoolClass
from classes.selectors import tasks_of, theme_rows
from course.models import Lesson, Task, TaskProgress, TaskTry
from play import services as play
from play.models import Game
from reviews.models import Review
from senterej.board.sides import Side
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import coordinate
from testing.games import play_out
from trainer.models import Attempt, PlayerRating, Puzzle, PuzzleRun
from trainer.rating import START

PASSWORD = "bench-pages-password"
#: Steps of the game still going that each learner plays: the game page and its poll draw it.
GAME_STEPS = 40


@dataclass(frozen=True)
class Size:
    """How much history one size holds."""

    attempts: int
    #: How many different puzzles the attempts are at (the rest of the pool is still untried).
    puzzles_tried: int
    cards: int
    #: Of the cards, how many are of course tasks.
    task_cards: int
    #: How many of the course's tasks are done, in the course's order.
    tasks_done: int
    games: int
    students: int


#: How many first tries at puzzles are missed whatever the ratings say: the light learner's review cards.
FIRST_MISSES = 3
#: More tasks than the course has: all of them.
WHOLE_COURSE = 10_000
LIGHT = Size(attempts=10, puzzles_tried=8, cards=3, task_cards=1, tasks_done=2, games=10, students=5)
HEAVY = Size(
    attempts=60_000,
    puzzles_tried=1_500,
    cards=1_500,
    task_cards=50,
    tasks_done=WHOLE_COURSE,
    games=1_000,
    students=60,
)
#: The usernames of the seeded people, by the history they hold.
LEARNERS = {"light": "bench-light", "heavy": "bench-heavy"}
TEACHER = "bench-teacher"
FRIEND = "bench-friend"
CLASSES = {"light": "Bench class of 5", "heavy": "Bench class of 60"}


@contextmanager
def own_times(*fields: DateTimeField[object, object]) -> Iterator[None]:
    """The fields keep the times the seed gives them instead of the moment of writing."""
    saved = [(field, field.auto_now, field.auto_now_add) for field in fields]
    for field in fields:
        field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in saved:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def date_field(model: type[Attempt] | type[Game], name: str) -> DateTimeField[object, object]:
    field = model._meta.get_field(name)
    assert isinstance(field, DateTimeField)
    return field


def seed_histories(now: datetime | None = None, seed: int = 1) -> None:
    """Both learners, the friend they play, and the teacher with both classes."""
    now = now or timezone.now()
    rng = random.Random(seed)
    friend = User.objects.create_user(FRIEND, password=PASSWORD)
    templates = game_templates(friend)
    for history, size in (("light", LIGHT), ("heavy", HEAVY)):
        learner = User.objects.create_user(LEARNERS[history], password=PASSWORD)
        seed_learner(learner, friend, size, templates, now, rng)
    teacher = User.objects.create_user(TEACHER, password=PASSWORD)
    roles.set_teacher(user=teacher, teaches=True)
    for history, size in (("light", LIGHT), ("heavy", HEAVY)):
        seed_class(teacher, CLASSES[history], size.students, rng)


def seed_learner(
    learner: User, friend: User, size: Size, templates: list[Game], now: datetime, rng: random.Random
) -> None:
    rating = seed_attempts(learner, size, now, rng)
    PlayerRating.objects.create(user=learner, rating=rating, rating_deviation=60.0)
    seed_course(learner, size.tasks_done, now, rng)
    seed_cards(learner, size, now)
    seed_games(learner, friend, size.games, templates, now, rng)
    ongoing_game(learner, friend)


def seed_attempts(learner: User, size: Size, now: datetime, rng: random.Random) -> float:
    """The learner's attempts, oldest first, about a hundred a day; the first try at a puzzle is rated, and
    the first tries are spread over the history's first half, so that each puzzle is tried again many times
    after. A first try is solved as often as the ratings expect and moves the rating as an Elo step would,
    so the rating stays among the puzzles' (a heavy learner's is not thousands below them); the first few
    are misses, and later tries miss one time in three, so that there are missed puzzles enough for the
    review cards. Answers the rating reached."""
    pool = dict(Puzzle.objects.filter(active=True).order_by("pk").values_list("pk", "rating"))
    fresh = rng.sample(sorted(pool), size.puzzles_tried)
    tried: list[int] = []
    rating = START
    span = timedelta(days=max(1, size.attempts // 100))
    rows = []
    for index in range(size.attempts):
        left = size.attempts - index
        first = bool(fresh) and (not tried or rng.random() * max(left - size.attempts // 2, 1) < len(fresh))
        puzzle_id = fresh.pop() if first else rng.choice(tried)
        if first:
            tried.append(puzzle_id)
        expected = 1 / (1 + 10 ** ((pool[puzzle_id] - rating) / 400))
        odds = expected if first else 0.65
        solved = rng.random() < odds and not (first and len(tried) <= FIRST_MISSES)
        hinted = not first and not solved and rng.random() < 0.2
        row = Attempt(
            user=learner,
            puzzle_id=puzzle_id,
            serving=f"bench-{learner.pk}-{index}",
            solved=solved,
            hinted=hinted,
            rated=first,
            latest=False,
            seconds=rng.randint(5, 180),
            created=now - span * left / size.attempts,
        )
        if first:
            change = 32 * (solved - expected)
            row.rating_before, row.rating_after = rating, rating + change
            row.puzzle_rating_before = pool[puzzle_id]
            row.puzzle_rating_after = pool[puzzle_id] - change / 4
            rating += change
        rows.append(row)
    latest: dict[int, Attempt] = {}
    for row in rows:
        latest[row.puzzle_id] = row
    for row in latest.values():
        row.latest = True
    with own_times(date_field(Attempt, "created")):
        Attempt.objects.bulk_create(rows, batch_size=2_000)
    return rating


def seed_course(learner: User, count: int, now: datetime, rng: random.Random) -> None:
    """The course's first `count` tasks done, each in a few tries."""
    tasks = list(Task.objects.order_by("lesson__order", "order")[:count])
    progress, tries = [], []
    for number, task in enumerate(tasks):
        done = now - timedelta(days=len(tasks) - number)
        count = rng.randint(1, 4)
        for index in range(count):
            solved = index == count - 1
            tries.append(
                TaskTry(
                    user=learner,
                    task=task,
                    solved=solved,
                    stars=rng.randint(1, 3) if solved else 0,
                    mistakes=0 if solved else 1,
                    seconds=rng.randint(10, 200),
                    created=done - timedelta(minutes=count - index),
                )
            )
        progress.append(
            TaskProgress(user=learner, task=task, best_stars=3, attempts=count, completed_at=done)
        )
    TaskProgress.objects.bulk_create(progress)
    TaskTry.objects.bulk_create(tries)


def seed_cards(learner: User, size: Size, now: datetime) -> None:
    """Cards of the learner's missed tasks and puzzles, by turns due now (the earliest `cards` minutes ago),
    later today, on the next days, and learned."""
    tasks = list(Task.objects.order_by("lesson__order", "order").values_list("pk", flat=True))
    missed = Attempt.objects.filter(user=learner, solved=False).values_list("puzzle_id", flat=True).distinct()
    items = [("task", pk) for pk in tasks[: size.task_cards]]
    items += [("puzzle", pk) for pk in sorted(missed)[: size.cards - len(items)]]
    assert len(items) == size.cards, f"{len(items)} cards could be made, not {size.cards}"
    cards = []
    for number, (kind, item) in enumerate(items):
        part, seconds = number % 4, number // 4 + 1
        due = {
            0: now - timedelta(minutes=size.cards) + timedelta(seconds=seconds),
            1: now + timedelta(seconds=seconds % 600 + 1),
            2: now + timedelta(days=1, seconds=seconds),
            3: now - timedelta(days=1),
        }[part]
        learned = now - timedelta(hours=1) if part == 3 else None
        cards.append(
            Review(
                user=learner,
                kind=kind,
                item=item,
                step=1 + number % 5,
                due=due,
                reviews=number % 7,
                misses=1 + number % 3,
                last_seen=now - timedelta(days=2),
                learned_at=learned,
            )
        )
    Review.objects.bulk_create(cards)


def game_templates(friend: User) -> list[Game]:
    """Three games played through the site's services to their end (the friend against a rival, online),
    whose steps the learners' finished games copy."""
    rival = User.objects.create_user("bench-rival", password=PASSWORD)
    made = []
    for steps, seed in ((30, 3), (44, 40), (60, 7)):
        game = play.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=friend)
        play.join(invite_code=game.invite_code, user=rival)
        game = play_out(game, steps, seed=seed)
        made.append(play.resign(game_id=game.id, seats=play.Seats(frozenset({BLACK})), version=game.version))
    return made


def seed_games(
    player: User, friend: User, count: int, templates: list[Game], now: datetime, rng: random.Random
) -> None:
    """`count` finished games of the player's, a few a day back from yesterday: by turns online against the
    friend, against a bot, and on one device, each with the steps of a template."""
    rows = []
    for number in range(count):
        template = templates[number % len(templates)]
        ended = now - timedelta(days=1, hours=7 * (count - number))
        mode = (Game.Mode.ONLINE, Game.Mode.BOT, Game.Mode.HOTSEAT)[number % 3]
        white, black = (player, friend) if number % 2 else (friend, player)
        if mode == Game.Mode.HOTSEAT:
            white = black = player
        game = Game(
            mode=mode,
            start_fen=template.start_fen,
            fen=template.fen,
            steps=template.steps,
            status=Game.Status.RESIGNATION if number % 5 else Game.Status.AGREEMENT,
            result=rng.choice(("1-0", "0-1")) if number % 5 else "1/2-1/2",
            white_user=white,
            black_user=black,
            joined=mode == Game.Mode.ONLINE,
            version=len(template.steps) + 2,
            created=ended - timedelta(minutes=20),
            updated=ended,
            finished=ended,
        )
        if mode == Game.Mode.BOT:
            game.status, game.result = Game.Status.RESIGNATION, rng.choice(("1-0", "0-1"))
            game.bot_level = "beginner"
            bot = BLACK if white == player else WHITE
            game.bot_colour = Side.of(bot).value
            game.set_user(bot, None)
        rows.append(game)
    with own_times(date_field(Game, "created"), date_field(Game, "updated")):
        Game.objects.bulk_create(rows, batch_size=500)


def ongoing_game(player: User, friend: User) -> Game:
    """An online game of GAME_STEPS steps between the player (White) and the friend, with clocks, still
    going: the page its players see, and poll every second."""
    game = play.start_game(mode=Game.Mode.ONLINE, human=WHITE, user=player, clock="10+5", round_seconds=60)
    play.join(invite_code=game.invite_code, user=friend)
    game = play_out(game, GAME_STEPS, seed=40)
    assert not game.is_over, "the seeded game must still be going"
    return game


def keep_going(game_id: str, now: datetime | None = None) -> None:
    """The game as it stands the moment its last step was played, both players with it open: its clocks
    (or its round's timer) start again from now and neither player has been away. Its version is left as
    it is, so the poll that asks with it is answered "nothing new", as every second of a game in play."""
    now = now or timezone.now()
    Game.objects.filter(pk=game_id).update(clock_since=now, white_seen=now, black_seen=now)


def seed_class(teacher: User, name: str, size: int, rng: random.Random) -> SchoolClass:
    """A class of `size` students made from a list, assigned a lesson, chosen tasks of the next lesson, a
    theme set of 5 and three chosen puzzles, on which each has worked."""
    school_class = classes.create_class(teacher=teacher, name=name)
    label = "".join(word for word in name.split() if word.isdigit())
    names = [f"Pupil Number{label}x{index}" for index in range(size)]
    made = classes.create_students(school_class=school_class, names=names).created
    students = list(User.objects.filter(username__in=[student.username for student in made]))
    lessons = list(Lesson.objects.order_by("order")[:2])
    puzzles = list(Puzzle.objects.filter(active=True, rounds="").order_by("pk")[:3])
    theme = puzzles[0].theme_list[0]
    assignments = [
        classes.create_assignment(school_class=school_class, kind="lesson", lesson=lessons[0]),
        classes.create_assignment(
            school_class=school_class, kind="tasks", tasks=list(lessons[1].tasks.all()[:2])
        ),
        classes.create_assignment(school_class=school_class, kind="theme", theme=theme, puzzle_count=5),
        classes.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles),
    ]
    tasks = [task for assignment in assignments if assignment.is_course for task in tasks_of(assignment)]
    theme_puzzles = list(
        Puzzle.objects.filter(pk__in=theme_rows(assignments[2]).filter(active=True).values("puzzle_id"))
        .exclude(pk__in=[puzzle.pk for puzzle in puzzles])
        .order_by("pk")[:8]
    )
    class_work(students, tasks, [*theme_puzzles, *puzzles], school_class.pk, rng)
    return school_class


def class_work(
    students: list[User], tasks: list[Task], puzzles: list[Puzzle], class_id: int, rng: random.Random
) -> None:
    """Each student's tries at the class's tasks (every fourth student halfway through) and puzzles (a
    wrong first move now and then), and three puzzle streaks and storms this week."""
    progress, tries, attempts, runs = [], [], [], []
    now = timezone.now()
    for index, student in enumerate(students):
        done = tasks if index % 4 != 3 else tasks[: len(tasks) // 2]
        for task in done:
            count = rng.randint(1, 3)
            for number in range(count):
                solved = number == count - 1
                tries.append(task_try(student, task, solved, rng))
            progress.append(
                TaskProgress(
                    user=student, task=task, best_stars=rng.randint(1, 3), attempts=count, completed_at=now
                )
            )
        for number, puzzle in enumerate(puzzles):
            wrong = (index + number) % 3 == 0
            attempts.append(
                Attempt(
                    user=student,
                    puzzle=puzzle,
                    serving=f"bench-class-{class_id}-{index}-{number}",
                    solved=not wrong,
                    rated=True,
                    wrong_move=wrong_move(puzzle.fen, puzzle.solution[0]) if wrong else "",
                    wrong_ply=0 if wrong else None,
                    seconds=rng.randint(10, 120),
                )
            )
        for number in range(6):
            kind = PuzzleRun.Kind.STREAK if number % 2 else PuzzleRun.Kind.STORM
            started = now - timedelta(minutes=10 * (number + 1))
            runs.append(
                PuzzleRun(
                    kind=kind,
                    user=student,
                    level=1500.0,
                    started=started,
                    ended=started + timedelta(minutes=3),
                    score=rng.randint(0, 30),
                )
            )
    TaskProgress.objects.bulk_create(progress)
    TaskTry.objects.bulk_create(tries)
    Attempt.objects.bulk_create(attempts)
    PuzzleRun.objects.bulk_create(runs)


def task_try(student: User, task: Task, solved: bool, rng: random.Random) -> TaskTry:
    """A finished try at a task; a failed one with its wrong option, or its wrong move from the task's
    position."""
    row = TaskTry(
        user=student, task=task, solved=solved, stars=rng.randint(1, 3) if solved else 0, seconds=40
    )
    if solved:
        return row
    row.mistakes = 1
    if task.goal == "question" and task.options:
        row.wrong_option = (task.answer + 1) % len(task.options)
    elif not task.history:
        row.wrong_move = wrong_move(task.fen, task.solution.split()[0] if task.solution else "")
        row.wrong_fen = task.fen if row.wrong_move else ""
    return row


def wrong_move(fen: str, right: str) -> str:
    """A legal move of the side to move other than the right one ("" when there is none, or in the
    werera, where it is the learner's side's choice)."""
    position = Position.from_fen(fen)
    if position.turn is None:
        return ""
    moves = sorted(coordinate(move) for move in position.legal_moves())
    return next((move for move in moves if move != right), "")
