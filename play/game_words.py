"""What the site says about games, in translatable words: results and their reasons, werera rounds (R5.10),
the bots' names."""

from dataclasses import dataclass
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from senterej.board.counters import count_ran_out
from senterej.board.san_markup import move_html, sentence, waiting_html
from senterej.board.sides import Side
from senterej.engine import Position
from senterej.engine.game import BARE_KING, CHECKMATE, COUNTING, REPETITION, SEVENTY_MOVE_RULE, STALEMATE
from senterej.engine.record import ABANDONED, AGREEMENT, RESIGNATION, TIME_FORFEIT
from senterej.engine.werera import (
    BLOCKED,
    CAPTURE_FIRST,
    CHECK,
    ENDED_AFTER_TWENTY,
    ENDED_BY_CAPTURE,
    ENDED_BY_CHECK,
)

#: A game ended before it began: no record names it, since it has no result (play.models).
ABORTED = "aborted"

LEVEL_NAMES = {
    "novice": gettext_lazy("Novice"),
    "beginner": gettext_lazy("Beginner"),
    "casual": gettext_lazy("Casual"),
    "intermediate": gettext_lazy("Intermediate"),
    "club": gettext_lazy("Club player"),
}


def result_sentence(status: str, result: str, position: Position | None = None) -> str:
    """The end of a game in words, e.g. "Draw: the bare king". Given the final position, an end by the
    count says whose lone piece counted (R7.4)."""
    if status == COUNTING and position is not None:
        counted = count_ran_out(position)
        if counted:
            return counted
    winner = Side.WHITE if result == "1-0" else Side.BLACK if result == "0-1" else None
    names = {"winner": winner.label if winner else "", "loser": winner.other.label if winner else ""}
    sentences = {
        CHECKMATE: _("%(winner)s wins by checkmate.") % names,
        RESIGNATION: _("%(winner)s wins: %(loser)s resigned.") % names,
        STALEMATE: _("Draw: stalemate, no legal move and no check."),
        BARE_KING: _("Draw: the bare king. A side lost its last piece."),
        COUNTING: _("Draw: the count ran out. The lone piece made its seventh move without mate."),
        REPETITION: _("Draw: the same position for the third time."),
        SEVENTY_MOVE_RULE: _("Draw: seventy moves each without a capture or a medeq move."),
        AGREEMENT: _("Draw by agreement."),
        TIME_FORFEIT: _("%(winner)s wins on time: %(loser)s's time ran out.") % names,
        ABORTED: _("The game was aborted: it does not count."),
    }
    if status == ABANDONED:
        if winner is None:
            return _("Draw: a player left the game, and the other claimed a draw.")
        return _("%(winner)s wins: %(loser)s left the game.") % names
    return sentences.get(status, "")


def round_sentences(
    report: dict[str, Any], sans: dict[str, str], game_over: bool = False
) -> list[SafeString]:
    """A werera round's report (R5.10) in words, with the moves in the site's notation. `sans` gives each
    side's choice in SAN ("" for waiting); when the round ended the game, nobody moves next."""
    moves = {side.value: move_html(sans[side], side.colour) if sans[side] else "" for side in Side}
    lines = [_round_choices(report, moves)]
    reasons = {
        CAPTURE_FIRST: _("%(side)s's %(move)s was dropped: a capture is played first, and alone."),
        CHECK: _("%(side)s's %(move)s was dropped: the check ended the werera first."),
        BLOCKED: _("%(side)s's %(move)s was dropped: after the quicker move it no longer fitted."),
    }
    if len(report["played"]) == 2:
        lines.append(sentence(_("Both moves were played, the quicker side's first.")))
    for dropped in report["dropped"]:
        side = dropped["side"]
        lines.append(sentence(reasons[dropped["reason"]], side=Side(side).label, move=moves[side]))
    ended = report["werera_ended"]
    if game_over and ended == ENDED_BY_CAPTURE:
        lines.append(sentence(_("The capture ended the werera, and the game.")))
    elif game_over and ended == ENDED_BY_CHECK:
        lines.append(sentence(_("The check ended the werera, and the game.")))
    elif ended == ENDED_BY_CAPTURE:
        lines.append(sentence(_("The capture ended the werera: %(next)s moves next."), next=_next(report)))
    elif ended == ENDED_BY_CHECK:
        lines.append(sentence(_("The check ended the werera: %(next)s moves next."), next=_next(report)))
    elif ended == ENDED_AFTER_TWENTY:
        lines.append(sentence(_("Twenty rounds are over: the werera ends and White moves next.")))
    return lines


@dataclass(frozen=True)
class Choice:
    """One side's choice in a werera round as the list of moves shows it in that side's column."""

    shown: SafeString
    dropped: bool  # chosen but not played (R5.3-R5.5)
    waited: bool  # the side chose to wait (R5.1)


def _round_choices(report: dict[str, Any], moves: dict[str, str]) -> SafeString:
    """The round's first sentence: what each side chose (a move, or to wait, R5.1), or that its time for the
    round ran out and it waited (R5.2). `moves` is each side's move in the site's notation, "" for a wait."""
    number = report["round"]
    late = set(report.get("timed_out", ()))
    white, black = moves["white"], moves["black"]
    if late == {"white", "black"}:
        return sentence(_("Round %(round)s: neither side chose in time, and both waited."), round=number)
    if late:
        chooser = "black" if late == {"white"} else "white"
        if not moves[chooser]:
            said = {
                "white": _("Round %(round)s: White waited; Black did not choose in time and waited."),
                "black": _("Round %(round)s: Black waited; White did not choose in time and waited."),
            }[chooser]
            return sentence(said, round=number)
        said = {
            "white": _("Round %(round)s: White chose %(white)s; Black did not choose in time and waited."),
            "black": _("Round %(round)s: Black chose %(black)s; White did not choose in time and waited."),
        }[chooser]
        return sentence(said, round=number, white=white, black=black)
    if not white and not black:
        return sentence(_("Round %(round)s: both sides waited."), round=number)
    if not white:
        return sentence(_("Round %(round)s: White waited, Black chose %(black)s."), round=number, black=black)
    if not black:
        return sentence(_("Round %(round)s: White chose %(white)s, Black waited."), round=number, white=white)
    return sentence(
        _("Round %(round)s: White chose %(white)s, Black chose %(black)s."),
        round=number,
        white=white,
        black=black,
    )


def round_choices(report: dict[str, Any], sans: dict[str, str]) -> tuple[Choice, Choice]:
    """A round's two choices for the list of moves: White's, then Black's; a wait a dash, and a dropped choice
    struck through and said to be dropped, so that it never looks like a move that was played (R5.10)."""
    dropped = {entry["side"] for entry in report["dropped"]}
    white, black = (
        Choice(
            move_html(sans[side.value], side.colour, dropped=side.value in dropped),
            side.value in dropped,
            False,
        )
        if sans[side.value]
        else Choice(waiting_html(), False, True)
        for side in Side
    )
    return white, black


def _next(report: dict[str, Any]) -> str:
    return str(Side(report["ended_by"]).other.label)
