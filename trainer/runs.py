"""What the puzzle streak and the puzzle storm share: whose runs are whose, the choice of each next puzzle,
one answer judged against the puzzle's line, the personal best and history, and the flow of beginning a
run and answering at it (`RunKind`), in one place so that the two kinds differ only where their rules do:
each is a `RunKind` with a few small hooks (`trainer.streak`, `trainer.storm`).

Both are unrated and write no `Attempt`: a run is a game of speed or nerve, and its tries would otherwise
move the player's rating and the figures a teacher reads. Only turn-based puzzles are served: a werera
puzzle's answer is a hidden round, not a move played at once.

A signed-in player's runs are theirs by their user; a visitor's runs have none and are theirs by the
session's list of them, so that every run, a visitor's too, keeps its clock on the server, where a page
reloaded or a tampered form cannot touch it. Each answer locks the run's row: a stale or repeated answer
(another puzzle, another ply) changes nothing."""

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.db import transaction
from django.db.models import Max, QuerySet, Value
from django.utils import timezone
from django.utils.translation import gettext as _

from senterej.board.explain import illegal_move_message
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move
from trainer.models import Puzzle, PuzzleRun
from trainer.prepared import prepared

SESSION_RUNS = "trainer_runs"
#: A visitor's session remembers this many of their latest runs.
KEPT_IN_SESSION = 100
#: The next puzzle is one of this many nearest the point aimed at, so that no two runs are the same.
NEAREST = 4
#: The history shows this many of the latest runs.
HISTORY = 10


class RunError(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Answer:
    """What one answer did: "continue" (right, and the line goes on), "solved" or "missed"; the moves it
    played (the player's, then the opponent's reply), from the ply it was played at."""

    state: str
    played: list[str]
    from_ply: int


def owned(session: SessionBase, user: User | AnonymousUser) -> QuerySet[PuzzleRun]:
    """The runs that are this player's: an account's by its user, a visitor's by the session's list."""
    if user.is_authenticated:
        return PuzzleRun.objects.filter(user=user)
    return PuzzleRun.objects.filter(user=None, pk__in=session.get(SESSION_RUNS, []))


def get(session: SessionBase, user: User | AnonymousUser, run_id: int, kind: str) -> PuzzleRun:
    """The player's run of this kind, or a 404 in words: someone else's run is as if it did not exist."""
    run = owned(session, user).filter(pk=run_id, kind=kind).select_related("puzzle").first()
    if run is None:
        raise RunError(_("There is no such run."), 404)
    return run


def locked(session: SessionBase, user: User | AnonymousUser, run_id: int, kind: str) -> PuzzleRun:
    """As `get`, with the run's row locked until the transaction ends."""
    run = owned(session, user).select_for_update().filter(pk=run_id, kind=kind).first()
    if run is None:
        raise RunError(_("There is no such run."), 404)
    return run


def pool() -> QuerySet[Puzzle]:
    """The puzzles a run serves: active and turn-based (a werera puzzle has rounds from the start)."""
    # `active=Value(True)`, as in `selectors`: a bare boolean column would not use the (active, rating) index.
    return Puzzle.objects.filter(active=Value(True), rounds="")


def easiest() -> float:
    """The rating of the easiest puzzle a run may serve (0 when there is none)."""
    found: float | None = pool().order_by("rating").values_list("rating", flat=True).first()
    return found if found is not None else 0.0


def choose(target: float, served: list[int], rng: random.Random) -> Puzzle | None:
    """One of the NEAREST unserved puzzles of the pool at or just above `target` (just below it when the
    pool has nothing harder left), or None when the run has served them all."""
    rows = pool().exclude(pk__in=served)
    above = rows.filter(rating__gte=target).order_by("rating")
    found = _turn_based(above.values_list("pk", "fen")[: NEAREST * 2])
    if not found:
        below = rows.filter(rating__lt=target).order_by("-rating")
        found = _turn_based(below.values_list("pk", "fen")[: NEAREST * 2])
    if not found:
        return None
    return Puzzle.objects.get(pk=rng.choice(found[:NEAREST]))


def _turn_based(rows: Any) -> list[int]:
    """The ids of the rows whose position has a side to move (a werera position's FEN has "-" there)."""
    return [pk for pk, fen in rows if fen.split()[1:2] != ["-"]]


def serve(run: PuzzleRun, target: float, rng: random.Random) -> None:
    """The run's next puzzle near `target`; with none left the run ends."""
    puzzle = choose(target, run.served, rng)
    run.puzzle, run.ply = puzzle, 0
    if puzzle is None:
        run.ended = run.ended or timezone.now()
        run.last = {**run.last, "exhausted": True}
    else:
        run.served = [*run.served, puzzle.pk]


def end(run: PuzzleRun) -> None:
    run.ended, run.puzzle = timezone.now(), None


def at_puzzle(run: PuzzleRun, puzzle_id: int, ply: int) -> None:
    """Refuses, with a 409, a step at a run that is over or at a puzzle or a ply gone by (a stale or
    repeated form): only a step at the run's puzzle as it stands is taken."""
    if run.puzzle_id is None or run.ended is not None:
        raise RunError(_("This run is over."), 409)
    if puzzle_id != run.puzzle_id or ply != run.ply:
        raise RunError(_("That answer is for a puzzle or a move gone by: here is the run as it stands."), 409)


def answer(run: PuzzleRun, puzzle_id: int, ply: int, text: str) -> Answer:
    """Judges the player's move at the run's puzzle against its line (`PuzzleLine.accepts`: the line's
    move, or on the last move any mate), and plays it with the opponent's reply. A stale answer (a puzzle
    gone by, a ply already played) is refused with a 409, an illegal move with the rules' reason; neither
    changes anything."""
    at_puzzle(run, puzzle_id, ply)
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    line = puzzle.line
    position = line.at(run.ply)
    side = line.side_at(position)
    try:
        move = parse_move(position, text.strip(), side)
    except IllegalMoveError as error:
        raise RunError(illegal_move_message(position, text.strip(), side)) from error
    from_ply = run.ply
    if not line.accepts(run.ply, move):
        return Answer("missed", [coordinate(move)], from_ply)
    run.moves += 1
    played = list(line.moves[run.ply : run.ply + 2])
    played[0] = coordinate(move)
    run.ply += len(played)
    return Answer("solved" if run.ply >= len(line.moves) else "continue", played, from_ply)


def remember(run: PuzzleRun, given: Answer, puzzle_id: int, seconds: int = 0) -> None:
    """What the answer did, kept on the run for the page drawn after it (a reload draws the same)."""
    run.last = {
        "state": given.state,
        "puzzle": puzzle_id,
        "from_ply": given.from_ply,
        "played": given.played,
        "seconds": seconds,
    }


@dataclass(frozen=True)
class Record:
    """The player's best score at a kind of run and their latest runs of it, newest first."""

    best: int
    runs: list[PuzzleRun]


def record(
    session: SessionBase, user: User | AnonymousUser, kind: str, going_on: int | None = None
) -> Record:
    """The player's record at a kind of run, leaving out the run `going_on`, if any."""
    runs = owned(session, user).filter(kind=kind)
    if going_on is not None:
        runs = runs.exclude(pk=going_on)
    best = runs.aggregate(best=Max("score"))["best"] or 0
    return Record(best, list(runs.order_by("-started", "-id")[:HISTORY]))


@prepared
def _best_rows(player: int) -> QuerySet[PuzzleRun, tuple[str, int]]:
    rows = PuzzleRun.objects.filter(user_id=player).values("kind").annotate(best=Max("score"))
    return rows.order_by("kind").values_list("kind", "best")


def bests(user: User) -> dict[str, int]:
    """The player's best score at each kind of run they have played, in one read."""
    return dict(_best_rows(user.pk))


class RunKind:
    """One kind of run: the flow every kind shares (`begin`, `play`), with what differs between the streak
    and the storm as small hooks. A kind says which runs are its own (`kind`), how much harder each puzzle
    is aimed than the one before (`step`), where its first is aimed (`level`), and what an answer does
    beside the count every kind keeps (solved, misses, combo): the seconds it wins or loses, whether one
    miss ends the run, and what its clock allows."""

    kind: str
    step: float
    #: Whether one miss ends the run; if not, a miss brings the next puzzle.
    one_miss_ends = False

    def level(self, session: SessionBase, user: User | AnonymousUser) -> float:
        """The rating the run's first puzzle is aimed at."""
        raise NotImplementedError

    def before_begin(self, session: SessionBase, user: User | AnonymousUser) -> None:
        """What beginning a run of this kind does first (nothing, unless the kind says)."""

    def target(self, run: PuzzleRun) -> float:
        """Where the next puzzle is aimed: the level, a step up for each puzzle served so far."""
        return run.level + self.step * len(run.served)

    def is_over(self, run: PuzzleRun, now: datetime) -> bool:
        """Whether the run is over at `now` (ended, unless the kind has a clock that says more)."""
        return run.ended is not None

    def check_time(self, run: PuzzleRun, now: datetime) -> None:
        """Refuses an answer that the kind's clock no longer takes (a kind without one takes any)."""

    def seconds(self, run: PuzzleRun, given: Answer) -> int:
        """The seconds the answer wins (or, below 0, loses), the run's counts already moved by it."""
        return 0

    def settle(self, run: PuzzleRun, now: datetime) -> None:
        """What the kind's clock makes of the run after an answer (nothing without one)."""

    def begin(
        self, *, session: SessionBase, user: User | AnonymousUser, rng: random.Random | None = None
    ) -> PuzzleRun:
        """A new run of this kind, its first puzzle served."""
        self.before_begin(session, user)
        level = self.level(session, user)
        run = PuzzleRun(kind=self.kind, user=user if user.is_authenticated else None, level=level)
        serve(run, level, rng or random.Random())
        run.save()
        if not user.is_authenticated:
            session[SESSION_RUNS] = [*session.get(SESSION_RUNS, [])[-KEPT_IN_SESSION + 1 :], run.pk]
        return run

    def play(
        self,
        *,
        session: SessionBase,
        user: User | AnonymousUser,
        run_id: int,
        puzzle_id: int,
        ply: int,
        move: str,
        rng: random.Random | None = None,
    ) -> PuzzleRun:
        """One move at the run's puzzle, its row locked: right, and the line goes on or the puzzle is
        solved; wrong, and it is missed. A solved or missed puzzle brings the next, a step harder, unless
        one miss ends the run."""
        with transaction.atomic():
            run = locked(session, user, run_id, self.kind)
            now = timezone.now()
            self.check_time(run, now)
            given = answer(run, puzzle_id, ply, move)
            if given.state == "missed":
                run.misses, run.combo = run.misses + 1, 0
            elif given.state == "solved":
                run.score += 1
                run.combo += 1
                run.best_combo = max(run.best_combo, run.combo)
            seconds = self.seconds(run, given)
            run.seconds_won += seconds
            remember(run, given, puzzle_id, seconds)
            if given.state == "missed" and self.one_miss_ends:
                end(run)
            elif given.state != "continue":
                serve(run, self.target(run), rng or random.Random())
            self.settle(run, now)
            run.save()
        return run
