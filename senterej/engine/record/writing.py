"""Writing a game's record (the format is described in the package's docstring)."""

import re
from collections.abc import Mapping

from ..fen import FenError
from ..game import BARE_KING, CHECKMATE, COUNTING, REPETITION, SEVENTY_MOVE_RULE, STALEMATE, Game
from ..notation import san
from ..pieces import BLACK, WHITE
from ..position import START_FEN, WAIT, Position
from ..speech import _
from ..werera import CAPTURE_FIRST, CHECK, ENDED_AFTER_TWENTY, RoundReport
from . import VARIANT, WAIT_TEXT, RecordError, check_tag, settle

#: The order tags are written in: PGN's seven first, then ours; any others follow in the order given.
TAG_ORDER = (
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "Termination",
)
LINE_WIDTH = 80

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def write_record(game: Game, tags: Mapping[str, str]) -> str:
    """The record of `game` with `tags`. Result and Termination come from the game when the engine ended it,
    otherwise from the tags (`*` when not given); tags that contradict the game are a RecordError."""
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise RecordError(_("tag name %(name)s: use letters, digits and _ only") % {"name": repr(name)})
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise RecordError(_("tag %(name)s: the value must be text on one line") % {"name": name})
        check_tag(name, value, None)
    _check_start(game, tags)
    result, termination = settle(game, tags.get("Result"), tags.get("Termination"), None)
    final = {**tags, "Result": result, "Variant": VARIANT}
    final.pop("Termination", None)
    final.pop("FEN", None)
    final.pop("SetUp", None)
    if termination is not None:
        final["Termination"] = termination
    if game.start_fen != START_FEN:
        final["SetUp"], final["FEN"] = "1", game.start_fen
    names = [name for name in TAG_ORDER if name in final] + [name for name in final if name not in TAG_ORDER]
    lines = [f'[{name} "{_escape(final[name])}"]' for name in names]
    return "\n".join(lines) + "\n\n" + _wrap([*_movetext(game), result]) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _check_start(game: Game, tags: Mapping[str, str]) -> None:
    """The FEN and SetUp tags describe the game's start; given ones must agree with it."""
    if "FEN" in tags:
        try:
            same = Position.from_fen(tags["FEN"]).fen() == game.start_fen
        except FenError as error:
            raise RecordError(_("FEN tag: %(error)s") % {"error": error}) from None
        if not same:
            raise RecordError(
                _("FEN tag %(fen)s is not where the game started (%(start)s)")
                % {"fen": repr(tags["FEN"]), "start": game.start_fen}
            )
    if tags.get("SetUp") == "0" and game.start_fen != START_FEN:
        raise RecordError(_('SetUp tag "0", but the game started from %(start)s') % {"start": game.start_fen})


def _movetext(game: Game) -> list[str]:
    """The moves as units that stay on one line, replayed from the start so each SAN is that of its own
    position: a werera choice in the position at the start of its round, for its own side (R9.3)."""
    replay = Game(game.start_fen)
    units: list[str] = []
    black_needs_number = True
    for entry in game.history:
        position = replay.position
        if isinstance(entry, RoundReport):
            texts = [
                WAIT_TEXT if move == WAIT else san(position, move, side)
                for side, move in enumerate(entry.choices)
            ]
            units += [f"W{entry.number}. {texts[WHITE]}", texts[BLACK]]
            report = replay.play_round(*entry.choices)
            units += _round_comment(report, texts, replay).split()
            black_needs_number = True
            continue
        side, number = position.turn, position.fullmove
        notation = replay.play(entry.move).san
        if side == WHITE:
            units.append(f"{number}. {notation}")
        else:
            units.append(f"{number}... {notation}" if black_needs_number else notation)
        black_needs_number = False
    return units


def _round_comment(report: RoundReport, texts: list[str], replay: Game) -> str:
    """R5.10: what was played and what was dropped and why, and how the werera or the game ended;
    nothing for a plain round. In the reader's language (`speech`); a reader of records skips comments."""
    parts = []
    if report.dropped:
        side = report.played[0][0]
        alone = _("White's %(move)s played alone") if side == WHITE else _("Black's %(move)s played alone")
        parts.append(alone % {"move": texts[side]})
    for dropped in report.dropped:
        words = (
            _("White's %(move)s dropped: %(reason)s")
            if dropped.side == WHITE
            else _("Black's %(move)s dropped: %(reason)s")
        )
        parts.append(words % {"move": texts[dropped.side], "reason": _reason(dropped.reason)})
    if replay.is_over:
        parts.append(_("the game ends: %(status)s") % {"status": _status(replay.status)})
    elif report.ended == ENDED_AFTER_TWENTY:
        parts.append(_("the werera ends after round 20, White to move"))  # R5.6
    elif report.ended_by is not None:
        # R5.7: the side that did not end it moves next
        parts.append(
            _("the werera ends, White to move")
            if report.ended_by == BLACK
            else _("the werera ends, Black to move")
        )
    return "{" + "; ".join(parts) + "}" if parts else ""


def _reason(reason: str) -> str:
    """Why a werera choice was dropped (R5.3–R5.5), said when it is written."""
    if reason == CAPTURE_FIRST:
        return _("capture first")
    if reason == CHECK:
        return _("check")
    return _("blocked")


def _status(status: str) -> str:
    """How the engine ended the game (R7, R8), said when it is written."""
    words = {
        CHECKMATE: _("checkmate"),
        STALEMATE: _("stalemate"),
        BARE_KING: _("bare king"),
        COUNTING: _("the count ran out"),
        REPETITION: _("repetition"),
        SEVENTY_MOVE_RULE: _("seventy moves"),
    }
    return words.get(status, status)


def _wrap(units: list[str]) -> str:
    lines: list[str] = []
    line = ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > LINE_WIDTH:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    return "\n".join([*lines, line])
