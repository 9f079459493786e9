"""Solving puzzles: a puzzle is served to a session with a token; moves are checked against its solution on
the server; the end of a try is recorded once, and the first try of a signed-in player is rated (Glicko-2,
player and puzzle both, in one transaction with both rows locked)."""

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from senterej.board.explain import illegal_move_message
from senterej.engine import Position
from senterej.engine.game import BARE_KING, CHECKMATE, ONGOING, judge
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move, san
from senterej.engine.search import search
from senterej.play.words import result_sentence
from trainer.models import Attempt, PlayerRating, Puzzle
from trainer.rating import Rating, rate_attempt

SESSION_KEY = "trainer"
SEEN_LIMIT = 300
#: How far the engine may look to show why a wrong move fails: a count of nodes, not seconds, so that the
#: answer is the same on every machine and under any load (about a tenth of a second here).
REFUTATION_NODES = 8000
#: The engine's answer to a wrong move is kept for a day, keyed by the position and the move: the same
#: wrong move costs its search once.
REFUTATION_CACHE_SECONDS = 24 * 60 * 60


class PuzzleError(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass
class Outcome:
    state: str  # "continue", "solved", "failed"
    ply: int  # plies of the solution played
    played: list[str] = field(default_factory=list)  # moves played by this step, the learner's first
    message: str = ""
    rating_before: float | None = None
    rating_after: float | None = None


def _store(session: SessionBase) -> dict[str, Any]:
    store: dict[str, Any] = session.setdefault(SESSION_KEY, {"current": None, "seen": [], "results": {}})
    return store


def seen(session: SessionBase) -> frozenset[int]:
    return frozenset(_store(session)["seen"])


def current(session: SessionBase) -> dict[str, Any] | None:
    state: dict[str, Any] | None = _store(session)["current"]
    return state


def serve(session: SessionBase, puzzle: Puzzle) -> dict[str, Any]:
    """Gives the session this puzzle to solve, under a new token."""
    store = _store(session)
    state = {"id": puzzle.pk, "token": secrets.token_urlsafe(16), "ply": 0, "done": False, "solved": False}
    store["current"] = state
    store["seen"] = [*store["seen"][-SEEN_LIMIT:], puzzle.pk]
    session.modified = True
    return state


def _served(session: SessionBase, puzzle_id: int, token: str) -> dict[str, Any]:
    state = current(session)
    if state is None or state["id"] != puzzle_id or state["token"] != token:
        raise PuzzleError(_("This puzzle was not served to you here: open it again from the trainer."), 409)
    if state["done"]:
        raise PuzzleError(_("This try is over: go on to the next puzzle."), 409)
    return state


def play(
    *,
    session: SessionBase,
    user: User | AnonymousUser,
    puzzle_id: int,
    token: str,
    text: str,
    ply: int,
) -> Outcome:
    """One move of the solver. `ply` is where the page was; a stale or repeated submission changes nothing."""
    state = _served(session, puzzle_id, token)
    if ply != state["ply"]:
        raise PuzzleError(_("That move was already taken: here is the puzzle as it stands."), 409)
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    solution = puzzle.solution
    line = puzzle.line
    position = line.at(state["ply"])
    side = line.side_at(position)
    try:
        move = parse_move(position, text.strip(), side)
    except IllegalMoveError as error:
        raise PuzzleError(illegal_move_message(position, text.strip(), side)) from error
    expected = solution[state["ply"]]
    last_step = state["ply"] == len(solution) - 1
    if coordinate(move) == expected or (last_step and _mates(position, move)):
        played = [coordinate(move)]
        state["ply"] += 1
        if state["ply"] < len(solution):
            played.append(solution[state["ply"]])
            state["ply"] += 1
        session.modified = True
        if state["ply"] >= len(solution):
            return _finish(session, user, puzzle, state, solved=True, played=played)
        return Outcome("continue", state["ply"], played)
    if position.turn is None:
        message = _("That choice does not mate whatever your opponent chooses this round (R5.3-R5.5).")
        return _finish(session, user, puzzle, state, solved=False, played=[coordinate(move)], message=message)
    played, message = _refutation(position, move)
    return _finish(session, user, puzzle, state, solved=False, played=played, message=message)


def give_up(*, session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str) -> Outcome:
    """Showing the solution ends the try as a loss."""
    state = _served(session, puzzle_id, token)
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    return _finish(session, user, puzzle, state, solved=False, played=[], message=_("Here is the solution."))


def _mates(position: Position, move: int) -> bool:
    """Whether a turn-based move mates (a werera puzzle's choice must be the one proved)."""
    side = position.turn
    if side is None:
        return False
    position.push(move)
    try:
        judgement = judge(position)
        return judgement.status == CHECKMATE and judgement.winner == side
    finally:
        position.pop()


def _refutation(position: Position, move: int) -> tuple[list[str], str]:
    """The wrong move played out: what the rules say at once, or the opponent's best answer."""
    learner_san = san(position, move)
    position.push(move)
    judgement = judge(position)
    if judgement.status != ONGOING:
        if judgement.status == BARE_KING:
            return [coordinate(move)], _(
                "%(move)s takes the last piece: the bare negus is a draw (R7.3), even if it mates."
            ) % {"move": learner_san}
        return [coordinate(move)], result_sentence(judgement.status, judgement.result)
    reply, mates = _answer(position)
    if not reply:
        return [coordinate(move)], _("%(move)s does not win.") % {"move": learner_san}
    reply_san = san(position, reply)
    if mates:
        message = _("After %(move)s your opponent answers %(reply)s and mates.")
    else:
        message = _("After %(move)s your opponent answers %(reply)s, and the win is gone.")
    return [coordinate(move), coordinate(reply)], message % {"move": learner_san, "reply": reply_san}


def refutation_key(position: Position) -> str:
    """The cache key of the engine's answer in this position (the puzzle's position after the wrong move)."""
    return "trainer:refutation:" + hashlib.sha256(position.fen().encode()).hexdigest()


def _answer(position: Position) -> tuple[int, bool]:
    """The opponent's best answer (0 for none) and whether it mates, searched once per position."""
    key = refutation_key(position)
    found: tuple[int, bool] | None = cache.get(key)
    if found is None:
        answer = search(position, max_nodes=REFUTATION_NODES)
        found = (answer.move, answer.mate_in is not None and answer.mate_in > 0)
        cache.set(key, found, REFUTATION_CACHE_SECONDS)
    return found


def _finish(
    session: SessionBase,
    user: User | AnonymousUser,
    puzzle: Puzzle,
    state: dict[str, Any],
    *,
    solved: bool,
    played: list[str],
    message: str = "",
) -> Outcome:
    state["done"], state["solved"] = True, solved
    session.modified = True
    outcome = Outcome("solved" if solved else "failed", state["ply"], played, message)
    if user.is_authenticated:
        attempt = record_attempt(user=user, puzzle_id=puzzle.pk, serving=state["token"], solved=solved)
        if attempt.rated:
            outcome.rating_before, outcome.rating_after = attempt.rating_before, attempt.rating_after
    else:
        _store(session)["results"][str(puzzle.pk)] = solved
    return outcome


def record_attempt(*, user: User, puzzle_id: int, serving: str, solved: bool) -> Attempt:
    """Records a try exactly once (by its serving token) and rates it if it is the player's first at this
    puzzle, player and puzzle rated from their values before, both rows locked."""
    PlayerRating.objects.get_or_create(user=user)
    try:
        with transaction.atomic():
            existing = Attempt.objects.filter(serving=serving).first()
            if existing is not None:
                return existing
            player = PlayerRating.objects.select_for_update().get(user=user)
            puzzle = Puzzle.objects.select_for_update().get(pk=puzzle_id)
            first = not Attempt.objects.filter(user=user, puzzle=puzzle).exists()
            attempt = Attempt(user=user, puzzle=puzzle, serving=serving, solved=solved, rated=first)
            if first:
                before = Rating(player.rating, player.rating_deviation, player.volatility)
                puzzle_before = Rating(puzzle.rating, puzzle.rating_deviation, puzzle.volatility)
                after, puzzle_after = rate_attempt(before, puzzle_before, solved)
                attempt.rating_before, attempt.rating_after = before.rating, after.rating
                attempt.puzzle_rating_before, attempt.puzzle_rating_after = puzzle.rating, puzzle_after.rating
                player.rating, player.rating_deviation, player.volatility = (
                    after.rating,
                    after.rd,
                    after.volatility,
                )
                player.save()
                puzzle.rating, puzzle.rating_deviation = puzzle_after.rating, puzzle_after.rd
                puzzle.volatility = puzzle_after.volatility
                puzzle.save()
            attempt.save()
            return attempt
    except IntegrityError:
        return Attempt.objects.get(serving=serving)  # the same try, recorded by a request that came first


def player_rating(user: User | AnonymousUser) -> Rating:
    if not user.is_authenticated:
        return Rating()
    row = PlayerRating.objects.filter(user=user).first()
    return Rating(row.rating, row.rating_deviation, row.volatility) if row else Rating()
