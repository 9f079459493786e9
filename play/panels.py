"""Panels that the rooms above play draw into a game's page, asked each time the game is drawn: endgame
practice shows its goal and verdict beside its games. Play may not import those rooms (its doors open
downwards only, ARCHITECTURE.md), so they register a panel here when the site starts, in their app config's
`ready`, as the trainer's puzzle uses are counted (`trainer/uses.py`). A panel returns the empty string for a
game that is not its own. A room may also mark games as practice (`register_practice`): their moves count
towards a verdict, so none is taken back."""

from collections.abc import Callable

from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from play.models import Game
from play.services import Seats

#: Given the request, the game and the asker's seats, the panel's markup, or "" for another room's game.
Panel = Callable[[HttpRequest, Game, Seats], SafeString | str]
_panels: list[Panel] = []
#: Whether a game is one of a room's practice games.
Practice = Callable[[Game], bool]
_practices: list[Practice] = []


def register(panel: Panel) -> None:
    if panel not in _panels:
        _panels.append(panel)


def drawn(request: HttpRequest, game: Game, seats: Seats) -> SafeString:
    drawn_panels = (panel(request, game, seats) for panel in _panels)
    return format_html_join("", "{}", ((markup,) for markup in drawn_panels if markup))


def register_practice(practice: Practice) -> None:
    if practice not in _practices:
        _practices.append(practice)


def is_practice(game: Game) -> bool:
    return any(practice(game) for practice in _practices)
