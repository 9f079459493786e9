"""Reading and writing positions as FEN (R9.1): seven fields,
`placement turn castling werera halfmove fullmove counting`.

No side may have more men of a kind than it starts with (R1.4), medeqs included. A promoted piece counts as
a piece of its kind (R3.1): it fills a lost slot, so it never takes its kind past the start count, and the
medeq it was is no longer a medeq. A FEN cannot tell a promoted piece from one that has stood since the
start, so each kind is counted as it stands, the medeqs against their eight (a waiting medeq is one of
them); at most sixteen men a side follows. The checks that need attack detection (the side not to move in
check, either side in check during the werera) are `Position.from_fen`'s part."""

from typing import NamedTuple

from .pieces import BLACK, DER, KIND_OF_LETTER, MEDEQ, NEGUS, PIECE_KINDS, START_COUNT, WHITE, Piece
from .speech import _
from .squares import SQUARE_OF_NAME

FIELDS = ("placement", "turn", "castling", "werera", "halfmove", "fullmove", "counting")
DEFAULT_TAIL = ("0", "1", "0/0")
LAST_WERERA_ROUND = 20
SEVENTY_MOVES = 140
COUNT_LIMIT = 7
#: Castling right bits, and the negus and der that must still stand at home for each (R6.1).
CASTLING_BIT = {WHITE: 1, BLACK: 2}
CASTLING_HOME = {
    WHITE: (SQUARE_OF_NAME["e1"], SQUARE_OF_NAME["h1"]),
    BLACK: (SQUARE_OF_NAME["d8"], SQUARE_OF_NAME["a8"]),
}


class FenError(ValueError):
    """A malformed position. `field` names the FEN field that is wrong (a name from FIELDS, or "position",
    left in English: it is data); `problem`, already translated, says what is wrong with it."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(_("bad FEN %(field)s: %(problem)s") % {"field": field, "problem": problem})
        self.field = field
        self.problem = problem


class FenParts(NamedTuple):
    board: list[Piece | None]
    turn: int | None
    castling: int
    werera: int | None
    halfmove: int
    fullmove: int
    counting: tuple[int, int]


def parse_fen(text: str) -> FenParts:
    """Parses and checks all but what needs attack detection (that is `Position.from_fen`'s part)."""
    if not isinstance(text, str):
        raise FenError("position", _("not text"))
    fields = text.split()
    if len(fields) == 4:
        fields += DEFAULT_TAIL
    if len(fields) != len(FIELDS):
        raise FenError("position", _("expected 4 or 7 fields, got %(count)s") % {"count": len(fields)})
    placement, turn_text, castling_text, werera_text, halfmove_text, fullmove_text, counting_text = fields
    board = _parse_placement(placement)
    turn = {"w": WHITE, "b": BLACK, "-": None}.get(turn_text, -1)
    if turn == -1:
        raise FenError("turn", _("%(text)s is not w, b or - (the werera)") % {"text": repr(turn_text)})
    werera = _parse_werera(werera_text)
    if (turn is None) != (werera is not None):
        raise FenError("werera", _("a werera round number goes with turn '-', and '-' with turn w or b"))
    castling = _parse_castling(castling_text, board, werera)
    halfmove = _parse_number("halfmove", halfmove_text, 0, SEVENTY_MOVES)
    fullmove = _parse_number("fullmove", fullmove_text, 1, 10**6)
    if werera is not None and fullmove != 1:
        raise FenError("fullmove", _("stays 1 during the werera"))
    counting = _parse_counting(counting_text, board)
    return FenParts(board, turn, castling, werera, halfmove, fullmove, counting)


def format_fen(parts: FenParts) -> str:
    ranks = []
    for rank in range(7, -1, -1):
        text, empty = "", 0
        for file in range(8):
            piece = parts.board[rank * 8 + file]
            if piece is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += piece.letter
        ranks.append(text + (str(empty) if empty else ""))
    turn = "-" if parts.turn is None else "wb"[parts.turn]
    castling = ("K" if parts.castling & CASTLING_BIT[WHITE] else "") + (
        "k" if parts.castling & CASTLING_BIT[BLACK] else ""
    )
    werera = "-" if parts.werera is None else str(parts.werera)
    counting = f"{parts.counting[WHITE]}/{parts.counting[BLACK]}"
    return " ".join(
        ("/".join(ranks), turn, castling or "-", werera, str(parts.halfmove), str(parts.fullmove), counting)
    )


def _parse_placement(placement: str) -> list[Piece | None]:
    rows = placement.split("/")
    if len(rows) != 8:
        raise FenError(
            "placement", _("expected 8 ranks separated by '/', got %(count)s") % {"count": len(rows)}
        )
    board: list[Piece | None] = [None] * 64
    for row_index, row in enumerate(rows):
        rank = 7 - row_index
        file = 0
        previous_digit = False
        for char in row:
            if char in "12345678":
                if previous_digit:
                    raise FenError(
                        "placement", _("rank %(rank)s has two digits in a row") % {"rank": rank + 1}
                    )
                file += int(char)
                previous_digit = True
            elif char.upper() in KIND_OF_LETTER:
                if file < 8:
                    board[rank * 8 + file] = Piece.from_letter(char)
                file += 1
                previous_digit = False
            else:
                raise FenError(
                    "placement",
                    _("%(char)s is not a piece letter (KQRBNP, kqrbnp) or a digit 1-8")
                    % {"char": repr(char)},
                )
            if file > 8:
                break
        if file != 8:
            problem = (
                _("rank %(rank)s has more than 8 squares")
                if file > 8
                else _("rank %(rank)s has fewer than 8 squares")
            )
            raise FenError("placement", problem % {"rank": rank + 1})
    for colour in (WHITE, BLACK):
        white = colour == WHITE
        men = [p.kind for p in board if p is not None and p.colour == colour]
        if men.count(NEGUS) != 1:
            problem = (
                _("White must have exactly one negus (K), has %(count)s")
                if white
                else _("Black must have exactly one negus (K), has %(count)s")
            )
            raise FenError("placement", problem % {"count": men.count(NEGUS)})
        for kind in (*PIECE_KINDS, MEDEQ):
            if men.count(kind) > START_COUNT[kind]:
                problem = (
                    _("White has %(count)s %(letter)s, more than its %(start)s at the start")
                    if white
                    else _("Black has %(count)s %(letter)s, more than its %(start)s at the start")
                )
                values = {
                    "count": men.count(kind),
                    "letter": Piece(colour, kind).letter,
                    "start": START_COUNT[kind],
                }
                raise FenError("placement", problem % values)
    for sq in range(8):
        if board[sq] == Piece(WHITE, MEDEQ):
            raise FenError("placement", _("a White medeq (P) stands on rank 1, its own first rank"))
        if board[56 + sq] == Piece(BLACK, MEDEQ):
            raise FenError("placement", _("a Black medeq (p) stands on rank 8, its own first rank"))
    return board


def _parse_werera(text: str) -> int | None:
    if text == "-":
        return None
    return _parse_number("werera", text, 1, LAST_WERERA_ROUND)


def _parse_castling(text: str, board: list[Piece | None], werera: int | None) -> int:
    if text == "-":
        return 0
    if text not in ("K", "k", "Kk"):
        raise FenError("castling", _("%(text)s is not one of K, k, Kk or -") % {"text": repr(text)})
    if werera is None:
        raise FenError("castling", _("castling exists only during the werera (R6); use '-'"))
    rights = 0
    for colour, letter in ((WHITE, "K"), (BLACK, "k")):
        if letter in text:
            negus_home, der_home = CASTLING_HOME[colour]
            if board[negus_home] != Piece(colour, NEGUS) or board[der_home] != Piece(colour, DER):
                raise FenError(
                    "castling",
                    _("%(letter)s needs the negus and der on their home squares") % {"letter": letter},
                )
            rights |= CASTLING_BIT[colour]
    return rights


def _parse_number(field: str, text: str, low: int, high: int) -> int:
    if not text.isdigit() or not text.isascii() or len(text) > len(str(high)):
        problem = _("%(text)s is not a whole number from %(low)s to %(high)s")
        raise FenError(field, problem % {"text": repr(text[:20]), "low": low, "high": high})
    value = int(text)
    if not low <= value <= high:
        problem = _("%(value)s is out of range %(low)s-%(high)s")
        raise FenError(field, problem % {"value": value, "low": low, "high": high})
    return value


def _parse_counting(text: str, board: list[Piece | None]) -> tuple[int, int]:
    halves = text.split("/")
    if len(halves) != 2:
        raise FenError("counting", _("%(text)s is not of the form w/b, like 0/0") % {"text": repr(text)})
    counts = (
        _parse_number("counting", halves[0], 0, COUNT_LIMIT),
        _parse_number("counting", halves[1], 0, COUNT_LIMIT),
    )
    for colour in (WHITE, BLACK):
        pieces = sum(1 for p in board if p is not None and p.colour == colour and p.kind in PIECE_KINDS)
        if counts[colour] and pieces != 1:
            problem = (
                _("White counts only with exactly one piece, it has %(count)s")
                if colour == WHITE
                else _("Black counts only with exactly one piece, it has %(count)s")
            )
            raise FenError("counting", problem % {"count": pieces})
    return counts
