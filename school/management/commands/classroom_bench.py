"""The database's side of the classroom benchmark (`make bench-classroom`, `tools/bench-classroom`): it lives
in the classes room because a classroom's work spans the course, the trainer and play, which only this room
may read together. The load generator itself speaks HTTP only.

    manage.py classroom_bench seed --students 60 --password PW   makes (or resets) the students' accounts and
                                                                 the curator's (classroom-curator)
    manage.py classroom_bench check LEDGER                       compares the ledger with the rows, as JSON

The ledger is what the load generator saw completed: per student, the serving tokens of the puzzle tries it
finished, the course tasks it finished (how many times, and whether solved), and per game the moves and
werera choices the site accepted; the curator's job; the hostile visitor's games (one move each) and how many
of its evaluations were accepted. `check` first waits for the bots' workers to finish the replies still
queued (the curator's job, which outlasts the lesson, is not waited for), then prints the rows lost or
duplicated (a refused game or evaluation must have made no row), the bot tasks' queue wait and run time, and
the curators' jobs as they stand."""

import json
import time
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count
from django_tasks.base import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from accounts import roles
from analysis.models import Evaluation
from course.models import TaskProgress
from play.models import Game
from trainer.models import Attempt, CurationJob
from trainer.offers import serving_id

PREFIX = "classroom"
CURATOR = f"{PREFIX}-curator"
#: The queue whose tasks the ledger's games wait for.
BOTS_QUEUE = "bots"
#: How long `check` waits for the worker to finish the replies still queued when the load stopped.
DRAIN_SECONDS = 30.0


def student_name(number: int) -> str:
    return f"{PREFIX}{number:02d}"


class Command(BaseCommand):
    help = "Seeds the classroom benchmark's students, or checks its ledger against the database."

    def add_arguments(self, parser: ArgumentParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        seed = sub.add_parser("seed")
        seed.add_argument("--students", type=int, default=60)
        seed.add_argument("--password", required=True)
        check = sub.add_parser("check")
        check.add_argument("ledger", type=Path)

    def handle(self, *args: object, **options: Any) -> None:
        if options["action"] == "seed":
            self.seed(options["students"], options["password"])
        else:
            ledger = json.loads(Path(options["ledger"]).read_text())
            self.stdout.write(json.dumps(check(ledger)))

    def seed(self, count: int, password: str) -> None:
        if count < 1:
            raise CommandError("at least one student")
        for number in range(1, count + 1):
            user, _created = User.objects.get_or_create(username=student_name(number))
            user.set_password(password)
            user.save()
        curator, _created = User.objects.get_or_create(username=CURATOR)
        curator.is_staff = True
        curator.set_password(password)
        curator.save()
        curator.groups.add(roles.curators_group())
        self.stdout.write(f"{count} students: {student_name(1)} … {student_name(count)}, and {CURATOR}")


def drain(seconds: float = DRAIN_SECONDS) -> int:
    """Waits until no bot reply is ready or running; the number still left after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        left = DBTaskResult.objects.filter(
            queue_name=BOTS_QUEUE, status__in=[TaskResultStatus.READY, TaskResultStatus.RUNNING]
        ).count()
        if left == 0 or time.monotonic() > deadline:
            return left
        time.sleep(0.25)


def check(ledger: dict[str, Any]) -> dict[str, Any]:
    left = drain()
    problems: list[str] = []
    counts = {"attempts": 0, "progress": 0, "games": 0, "moves": 0}
    for username, record in ledger["students"].items():
        user = User.objects.filter(username=username).first()
        if user is None:
            problems.append(f"{username}: no such account")
            continue
        problems += _attempts(user, record.get("tries", []), record.get("unsure_tries", []), counts)
        problems += _progress(user, record.get("tasks", {}), record.get("unsure_tasks", []), counts)
        for game in record.get("games", []):
            problems += _game(user.username, game, counts)
    if "hostile" in ledger:
        problems += _hostile(ledger["hostile"], counts)
    if "curator" in ledger:
        problems += _curator(ledger["curator"])
    return {
        "problems": problems,
        "checked": counts,
        "tasks_left": left,
        "bot_tasks": _bot_tasks(),
        "curation_jobs": _curation_jobs(),
    }


def _attempts(user: User, tokens: list[str], unsure: list[str], counts: dict[str, int]) -> list[str]:
    """Each finished try has exactly one Attempt (by its serving token, which an Attempt keeps as a digest),
    and no Attempt is unaccounted for."""
    problems = []
    tokens, unsure = [serving_id(token) for token in tokens], [serving_id(token) for token in unsure]
    rows: dict[str, int] = {
        row["serving"]: row["n"]
        for row in Attempt.objects.filter(user=user).values("serving").annotate(n=Count("id"))
    }
    for token in tokens:
        if rows.get(token, 0) != 1:
            problems.append(f"{user.username}: try {token} has {rows.get(token, 0)} Attempt rows")
    extra = set(rows) - set(tokens) - set(unsure)
    if extra:
        problems.append(f"{user.username}: {len(extra)} Attempt rows for tries never finished")
    if len(tokens) + len(unsure) < sum(rows.values()) or sum(rows.values()) < len(tokens):
        problems.append(f"{user.username}: {len(tokens)} tries finished, {sum(rows.values())} Attempt rows")
    counts["attempts"] += len(tokens)
    return problems


def _progress(
    user: User, tasks: dict[str, dict[str, Any]], unsure: list[int], counts: dict[str, int]
) -> list[str]:
    """Each task finished has one TaskProgress with as many attempts, completed if it was ever solved."""
    problems = []
    rows = {row.task_id: row for row in TaskProgress.objects.filter(user=user)}
    for key, seen in tasks.items():
        task_id = int(key)
        row = rows.get(task_id)
        if row is None:
            problems.append(f"{user.username}: task {task_id} finished, no TaskProgress")
            continue
        if task_id not in unsure and row.attempts != seen["finished"]:
            problems.append(
                f"{user.username}: task {task_id} finished {seen['finished']}×, {row.attempts} saved"
            )
        if seen["solved"] and (row.completed_at is None or not row.best_stars):
            problems.append(f"{user.username}: task {task_id} solved, not completed in TaskProgress")
    extra = set(rows) - {int(key) for key in tasks} - set(unsure)
    if extra:
        problems.append(f"{user.username}: TaskProgress for tasks never finished: {sorted(extra)}")
    counts["progress"] += len(tasks)
    return problems


def _game(player: str, seen: dict[str, Any], counts: dict[str, int]) -> list[str]:
    """The game's steps hold exactly the human's accepted moves and werera choices, in order (a choice
    still waiting for the bot's is kept on the game)."""
    game = Game.objects.filter(pk=seen["id"]).first()
    if game is None:
        return [f"{player}: game {seen['id']} missing"]
    side = seen["side"]  # "white" or "black"
    stored: list[str] = []
    for step in game.steps:
        if step.get("kind") == "round":
            stored.append(step[side])
        elif step.get("side") == side:
            stored.append(step["move"])
    pending = game.white_choice if side == "white" else game.black_choice
    if pending:
        stored.append(pending)
    counts["games"] += 1
    counts["moves"] += len(seen["moves"])
    accepted = list(seen["moves"])
    if seen.get("unsure") and stored == accepted + [seen["unsure"]]:
        accepted.append(seen["unsure"])  # a move whose answer never came, saved all the same
    if stored != accepted:
        return [f"{player}: game {seen['id']} stores {stored}, the site accepted {accepted}"]
    return []


def _hostile(record: dict[str, Any], counts: dict[str, int]) -> list[str]:
    """Each game the hostile visitor was let start is there with its one move, and no other game without an
    account is (a refused start made none); as many evaluations are asked as it was let ask (all its
    positions differ, none asked before)."""
    problems = []
    own = {"games": 0, "moves": 0}
    for game in record.get("games", []):
        problems += _game("hostile visitor", game, own)
    counts["hostile_games"] = own["games"]
    made = Game.objects.filter(mode=Game.Mode.BOT, white_user=None, black_user=None).count()
    started, unsure = len(record.get("games", [])), record.get("unsure_games", 0)
    if not started <= made <= started + unsure:
        problems.append(f"hostile visitor: {started} games started, {made} bot games without an account")
    asked = Evaluation.objects.count()
    evaluations = record.get("evaluations", {})
    accepted, unsure = evaluations.get("accepted", 0), evaluations.get("unsure", 0)
    if not accepted <= asked <= accepted + unsure:
        problems.append(f"hostile visitor: {accepted} evaluations accepted, {asked} Evaluation rows")
    counts["evaluations"] = asked
    return problems


def _curator(record: dict[str, Any]) -> list[str]:
    """Each job the curator started is one row."""
    name = record.get("name", CURATOR)
    rows = CurationJob.objects.filter(user__username=name).count()
    started = len(record.get("jobs", []))
    if rows != started:
        return [f"{name}: {started} jobs started, {rows} CurationJob rows"]
    return []


def _curation_jobs() -> list[dict[str, Any]]:
    return [
        {"kind": job.kind, "status": job.status, "done": job.done, "total": job.total}
        for job in CurationJob.objects.order_by("pk")
    ]


def _bot_tasks() -> dict[str, Any]:
    waits, runs, intervals = [], [], []
    failed = 0
    for result in DBTaskResult.objects.filter(task_path__endswith="bot_reply"):
        if result.status == TaskResultStatus.FAILED:
            failed += 1
        if result.started_at and result.finished_at:
            waits.append((result.started_at - result.enqueued_at).total_seconds())
            runs.append((result.finished_at - result.started_at).total_seconds())
            intervals.append((result.started_at.timestamp(), result.finished_at.timestamp()))
    return {"count": len(runs), "failed": failed, "waits": waits, "runs": runs, "intervals": intervals}
