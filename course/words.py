"""What the course says when a task is failed or answered, in translatable words."""

from django.utils.translation import gettext as _

from course.checkers import Verdict
from senterej.board.explain import NAMES
from senterej.engine.game import BARE_KING, COUNTING, STALEMATE
from senterej.engine.squares import SQUARE_OF_NAME
from senterej.play.words import result_sentence


def verdict_message(verdict: Verdict) -> str:
    reason, params = verdict.reason, verdict.params
    position = verdict.position
    if reason == "taken" and position is not None:
        square = params["square"]
        man = position.piece_at(SQUARE_OF_NAME[square])
        return _("The %(man)s on %(square)s takes your man there. Keep your men out of reach.") % {
            "man": NAMES[man.kind] if man else "",
            "square": square,
        }
    messages = {
        "no-check": _("That move does not give check."),
        "not-the-move": _("That move is legal, but it is not the one this task asks for."),
        "no-castling": _("That is not castling: move the negus two squares towards its der."),
        "dropped": _("Your choice was dropped when the round was resolved."),
        "off-script": _("That move does not reach the goal in time. Try another."),
        "out-of-moves": _("Not there yet, and the moves for this task are used up."),
        "wrong-answer": _("Not quite. Look at the board again."),
        BARE_KING: _(
            "You took the last piece: a bare negus means a draw (R7.3), even when the capture mates. "
            "Mate while it still has a piece."
        ),
        STALEMATE: _("Stalemate: no legal move and no check. That is a draw, not a win."),
    }
    if reason == COUNTING and position is not None:
        return result_sentence(COUNTING, "1/2-1/2", position)
    if reason in messages:
        return messages[reason]
    return result_sentence(reason, params.get("result", "1/2-1/2"))
