"""Clocks, kept by the server, for online games and games on one device.

A time control gives each side so many minutes and adds seconds after each of its turn-based moves (5+3:
five minutes, three seconds a move). The clocks do not run in the werera: a round has its own timer instead,
and a side that has not chosen when it runs out waits that round (R5.2: waiting is a choice). Once the
werera is over, the clock of the side to move runs from the moment the last round was played.

Nothing runs in the background. Whenever a game with clocks is read or written, `overdue` says whether a
deadline has passed (a round's timer, or the time of the side to move); the services then settle it under
the game's lock, at the moment the deadline fell, not the moment someone looked. A side whose time runs out
loses (R7.3 leaves no case where the other side could not mate: a side without pieces has already drawn).
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from play.models import Game
from senterej.engine import WHITE, Position


@dataclass(frozen=True)
class TimeControl:
    minutes: int
    increment: int

    @property
    def key(self) -> str:
        return f"{self.minutes}+{self.increment}"


#: The clocks a new game may have, by their key in the new-game form.
TIME_CONTROLS = {
    control.key: control for control in (TimeControl(5, 3), TimeControl(10, 5), TimeControl(15, 10))
}
#: Seconds a werera round may last with a timer.
ROUND_TIMERS = (15, 30, 60)


def clock_choices() -> list[tuple[str, str]]:
    """The new-game form's clocks, in the language of the request."""
    return [("", _("No clocks"))] + [
        (key, _("%(minutes)s minutes + %(increment)s seconds a move") % vars(control))
        for key, control in TIME_CONTROLS.items()
    ]


def round_timer_choices() -> list[tuple[str, str]]:
    return [("", _("No round timer"))] + [
        (str(seconds), _("%(seconds)s seconds a round") % {"seconds": seconds}) for seconds in ROUND_TIMERS
    ]


def set_up(game: Game, clock: str, round_seconds: int | None) -> None:
    """Gives a new game its clocks (none for an unknown key) and its round timer."""
    control = TIME_CONTROLS.get(clock)
    if control is not None:
        game.clock_seconds = control.minutes * 60
        game.clock_increment = control.increment
        game.white_time = game.black_time = float(game.clock_seconds)
    game.round_seconds = round_seconds if round_seconds in ROUND_TIMERS else None


def same_as(game: Game, old: Game) -> None:
    """Gives a rematch the clocks of the game it follows, full again."""
    game.clock_seconds, game.clock_increment, game.round_seconds = (
        old.clock_seconds,
        old.clock_increment,
        old.round_seconds,
    )
    full = None if old.clock_seconds is None else float(old.clock_seconds)
    game.white_time = game.black_time = full


def timed(game: Game) -> bool:
    return game.clock_seconds is not None or game.round_seconds is not None


def start(game: Game, now: datetime) -> None:
    """The clocks start when play can begin: at once on one device, when the guest joins online."""
    if timed(game):
        game.clock_since = now


def time_left(game: Game, side: int, position: Position, now: datetime) -> float | None:
    """A side's time left in seconds, counting the running clock down to `now`; None without clocks."""
    stored = game.white_time if side == WHITE else game.black_time
    if stored is None:
        return None
    if position.turn == side and game.clock_since is not None and not game.is_over:
        stored -= (now - game.clock_since).total_seconds()
    return max(stored, 0.0)


def round_ends(game: Game, position: Position) -> datetime | None:
    """When the open werera round's timer runs out."""
    if position.werera is None or game.round_seconds is None or game.clock_since is None:
        return None
    return game.clock_since + timedelta(seconds=game.round_seconds)


def flag_falls(game: Game, position: Position) -> datetime | None:
    """When the time of the side to move runs out, if it goes on thinking."""
    turn = position.turn
    stored = game.white_time if turn == WHITE else game.black_time
    if turn is None or stored is None or game.clock_since is None:
        return None
    return game.clock_since + timedelta(seconds=stored)


def overdue(game: Game, now: datetime) -> bool:
    """Whether a deadline of this game has passed and must be settled."""
    if game.is_over or not timed(game) or game.clock_since is None:
        return False
    position = Position.from_fen(game.fen)
    deadline = round_ends(game, position) or flag_falls(game, position)
    return deadline is not None and deadline <= now


def charge(game: Game, side: int, now: datetime) -> None:
    """A side has moved: its clock stops with the time it used taken off and the increment added, and the
    other side's clock starts."""
    if game.clock_since is None:
        return
    used = (now - game.clock_since).total_seconds()
    if side == WHITE and game.white_time is not None:
        game.white_time = max(game.white_time - used, 0.0) + game.clock_increment
    elif game.black_time is not None:
        game.black_time = max(game.black_time - used, 0.0) + game.clock_increment
    game.clock_since = now


def stop(game: Game, now: datetime) -> None:
    """The game is over: the running clock stops with the time its side used taken off (no increment)."""
    turn = Position.from_fen(game.fen).turn
    if game.clock_since is not None and turn is not None:
        used = (now - game.clock_since).total_seconds()
        if turn == WHITE and game.white_time is not None:
            game.white_time = max(game.white_time - used, 0.0)
        elif turn != WHITE and game.black_time is not None:
            game.black_time = max(game.black_time - used, 0.0)
    game.clock_since = None


def flagged(game: Game, side: int) -> None:
    """A side's time has run out: it is left at nought."""
    if side == WHITE:
        game.white_time = 0.0
    else:
        game.black_time = 0.0


def shown(game: Game, position: Position, now: datetime) -> dict[str, object] | None:
    """What the game page shows of the clocks: each side's seconds left, which one runs, and the round
    timer's seconds left; None for a game without clocks."""
    if not timed(game):
        return None
    started = game.clock_since is not None and not game.is_over
    ends = round_ends(game, position) if started else None
    sides = {}
    for side, name in ((WHITE, "white"), (WHITE ^ 1, "black")):
        left = time_left(game, side, position, now)
        if left is not None:
            running = started and position.turn == side
            sides[name] = {"seconds": left, "text": reading(left), "running": running}
    round_left = None if ends is None else max((ends - now).total_seconds(), 0.0)
    round_text = "" if round_left is None else reading(round_left)
    return {"sides": sides, "round": round_left, "round_text": round_text}


def reading(seconds: float) -> str:
    """A clock's face: minutes and seconds, and tenths in the last ten seconds (game.js counts the same)."""
    if seconds < 10:
        return f"0:{seconds:04.1f}"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
