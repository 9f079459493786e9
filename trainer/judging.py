"""A solver's move judged by the puzzle's line, on the server: the line's move goes on (a last move that
mates another way counts too), any other ends the try, played out so that the solver sees why it fails (the
rules' judgement, or the engine's best answer: for a first move, the one the puzzle keeps; else the one
kept for everyone, searched by nodes outside any transaction the first time, `trainer.refutations`). The
try's end is handed to `trainer.services` to be recorded and rated once."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext as _

from play.game_words import result_sentence
from senterej.board import shown_at as shown_stamp
from senterej.board.explain import illegal_move_message
from senterej.engine import Position
from senterej.engine.game import BARE_KING, ONGOING, judge
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move, san
from trainer import offers, refutations
from trainer.models import Puzzle
from trainer.services import How, record_attempt
from trainer.werera_round_story import werera_refutation


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
    state, fresh = offers.submitted(session, user, puzzle_id, token)
    if ply != state["ply"]:
        raise offers.PuzzleError(_("That move was already taken: here is the puzzle as it stands."), 409)
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    solution = puzzle.solution
    line = puzzle.line
    position = line.at(state["ply"])
    side = line.side_at(position)
    try:
        move = parse_move(position, text.strip(), side)
    except IllegalMoveError as error:
        raise offers.PuzzleError(illegal_move_message(position, text.strip(), side)) from error
    if fresh:
        offers.begin(session, state, shown)
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
    known = refutations.first_answers(puzzle.fen, puzzle.refutations) if state["ply"] == 0 else {}
    played, message, moves = _refutation(position, move, known.get(coordinate(move)))
    return _finish(session, user, puzzle, state, solved=False, played=played, message=message, moves=moves)


def give_up(
    *, session: SessionBase, user: User | AnonymousUser, puzzle_id: int, token: str, shown: str = ""
) -> Outcome:
    """Showing the solution ends the try as a loss, and marks the player's later tries at the puzzle as made
    with the solution seen."""
    state, fresh = offers.submitted(session, user, puzzle_id, token)
    if fresh:
        offers.begin(session, state, shown)
    state["solution_seen"] = True
    puzzle = Puzzle.objects.get(pk=puzzle_id)
    return _finish(session, user, puzzle, state, solved=False, played=[], message=_("Here is the solution."))


def _refutation(
    position: Position, move: int, known: Sequence[Any] | None
) -> tuple[list[str], str, dict[str, tuple[str, int]]]:
    """The wrong move played out: what the rules say at once, or the opponent's best answer (`known`, when
    the puzzle keeps it). The message has a place for each move it names; the moves are given beside it in
    SAN with their movers' colours."""
    side = position.turn
    assert side is not None  # a werera choice is judged by the round, not played out
    moves = {"move": (san(position, move), side)}
    position.push(move)
    judgement = judge(position)
    if judgement.status != ONGOING:
        if judgement.status == BARE_KING:
            message = _("%(move)s takes the last piece: the bare negus is a draw (R7.3), even if it mates.")
            # The move is named without its mark of mate: the sentence says what the mate is worth.
            return [coordinate(move)], message, {"move": (moves["move"][0].rstrip("#+"), side)}
        return [coordinate(move)], result_sentence(judgement.status, judgement.result, position), {}
    reply, mates = refutations.answer(position, known)
    if not reply:
        return [coordinate(move)], _("%(move)s does not win."), moves
    moves["reply"] = (san(position, reply), side ^ 1)
    if mates:
        message = _("After %(move)s your opponent answers %(reply)s and mates.")
    else:
        message = _("After %(move)s your opponent answers %(reply)s, and the win is gone.")
    return [coordinate(move), coordinate(reply)], message, moves


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
            serving=offers.serving_id(state["token"]),
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
        offers.keep_result(session, puzzle.pk, solved)
    return outcome
