"""An analysis's address: the position it starts from and the steps tried since, werera rounds first (R5)
and then moves, read from the query and written back. The page keeps no state: its address is the share
link, and every address is read again in full, and played out or found played (`steps.walk`), so that a
tampered one is refused as a whole.

`fen` is the starting position (R9.1), `rounds` the werera rounds as White's and Black's choices
(`e2e3:d7d6,0000:c7c6`, 0000 for waiting), `moves` the moves in turn (`e2e3,d7d6`), `white` White's
choice for the next round while Black's is still to be made, and `at` the step shown (all of them by
default)."""

import re
from dataclasses import dataclass, replace
from html import escape
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from senterej.engine import START_FEN, FenError, Position
from senterej.views import LONGEST_FEN

#: A choice or a move as the board sends it, in coordinates (R9.2); 0000 is waiting in the werera (R5.1).
CHOICE = re.compile(r"\A(?:[a-h][1-8][a-h][1-8][qrbn]?|0000)\Z")
WAITING = "0000"
#: No game is longer: a longer list is not an analysis but a load on the server.
MOST_MOVES = 400
#: R5: twenty rounds at most.
MOST_ROUNDS = 20
FIELDS = ("fen", "rounds", "moves", "white", "at")


class AddressError(ValueError):
    """An address no board would make: said in words for the page."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Address:
    fen: str = START_FEN
    rounds: tuple[tuple[str, str], ...] = ()
    moves: tuple[str, ...] = ()
    white: str = ""
    at: int | None = None

    @property
    def length(self) -> int:
        return len(self.rounds) + len(self.moves)

    @property
    def shown(self) -> int:
        """The number of steps played on the board shown."""
        return self.length if self.at is None else self.at

    def upto(self, steps: int) -> "Address":
        """The address of the first `steps` steps alone: what a move tried there goes on from."""
        rounds = self.rounds[:steps]
        moves = self.moves[: max(0, steps - len(self.rounds))]
        return Address(self.fen, rounds, moves)

    def at_step(self, steps: int) -> "Address":
        return replace(self, white="", at=None if steps == self.length else steps)

    def _fields(self) -> dict[str, str]:
        """The address's fields that are not blank, in the order the query writes them."""
        fields = {
            "fen": "" if self.fen == START_FEN else self.fen,
            "rounds": ",".join(f"{white}:{black}" for white, black in self.rounds),
            "moves": ",".join(self.moves),
            "white": self.white,
            "at": "" if self.at is None else str(self.at),
        }
        return {name: value for name, value in fields.items() if value}

    def query(self) -> str:
        """The query string that reads back as this address ("" for the start position and no steps)."""
        return urlencode(self._fields())

    def hidden_fields(self) -> SafeString:
        """The address as the hidden fields of a form that must send it back."""
        return mark_safe(
            "".join(
                f'<input type="hidden" name="{name}" value="{escape(value)}">'
                for name, value in self._fields().items()
            )
        )


def read(query: QueryDict) -> Address:
    """The address in a query; AddressError says what is wrong with it. What is only read here is its
    form: whether the moves can be played is `steps.walk`'s to say."""
    for name in FIELDS:
        if len(query.getlist(name)) > 1:
            raise AddressError(_("The address gives %(field)s more than once.") % {"field": name})
    fen = _fen(query.get("fen", "").strip())
    rounds = _rounds(query.get("rounds", ""))
    moves = _list(query.get("moves", ""), MOST_MOVES)
    white = query.get("white", "")
    if white and not CHOICE.match(white):
        raise AddressError(_("White's choice in the address is not a move like e2e3, nor 0000 for waiting."))
    address = Address(fen, rounds, moves, white, _at(query.get("at", "")))
    if address.at is not None and address.at > address.length:
        raise AddressError(_("The address asks for a step beyond the moves it gives."))
    if white and address.shown != address.length:
        raise AddressError(_("White's choice for a round belongs to the last step of the address."))
    return address


def _fen(text: str) -> str:
    if not text:
        return START_FEN
    if len(text) > LONGEST_FEN:
        raise AddressError(_("That is not a position: a position (FEN) is much shorter."))
    try:
        return Position.from_fen(text).fen()
    except FenError as error:
        raise AddressError(_("That position cannot be read: %(error)s") % {"error": error}) from error


def _list(text: str, most: int) -> tuple[str, ...]:
    if not text:
        return ()
    if len(text) > most * 6:
        raise AddressError(_("The address holds more moves than any game has."))
    moves = tuple(text.split(","))
    if len(moves) > most:
        raise AddressError(_("The address holds more moves than any game has."))
    for number, move in enumerate(moves, start=1):
        if not CHOICE.match(move) or move == WAITING:
            raise AddressError(
                _("Move %(number)s in the address is not a move like e2e3.") % {"number": number}
            )
    return moves


def _rounds(text: str) -> tuple[tuple[str, str], ...]:
    if not text:
        return ()
    if len(text) > MOST_ROUNDS * 12:
        raise AddressError(_("The werera has twenty rounds at most."))
    rounds = []
    for number, pair in enumerate(text.split(","), start=1):
        white, colon, black = pair.partition(":")
        if not colon or not CHOICE.match(white) or not CHOICE.match(black):
            raise AddressError(
                _("Round %(number)s in the address is not two choices like e2e3:d7d6 (0000 for waiting).")
                % {"number": number}
            )
        rounds.append((white, black))
    if len(rounds) > MOST_ROUNDS:
        raise AddressError(_("The werera has twenty rounds at most."))
    return tuple(rounds)


def _at(text: str) -> int | None:
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 4:
        raise AddressError(_("The step in the address is not a number of moves."))
    return int(text)
