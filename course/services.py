"""Learners' work on the course: a task's moves so far, the hint taken, and progress per task (best stars,
attempts, when completed), kept in the session for anonymous learners and in the database for signed-in ones;
moved to the account without loss on sign-up or log-in.

A wrong move is answered as the game would go on (course.refutation): the engine's search runs here, never
inside a transaction, and its answer is kept in the cache, so that a page drawn again does not search
again."""

import hashlib
from dataclasses import asdict, dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from course import refutation
from course.checkers import (
    CONTINUE,
    FAILED,
    ILLEGAL,
    PASSING,
    REFUSED,
    SOLVED,
    Answer,
    Score,
    TaskError,
    Verdict,
    answer,
    replay,
    score,
)
from course.models import Task, TaskProgress, TaskTry
from reviews import services as reviews
from senterej.board import shown_at as shown_stamp
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move

SESSION_KEY = "course"
#: The answer to a wrong move is kept for a day, keyed by the position it answers.
ANSWER_SECONDS = 24 * 60 * 60
#: A try's mistakes are counted up to here (a learner who keeps sending illegal moves is not told apart).
MOST_MISTAKES = 999


@dataclass(frozen=True)
class Progress:
    stars: int = 0
    attempts: int = 0
    completed_at: str = ""  # ISO date, "" when not completed
    hint: bool = False  # a hint was taken in the try not yet solved


def _store(session: SessionBase) -> dict[str, Any]:
    """The session's store, made if it is not there yet: for writing."""
    store: dict[str, Any] = session.setdefault(SESSION_KEY, {"attempts": {}, "progress": {}})
    return store


def _read(session: SessionBase) -> dict[str, Any]:
    """The session's store for reading: a page that only reads never writes the session (nor makes one)."""
    store: dict[str, Any] | None = session.get(SESSION_KEY)
    return store if store is not None else {"attempts": {}, "progress": {}}


def attempt_state(session: SessionBase, task: Task) -> dict[str, Any]:
    """The learner's current try at a task: its moves, the mistakes made since the task was last solved, a
    visitor's hint, and once solved the score of the solution."""
    attempts: dict[str, dict[str, Any]] = _read(session)["attempts"]
    return attempts.get(str(task.pk), {"moves": [], "mistakes": 0})


def solved_score(session: SessionBase, task: Task) -> Score | None:
    """The stars of the solution on the board and what cost the missing ones, while it is shown."""
    kept = attempt_state(session, task).get("score")
    return Score(**kept) if kept else None


def current(session: SessionBase, task: Task) -> Verdict:
    """Where the learner stands on a task, with the opponent's answer to a wrong move."""
    return _answered(task, _standing(session, task))


def _standing(session: SessionBase, task: Task) -> Verdict:
    """Where the learner stands, replayed from the stored moves (a stale line starts afresh: the task was
    changed since; the next move replaces it)."""
    state = attempt_state(session, task)
    if task.goal == "question":
        return answer(task.rules(), state["answer"]) if "answer" in state else Verdict(CONTINUE)
    try:
        return replay(task.rules(), state["moves"])
    except TaskError:
        return replay(task.rules(), [])


def _answered(task: Task, verdict: Verdict) -> Verdict:
    """The verdict with the opponent's answer to a wrong move played on its board, searched once."""
    rules = task.rules()
    position = refutation.position_to_answer(rules, verdict)
    if position is None:
        return verdict
    drill = "drill:" if rules.opponent in PASSING else ""
    key = f"course:answer:{drill}" + hashlib.sha256(position.fen().encode()).hexdigest()
    found: tuple[Answer | None] | None = cache.get(key)
    if found is None:
        found = (refutation.find_answer(rules, position),)
        cache.set(key, found, ANSWER_SECONDS)
    return refutation.shown(verdict, found[0], position)


def _moves(task: Task, state: dict[str, Any]) -> list[str]:
    """The stored moves of a try, or none if they no longer fit the task."""
    moves: list[str] = state["moves"]
    try:
        replay(task.rules(), moves)
    except TaskError:
        return []
    return moves


def _save_attempt(session: SessionBase, task: Task, **changes: object) -> None:
    state = {**attempt_state(session, task), **changes}
    _store(session)["attempts"][str(task.pk)] = state
    session.modified = True


def reset(session: SessionBase, task: Task) -> None:
    """Try again: the moves and the answer go, the mistakes and the hint stay until the task is solved."""
    state = attempt_state(session, task)
    fresh: dict[str, Any] = {"moves": [], "mistakes": 0}
    fresh.update((key, state[key]) for key in ("mistakes", "hint") if key in state)
    _store(session)["attempts"][str(task.pk)] = fresh
    session.modified = True


def begin_review(session: SessionBase, task: Task) -> None:
    """A review of the task begins afresh: the moves, the answer and the mistakes of earlier tries go (a hint
    the account took stays until a solve pays for it), so that the review's own mistakes alone count."""
    _store(session)["attempts"][str(task.pk)] = {"moves": [], "mistakes": 0}
    session.modified = True


def _began(state: dict[str, Any], shown: str) -> float:
    """When the try began: kept from its first step, which counts from when its page was shown."""
    began = state.get("began")
    return float(began) if isinstance(began, int | float) else shown_stamp.began(shown)


def _as_coordinates(task: Task, standing: Verdict, text: str) -> str:
    """A learner's move as the teacher's board draws it: in coordinates when it is a move of the position
    (legal or not, as typed otherwise), at most ten characters."""
    position = standing.position
    if position is not None:
        try:
            return coordinate(parse_move(position, text, task.learner))
        except IllegalMoveError:
            pass
    return text[:10]


def play(
    *, session: SessionBase, user: User | AnonymousUser, task: Task, text: str, shown: str = ""
) -> Verdict:
    """One learner move on a task. An illegal move changes nothing but counts as a mistake; a move of a man
    the drill is not for changes nothing and costs nothing; the try's first mistake is kept with the position
    it was made in. `shown` is the page's stamp, from which a try begun by this move counts its time."""
    state = attempt_state(session, task)
    standing = _standing(session, task)
    if standing.over:
        raise TaskError("the task is over: try again first")
    before = _moves(task, state)
    moves = [*before, text.strip()]
    verdict = replay(task.rules(), moves)
    if verdict.state == REFUSED:
        return verdict
    wrong = verdict.state in (ILLEGAL, FAILED)
    mistakes = state["mistakes"] + wrong
    changes: dict[str, object] = {"began": _began(state, shown)}
    if wrong and "wrong" not in state:
        fen = standing.position.fen() if standing.position is not None else ""
        changes["wrong"] = [_as_coordinates(task, standing, text.strip()), fen]
    _save_attempt(
        session, task, moves=before if verdict.state == ILLEGAL else moves, mistakes=mistakes, **changes
    )
    _record(session, user, task, verdict, mistakes)
    return _answered(task, verdict)


def choose(
    *, session: SessionBase, user: User | AnonymousUser, task: Task, option: int, shown: str = ""
) -> Verdict:
    """An answer to a question task."""
    state = attempt_state(session, task)
    if "answer" in state:
        raise TaskError("the question is answered: try again first")
    verdict = answer(task.rules(), option)
    mistakes = state["mistakes"] + (verdict.state == FAILED)
    changes: dict[str, object] = {"began": _began(state, shown)}
    if verdict.state == FAILED:
        changes["wrong_option"] = option
    _save_attempt(session, task, moves=[], mistakes=mistakes, answer=option, **changes)
    _record(session, user, task, verdict, mistakes)
    return verdict


def take_hint(*, session: SessionBase, user: User | AnonymousUser, task: Task, shown: str = "") -> None:
    """The learner asks for the task's hint: it stays shown, and it costs a star when the task is solved."""
    if not task.local_hint:
        raise TaskError("this task has no hint")
    if _standing(session, task).state == SOLVED:
        raise TaskError("the task is solved: try again first")
    _save_attempt(session, task, began=_began(attempt_state(session, task), shown))
    if not user.is_authenticated:
        _save_attempt(session, task, hint=True)
        return
    with transaction.atomic():
        row, _created = TaskProgress.objects.select_for_update().get_or_create(user=user, task=task)
        if not row.hint_taken:
            row.hint_taken = True
            row.save(update_fields=["hint_taken"])


def _record(
    session: SessionBase, user: User | AnonymousUser, task: Task, verdict: Verdict, mistakes: int
) -> None:
    if verdict.state not in (SOLVED, FAILED):
        return
    earned = 0
    state = attempt_state(session, task)
    hint = task_progress(session, user, task).hint
    if verdict.state == SOLVED:
        result = score(task.rules(), max(verdict.moves, 1), mistakes, hint)
        earned = result.stars
        _save_attempt(session, task, mistakes=0, hint=False, score=asdict(result))
    if user.is_authenticated:
        wrong_move, wrong_fen = state.get("wrong") or ("", "")
        finished = TaskTry(
            user=user,
            task=task,
            solved=verdict.state == SOLVED,
            stars=earned,
            mistakes=min(mistakes, MOST_MISTAKES),
            wrong_move=wrong_move,
            wrong_fen=wrong_fen,
            wrong_option=state.get("wrong_option"),
            hinted=hint,
            seconds=shown_stamp.seconds_since(state.get("began")),
        )
        _record_in_database(user, task, earned, finished)
    else:
        _record_in_session(session, task, earned)


def _record_in_database(user: User, task: Task, earned: int, finished: TaskTry) -> None:
    """The try kept, the progress updated, and the try answered for the learner's reviews: right when solved
    with no mistake and no hint, else a miss."""
    with transaction.atomic():
        finished.save()
        right = finished.solved and not finished.mistakes and not finished.hinted
        reviews.answered(user, "task", task.pk, right=right)
        progress, _created = TaskProgress.objects.select_for_update().get_or_create(user=user, task=task)
        progress.attempts += 1
        progress.best_stars = max(progress.best_stars, earned)
        if earned:
            progress.hint_taken = False  # the hint was paid for: the next try starts without it
            if progress.completed_at is None:
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


def task_progress(session: SessionBase, user: User | AnonymousUser, task: Task) -> Progress:
    """One task's progress, with the hint taken in the try not yet solved."""
    if user.is_authenticated:
        row = TaskProgress.objects.filter(user=user, task=task).first()
        if row is None:
            return Progress()
        completed = row.completed_at.isoformat() if row.completed_at else ""
        return Progress(row.best_stars, row.attempts, completed, row.hint_taken)
    entry = _read(session)["progress"].get(str(task.pk), {"stars": 0, "attempts": 0, "completed_at": ""})
    hint = bool(attempt_state(session, task).get("hint"))
    return Progress(entry["stars"], entry["attempts"], entry["completed_at"], hint)


def progress_of(session: SessionBase, user: User | AnonymousUser) -> dict[int, Progress]:
    """Progress per task id, from the account when signed in, else from the session."""
    if user.is_authenticated:
        return {
            row.task_id: Progress(
                row.best_stars,
                row.attempts,
                row.completed_at.isoformat() if row.completed_at else "",
                row.hint_taken,
            )
            for row in TaskProgress.objects.filter(user=user)
        }
    return {
        int(task_id): Progress(entry["stars"], entry["attempts"], entry["completed_at"])
        for task_id, entry in _read(session)["progress"].items()
        if task_id.isdigit()
    }


def move_session_progress_to(user: User, session: SessionBase) -> None:
    """On sign-up or log-in: the session's progress joins the account's, keeping the best of both, and a
    hint taken as a visitor stays taken."""
    store = _read(session)
    entries = store["progress"]
    hinted = [key for key, state in store["attempts"].items() if state.get("hint")]
    if not entries and not hinted:
        return
    wanted = {int(k) for k in [*entries, *hinted] if k.isdigit()}
    known = set(Task.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    with transaction.atomic():
        for task_id in sorted(known):
            row, _created = TaskProgress.objects.select_for_update().get_or_create(user=user, task_id=task_id)
            entry = entries.get(str(task_id))
            if entry is not None:
                row.best_stars = max(row.best_stars, entry["stars"])
                row.attempts += entry["attempts"]
                completed = parse_datetime(entry["completed_at"]) if entry["completed_at"] else None
                if completed and (row.completed_at is None or completed < row.completed_at):
                    row.completed_at = completed
            row.hint_taken = row.hint_taken or str(task_id) in hinted
            row.save()
    store = _store(session)
    store["progress"] = {}
    for key in hinted:
        store["attempts"][key].pop("hint", None)
    session.modified = True
