"""Why a move is not legal, in words a learner understands. The engine says that a move is illegal; this says
why, by the rule it breaks (R2 moves, R3 promotion, R6 castling, R2.7 the negus's safety)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from senterej.engine import DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE, Position, square_name
from senterej.engine.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    UnreadableMoveError,
    parse_coordinate,
    parse_san,
)
from senterej.engine.position import move_from, move_promotion, move_to
from senterej.engine.squares import (
    FERES_ATTACKS,
    FERS_ATTACKS,
    FIL_ATTACKS,
    MEDEQ_ATTACKS,
    NEGUS_ATTACKS,
    der_attacks,
)

NAMES = {
    NEGUS: gettext_lazy("negus"),
    FERS: gettext_lazy("fers"),
    DER: gettext_lazy("der"),
    FIL: gettext_lazy("fil"),
    FERES: gettext_lazy("feres"),
    MEDEQ: gettext_lazy("medeq"),
}
HOW_IT_MOVES = {
    NEGUS: gettext_lazy("The negus steps one square in any direction."),
    FERS: gettext_lazy("The fers steps exactly one square diagonally."),
    DER: gettext_lazy("The der moves any distance along a rank or a file, over empty squares."),
    FIL: gettext_lazy("The fil leaps exactly two squares diagonally, over whatever stands between."),
    FERES: gettext_lazy("The feres leaps like a chess knight: two squares one way and one to the side."),
    MEDEQ: gettext_lazy(
        "The medeq steps one square straight forward onto an empty square, and takes one square diagonally "
        "forward. There is no double step."
    ),
}
LEAPS = {NEGUS: NEGUS_ATTACKS, FERS: FERS_ATTACKS, FIL: FIL_ATTACKS, FERES: FERES_ATTACKS}


def lost_names(position: Position, side: int) -> str:
    return ", ".join(str(NAMES[kind]) for kind in position.lost_kinds(side))


def illegal_move_message(position: Position, text: str, side: int) -> str:
    """The reason `text` is not a legal move for `side` here (it has already been found illegal)."""
    try:
        move = parse_coordinate(text)
    except UnreadableMoveError:
        return _san_message(position, text, side)
    return illegal_reason(position, move, side)


def _san_message(position: Position, text: str, side: int) -> str:
    try:
        parse_san(position, text, side)
    except AmbiguousMoveError:
        return _("%(move)s fits more than one move: say which man moves, like Rad1 or R1a3.") % {"move": text}
    except UnreadableMoveError:
        return _("%(move)s is not a move: write it like e2e3, or in short like Nf3.") % {"move": text}
    except IllegalMoveError:
        pass
    return _("%(move)s is not a legal move in this position.") % {"move": text}


def illegal_reason(position: Position, move: int, side: int) -> str:
    frm, to = move_from(move), move_to(move)
    man = position.piece_at(frm)
    squares = {"from": square_name(frm), "to": square_name(to)}
    if man is None:
        return _("There is no man on %(from)s.") % squares
    if man.colour != side:
        return _("The man on %(from)s is not yours.") % squares
    target = position.piece_at(to)
    if frm != to and target is not None and target.colour == side:
        return _("Your own %(man)s stands on %(to)s.") % {"man": NAMES[target.kind], **squares}
    last_rank = 7 if side == WHITE else 0
    if man.kind == MEDEQ and frm // 8 == last_rank and frm != to:
        return _(
            "A medeq waiting on the last rank has no ordinary move: it can only become, where it stands, "
            "a piece its side has lost."
        )
    if man.kind == MEDEQ and to // 8 == last_rank:
        reason = _promotion_reason(position, move, side)
        if reason:
            return reason
    if man.kind == NEGUS and abs(to - frm) == 2 and frm // 8 == to // 8:
        if position.werera is None:
            return _("Castling exists only during the werera.")
        return _(
            "Castling needs the negus and the der unmoved, the squares between them empty, and no attack on "
            "the squares the negus crosses and lands on."
        )
    if not _moves_so(position, man.kind, side, frm, to):
        if man.kind == MEDEQ and abs(to - frm) == 16 and frm % 8 == to % 8:
            return _("A medeq steps one square forward: there is no double step in Senterej.")
        if man.kind == DER and der_attacks(frm, 0) >> to & 1:
            return _("Something stands in the der's way.")
        return _("A %(man)s cannot move from %(from)s to %(to)s. %(how)s") % {
            "man": NAMES[man.kind],
            "how": HOW_IT_MOVES[man.kind],
            **squares,
        }
    return _safety_reason(position, man.kind, side, squares)


def _safety_reason(position: Position, kind: int, side: int, squares: dict[str, str]) -> str:
    """R2.7: the man may go there, but his own negus would then be attacked."""
    if kind == NEGUS:
        return _("Your negus may not step onto %(to)s: it would be attacked there.") % squares
    if position.turn is not None and position.is_check(side):
        return _("Your negus is in check, and this move does not save it.")
    # Not in check, yet the move lets an attack through to the negus: the man stood in its way.
    return _("The %(man)s on %(from)s is pinned: moving it there would leave your negus in check.") % {
        "man": NAMES[kind],
        **squares,
    }


def _promotion_reason(position: Position, move: int, side: int) -> str:
    frm, to, promotion = move_from(move), move_to(move), move_promotion(move)
    same_squares = [m for m in position.legal_moves(side) if move_from(m) == frm and move_to(m) == to]
    lost = position.lost_kinds(side)
    if frm == to and not lost:
        return _("Your side has lost no piece, so this medeq waits where it stands.")
    if frm == to and position.turn is not None and position.is_check(side):
        return _("Your negus is in check: promoting where the medeq stands does not save it.")
    if not same_squares:
        return ""
    if not lost:
        return _("Your side has lost no piece, so the medeq cannot promote: it waits on the last rank.")
    kinds = {"kinds": lost_names(position, side)}
    if not promotion:
        return _("A medeq on the last rank must become a piece its side has lost: %(kinds)s.") % kinds
    return _("A medeq can only become a piece its side has lost: %(kinds)s.") % kinds


def _moves_so(position: Position, kind: int, side: int, frm: int, to: int) -> bool:
    """Whether the man's way of moving (R2) takes it from `frm` to `to`, whatever the negus's safety."""
    occupied = position.by_colour[0] | position.by_colour[1]
    if kind == DER:
        return bool(der_attacks(frm, occupied) >> to & 1)
    if kind == MEDEQ:
        if MEDEQ_ATTACKS[side][frm] >> to & 1:
            return position.piece_at(to) is not None
        return to == frm + (8 if side == WHITE else -8) and not occupied >> to & 1
    return bool(LEAPS[kind][frm] >> to & 1)
