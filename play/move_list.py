"""The game's moves as its page lists them, in two columns, White's and Black's: a row for each werera round
with both choices, the played told from the dropped (R5.10), then a row for each move number (R9.2); and what
the page's script is told of the game: the tab's title and the sound of the last step."""

from dataclasses import dataclass

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from play.models import Game
from play.replay import Step
from senterej.board.sides import Side


@dataclass(frozen=True)
class Cell:
    """One side's move or werera choice, a link to the step that played it."""

    step: int
    shown: SafeString
    dropped: bool = False
    waited: bool = False


@dataclass(frozen=True)
class Row:
    label: str  # "W3", "12."
    said: str  # "Round 3", "Move 12"
    white: Cell | None
    black: Cell | None

    @property
    def cells(self) -> tuple[Cell | None, Cell | None]:
        return self.white, self.black

    @property
    def steps(self) -> set[int]:
        return {cell.step for cell in self.cells if cell is not None}


def rows(steps: list[Step]) -> list[Row]:
    """The list's rows: a round's two choices share its row; a move shares its number's row with the other
    side's move, and a number whose White move is not in the game (it started with Black to move) has none."""
    listed: list[Row] = []
    round_words, move_words = _("Round %(round)s"), _("Move %(number)s")
    for step in steps:
        if step.choices:
            white, black = (Cell(step.number, c.shown, c.dropped, c.waited) for c in step.choices)
            said = round_words % {"round": step.label.removeprefix("W")}
            listed.append(Row(step.label, said, white, black))
            continue
        cell = Cell(step.number, step.text)
        last = listed[-1] if listed else None
        if step.side == Side.BLACK and last and last.label == f"{step.fullmove}." and last.black is None:
            listed[-1] = Row(last.label, last.said, last.white, cell)
        else:
            said = move_words % {"number": step.fullmove}
            white_cell, black_cell = (cell, None) if step.side == Side.WHITE else (None, cell)
            listed.append(Row(f"{step.fullmove}.", said, white_cell, black_cell))
    return listed


def last_sound(game: Game) -> str:
    """The sound of the game's last step: a werera round, a check, a capture or a move ("" for none yet)."""
    if not game.steps:
        return ""
    last = game.steps[-1]
    if last["kind"] == "round":
        return "round"
    if "+" in last["san"] or "#" in last["san"]:
        return "check"
    return "capture" if "x" in last["san"] else "move"


def page_title(game: Game, acting: int | None) -> str:
    """The tab's title, which says "Your move" while the person looking can move or choose now, so that a
    tab left in the background tells them. On one device the players take turns at the screen itself, and
    the title would always say it."""
    title = _("Game") + " · " + _("Senterej school")
    if acting is not None and game.mode != Game.Mode.HOTSEAT:
        return _("Your move") + " · " + title
    return title


def move_list(game: Game, acting: int | None) -> dict[str, object]:
    """The game page's context for its script; `acting` is the side the person looking may move or choose
    for in the game as it stands, whichever step they look at. The list itself is drawn by
    `move_markup.draw_moves`."""
    return {"page_title": page_title(game, acting), "last_sound": last_sound(game)}
