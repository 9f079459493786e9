"""What the site says about games, in translatable words: results and their reasons, werera rounds (R5.10),
the bots' names."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

LEVEL_NAMES = {
    "novice": gettext_lazy("Novice"),
    "beginner": gettext_lazy("Beginner"),
    "casual": gettext_lazy("Casual"),
    "intermediate": gettext_lazy("Intermediate"),
    "club": gettext_lazy("Club player"),
}
SIDE_NAMES = {"white": gettext_lazy("White"), "black": gettext_lazy("Black")}


def other(side: str) -> str:
    return "black" if side == "white" else "white"


def result_sentence(status: str, result: str) -> str:
    """The end of a game in words, e.g. "Draw: the bare king"."""
    winner = "white" if result == "1-0" else "black" if result == "0-1" else ""
    loser = SIDE_NAMES[other(winner)] if winner else ""
    names = {"winner": SIDE_NAMES.get(winner, ""), "loser": loser}
    sentences = {
        "checkmate": _("%(winner)s wins by checkmate.") % names,
        "resignation": _("%(winner)s wins: %(loser)s resigned.") % names,
        "stalemate": _("Draw: stalemate, no legal move and no check."),
        "bare-king": _("Draw: the bare king. A side lost its last piece."),
        "counting": _("Draw: the count ran out. The lone piece made its seventh move without mate."),
        "repetition": _("Draw: the same position for the third time."),
        "seventy-moves": _("Draw: seventy moves each without a capture or a medeq move."),
        "agreement": _("Draw by agreement."),
    }
    return sentences.get(status, "")


def round_sentences(report: dict, sans: dict[str, str], game_over: bool = False) -> list[str]:
    """A werera round's report (R5.10) in words. `sans` gives each side's choice in SAN ("" for waiting);
    when the round ended the game, nobody moves next."""
    wait = _("to wait")
    lines = [
        _("Round %(round)s: White chose %(white)s, Black chose %(black)s.")
        % {"round": report["round"], "white": sans["white"] or wait, "black": sans["black"] or wait}
    ]
    reasons = {
        "capture-first": _("%(side)s's %(move)s was dropped: a capture is played first, and alone."),
        "check": _("%(side)s's %(move)s was dropped: the check ended the werera first."),
        "blocked": _("%(side)s's %(move)s was dropped: after the quicker move it no longer fitted."),
    }
    if len(report["played"]) == 2:
        lines.append(_("Both moves were played, the quicker side's first."))
    for dropped in report["dropped"]:
        side = dropped["side"]
        lines.append(reasons[dropped["reason"]] % {"side": SIDE_NAMES[side], "move": sans[side]})
    ended = report["werera_ended"]
    if game_over and ended == "capture":
        lines.append(_("The capture ended the werera, and the game."))
    elif game_over and ended == "check":
        lines.append(_("The check ended the werera, and the game."))
    elif ended == "capture":
        lines.append(_("The capture ended the werera: %(next)s moves next.") % _next(report))
    elif ended == "check":
        lines.append(_("The check ended the werera: %(next)s moves next.") % _next(report))
    elif ended == "twenty-rounds":
        lines.append(_("Twenty rounds are over: the werera ends and White moves next."))
    return lines


def _next(report: dict) -> dict[str, str]:
    return {"next": str(SIDE_NAMES[other(report["ended_by"])])}
