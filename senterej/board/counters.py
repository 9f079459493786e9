"""The rules' counters beside a board, in words: the count of a lone piece (R7.4), the seventy-move rule
(R8.2) and the werera's round with its quicker side (R5.2). Drawn in one pass in Python from the engine's
position, and only where they apply, so that an ordinary board stays calm:

- the count whenever a side has exactly one piece and the other side still has one (with no piece left the
  bare king has already drawn, R7.3), from 0 on: the count has begun, and each side's count is shown;
- the seventy-move rule from half its length on (70 of 140 moves): before that a draw is more than 35
  moves a side away, too far to change a plan, and a figure under every board would only crowd it; from
  there on it is the warning a player needs to plan a capture or a medeq move in time;
- the werera's round on every board of the werera, whose outcome the quicker side decides (R5.3-R5.5)."""

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, ngettext

from senterej.engine import BLACK, DER, FERES, FERS, FIL, WHITE, Piece, Position
from senterej.engine.fen import COUNT_LIMIT, LAST_WERERA_ROUND, SEVENTY_MOVES
from senterej.engine.game import CHECKMATE, COUNTING, SEVENTY_MOVE_RULE, judge
from senterej.engine.pieces import COLOURS, PIECE_KINDS
from senterej.engine.werera import quicker_side

SEVENTY_SHOWN_FROM = SEVENTY_MOVES // 2

# Whole phrases, so that a translation can make the words agree.
LONE_PIECES = {
    Piece(WHITE, FERS): gettext_lazy("White's lone fers"),
    Piece(WHITE, DER): gettext_lazy("White's lone der"),
    Piece(WHITE, FIL): gettext_lazy("White's lone fil"),
    Piece(WHITE, FERES): gettext_lazy("White's lone feres"),
    Piece(BLACK, FERS): gettext_lazy("Black's lone fers"),
    Piece(BLACK, DER): gettext_lazy("Black's lone der"),
    Piece(BLACK, FIL): gettext_lazy("Black's lone fil"),
    Piece(BLACK, FERES): gettext_lazy("Black's lone feres"),
}


@dataclass(frozen=True)
class Count:
    """R7.4: the lone piece whose moves are counted, and how many it has made."""

    piece: Piece
    made: int

    @property
    def left(self) -> int:
        """The counted moves the piece may still make; the last of them draws unless it mates."""
        return max(0, COUNT_LIMIT - self.made)


@dataclass(frozen=True)
class Counters:
    counts: tuple[Count, ...] = ()
    #: Moves since the last capture or medeq move (R8.2), once there are enough of them to show.
    quiet: int | None = None
    #: The werera's round (R5), or None after the werera.
    round: int | None = None

    @property
    def quicker(self) -> int | None:
        return None if self.round is None else quicker_side(self.round)

    def __bool__(self) -> bool:
        return bool(self.counts) or self.quiet is not None or self.round is not None


def lone_piece(position: Position, side: int) -> Piece | None:
    """The one piece of a side that has exactly one (R7.4), else None."""
    if position.piece_count(side) != 1:
        return None
    own = position.by_colour[side]
    return Piece(side, next(kind for kind in PIECE_KINDS if own & position.by_kind[kind]))


def counters_of(position: Position, judged: bool = True, werera: bool = True) -> Counters:
    """What the board should show beside it. `judged` is False for a drill whose opponent passes: the
    rules' ends are not judged there, so only the werera's schedule is told; `werera` False leaves the
    werera's schedule out."""
    werera_round = position.werera if werera else None
    if not judged:
        return Counters(round=werera_round)
    counts = []
    for side in COLOURS:
        piece = lone_piece(position, side)
        if piece is not None and position.piece_count(side ^ 1):
            counts.append(Count(piece, position.counting[side]))
    quiet = position.halfmove if position.halfmove >= SEVENTY_SHOWN_FROM else None
    return Counters(tuple(counts), quiet, werera_round)


def count_ran_out(position: Position) -> str:
    """The end of a game by the count (R7.4), saying whose piece counted; "" when no lone piece's count
    is over."""
    for side in COLOURS:
        piece = lone_piece(position, side)
        if piece is not None and position.counting[side] >= COUNT_LIMIT:
            return gettext("Draw by the count: %(piece)s made its seventh counted move without mate.") % {
                "piece": LONE_PIECES[piece]
            }
    return ""


def draw_counters(position: Position, judged: bool = True, werera: bool = True) -> SafeString:
    """The counters as a labelled region of the page, or nothing when none applies."""
    shown = counters_of(position, judged, werera)
    if not shown:
        return mark_safe("")
    items = []
    if shown.counts:
        counts = [_count(position, count) for count in shown.counts]
        note = escape(
            gettext(
                "A seventh counted move that is not mate draws the game. Moves of the negus and the medeqs "
                "are not counted."
            )
        )
        items.append(_item(gettext("The count (R7.4)"), counts, note))
    if shown.quiet is not None:
        items.append(_item(gettext("The seventy-move rule (R8.2)"), [_seventy(position, shown.quiet)]))
    if shown.round is not None:
        items.append(_item(gettext("The werera (R5)"), [_werera(shown.round)]))
    label = escape(gettext("Counters of the rules"))
    return mark_safe(  # made of escaped words only
        f'<section class="counters" aria-label="{label}"><dl class="counters__list">{"".join(items)}</dl>'
        "</section>\n"
    )


def _item(term: str, descriptions: list[str], note: str = "") -> str:
    """One counter: its name, what it says and a note, each description and the note already escaped."""
    said = "".join(f"<dd>{description}</dd>" for description in descriptions)
    if note:
        said += f'<dd class="counters__note">{note}</dd>'
    return f'<div class="counters__item"><dt>{escape(term)}</dt>{said}</div>'


def _count(position: Position, count: Count) -> str:
    pips = "\u25cf" * min(count.made, COUNT_LIMIT) + "\u25cb" * count.left
    values = {"piece": capfirst(LONE_PIECES[count.piece]), "made": count.made, "left": count.left}
    if count.left:
        words = ngettext(
            "%(piece)s: %(made)s of 7 counted moves made, %(left)s left.",
            "%(piece)s: %(made)s of 7 counted moves made, %(left)s left.",
            count.left,
        )
    else:
        words = gettext("%(piece)s: 7 of 7 counted moves made.")
        status = judge(position).status
        if status == COUNTING:
            words += " " + gettext("The seventh was not mate: the game is drawn.")
        elif status == CHECKMATE:
            words += " " + gettext("The seventh gave mate, and mate wins.")
    return f'<span class="counters__pips" aria-hidden="true">{pips}</span> {escape(words % values)}'


def _seventy(position: Position, quiet: int) -> str:
    made = gettext("%(made)s of 140 moves without a capture or a medeq move (70 by each side).")
    words = [made % {"made": quiet}]
    left = SEVENTY_MOVES - quiet
    if left > 0:
        words.append(
            ngettext("%(left)s move left before a draw.", "%(left)s moves left before a draw.", left)
            % {"left": left}
        )
    else:
        status = judge(position).status
        if status == SEVENTY_MOVE_RULE:
            words.append(gettext("The 140th has been played: the game is drawn."))
        elif status == CHECKMATE:
            words.append(gettext("The 140th gave mate, and mate wins."))
    return escape(" ".join(words))


def _werera(number: int) -> str:
    quicker = (
        gettext("White is quicker this round: its move comes first, unless only Black captures.")
        if quicker_side(number) == WHITE
        else gettext("Black is quicker this round: its move comes first, unless only White captures.")
    )
    round_words = gettext("Round %(round)s of %(last)s.") % {"round": number, "last": LAST_WERERA_ROUND}
    return escape(f"{round_words} {quicker}")
