"""A puzzle offered under a signed token, and the session's record of its tries: kept apart from judging the
moves so that whether a submission may touch a try at all is settled in one place, before any move is read.

Offering a puzzle writes nothing (a page that only shows a puzzle never writes the session): the token is
signed and names the puzzle, the player, the session and the session's count of tries begun (`serial`). The
try begins, and is kept in the session, with its first legal move or the solution asked for; beginning one
counts it. The session keeps its last `KEPT` tries, so that puzzles opened in several tabs can each be
solved in turn: a token stays good while fewer than `KEPT` other tries have begun since it was offered, and
then its try, once begun, is still among those kept. So a token begins at most one try, and a try is
recorded once by its token (`serving_id`)."""

import hashlib
import secrets
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.core import signing
from django.utils.translation import gettext as _

from senterej.board import shown_at as shown_stamp
from trainer.models import Puzzle

SESSION_KEY = "trainer"
SEEN_LIMIT = 300
#: How many begun tries the session keeps (puzzles open in as many tabs each go on where they stand).
KEPT = 12
SERVING_SALT = "trainer.serving"


class PuzzleError(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _store(session: SessionBase) -> dict[str, Any]:
    """The session's store, made if it is not there yet: for writing."""
    store: dict[str, Any] = session.setdefault(SESSION_KEY, {"tries": [], "seen": [], "results": {}})
    return store


def _read(session: SessionBase) -> dict[str, Any]:
    """The session's store for reading, never made nor marked as changed."""
    store: dict[str, Any] | None = session.get(SESSION_KEY)
    return store if store is not None else {"tries": [], "seen": [], "results": {}}


def seen(session: SessionBase) -> frozenset[int]:
    return frozenset(_read(session)["seen"])


def current(session: SessionBase) -> dict[str, Any] | None:
    """The try this session has begun last, finished or not."""
    tries: list[dict[str, Any]] = _read(session).get("tries", [])
    return tries[-1] if tries else None


def begun_at(session: SessionBase, puzzle_id: int) -> dict[str, Any] | None:
    """The try this session has begun last at this puzzle, among those it keeps, finished or not."""
    tries: list[dict[str, Any]] = _read(session).get("tries", [])
    return next((state for state in reversed(tries) if state["id"] == puzzle_id), None)


def _begun_by(session: SessionBase, token: str) -> dict[str, Any] | None:
    tries: list[dict[str, Any]] = _read(session).get("tries", [])
    return next((state for state in tries if state["token"] == token), None)


def serial(session: SessionBase) -> int:
    """How many tries this session has begun."""
    count: int = _read(session).get("serial", 0)
    return count


def keep_result(session: SessionBase, puzzle_id: int, solved: bool) -> None:
    """A visitor's finished try, kept in the session (an account's is an `Attempt`)."""
    _store(session)["results"][str(puzzle_id)] = solved


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
    since = serial(session) - int(given_serial) if given_serial.isascii() and given_serial.isdigit() else -1
    fits = (
        given_puzzle == str(puzzle_id)
        and 0 <= since <= KEPT
        and f"{user_id}.{digest}" == _binding(session, user)
    )
    if not fits:
        return None
    return {"id": puzzle_id, "token": token, "ply": 0, "done": False, "solved": False, "focus": focus}


def was_offered(session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str) -> bool:
    """Whether this session holds a token of this puzzle that could begin a try now."""
    return _offered(session, user, puzzle_id, token) is not None


def begin(session: SessionBase, state: dict[str, Any], shown: str = "") -> None:
    """The try begins: kept in the session as its current one, counted, and its puzzle seen; its time counts
    from when its page was shown (the page's stamp, `senterej.board.shown_at`), or from now."""
    state["began"] = shown_stamp.began(shown)
    store = _store(session)
    store["tries"] = [*store.get("tries", [])[1 - KEPT :], state]
    store["serial"] = store.get("serial", 0) + 1
    store["seen"] = [*store["seen"][-SEEN_LIMIT:], state["id"]]
    session.modified = True


def serve(
    session: SessionBase, puzzle: Puzzle, user: User | AnonymousUser | None = None, focus: str = ""
) -> dict[str, Any]:
    """Begins a try at this puzzle at once (another try, asked for by a POST), under a token of its own."""
    state = offer(session, user or AnonymousUser(), puzzle, focus, nonce=secrets.token_urlsafe(9))
    begin(session, state)
    return state


def serving_id(token: str) -> str:
    """What an attempt records of its token: a digest short enough for its column."""
    return hashlib.sha256(token.encode()).hexdigest()[:40]


def submitted(
    session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str
) -> tuple[dict[str, Any], bool]:
    """The try a submission belongs to, and whether it is yet to begin."""
    state = _begun_by(session, token)
    if state is not None and state["id"] == puzzle_id:
        if state["done"]:
            raise PuzzleError(_("This try is over: go on to the next puzzle."), 409)
        return state, False
    offered = _offered(session, user, puzzle_id, token)
    if offered is None:
        raise PuzzleError(_("This puzzle was not served to you here: open it again from the trainer."), 409)
    return offered, True
