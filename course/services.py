"""Learners' work on the course: a task's moves so far, and progress per task (best stars, attempts, when
completed), kept in the session for anonymous learners and in the database for signed-in ones; moved to the
account without loss on sign-up or log-in."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from course.checkers import CONTINUE, FAILED, ILLEGAL, SOLVED, TaskError, Verdict, answer, replay, stars
from course.models import Task, TaskProgress

SESSION_KEY = "course"


@dataclass(frozen=True)
class Progress:
    stars: int = 0
    attempts: int = 0
    completed_at: str = ""  # ISO date, "" when not completed


def _store(session: SessionBase) -> dict[str, Any]:
    """The session's store, made if it is not there yet: for writing."""
    store: dict[str, Any] = session.setdefault(SESSION_KEY, {"attempts": {}, "progress": {}})
    return store


def _read(session: SessionBase) -> dict[str, Any]:
    """The session's store for reading: a page that only reads never writes the session (nor makes one)."""
    store: dict[str, Any] | None = session.get(SESSION_KEY)
    return store if store is not None else {"attempts": {}, "progress": {}}


def attempt_state(session: SessionBase, task: Task) -> dict[str, Any]:
    """The learner's current try at a task: its moves and the mistakes made since the task was last solved."""
    attempts: dict[str, dict[str, Any]] = _read(session)["attempts"]
    return attempts.get(str(task.pk), {"moves": [], "mistakes": 0})


def current(session: SessionBase, task: Task) -> Verdict:
    """Where the learner stands on a task, replayed from the stored moves (a stale line starts afresh: the
    task was changed since; the next move replaces it)."""
    state = attempt_state(session, task)
    if task.goal == "question":
        return answer(task.rules(), state["answer"]) if "answer" in state else Verdict(CONTINUE)
    try:
        return replay(task.rules(), state["moves"])
    except TaskError:
        return replay(task.rules(), [])


def _moves(task: Task, state: dict[str, Any]) -> list[str]:
    """The stored moves of a try, or none if they no longer fit the task."""
    moves: list[str] = state["moves"]
    try:
        replay(task.rules(), moves)
    except TaskError:
        return []
    return moves


def _save_attempt(
    session: SessionBase, task: Task, moves: list[str], mistakes: int, answered: int | None = None
) -> None:
    state: dict[str, object] = {"moves": moves, "mistakes": mistakes}
    if answered is not None:
        state["answer"] = answered
    _store(session)["attempts"][str(task.pk)] = state
    session.modified = True


def reset(session: SessionBase, task: Task) -> None:
    state = attempt_state(session, task)
    _save_attempt(session, task, [], state["mistakes"])


def play(*, session: SessionBase, user: User | AnonymousUser, task: Task, text: str) -> Verdict:
    """One learner move on a task. An illegal move changes nothing but counts as a mistake."""
    state = attempt_state(session, task)
    if current(session, task).over:
        raise TaskError("the task is over: try again first")
    before = _moves(task, state)
    moves = [*before, text.strip()]
    verdict = replay(task.rules(), moves)
    mistakes = state["mistakes"]
    if verdict.state in (ILLEGAL, FAILED):
        mistakes += 1
    if verdict.state != ILLEGAL:
        _save_attempt(session, task, moves, mistakes)
    else:
        _save_attempt(session, task, before, mistakes)
    _record(session, user, task, verdict, mistakes)
    return verdict


def choose(*, session: SessionBase, user: User | AnonymousUser, task: Task, option: int) -> Verdict:
    """An answer to a question task."""
    state = attempt_state(session, task)
    if "answer" in state:
        raise TaskError("the question is answered: try again first")
    verdict = answer(task.rules(), option)
    mistakes = state["mistakes"] + (verdict.state == FAILED)
    _save_attempt(session, task, [], mistakes, answered=option)
    _record(session, user, task, verdict, mistakes)
    return verdict


def _record(
    session: SessionBase, user: User | AnonymousUser, task: Task, verdict: Verdict, mistakes: int
) -> None:
    if verdict.state not in (SOLVED, FAILED):
        return
    earned = stars(task.rules(), max(verdict.moves, 1), mistakes) if verdict.state == SOLVED else 0
    if verdict.state == SOLVED:
        state = attempt_state(session, task)
        _save_attempt(session, task, state["moves"], 0, state.get("answer"))
    if user.is_authenticated:
        _record_in_database(user, task, earned)
    else:
        _record_in_session(session, task, earned)


def _record_in_database(user: User, task: Task, earned: int) -> None:
    with transaction.atomic():
        progress, _created = TaskProgress.objects.select_for_update().get_or_create(user=user, task=task)
        progress.attempts += 1
        progress.best_stars = max(progress.best_stars, earned)
        if earned and progress.completed_at is None:
            progress.completed_at = timezone.now()
        progress.save()


def _record_in_session(session: SessionBase, task: Task, earned: int) -> None:
    progress = _store(session)["progress"]
    old = progress.get(str(task.pk), {"stars": 0, "attempts": 0, "completed_at": ""})
    progress[str(task.pk)] = {
        "stars": max(old["stars"], earned),
        "attempts": old["attempts"] + 1,
        "completed_at": old["completed_at"] or (timezone.now().isoformat() if earned else ""),
    }
    session.modified = True


def progress_of(session: SessionBase, user: User | AnonymousUser) -> dict[int, Progress]:
    """Progress per task id, from the account when signed in, else from the session."""
    if user.is_authenticated:
        return {
            row.task_id: Progress(
                row.best_stars, row.attempts, row.completed_at.isoformat() if row.completed_at else ""
            )
            for row in TaskProgress.objects.filter(user=user)
        }
    return {
        int(task_id): Progress(entry["stars"], entry["attempts"], entry["completed_at"])
        for task_id, entry in _read(session)["progress"].items()
        if task_id.isdigit()
    }


def move_session_progress_to(user: User, session: SessionBase) -> None:
    """On sign-up or log-in: the session's progress joins the account's, keeping the best of both."""
    entries = _read(session)["progress"]
    if not entries:
        return
    known = set(
        Task.objects.filter(pk__in=[int(k) for k in entries if k.isdigit()]).values_list("pk", flat=True)
    )
    with transaction.atomic():
        for task_id, entry in entries.items():
            if not task_id.isdigit() or int(task_id) not in known:
                continue
            row, _created = TaskProgress.objects.select_for_update().get_or_create(
                user=user, task_id=int(task_id)
            )
            row.best_stars = max(row.best_stars, entry["stars"])
            row.attempts += entry["attempts"]
            completed = parse_datetime(entry["completed_at"]) if entry["completed_at"] else None
            if completed and (row.completed_at is None or completed < row.completed_at):
                row.completed_at = completed
            row.save()
    _store(session)["progress"] = {}
    session.modified = True
