"""A hint at a puzzle: which man makes the next move of the solution, asked for by a POST and kept in the
try. Kept apart from judging because its cost is the rating's business, not the line's: in a try that
would be rated a hint records the try at once as a miss (`services.charge_hint`)."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext as _

from trainer import offers
from trainer.models import Attempt, Puzzle
from trainer.services import charge_hint


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
    state, fresh = offers.submitted(session, user, puzzle_id, token)
    if ply != state["ply"]:
        raise offers.PuzzleError(_("That move was already taken: here is the puzzle as it stands."), 409)
    if fresh:
        offers.begin(session, state, shown)
    state["hinted"], state["hint_ply"] = True, state["ply"]
    session.modified = True
    if user.is_authenticated and not state.get("charged"):
        serving = offers.serving_id(token)
        state["charged"] = charge_hint(user=user, puzzle_id=puzzle_id, serving=serving) is not None


def hint_costs(user: User | AnonymousUser, puzzle: Puzzle, state: dict[str, Any]) -> bool:
    """Whether a hint now would make this try a rated miss: a signed-in player's first try, uncharged."""
    if not user.is_authenticated or state.get("charged") or state["done"]:
        return False
    return not Attempt.objects.filter(user=user, puzzle=puzzle).exists()
