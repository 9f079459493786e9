"""A puzzle as a curator checks it, in the admin and in the reports queue."""

from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from senterej.board.view import BoardView
from senterej.engine import WHITE, Position
from trainer.lines import LineError
from trainer.models import Puzzle
from trainer.words import numbered, theme_name


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
