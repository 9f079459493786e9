"""An address played out by the engine's rules (`senterej.engine.game.Game`): each step with its position
and words, as the play room says them (a werera round's report, R5.10, and moves in the site's notation),
the position at the step shown with the rules' judgement there (R7.5, and R8.1 with the positions met on
the way), and what a move tried there makes of the address."""

from collections import Counter
from dataclasses import dataclass, field

from django.utils.safestring import SafeString
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


@dataclass
class Walked:
    address: Address
    steps: list[Tried]
    position: Position  # at the step shown
    judgement: rules.Judgement  # the rules' verdict there (R7.5)
    seen: list[tuple[int, ...]] = field(default_factory=list)  # the turn-based positions met up to there

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


def walk(address: Address) -> Walked:
    """Plays the address from its position; AddressError names the first step that cannot be played."""
    game = rules.Game(address.fen)
    steps: list[Tried] = []
    state = _state(address, game, steps) if address.shown == 0 else None
    choices: list[tuple[str, str] | str] = [*address.rounds, *address.moves]
    for number, choice in enumerate(choices, start=1):
        steps.append(_step(game, number, choice))
        if number == address.shown:
            state = _state(address, game, steps)
    assert state is not None
    if address.white:
        _check_white(state, address.white)
    return state


def _state(address: Address, game: rules.Game, steps: list[Tried]) -> Walked:
    return Walked(address, steps, game.position.copy(), game.judgement, game.seen)


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
