from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from senterej.board.view import THE_MEN, BoardView
from senterej.engine import START_FEN, Position
from senterej.engine.squares import SQUARE_OF_NAME


@dataclass(frozen=True)
class Diagram:
    """A position drawn on the rules page: squares to star, squares to show as just played, and one man
    to ring (a star would hide it). The page's text tells each diagram's story; tests replay it."""

    fen: str
    marks: tuple[str, ...] = ()
    last_move: tuple[str, ...] = ()
    hint: str | None = None

    def view(self) -> BoardView:
        return BoardView(
            Position.from_fen(self.fen),
            marks=frozenset(SQUARE_OF_NAME[name] for name in self.marks),
            last_move=tuple(SQUARE_OF_NAME[name] for name in self.last_move),
            hint=None if self.hint is None else SQUARE_OF_NAME[self.hint],
        )


DIAGRAMS = {
    # R1.3: the kings crosswise.
    "start": Diagram(START_FEN),
    # R2.5: the fil on d4 leaps over its own medeq on e3 and the Black medeq on c5, and may take on f6.
    "fil": Diagram("3k4/8/5n2/2p5/3B4/4P3/8/4K3 w - -", marks=("b2", "b6", "f2", "f6")),
    # R3.2: White has lost a der and a feres, so the medeq on e7 may become only one of those two.
    "promotion": Diagram("1k6/4P3/8/2r5/8/8/3Q4/1NBK1B1R w - -", marks=("e8",)),
    # R3.3-R3.4: White has every piece, so the medeq on a8 waits; after Black's e8xe4, a8a8q is a move.
    "waiting": Diagram("P3r1k1/5ppp/8/8/4Q3/2NBBN2/1P3PKP/R4R2 b - -", hint="a8"),
    # R5: round 1 from the start, White e2e3 and Black g8f6, both played.
    "round_one": Diagram(
        "rnbkqb1r/pppppppp/5n2/8/8/4P3/PPPP1PPP/RNBQKBNR - Kk 2", last_move=("e2", "e3", "g8", "f6")
    ),
    # R5.3: before round 3 White (quicker) picks e4e5, Black f6xe4: the capture is played alone.
    "capture_first": Diagram("rnbkqb1r/p1pppppp/1p3n2/8/4P3/8/PPPP1PPP/RNBQKBNR - Kk 3", hint="e4"),
    # R5.5: in round 2 Black (quicker) plays c6d4; White's f3d4 no longer fits and is dropped.
    "blocked": Diagram("r1bkqbnr/pppppppp/8/8/3n4/5N2/PPPPPPPP/RNBQKB1R - Kk 3", last_move=("c6", "d4")),
    # R6: both sides may castle in round 5; the stars show where negus and der land.
    "castling": Diagram(
        "r2kqbnr/pppppppp/2n1b3/8/8/3B1N2/PPPPPPPP/RNBQK2R - Kk 5", marks=("g1", "f1", "b8", "c8")
    ),
    "castled": Diagram(
        "1kr1qbnr/pppppppp/2n1b3/8/8/3B1N2/PPPPPPPP/RNBQ1RK1 - - 6",
        last_move=("e1", "g1", "h1", "f1", "d8", "b8", "a8", "c8"),
    ),
    # R7.3: a1xa8 would mate, but it takes Black's last piece: a draw.
    "bare_king": Diagram("r6k/6pp/8/8/8/8/8/R3K3 w - -", hint="a8"),
}


#: The page's content is the same for every visitor and changes only with a release: it is drawn once per
#: language and kept this long (a cache shared across releases needs a KEY_PREFIX of its own per release).
RULES_SECONDS = 24 * 60 * 60


@require_safe
def rules(request: HttpRequest) -> HttpResponse:
    # The diagrams are drawn by the template (`diagrams.start.view`) only when the kept page has expired.
    context = {"diagrams": DIAGRAMS, "men": THE_MEN, "cache_seconds": RULES_SECONDS}
    return render(request, "course/rules.html", context)
