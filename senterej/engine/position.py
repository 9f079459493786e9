"""A Senterej position: the men on the board and the state of the game (R9.1), legal moves for either side
(R2, R3, R6), make and unmake, attacks and check.

Moves are small integers for speed: `from | to << 6 | promotion << 12` (the promotion is a piece kind, 0 for
none). A negus move of two squares is castling (R6); a move with `from == to` is an in-place promotion (R3.4).
`WAIT` (0) is the werera's choice to wait.
"""

from collections.abc import Callable

from .fen import CASTLING_BIT, CASTLING_HOME, FenError, FenParts, format_fen, parse_fen
from .pieces import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, PIECE_KINDS, START_COUNT, WHITE, Piece
from .speech import _
from .squares import (
    ALL,
    BETWEEN,
    FERES_ATTACKS,
    FERS_ATTACKS,
    FIL_ATTACKS,
    LINE,
    MEDEQ_ATTACKS,
    NEGUS_ATTACKS,
    RANK_1,
    RANK_8,
    SQUARE_OF_NAME,
    der_attacks,
)

WAIT = 0
START_FEN = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - Kk 1 0 1 0/0"
LAST_RANK = (RANK_8, RANK_1)
#: Where castling takes each side's der: (from, to) (R6.1).
CASTLING_DER = {
    WHITE: (SQUARE_OF_NAME["h1"], SQUARE_OF_NAME["f1"]),
    BLACK: (SQUARE_OF_NAME["a8"], SQUARE_OF_NAME["c8"]),
}
#: The squares that must be empty and unattacked for castling: the crossed square and the landing square.
CASTLING_PATH = {
    WHITE: (SQUARE_OF_NAME["f1"], SQUARE_OF_NAME["g1"]),
    BLACK: (SQUARE_OF_NAME["c8"], SQUARE_OF_NAME["b8"]),
}


def move_from(move: int) -> int:
    return move & 63


def move_to(move: int) -> int:
    return move >> 6 & 63


def move_promotion(move: int) -> int:
    return move >> 12


def make_move(frm: int, to: int, promotion: int = 0) -> int:
    return frm | to << 6 | promotion << 12


class Position:
    """Mutable, with `push`/`pop`. `turn` is WHITE or BLACK in turn-based play and None during the werera,
    when every move is made for an explicit side."""

    __slots__ = (
        "board",
        "by_colour",
        "by_kind",
        "negus",
        "turn",
        "castling",
        "werera",
        "halfmove",
        "fullmove",
        "counting",
        "_undo",
    )

    def __init__(self, parts: FenParts) -> None:
        self.board = [0] * 64  # piece kind | colour << 3, 0 for an empty square
        self.by_colour = [0, 0]
        self.by_kind = [0] * 7
        self.negus = [0, 0]
        for sq, piece in enumerate(parts.board):
            if piece is not None:
                self.board[sq] = piece.kind | piece.colour << 3
                self.by_colour[piece.colour] |= 1 << sq
                self.by_kind[piece.kind] |= 1 << sq
                if piece.kind == NEGUS:
                    self.negus[piece.colour] = sq
        self.turn = parts.turn
        self.castling = parts.castling
        self.werera = parts.werera
        self.halfmove = parts.halfmove
        self.fullmove = parts.fullmove
        self.counting = parts.counting
        self._undo: list[tuple[int, int, int, int, int, int, int, tuple[int, int], int | None]] = []

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        position = cls(parse_fen(fen))
        turn = position.turn
        if turn is None:
            if position.is_check(WHITE):
                raise FenError("placement", _("White is in check during the werera"))
            if position.is_check(BLACK):
                raise FenError("placement", _("Black is in check during the werera"))
        elif position.is_check(turn ^ 1):  # R9.1: by R2.7 no move leaves its mover in check
            problem = (
                _("Black is in check, but White is to move")
                if turn == WHITE
                else _("White is in check, but Black is to move")
            )
            raise FenError("turn", problem)
        return position

    def fen(self) -> str:
        pieces = [self.piece_at(sq) for sq in range(64)]
        parts = FenParts(
            pieces, self.turn, self.castling, self.werera, self.halfmove, self.fullmove, self.counting
        )
        return format_fen(parts)

    def copy(self) -> "Position":
        clone = Position.__new__(Position)
        clone.board = self.board[:]
        clone.by_colour = self.by_colour[:]
        clone.by_kind = self.by_kind[:]
        clone.negus = self.negus[:]
        clone.turn = self.turn
        clone.castling = self.castling
        clone.werera = self.werera
        clone.halfmove = self.halfmove
        clone.fullmove = self.fullmove
        clone.counting = self.counting
        clone._undo = []
        return clone

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"

    # --- what stands where ---

    def piece_at(self, sq: int) -> Piece | None:
        code = self.board[sq]
        return Piece(code >> 3, code & 7) if code else None

    def placement_key(self) -> tuple[int, ...]:
        """The placement and the side to move, for threefold repetition (R8.1)."""
        return (*self.by_colour, *self.by_kind, -1 if self.turn is None else self.turn)

    def piece_count(self, colour: int) -> int:
        """The number of pieces in the sense of R7 (fers, der, fil, feres) of one side."""
        by_kind = self.by_kind
        return (
            self.by_colour[colour] & (by_kind[FERS] | by_kind[DER] | by_kind[FIL] | by_kind[FERES])
        ).bit_count()

    def lost_kinds(self, colour: int) -> list[int]:
        """R3.1: the kinds a medeq of this side may promote to, in the order fers, der, fil, feres."""
        own = self.by_colour[colour]
        by_kind = self.by_kind
        return [kind for kind in PIECE_KINDS if (own & by_kind[kind]).bit_count() < START_COUNT[kind]]

    # --- attacks ---

    def attackers(self, colour: int, sq: int, occupied: int | None = None) -> int:
        """The set of men of `colour` that attack `sq`."""
        by_kind = self.by_kind
        if occupied is None:
            occupied = self.by_colour[0] | self.by_colour[1]
        return self.by_colour[colour] & (
            FERES_ATTACKS[sq] & by_kind[FERES]
            | FIL_ATTACKS[sq] & by_kind[FIL]
            | FERS_ATTACKS[sq] & by_kind[FERS]
            | NEGUS_ATTACKS[sq] & by_kind[NEGUS]
            | MEDEQ_ATTACKS[colour ^ 1][sq] & by_kind[MEDEQ]
            | der_attacks(sq, occupied) & by_kind[DER]
        )

    def is_check(self, colour: int | None = None) -> bool:
        """R2.7: whether the negus of `colour` (default: the side to move) is attacked."""
        if colour is None:
            colour = self.turn
            assert colour is not None, "during the werera, say whose negus"
        return bool(self.attackers(colour ^ 1, self.negus[colour]))

    def is_capture(self, move: int) -> bool:
        frm, to = move & 63, move >> 6 & 63
        return frm != to and self.board[to] != 0

    # --- legal moves ---

    def legal_moves(self, side: int | None = None) -> list[int]:
        """Every legal move of `side` (default: the side to move); during the werera, castling included."""
        us = self.turn if side is None else side
        assert us is not None, "during the werera, say whose moves"
        them = us ^ 1
        board_by_kind = self.by_kind
        own = self.by_colour[us]
        occupied = own | self.by_colour[them]
        # Never take a negus: no position read from FEN lets the side to move attack one (R9.1), but a
        # position built from its parts by hand may.
        untakeable = own | board_by_kind[NEGUS]
        ksq = self.negus[us]
        attackers = self.attackers
        moves: list[int] = []
        append = moves.append

        # R2.1 and R2.7: the negus steps to squares not attacked once it has left its own square.
        without_negus = occupied ^ (1 << ksq)
        bb = NEGUS_ATTACKS[ksq] & ~untakeable
        while bb:
            low = bb & -bb
            bb ^= low
            to = low.bit_length() - 1
            if not attackers(them, to, without_negus):
                append(ksq | to << 6)

        checkers = attackers(them, ksq, occupied)
        if checkers & (checkers - 1):
            return moves  # double check: only the negus may move
        if checkers:
            # capture the checker, or block it if it is a der (the only man that can be blocked)
            target = (checkers | BETWEEN[ksq][checkers.bit_length() - 1]) & ~untakeable
        else:
            target = ALL & ~untakeable
            if self.werera is not None and self.castling & CASTLING_BIT[us]:
                crossed, landing = CASTLING_PATH[us]
                if (
                    not occupied & (1 << crossed | 1 << landing)
                    and not attackers(them, crossed, occupied)
                    and not attackers(them, landing, occupied)
                ):
                    append(ksq | landing << 6)

        pinned = self._pinned(us, ksq, occupied)
        movable = own & ~pinned

        for kind, table in ((FERES, FERES_ATTACKS), (FIL, FIL_ATTACKS), (FERS, FERS_ATTACKS)):
            pieces = movable & board_by_kind[kind]
            while pieces:
                low = pieces & -pieces
                pieces ^= low
                frm = low.bit_length() - 1
                bb = table[frm] & target
                while bb:
                    low = bb & -bb
                    bb ^= low
                    append(frm | (low.bit_length() - 1) << 6)

        ders = own & board_by_kind[DER]
        while ders:
            low = ders & -ders
            ders ^= low
            frm = low.bit_length() - 1
            bb = der_attacks(frm, occupied) & target
            if pinned & low:
                bb &= LINE[ksq][frm]
            while bb:
                low = bb & -bb
                bb ^= low
                append(frm | (low.bit_length() - 1) << 6)

        medeqs = own & board_by_kind[MEDEQ]
        if medeqs:
            self._medeq_moves(us, medeqs, occupied, target, pinned, ksq, bool(checkers), append)
        return moves

    def _medeq_moves(
        self,
        us: int,
        medeqs: int,
        occupied: int,
        target: int,
        pinned: int,
        ksq: int,
        in_check: bool,
        append: Callable[[int], None],
    ) -> None:
        """R2.6 steps and captures, R3.2 promotion to a lost kind, R3.3 waiting medeqs, R3.4 in place."""
        last_rank = LAST_RANK[us]
        step = 8 if us == WHITE else -8
        enemy = self.by_colour[us ^ 1]
        lost: list[int] | None = None
        waiting = medeqs & last_rank
        if waiting and not in_check:
            lost = self.lost_kinds(us)
            while waiting:
                low = waiting & -waiting
                waiting ^= low
                sq = low.bit_length() - 1
                for kind in lost:
                    append(sq | sq << 6 | kind << 12)
        medeqs &= ~last_rank
        while medeqs:
            low = medeqs & -medeqs
            medeqs ^= low
            frm = low.bit_length() - 1
            to = frm + step
            bb = (MEDEQ_ATTACKS[us][frm] & enemy | (0 if occupied >> to & 1 else 1 << to)) & target
            if pinned & low:
                bb &= LINE[ksq][frm]
            while bb:
                low = bb & -bb
                bb ^= low
                to = low.bit_length() - 1
                if low & last_rank:
                    if lost is None:
                        lost = self.lost_kinds(us)
                    if lost:
                        for kind in lost:
                            append(frm | to << 6 | kind << 12)
                        continue
                append(frm | to << 6)

    def _pinned(self, us: int, ksq: int, occupied: int) -> int:
        """Own men that stand alone between their negus and an enemy der on a rank or file."""
        snipers = der_attacks(ksq, 0) & self.by_kind[DER] & self.by_colour[us ^ 1]
        pinned = 0
        while snipers:
            low = snipers & -snipers
            snipers ^= low
            blockers = BETWEEN[ksq][low.bit_length() - 1] & occupied
            if blockers and not blockers & (blockers - 1):
                pinned |= blockers
        return pinned & self.by_colour[us]

    # --- make and unmake ---

    def push(self, move: int, side: int | None = None) -> None:
        """Plays a legal move of `side` (default: the side to move). In turn-based play the turn passes and
        the fullmove number grows after Black's move; during the werera the caller schedules the rounds."""
        us = self.turn if side is None else side
        assert us is not None, "during the werera, say whose move"
        frm, to, promotion = move & 63, move >> 6 & 63, move >> 12
        board, by_colour, by_kind = self.board, self.by_colour, self.by_kind
        code = board[frm]
        kind = code & 7
        captured = board[to] if to != frm else 0
        self._undo.append(
            (move, us, code, captured, self.castling, self.halfmove, self.fullmove, self.counting, self.turn)
        )
        from_bb, to_bb = 1 << frm, 1 << to
        counting = self.counting
        if captured:
            by_colour[us ^ 1] ^= to_bb
            by_kind[captured & 7] ^= to_bb
            if captured & 7 != MEDEQ:
                counting = (0, counting[1]) if us == BLACK else (counting[0], 0)  # R7.4: their number changed
        new_kind = promotion or kind
        board[frm] = 0
        board[to] = new_kind | us << 3
        by_colour[us] ^= from_bb ^ to_bb
        by_kind[kind] ^= from_bb
        by_kind[new_kind] ^= to_bb
        if kind == NEGUS:
            self.negus[us] = to
            if to - frm in (2, -2):
                self._move_castling_der(us)
        if self.castling:
            self._update_castling(us, frm, to, kind)
        self.halfmove = 0 if captured or kind == MEDEQ else self.halfmove + 1
        if promotion:
            counting = (0, counting[1]) if us == WHITE else (counting[0], 0)
        elif kind != MEDEQ and kind != NEGUS and self.piece_count(us) == 1:
            counting = (counting[0] + 1, counting[1]) if us == WHITE else (counting[0], counting[1] + 1)
        self.counting = counting
        if self.turn is not None:
            self.turn = us ^ 1
            if us == BLACK:
                self.fullmove += 1

    def pop(self) -> int:
        """Takes back the last move pushed and returns it."""
        move, us, code, captured, castling, halfmove, fullmove, counting, turn = self._undo.pop()
        frm, to = move & 63, move >> 6 & 63
        board, by_colour, by_kind = self.board, self.by_colour, self.by_kind
        from_bb, to_bb = 1 << frm, 1 << to
        kind = code & 7
        by_kind[board[to] & 7] ^= to_bb
        by_kind[kind] ^= from_bb
        by_colour[us] ^= from_bb ^ to_bb
        board[to] = captured
        board[frm] = code
        if captured:
            by_colour[us ^ 1] ^= to_bb
            by_kind[captured & 7] ^= to_bb
        if kind == NEGUS:
            self.negus[us] = frm
            if to - frm in (2, -2):
                self._move_castling_der(us, back=True)
        self.castling, self.halfmove, self.fullmove, self.counting, self.turn = (
            castling,
            halfmove,
            fullmove,
            counting,
            turn,
        )
        return move

    def _move_castling_der(self, us: int, back: bool = False) -> None:
        home, beside = CASTLING_DER[us]
        frm, to = (beside, home) if back else (home, beside)
        self.board[to], self.board[frm] = self.board[frm], 0
        self.by_colour[us] ^= 1 << frm | 1 << to
        self.by_kind[DER] ^= 1 << frm | 1 << to

    def _update_castling(self, us: int, frm: int, to: int, kind: int) -> None:
        """R6.2: a side loses castling when its negus or that der moves, or the der is taken."""
        if kind == NEGUS or frm == CASTLING_HOME[us][1]:
            self.castling &= ~CASTLING_BIT[us]
        if to == CASTLING_HOME[us ^ 1][1]:
            self.castling &= ~CASTLING_BIT[us ^ 1]
