"""An address played out by the engine's rules (`senterej.engine.game.Game`): each step with its position
and words, as the play room says them (a werera round's report, R5.10, and moves in the site's notation),
the position at the step shown with the rules' judgement there (R7.5, and R8.1 with the positions met on
the way), and what a move tried there makes of the address.

An address's steps played out (its line) are kept in the default cache, keyed by the line itself (its
starting position and every step, as text) and the language of its words. Replaying every step from the
start on every request was the part of the board's cost that grew most with the address: at 40 steps,
two fifths of the view's time went to the engine. But a visitor's pages come one step after the other:
the next step's page has the line just shown as its parent, so only its last step is played, from the
parent's last position and the turn-based positions it met (R8.1); stepping back and forth along a line
shown (`at`) plays nothing; and a move tried before the end of a line keeps the line up to there, the
new line's parent. Nothing of a request is trusted: the key is the whole line's text, and a line is kept
only once each of its steps has been played by the rules, so a tampered or illegal address finds no line
of its own and is played out, and refused, as before. A miss (another process, a line evicted, a shared
link opened) plays the line from its parent if that is kept, else from the start, as every request did.

The other ways were worse: the position in the address, signed, would tie the share link to the site's
secret, and the steps' words must be played to be listed anyway; keeping the line of every prefix would
cost as much to write as to replay."""

import hashlib
from collections import Counter
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from analysis.address import WAITING, Address, AddressError
from play.game_words import round_choices, round_sentences
from senterej.board.explain import illegal_move_message
from senterej.board.san_markup import move_html, sentence
from senterej.board.sides import Side
from senterej.engine import BLACK, WAIT, WHITE, Position
from senterej.engine import game as rules
from senterej.engine.notation import IllegalMoveError, coordinate, parse_move, san
from senterej.engine.position import move_from, move_to
from senterej.engine.werera import RoundReport


@dataclass(frozen=True)
class Tried:
    number: int  # 1-based
    label: str  # "W3" for a werera round, "12." or "12…" for a move
    text: SafeString
    sentences: list[SafeString]  # a round's report
    fen: str  # the position after the step
    last_move: tuple[int, ...]


@dataclass(frozen=True)
class Point:
    """A line's position before its first step or after one: what the next step is played from."""

    fen: str
    judgement: rules.Judgement  # the rules' verdict there (R7.5)
    key: tuple[int, ...] | None  # its placement key if it is turn-based, counted by R8.1


@dataclass(frozen=True)
class Line:
    """An address's steps played out: each step as it is listed, and each point, the start first."""

    steps: tuple[Tried, ...]
    points: tuple[Point, ...]  # one more than the steps

    def upto(self, steps: int) -> "Line":
        return Line(self.steps[:steps], self.points[: steps + 1])

    def seen(self, steps: int) -> list[tuple[int, ...]]:
        """The turn-based positions met up to the point after `steps` steps, that one too (R8.1)."""
        return [point.key for point in self.points[: steps + 1] if point.key is not None]


#: How long a line played out stays in the cache.
LINE_SECONDS = 60 * 60


@dataclass
class Walked:
    address: Address
    steps: tuple[Tried, ...]
    position: Position  # at the step shown
    judgement: rules.Judgement  # the rules' verdict there (R7.5)
    seen: list[tuple[int, ...]]  # the turn-based positions met up to there
    line: Line  # every step of the address played out

    @property
    def over(self) -> bool:
        return self.judgement.status != rules.ONGOING

    @property
    def chooser(self) -> int | None:
        """Whose move or werera choice the board takes: in the werera White's first, then Black's."""
        if self.over:
            return None
        if self.position.werera is not None:
            return BLACK if self.address.white else WHITE
        return self.position.turn

    @property
    def current(self) -> Tried | None:
        shown = self.address.shown
        return self.steps[shown - 1] if shown else None

    @property
    def fen(self) -> str:
        """The position at the step shown, as the line wrote it when the step was played."""
        return self.line.points[self.address.shown].fen


def walk(address: Address) -> Walked:
    """Plays the address from its position (from its line's parent, if kept); AddressError names the first
    step that cannot be played."""
    line = played(address)
    shown = address.shown
    point = line.points[shown]
    state = Walked(address, line.steps, Position.from_fen(point.fen), point.judgement, line.seen(shown), line)
    if address.white:
        _check_white(state, address.white)
    return state


def played(address: Address) -> Line:
    """Every step of the address played out: kept in the cache, else played from its parent's line."""
    key = line_key(address, address.length)
    line: Line | None = cache.get(key)
    if line is None:
        parent: Line | None = cache.get(line_key(address, address.length - 1)) if address.length else None
        line = _play(address, parent)
        cache.set(key, line, LINE_SECONDS)
    return line


def line_key(address: Address, steps: int) -> str:
    """The cache's key of the address's first `steps` steps, with the language of their words."""
    text = address.upto(steps).query().encode()
    digest = hashlib.blake2b(text, digest_size=16).hexdigest()
    return f"analysis:line:{get_language()}:{digest}"


def _play(address: Address, parent: Line | None) -> Line:
    """The address's steps after the parent's (all of them without one), played from where it stands."""
    if parent is None:
        game = rules.Game(address.fen)
        steps: list[Tried] = []
        points = [_point(game, game.start_fen)]
    else:
        last = parent.points[-1]
        game = rules.Game(last.fen, seen=parent.seen(len(parent.steps) - 1))
        steps, points = list(parent.steps), list(parent.points)
    choices: list[tuple[str, str] | str] = [*address.rounds, *address.moves]
    for number in range(len(steps) + 1, len(choices) + 1):
        step = _step(game, number, choices[number - 1])
        steps.append(step)
        points.append(_point(game, step.fen))
    return Line(tuple(steps), tuple(points))


def _point(game: rules.Game, fen: str) -> Point:
    position = game.position
    key = None if position.turn is None else position.placement_key()
    return Point(fen, game.judgement, key)


def _step(game: rules.Game, number: int, choice: tuple[str, str] | str) -> Tried:
    position = game.position.copy()
    try:
        if isinstance(choice, tuple):
            if game.position.werera is None and not game.is_over:
                raise AddressError(
                    _("Round %(number)s in the address comes after the werera has ended.")
                    % {"number": number}
                )
            return _round(game, number, game.play_round(*choice), position)
        if game.position.werera is not None:
            raise AddressError(
                _("Move %(number)s in the address comes while the werera goes on: give it as a round.")
                % {"number": number}
            )
        fullmove = position.fullmove
        played = game.play(choice)
    except IllegalMoveError as error:
        raise AddressError(
            _("Step %(number)s in the address cannot be played: %(reason)s")
            % {"number": number, "reason": _reason(position, choice, error)}
        ) from error
    label = f"{fullmove}." if played.side == WHITE else f"{fullmove}\u2026"
    squares = (move_from(played.move), move_to(played.move))
    return Tried(number, label, move_html(played.san, played.side), [], played.fen, squares)


def _reason(position: Position, choice: tuple[str, str] | str, error: IllegalMoveError) -> str:
    if isinstance(choice, str) and position.turn is not None and not isinstance(error, rules.GameOverError):
        return illegal_move_message(position, choice, position.turn)
    return str(error)


def _round(game: rules.Game, number: int, report: RoundReport, before: Position) -> Tried:
    """A round as the play room lists and tells it: both choices, what was played and dropped, and why."""
    step = report.as_dict()
    sans = {
        side.value: ""
        if report.choices[side.colour] == WAIT
        else san(before, report.choices[side.colour], side.colour)
        for side in Side
    }
    choices = round_choices(step, sans)
    text = sentence("%(white)s \u00b7 %(black)s", white=choices[0].shown, black=choices[1].shown)
    words = round_sentences(step, sans, game_over=game.is_over)
    squares = tuple(sq for _side, move in report.played for sq in (move_from(move), move_to(move)))
    return Tried(number, f"W{report.number}", text, words, game.position.fen(), squares)


def _check_white(state: Walked, white: str) -> None:
    position = state.position
    if position.werera is None or state.over:
        raise AddressError(_("The address gives a choice for a werera round, but the werera is over."))
    if white != WAITING:
        try:
            parse_move(position, white, WHITE)
        except IllegalMoveError as error:
            raise AddressError(
                _("White's choice in the address cannot be played: %(reason)s") % {"reason": error}
            ) from error


def tried(state: Walked, text: str) -> Address:
    """The address after the move or werera choice `text` (coordinates or SAN, 0000 to wait in the werera)
    is tried at the step shown: the steps after it are left, as a new line goes on from there.
    IllegalMoveError says why it cannot be played."""
    address, side, position = state.address, state.chooser, state.position
    if side is None:
        raise IllegalMoveError(_("The game is over here: step back to try another move."))
    text = text.strip()
    if text == WAITING and position.werera is None:
        raise IllegalMoveError(_("Only a werera choice can be to wait: moves alternate now."))
    if text == WAITING:
        move = WAITING
    else:
        try:
            move = coordinate(parse_move(position, text, side))
        except IllegalMoveError as error:
            raise IllegalMoveError(illegal_move_message(position, text, side)) from error
    base = address.upto(address.shown)
    if address.shown < address.length:
        # the new line's parent: kept, so that its page plays the move tried alone
        cache.add(line_key(address, address.shown), state.line.upto(address.shown), LINE_SECONDS)
    if position.werera is None:
        return Address(base.fen, base.rounds, (*base.moves, move))
    if not address.white:
        return Address(base.fen, base.rounds, (), white=move)
    return Address(base.fen, (*base.rounds, (address.white, move)))


def seen_keys(state: Walked) -> list[list[int]]:
    """The turn-based positions met up to the one shown, that one too, once each, as an evaluation stores
    them (R8.1: the search scores a position met again as a draw, as a bot's search does in a game)."""
    counted = Counter(state.seen)
    return sorted(list(key) for key in counted)
