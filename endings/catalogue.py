"""The endings to practise, defined here: each a position after the werera (R9.1), the side the learner
plays, the goal (`goals.py`), the par in the learner's moves, and the idea of Senterej it teaches. Every one
is proved reachable against every defence by the engine in the tests (`tests/endings/test_catalogue.py`)."""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from senterej.engine import BLACK, WHITE

MATE, HOLD, FERS, STOP = "mate", "hold", "fers", "stop"
KINDS = (MATE, HOLD, FERS, STOP)


@dataclass(frozen=True)
class Ending:
    slug: str
    title: Promise
    task: Promise  # what to do, in one sentence
    fen: str
    learner: int  # the engine's colour the learner plays
    kind: str  # one of KINDS
    par: int  # the learner's moves a best line takes
    lesson: Promise  # the idea of Senterej behind it

    @property
    def side_word(self) -> str:
        return str(_("White") if self.learner == WHITE else _("Black"))


ENDINGS = (
    Ending(
        "two-ders-against-feres",
        _("Two ders against a feres"),
        _("Mate with your two ders before the black feres has made its seventh move."),
        "4k3/8/8/8/2n5/8/R7/4K2R w - - 0 1 0/0",
        WHITE,
        MATE,
        2,
        _(
            "Black is down to one piece, so every move of its feres is counted (R7.4): at the seventh the "
            "game is drawn. Taking the feres would draw at once, for a bare negus draws (R7.3)."
        ),
    ),
    Ending(
        "der-against-feres",
        _("A der against a feres"),
        _("Mate with your der and negus; do not take the feres."),
        "2n5/1R6/8/8/8/5K2/8/7k w - - 0 1 0/0",
        WHITE,
        MATE,
        3,
        _(
            "With one piece each, both sides count (R7.4): your der's moves as well as the feres's. A quiet "
            "negus move costs nothing on the count."
        ),
    ),
    Ending(
        "two-ders-against-der",
        _("Two ders against a der"),
        _("Mate before the black der's count runs out."),
        "8/8/8/1K6/4R3/5Rr1/8/k7 w - - 0 1 0/0",
        WHITE,
        MATE,
        3,
        _(
            "The black der counts its moves and checks to run the count out (R7.4); taking it would bare "
            "the negus and draw (R7.3). Shut it out and mate."
        ),
    ),
    Ending(
        "feres-holds-two-ders",
        _("A feres holds two ders"),
        _("Keep your negus from mate until your feres's count runs out."),
        "5k2/8/8/4n1K1/8/8/3R4/4R3 b - - 0 1 0/4",
        BLACK,
        HOLD,
        3,
        _(
            "Your feres has made four counted moves: three more, without being mated, and the game is drawn "
            "(R7.4). Losing the feres draws too, as a bare negus (R7.3); only a mate loses."
        ),
    ),
    Ending(
        "der-holds-fers-and-der",
        _("A der holds a fers and a der"),
        _("Avoid mate: run your der's count out, or let it be taken."),
        "8/8/5r2/k7/8/6K1/8/2q4R w - - 0 1 4/0",
        WHITE,
        HOLD,
        3,
        _(
            "The weaker side is protected: a bare negus draws (R7.3), and so does the seventh counted move "
            "of a lone piece (R7.4). Check with your der, and the count runs out before the mate comes."
        ),
    ),
    Ending(
        "medeq-becomes-der",
        _("The medeq becomes a der"),
        _("Mate with your fers and your medeq."),
        "8/2P5/8/8/8/6K1/3Q4/n6k w - - 0 1 0/0",
        WHITE,
        FERS,
        3,
        _(
            "A medeq promotes only to a piece its side has lost (R3.2): you have lost your ders, so it can "
            "become a der. Your fers steps one square diagonally (R2.4), so it cannot mate alone."
        ),
    ),
    Ending(
        "waiting-medeq",
        _("The waiting medeq"),
        _("Mate with your fers and medeqs."),
        "7P/3r2P1/8/8/8/4QK2/8/7k w - - 0 1 0/0",
        WHITE,
        FERS,
        3,
        _(
            "The medeq on h8 reached the last rank when nothing was lost, so it waits there (R3.3). Now "
            "that you have lost pieces, it may turn into one where it stands, as a whole move (R3.4)."
        ),
    ),
    Ending(
        "stop-the-medeq-with-the-negus",
        _("Stop the medeq with your negus"),
        _("Do not let the white medeq promote."),
        "6k1/5P2/1r1N4/8/8/2K5/8/8 b - - 0 1 0/0",
        BLACK,
        STOP,
        2,
        _(
            "White has lost pieces, so its medeq would promote (R3.2). Stand in front of it: a medeq steps "
            "only straight forward and takes only diagonally (R2.6)."
        ),
    ),
    Ending(
        "stop-the-medeq-with-the-der",
        _("Stop the medeq with your der"),
        _("Take the white medeq, or keep it from promoting."),
        "K7/7P/6N1/k7/8/5r2/8/8 b - - 0 1 0/0",
        BLACK,
        STOP,
        3,
        _(
            "A check gains the time your der needs. White has one piece, so its feres counts (R7.4), and "
            "taking that feres would bare the negus and end the game at once (R7.3)."
        ),
    ),
)

BY_SLUG = {ending.slug: ending for ending in ENDINGS}
