"""Moves as text: coordinate notation (R9.2) and SAN (R9.3), written and read."""

import re

from .pieces import KIND_OF_LETTER, LETTERS, MEDEQ, NEGUS
from .position import WAIT, Position, make_move, move_from, move_promotion, move_to
from .speech import _
from .squares import SQUARE_NAMES, SQUARE_OF_NAME

WAIT_TEXT = "0000"
_COORDINATE = re.compile(r"^([a-h][1-8])([a-h][1-8])([qrbn]?)$")
_SAN = re.compile(
    r"""^(?:
        (?P<castle>O-O|0-0)
        | (?P<kind>[KQRBN])? (?P<file>[a-h])? (?P<rank>[1-8])? x? (?P<to>[a-h][1-8])
          (?:=(?P<promotion>[QRBN]))?
    )[+#]?[!?]*$""",
    re.VERBOSE,
)


class IllegalMoveError(ValueError):
    """A move that is malformed, or not legal in the position it is played in."""


class UnreadableMoveError(IllegalMoveError):
    """Text that is neither coordinate notation nor SAN."""


class AmbiguousMoveError(IllegalMoveError):
    """SAN that fits more than one legal move."""


def coordinate(move: int) -> str:
    """R9.2: `e2e3`, `e7e8r`, in place `e8e8r`, castling `e1g1`, waiting `0000`."""
    if move == WAIT:
        return WAIT_TEXT
    promotion = move_promotion(move)
    suffix = LETTERS[promotion].lower() if promotion else ""
    return SQUARE_NAMES[move_from(move)] + SQUARE_NAMES[move_to(move)] + suffix


def sorted_coordinates(moves: list[int]) -> list[str]:
    return sorted(coordinate(move) for move in moves)


def parse_coordinate(text: str) -> int:
    """Reads coordinate notation without judging legality; `0000` is WAIT."""
    if text == WAIT_TEXT:
        return WAIT
    match = _COORDINATE.match(text)
    if not match:
        raise UnreadableMoveError(
            _("%(text)s is not a move in coordinate notation (like e2e3 or e7e8r)") % {"text": repr(text)}
        )
    frm, to, promotion = match.groups()
    return make_move(
        SQUARE_OF_NAME[frm], SQUARE_OF_NAME[to], KIND_OF_LETTER[promotion.upper()] if promotion else 0
    )


def san(position: Position, move: int, side: int | None = None) -> str:
    """R9.3: the standard algebraic notation of a legal move of `side` (default: the side to move)."""
    us = position.turn if side is None else side
    assert us is not None, "during the werera, say whose move"
    frm, to, promotion = move_from(move), move_to(move), move_promotion(move)
    kind = position.board[frm] & 7
    capture = "x" if position.is_capture(move) else ""
    if kind == NEGUS and abs(to - frm) == 2:
        text = "O-O"
    elif kind == MEDEQ:
        text = (SQUARE_NAMES[frm][0] + capture if capture else "") + SQUARE_NAMES[to]
        if promotion:
            text += "=" + LETTERS[promotion]
    else:
        text = LETTERS[kind] + _disambiguation(position, move, us) + capture + SQUARE_NAMES[to]
    return text + _check_suffix(position, move, us)


def _disambiguation(position: Position, move: int, us: int) -> str:
    frm, to = move_from(move), move_to(move)
    kind = position.board[frm] & 7
    rivals = [
        move_from(other)
        for other in position.legal_moves(us)
        if move_to(other) == to and move_from(other) != frm and position.board[move_from(other)] & 7 == kind
    ]
    if not rivals:
        return ""
    if all(sq % 8 != frm % 8 for sq in rivals):
        return SQUARE_NAMES[frm][0]
    if all(sq // 8 != frm // 8 for sq in rivals):
        return SQUARE_NAMES[frm][1]
    return SQUARE_NAMES[frm]


def _check_suffix(position: Position, move: int, us: int) -> str:
    position.push(move, us)
    try:
        if not position.is_check(us ^ 1):
            return ""
        return "+" if position.legal_moves(us ^ 1) else "#"
    finally:
        position.pop()


def parse_san(position: Position, text: str, side: int | None = None) -> int:
    """Reads SAN and returns the one legal move of `side` it names. `x` is optional, as are `+` and `#`."""
    us = position.turn if side is None else side
    assert us is not None, "during the werera, say whose move"
    match = _SAN.match(text.strip())
    if not match:
        raise UnreadableMoveError(
            _("%(text)s is neither SAN (like Nf3, exd5, e8=R) nor coordinate notation") % {"text": repr(text)}
        )
    legal = position.legal_moves(us)
    if match["castle"]:
        candidates = [
            m
            for m in legal
            if position.board[move_from(m)] & 7 == NEGUS and abs(move_to(m) - move_from(m)) == 2
        ]
    else:
        kind = KIND_OF_LETTER[match["kind"]] if match["kind"] else MEDEQ
        to = SQUARE_OF_NAME[match["to"]]
        promotion = KIND_OF_LETTER[match["promotion"]] if match["promotion"] else 0

        def from_file(move: int) -> str:
            """Without a file given, a medeq comes from the file it goes to: `d5` is never `exd5`."""
            return match["to"][0] if kind == MEDEQ else SQUARE_NAMES[move_from(move)][0]

        candidates = [
            m
            for m in legal
            if move_to(m) == to
            and position.board[move_from(m)] & 7 == kind
            and move_promotion(m) == promotion
            and SQUARE_NAMES[move_from(m)][0] == (match["file"] or from_file(m))
            and SQUARE_NAMES[move_from(m)][1] == (match["rank"] or SQUARE_NAMES[move_from(m)][1])
            and not (kind == NEGUS and abs(to - move_from(m)) == 2)
        ]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise IllegalMoveError(_("%(move)s is not a legal move here") % {"move": text})
    moves = ", ".join(coordinate(m) for m in candidates)
    raise AmbiguousMoveError(
        _("%(move)s is ambiguous: say which man moves (%(moves)s)") % {"move": text, "moves": moves}
    )


def parse_move(position: Position, text: str, side: int | None = None) -> int:
    """Reads a legal move of `side` in coordinate notation or SAN."""
    if _COORDINATE.match(text):
        move = parse_coordinate(text)
        if move not in position.legal_moves(side):
            raise IllegalMoveError(_("%(move)s is not a legal move here") % {"move": text})
        return move
    return parse_san(position, text, side)
