"""A puzzle as a curator checks it, in the admin and in the reports queue; and its solution step by step on
the puzzle's curation page, each step's board drawn here and its move said in words."""

from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from senterej.board.san_markup import move_html, sentence
from senterej.board.sides import Side
from senterej.board.view import BoardView
from senterej.engine import WHITE, Position
from senterej.engine.notation import parse_coordinate
from senterej.engine.position import move_from, move_to
from trainer.lines import LineError
from trainer.models import Puzzle
from trainer.puzzle_words import numbered, theme_name


@dataclass(frozen=True)
class Preview:
    """A puzzle as a curator checks it: its start on a board (a picture), its solution in the site's notation
    (or as stored, when the line cannot be played)."""

    board: BoardView | None
    line: list[str] | list[SafeString]
    to_move: str
    themes: list[str]
    error: str = ""


def preview(puzzle: Puzzle) -> Preview:
    """A stored puzzle that the engine cannot read any more is shown with the reason, not as a 500."""
    themes = [theme_name(theme) for theme in puzzle.theme_list]
    try:
        start = Position.from_fen(puzzle.fen)
    except ValueError as error:
        return Preview(
            None, puzzle.solution, "", themes, _("The position cannot be read: %(error)s") % {"error": error}
        )
    line = puzzle.line
    solver = line.solver
    to_move = _("White to move") if solver == WHITE else _("Black to move")
    if start.turn is None:
        to_move = (
            _("A werera round: White chooses") if solver == WHITE else _("A werera round: Black chooses")
        )
    board = BoardView(start, orientation=solver)
    try:
        line.check_playable()
    except LineError as error:
        return Preview(board, puzzle.solution, to_move, themes, _unplayable(error))
    return Preview(board, numbered(start, line.sans(), solver), to_move, themes)


def _unplayable(error: LineError) -> str:
    """Why the line cannot be played from the start (SAN is written only for legal moves)."""
    if error.unreadable:
        return _("The line cannot be played: %(error)s") % {"error": error.unreadable}
    return _("The line cannot be played: move %(number)s (%(move)s) is not legal.") % {
        "number": error.number,
        "move": error.move,
    }


@dataclass(frozen=True)
class Step:
    """The solution after `number` of its `count` moves (0: the start): the board with the move just played
    marked, and that move in words (for a werera puzzle, the round's two choices)."""

    number: int
    count: int
    board: BoardView
    said: SafeString

    @property
    def back(self) -> int:
        return max(self.number - 1, 0)

    @property
    def forward(self) -> int:
        return min(self.number + 1, self.count)


def step(puzzle: Puzzle, number: int) -> Step | None:
    """The step `number` of the solution (kept within the line), or None for a line that cannot be played,
    which the preview explains."""
    line = puzzle.line
    try:
        line.check_playable()
    except (LineError, ValueError):
        return None
    count = len(line.moves)
    number = min(max(number, 0), count)
    solver = line.solver
    if number == 0:
        to_move = preview(puzzle).to_move
        said = sentence(_("The start position. %(to_move)s."), to_move=to_move)
        return Step(0, count, BoardView(line.start, orientation=solver), said)
    move = parse_coordinate(line.moves[number - 1])
    board = BoardView(line.positions[number], orientation=solver, last_move=(move_from(move), move_to(move)))
    before = line.positions[number - 1]
    san = line.sans(line.moves[number - 1 : number], ply=number - 1)[0]
    if before.werera is not None:
        chooser = line.side_at(before)
        label = sentence(
            _("werera round %(round)s, %(side)s chooses %(move)s, %(other)s waits"),
            round=before.werera,
            side=Side.of(chooser).label,
            move=move_html(san, chooser),
            other=Side.of(chooser ^ 1).label,
        )
    else:
        label = numbered(line.start, line.sans(), solver)[number - 1]
    said = sentence(_("Move %(number)s of %(count)s: %(move)s"), number=number, count=count, move=label)
    return Step(number, count, board, said)
