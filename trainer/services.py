"""Solving puzzles: a puzzle is offered to a session under a signed token; moves are checked against its
solution on the server; the end of a try is recorded once, and the first try of a signed-in player is rated
(Glicko-2, player and puzzle both, in one transaction with both rows locked).

Offering a puzzle writes nothing (a page that only shows a puzzle never writes the session): the token is
signed and names the puzzle, the player, the session and the session's count of tries begun (`serial`). The
try begins, and is kept in the session, with its first legal move or the solution asked for; beginning one
counts it, so that every token offered before is spent: a token begins at most one try, and a try is
recorded once by its token.

A hint is asked for by a POST and kept in the try (`take_hint`); in a try that would be rated it costs the
try: it is recorded at once as a miss."""

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.core import signing
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from play.game_words import result_sentence
from reviews import services as reviews
from senterej.board import shown_at as shown_stamp
from senterej.board.explain import illegal_move_message
from senterej.engine import Position
from senterej.engine.game import BARE_KING, ONGOING, judge
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move, san
from senterej.engine.search import search
from trainer import selectors
from trainer.models import HELP_LASTS, Attempt, PlayerRating, Puzzle
from trainer.rating import MAX_RD, START_VOLATILITY, Rating, rate_attempt
from trainer.werera_round_story import werera_refutation

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
    #: Translated, with a place for each move it names (`%(move)s`), which the page draws from `moves`.
    message: str = ""
    moves: dict[str, tuple[str, int]] = field(default_factory=dict)  # place: (SAN, the mover's colour)
    rating_before: float | None = None
    rating_after: float | None = None
    hinted: bool = False  # a hint was shown during the try
    charged: bool = False  # the hint made this rated try a miss


SERVING_SALT = "trainer.serving"


def _store(session: SessionBase) -> dict[str, Any]:
    """The session's store, made if it is not there yet: for writing."""
    store: dict[str, Any] = session.setdefault(SESSION_KEY, {"current": None, "seen": [], "results": {}})
    return store


def _read(session: SessionBase) -> dict[str, Any]:
    """The session's store for reading, never made nor marked as changed."""
    store: dict[str, Any] | None = session.get(SESSION_KEY)
    return store if store is not None else {"current": None, "seen": [], "results": {}}


def seen(session: SessionBase) -> frozenset[int]:
    return frozenset(_read(session)["seen"])


def current(session: SessionBase) -> dict[str, Any] | None:
    """The try this session has begun last, finished or not."""
    state: dict[str, Any] | None = _read(session)["current"]
    return state


def serial(session: SessionBase) -> int:
    """How many tries this session has begun."""
    count: int = _read(session).get("serial", 0)
    return count


def _binding(session: SessionBase, user: User | AnonymousUser) -> str:
    """Who a token is offered to: the player (0 for a visitor) and the session (a digest of its key, never
    the key itself; "-" for a visitor who has no session yet)."""
    key = session.session_key
    digest = hashlib.sha256(key.encode()).hexdigest()[:16] if key else "-"
    return f"{user.pk if user.is_authenticated else 0}.{digest}"


def offer(
    session: SessionBase, user: User | AnonymousUser, puzzle: Puzzle, focus: str = "", nonce: str = ""
) -> dict[str, Any]:
    """The puzzle as a try not yet begun, under a token that only this player in this session can begin,
    and only before any other try begins. Nothing is written: the same page drawn again offers the same
    (`nonce` makes a token that no other offer repeats, for a try begun at once). `focus` is what the
    player trains (`trainer.focus.Focus.query`), kept with the try."""
    payload = f"{puzzle.pk}.{serial(session)}.{_binding(session, user)}.{focus}.{nonce}"
    token = signing.Signer(salt=SERVING_SALT).sign(payload)
    return {"id": puzzle.pk, "token": token, "ply": 0, "done": False, "solved": False, "focus": focus}


def _offered(
    session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str
) -> dict[str, Any] | None:
    """The try a token offers, if it is genuine, of this puzzle, for this player and session, and unspent."""
    try:
        payload = signing.Signer(salt=SERVING_SALT).unsign(token)
    except signing.BadSignature:
        return None
    parts = payload.split(".")
    if len(parts) != 6:
        return None
    given_puzzle, given_serial, user_id, digest, focus, _nonce = parts
    fits = (
        given_puzzle == str(puzzle_id)
        and given_serial == str(serial(session))
        and f"{user_id}.{digest}" == _binding(session, user)
    )
    if not fits:
        return None
    return {"id": puzzle_id, "token": token, "ply": 0, "done": False, "solved": False, "focus": focus}


def was_offered(session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str) -> bool:
    """Whether this session holds a token of this puzzle that could begin a try now."""
    return _offered(session, user, puzzle_id, token) is not None


def _begin(session: SessionBase, state: dict[str, Any], shown: str = "") -> None:
    """The try begins: kept in the session as its current one, counted, and its puzzle seen; its time counts
    from when its page was shown (the page's stamp, `senterej.board.shown_at`), or from now."""
    state["began"] = shown_stamp.began(shown)
    store = _store(session)
    store["current"] = state
    store["serial"] = store.get("serial", 0) + 1
    store["seen"] = [*store["seen"][-SEEN_LIMIT:], state["id"]]
    session.modified = True


def serve(
    session: SessionBase, puzzle: Puzzle, user: User | AnonymousUser | None = None, focus: str = ""
) -> dict[str, Any]:
    """Begins a try at this puzzle at once (another try, asked for by a POST), under a token of its own."""
    state = offer(session, user or AnonymousUser(), puzzle, focus, nonce=secrets.token_urlsafe(9))
    _begin(session, state)
    return state


def serving_id(token: str) -> str:
    """What an attempt records of its token: a digest short enough for its column."""
    return hashlib.sha256(token.encode()).hexdigest()[:40]


def _served(
    session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str
) -> tuple[dict[str, Any], bool]:
    """The try a submission belongs to, and whether it is yet to begin."""
    state = current(session)
    if state is not None and state["id"] == puzzle_id and state["token"] == token:
        if state["done"]:
            raise PuzzleError(_("This try is over: go on to the next puzzle."), 409)
        return state, False
    offered = _offered(session, user, puzzle_id, token)
    if offered is None:
        raise PuzzleError(_("This puzzle was not served to you here: open it again from the trainer."), 409)
    return offered, True


def play(
    *,
    session: SessionBase,
    user: User | AnonymousUser,
    puzzle_id: int,
    token: str,
    text: str,
    ply: int,
    shown: str = "",
) -> Outcome:
    """One move of the solver. `ply` is where the page was; a stale or repeated submission changes nothing.
    `shown` is the page's stamp, from which a try begun by this move counts its time."""
    state, fresh = _served(session, user, puzzle_id, token)
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
    if fresh:
        _begin(session, state, shown)
    if line.accepts(state["ply"], move):
        played = [coordinate(move)]
        state["ply"] += 1
        if state["ply"] < len(solution):
            played.append(solution[state["ply"]])
            state["ply"] += 1
        session.modified = True
        if state["ply"] >= len(solution):
            return _finish(session, user, puzzle, state, solved=True, played=played)
        return Outcome("continue", state["ply"], played)
    state["wrong"] = [coordinate(move), state["ply"]]
    if position.turn is None:
        message, moves = werera_refutation(line, move)
        return _finish(
            session,
            user,
            puzzle,
            state,
            solved=False,
            played=[coordinate(move)],
            message=message,
            moves=moves,
        )
    played, message, moves = _refutation(position, move)
    return _finish(session, user, puzzle, state, solved=False, played=played, message=message, moves=moves)


def give_up(
    *, session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str, shown: str = ""
) -> Outcome:
    """Showing the solution ends the try as a loss, and marks the player's later tries at the puzzle as made
    with the solution seen."""
    state, fresh = _served(session, user, puzzle_id, token)
    if fresh:
        _begin(session, state, shown)
    state["solution_seen"] = True
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    return _finish(session, user, puzzle, state, solved=False, played=[], message=_("Here is the solution."))


def take_hint(
    *, session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str, ply: int, shown: str = ""
) -> None:
    """Shows which man makes the next move of the solution, kept in the try so that a reload keeps it shown.
    The page says the cost on the button before it is taken: a try that would be rated (a signed-in
    player's first at the puzzle) is recorded at once as a rated miss, and may then be played out unrated;
    any other try takes hints freely, and its attempt still says that it was helped.

    Why a miss rather than half a point: Glicko-2 scores a result in [0, 1], and 0.5 is a draw. A draw with
    a puzzle rated above the player still raises the player's rating (the expected score is below a half),
    so a player who took a hint at every puzzle would climb to the level of the puzzles served: the free
    hint again, only slower. A miss never raises a rating, as viewing the solution never does, and the hint
    gives away half the move and often the idea of the puzzle. The miss is recorded when the hint is shown,
    not when the try ends, so that leaving the puzzle after a hint cannot keep its rated try for later."""
    state, fresh = _served(session, user, puzzle_id, token)
    if ply != state["ply"]:
        raise PuzzleError(_("That move was already taken: here is the puzzle as it stands."), 409)
    if fresh:
        _begin(session, state, shown)
    state["hinted"], state["hint_ply"] = True, state["ply"]
    session.modified = True
    if user.is_authenticated and not state.get("charged"):
        state["charged"] = charge_hint(user=user, puzzle_id=puzzle_id, serving=serving_id(token)) is not None


def hint_costs(user: User | AnonymousUser, puzzle: Puzzle, state: dict[str, Any]) -> bool:
    """Whether a hint now would make this try a rated miss: a signed-in player's first try, uncharged."""
    if not user.is_authenticated or state.get("charged") or state["done"]:
        return False
    return not Attempt.objects.filter(user=user, puzzle=puzzle).exists()


def charge_hint(*, user: User, puzzle_id: int, serving: str) -> Attempt | None:
    """Records a hinted try as a rated miss if it is the player's first at the puzzle (None, and nothing
    recorded, otherwise). The player's row is locked first, so that no other try of the player is recorded
    between the question and the answer."""
    PlayerRating.objects.get_or_create(user=user, defaults={"rating": starting_rating})
    with transaction.atomic():
        PlayerRating.objects.select_for_update().get(user=user)
        if Attempt.objects.filter(user=user, puzzle_id=puzzle_id).exclude(serving=serving).exists():
            return None
        return record_attempt(user=user, puzzle_id=puzzle_id, serving=serving, solved=False, hinted=True)


def _refutation(position: Position, move: int) -> tuple[list[str], str, dict[str, tuple[str, int]]]:
    """The wrong move played out: what the rules say at once, or the opponent's best answer. The message
    has a place for each move it names; the moves are given beside it in SAN with their movers' colours."""
    side = position.turn
    assert side is not None  # a werera choice is judged by the round, not played out
    moves = {"move": (san(position, move), side)}
    position.push(move)
    judgement = judge(position)
    if judgement.status != ONGOING:
        if judgement.status == BARE_KING:
            message = _("%(move)s takes the last piece: the bare negus is a draw (R7.3), even if it mates.")
            return [coordinate(move)], message, moves
        return [coordinate(move)], result_sentence(judgement.status, judgement.result, position), {}
    reply, mates = _answer(position)
    if not reply:
        return [coordinate(move)], _("%(move)s does not win."), moves
    moves["reply"] = (san(position, reply), side ^ 1)
    if mates:
        message = _("After %(move)s your opponent answers %(reply)s and mates.")
    else:
        message = _("After %(move)s your opponent answers %(reply)s, and the win is gone.")
    return [coordinate(move), coordinate(reply)], message, moves


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
    moves: dict[str, tuple[str, int]] | None = None,
) -> Outcome:
    state["done"], state["solved"] = True, solved
    session.modified = True
    hinted = bool(state.get("hinted"))
    outcome = Outcome(
        "solved" if solved else "failed", state["ply"], played, message, moves or {}, hinted=hinted
    )
    outcome.charged = bool(state.get("charged"))
    if user.is_authenticated:
        wrong_move, wrong_ply = state.get("wrong") or ("", None)
        attempt = record_attempt(
            user=user,
            puzzle_id=puzzle.pk,
            serving=serving_id(state["token"]),
            solved=solved,
            hinted=hinted,
            how=How(
                solution_seen=bool(state.get("solution_seen")),
                wrong_move=wrong_move,
                wrong_ply=wrong_ply,
                seconds=shown_stamp.seconds_since(state.get("began")),
            ),
        )
        if attempt.rated:
            outcome.rating_before, outcome.rating_after = attempt.rating_before, attempt.rating_after
    else:
        _store(session)["results"][str(puzzle.pk)] = solved
    return outcome


@dataclass(frozen=True)
class How:
    """How a finished try went, for its teacher: the solution seen, its wrong move and the ply it was played
    at, and the seconds it took."""

    solution_seen: bool = False
    wrong_move: str = ""
    wrong_ply: int | None = None
    seconds: int | None = None


def _complete(attempt: Attempt, how: How) -> Attempt:
    """A try recorded when its hint was charged, completed with how it went once it ends."""
    if attempt.seconds is None and how.seconds is not None:
        attempt.solution_seen = attempt.solution_seen or how.solution_seen
        attempt.wrong_move, attempt.wrong_ply, attempt.seconds = how.wrong_move, how.wrong_ply, how.seconds
        attempt.save(update_fields=["solution_seen", "wrong_move", "wrong_ply", "seconds"])
    return attempt


def record_attempt(
    *, user: User, puzzle_id: int, serving: str, solved: bool, hinted: bool = False, how: How = How()
) -> Attempt:
    """Records a try exactly once (by its serving token) and rates it if it is the player's first at this
    puzzle, player and puzzle rated from their values before, both rows locked. A first try with a hint is a
    miss (see `take_hint`); a later one keeps its result and says it was helped. A try within `HELP_LASTS`
    of one that took a hint or showed the solution is marked `helped_before`. The try is an answer for the
    player's reviews (`reviews`): right when solved with no hint and no solution seen in it, else a
    miss; help in an earlier try does not count there, since the schedule spaces a review from it."""
    PlayerRating.objects.get_or_create(user=user, defaults={"rating": starting_rating})
    try:
        with transaction.atomic():
            existing = Attempt.objects.filter(serving=serving).first()
            if existing is not None:
                return _complete(existing, how)
            player = PlayerRating.objects.select_for_update().get(user=user)
            puzzle = Puzzle.objects.select_for_update().get(pk=puzzle_id)
            earlier = Attempt.objects.filter(user=user, puzzle=puzzle, latest=True).update(latest=False)
            before_tries = Attempt.objects.filter(user=user, puzzle=puzzle)
            first = not earlier and not before_tries.exists()
            solved = solved and not (first and hinted)
            recent = before_tries.filter(created__gte=timezone.now() - HELP_LASTS)
            helped_before = not first and recent.filter(Q(hinted=True) | Q(solution_seen=True)).exists()
            attempt = Attempt(
                user=user,
                puzzle=puzzle,
                serving=serving,
                solved=solved,
                hinted=hinted,
                rated=first,
                solution_seen=how.solution_seen,
                helped_before=helped_before,
                wrong_move=how.wrong_move,
                wrong_ply=how.wrong_ply,
                seconds=how.seconds,
            )
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
            right = attempt.solved and not (attempt.hinted or attempt.solution_seen)
            reviews.answered(user, "puzzle", puzzle.pk, right=right)
            return attempt
    except IntegrityError:
        return Attempt.objects.get(serving=serving)  # the same try, recorded by a request that came first


def starting_rating() -> float:
    """Where a new player starts: the median rating of the active puzzles (`selectors.pool_median`, kept in
    the cache), with the deviation at its provisional maximum. A new player is offered puzzles that half
    the players of the pool's level would solve, and Glicko-2's wide deviation moves the rating quickly
    from there; a fixed 1500 above a pool whose median is near 1000 served a beginner puzzles too hard
    for the first dozen tries. A placement of a few puzzles would ask for the same tries before training
    begins and measure no better than the first rated ones do."""
    return selectors.pool_median()


def player_rating(user: User | AnonymousUser) -> Rating:
    """The player's rating; a visitor or a player with no rated try starts where `starting_rating` says."""
    row = PlayerRating.objects.filter(user=user).first() if user.is_authenticated else None
    if row is None:
        return Rating(starting_rating(), MAX_RD, START_VOLATILITY)
    return Rating(row.rating, row.rating_deviation, row.volatility)
