"""What the trainer says in words: theme names, a rating change, a line of moves in the site's notation."""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy

from senterej.board.notation import move_html
from senterej.engine import BLACK, WHITE, Position

THEME_NAMES = {
    "mateIn1": gettext_lazy("Mate in 1"),
    "mateIn2": gettext_lazy("Mate in 2"),
    "mateIn3": gettext_lazy("Mate in 3"),
    "mateIn4": gettext_lazy("Mate in 4"),
    "mateIn5": gettext_lazy("Mate in 5"),
    "pawnMate": gettext_lazy("Mate by a medeq"),
    "twoFilMate": gettext_lazy("Mate with two fils"),
    "fersMate": gettext_lazy("Mate by the fers"),
    "derMate": gettext_lazy("Mate by a der"),
    "feresMate": gettext_lazy("Mate by a feres"),
    "fork": gettext_lazy("Fork"),
    "discoveredAttack": gettext_lazy("Discovered attack"),
    "hangingPiece": gettext_lazy("Hanging piece"),
    "trappedPiece": gettext_lazy("Trapped piece"),
    "lostPiecePromotion": gettext_lazy("Promotion to a lost piece"),
    "inPlacePromotion": gettext_lazy("Promotion where the medeq stands"),
    "bareKingTrap": gettext_lazy("Don't take the last piece"),
    "beatTheCount": gettext_lazy("Mate before the count runs out"),
    "werera": gettext_lazy("Werera round"),
    "advantage": gettext_lazy("Win material"),
    "quietMove": gettext_lazy("Quiet move"),
    "endgame": gettext_lazy("Endgame"),
    "derEndgame": gettext_lazy("Der endgame"),
    "feresEndgame": gettext_lazy("Feres endgame"),
    "filEndgame": gettext_lazy("Fil endgame"),
    "fersEndgame": gettext_lazy("Fers endgame"),
}
DIFFICULTY_NAMES = {
    "easiest": gettext_lazy("Easiest"),
    "easier": gettext_lazy("Easier"),
    "normal": gettext_lazy("Normal"),
    "harder": gettext_lazy("Harder"),
    "hardest": gettext_lazy("Hardest"),
}
MINUS = "\u2212"


def theme_name(theme: str) -> str:
    """A theme in words; a theme the site has no words for yet keeps its own name."""
    return str(THEME_NAMES.get(theme, theme))


def rating_change(before: float, after: float) -> str:
    """Like 1500 → 1512 (+12): the change is that of the rounded figures shown, so the sum adds up."""
    start, end = round(before), round(after)
    delta = end - start
    sign = "+" if delta >= 0 else MINUS
    return f"{start} \u2192 {end} ({sign}{abs(delta)})"


def numbered(position: Position, sans: list[str], side: int) -> list[SafeString]:
    """A line of moves from `position` in the site's notation, the first by `side`, with move numbers before
    White's moves and before a line that starts with Black's: "1. Rd1", "Nf3". A werera choice has no
    number: the round is told elsewhere."""
    if position.turn is None:
        return [move_html(text, side) for text in sans]
    number, white = position.fullmove, position.turn == WHITE
    labels = []
    for index, text in enumerate(sans):
        move = move_html(text, WHITE if white else BLACK)
        if white:
            labels.append(format_html("{}. {}", number, move))
        elif index == 0:
            labels.append(format_html("{}\u2026 {}", number, move))
        else:
            labels.append(move)
        if not white:
            number += 1
        white = not white
    return labels
