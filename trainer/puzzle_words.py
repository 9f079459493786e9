"""What the trainer says in words: theme names and descriptions, a rating change, a line of moves in the
site's notation."""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy

from senterej.board.san_markup import move_html
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
    "backRankMate": gettext_lazy("Back-rank mate"),
    "smotheredMate": gettext_lazy("Smothered mate"),
    "fork": gettext_lazy("Fork"),
    "pin": gettext_lazy("Pin"),
    "skewer": gettext_lazy("Skewer"),
    "discoveredAttack": gettext_lazy("Discovered attack"),
    "doubleCheck": gettext_lazy("Double check"),
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
#: A line on each theme for the themes page: what a puzzle of the theme asks.
THEME_DESCRIPTIONS = {
    "mateIn1": gettext_lazy("Mate with one move."),
    "mateIn2": gettext_lazy("Mate in two moves, whatever the defence."),
    "mateIn3": gettext_lazy("Mate in three moves, whatever the defence."),
    "mateIn4": gettext_lazy("Mate in four moves, whatever the defence."),
    "mateIn5": gettext_lazy("Mate in five moves, whatever the defence."),
    "pawnMate": gettext_lazy("A medeq gives the mate: the finest mate of all, Plowden wrote."),
    "twoFilMate": gettext_lazy("A fil gives the mate, the two fils together shutting the negus in."),
    "fersMate": gettext_lazy("The fers gives the mate."),
    "derMate": gettext_lazy("A der gives the mate."),
    "feresMate": gettext_lazy("A feres gives the mate."),
    "backRankMate": gettext_lazy(
        "A der mates the negus on its own first rank, where its own men bar the way out."
    ),
    "smotheredMate": gettext_lazy("A feres mates a negus that its own men hem in on every side."),
    "fork": gettext_lazy("One man attacks two enemy men at once, and one of them falls."),
    "pin": gettext_lazy("A der pins an enemy piece to its negus: the piece cannot step aside, and it falls."),
    "skewer": gettext_lazy(
        "A der attacks a valuable man; it steps aside, and the der takes the man behind it."
    ),
    "discoveredAttack": gettext_lazy(
        "A man steps aside and opens a der's line: the der checks at once or takes the man it uncovered."
    ),
    "doubleCheck": gettext_lazy("Check with two men at once: only a negus move can answer it."),
    "hangingPiece": gettext_lazy("Take an enemy piece that cannot be taken back."),
    "trappedPiece": gettext_lazy("An enemy piece has no safe square left: hunt it down."),
    "lostPiecePromotion": gettext_lazy(
        "A medeq reaches the last rank and becomes a piece its side has lost."
    ),
    "inPlacePromotion": gettext_lazy(
        "A medeq waiting on the last rank becomes a lost piece where it stands."
    ),
    "bareKingTrap": gettext_lazy(
        "Taking the last enemy piece would leave a bare negus, a draw: win otherwise."
    ),
    "beatTheCount": gettext_lazy("A lone piece's moves are being counted: mate before the count draws."),
    "werera": gettext_lazy(
        "A round of the werera: choose the move that wins whatever your opponent chooses."
    ),
    "advantage": gettext_lazy("Win material rather than mate."),
    "quietMove": gettext_lazy(
        "The first move neither checks, takes nor attacks a piece: its threat is a hidden one."
    ),
    "endgame": gettext_lazy("Few men left: at most two pieces a side."),
    "derEndgame": gettext_lazy("An endgame with ders and no other pieces."),
    "feresEndgame": gettext_lazy("An endgame with feres and no other pieces."),
    "filEndgame": gettext_lazy("An endgame with fils and no other pieces."),
    "fersEndgame": gettext_lazy("An endgame with fers and no other pieces."),
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


def theme_description(theme: str) -> str:
    """A theme's line for the themes page ("" for a theme the site has no words for yet)."""
    return str(THEME_DESCRIPTIONS.get(theme, ""))


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
