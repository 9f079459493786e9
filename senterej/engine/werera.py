"""The werera (R5): rounds of two hidden choices, resolved into what is played."""

from dataclasses import dataclass, field

from .fen import LAST_WERERA_ROUND
from .notation import IllegalMoveError, coordinate
from .pieces import BLACK, COLOUR_NAMES, WHITE
from .position import WAIT, Position, move_from, move_to
from .speech import _

CAPTURE_FIRST = "capture-first"  # R5.3: a capture is played alone
CHECK = "check"  # R5.4: the quicker side's check ends the werera before the slower move
BLOCKED = "blocked"  # R5.5: the slower move no longer fits

ENDED_BY_CAPTURE = "capture"
ENDED_BY_CHECK = "check"
ENDED_AFTER_TWENTY = "twenty-rounds"


def quicker_side(round_number: int) -> int:
    """R5.2: White in odd rounds, Black in even ones."""
    return WHITE if round_number % 2 else BLACK


@dataclass(frozen=True)
class Dropped:
    side: int
    move: int
    reason: str


@dataclass
class RoundReport:
    """R5.10: both choices, what was played (in order), what was dropped and why, and how the werera ended."""

    number: int
    choices: tuple[int, int]  # White's and Black's, WAIT for waiting
    played: list[tuple[int, int]] = field(default_factory=list)  # (side, move)
    dropped: list[Dropped] = field(default_factory=list)
    ended: str | None = None  # None while the werera goes on
    ended_by: int | None = None  # the side whose capture or check ended it

    @property
    def quicker(self) -> int:
        return quicker_side(self.number)

    def as_dict(self) -> dict[str, object]:
        return {
            "round": self.number,
            "quicker": COLOUR_NAMES[self.quicker],
            "white": coordinate(self.choices[WHITE]),
            "black": coordinate(self.choices[BLACK]),
            "played": [{"side": COLOUR_NAMES[side], "move": coordinate(move)} for side, move in self.played],
            "dropped": [
                {"side": COLOUR_NAMES[d.side], "move": coordinate(d.move), "reason": d.reason}
                for d in self.dropped
            ],
            "werera_ended": self.ended,
            "ended_by": None if self.ended_by is None else COLOUR_NAMES[self.ended_by],
        }


def play_round(position: Position, white: int, black: int) -> RoundReport:
    """Resolves one round on `position` (changed in place) from the two choices (R5.1-R5.7)."""
    number = position.werera
    if number is None:
        raise IllegalMoveError(_("the werera is over: moves alternate now"))
    choices = (white, black)
    for side in (WHITE, BLACK):
        if choices[side] != WAIT and choices[side] not in position.legal_moves(side):
            problem = (
                _("%(move)s is not a legal move for white here")
                if side == WHITE
                else _("%(move)s is not a legal move for black here")
            )
            raise IllegalMoveError(problem % {"move": coordinate(choices[side])})
    report = RoundReport(number, choices)
    quick = quicker_side(number)
    slow = quick ^ 1
    quick_move, slow_move = choices[quick], choices[slow]

    if quick_move != WAIT and position.is_capture(quick_move):
        _play(position, report, quick, quick_move)
        _drop(report, slow, slow_move, CAPTURE_FIRST)
        report.ended, report.ended_by = ENDED_BY_CAPTURE, quick
    elif slow_move != WAIT and position.is_capture(slow_move):
        _play(position, report, slow, slow_move)
        _drop(report, quick, quick_move, CAPTURE_FIRST)
        report.ended, report.ended_by = ENDED_BY_CAPTURE, slow
    else:
        if quick_move != WAIT:
            _play(position, report, quick, quick_move)
            if position.is_check(slow):
                report.ended, report.ended_by = ENDED_BY_CHECK, quick
                _drop(report, slow, slow_move, CHECK)
        if report.ended is None and slow_move != WAIT:
            if _still_fits(position, slow, slow_move):
                _play(position, report, slow, slow_move)
                if position.is_check(quick):
                    report.ended, report.ended_by = ENDED_BY_CHECK, slow
            else:
                _drop(report, slow, slow_move, BLOCKED)

    if report.ended is not None:
        assert report.ended_by is not None  # a capture or a check ended it, and a side made it
        _end_werera(position, next_to_move=report.ended_by ^ 1)
    elif number == LAST_WERERA_ROUND:
        report.ended = ENDED_AFTER_TWENTY
        _end_werera(position, next_to_move=WHITE)  # R5.6
    else:
        position.werera = number + 1
    return report


def _still_fits(position: Position, side: int, move: int) -> bool:
    """R5.5: legal in the new position, and a move chosen as a non-capture never becomes a capture."""
    frm, to = move_from(move), move_to(move)
    if frm != to and position.board[to]:
        return False
    return move in position.legal_moves(side)


def _play(position: Position, report: RoundReport, side: int, move: int) -> None:
    position.push(move, side)
    report.played.append((side, move))


def _drop(report: RoundReport, side: int, move: int, reason: str) -> None:
    if move != WAIT:
        report.dropped.append(Dropped(side, move, reason))


def _end_werera(position: Position, next_to_move: int) -> None:
    """R5.7: turns alternate from now on, and castling rights are gone."""
    position.werera = None
    position.castling = 0
    position.turn = next_to_move
