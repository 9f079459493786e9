"""The words for what a wrong move of a one-move task misses (course.aims) and for a move of a man a drill is
not for. Each man has a sentence of its own wherever Slovak declines its name ("tvojho dera", "derom"), so
that every sentence reads as written, not as a name put into a frame."""

from django.utils.translation import gettext as _

from course.aims import CHECK, COUNT, MAN, PROMOTES, SAFE, SQUARE, TAKES, THREATENS, Aim
from senterej.engine import DER, FERES, FERS, FIL, MEDEQ, NEGUS, square_name


def other_man(kind: int) -> str:
    """A drill for one man refuses a move of another: which man to move, and that the move cost nothing."""
    ask = {
        NEGUS: _("This task is for your negus: move the negus."),
        FERS: _("This task is for your fers: move the fers."),
        DER: _("This task is for your der: move the der."),
        FIL: _("This task is for your fil: move the fil."),
        FERES: _("This task is for your feres: move the feres."),
        MEDEQ: _("This task is for your medeq: move the medeq."),
    }[kind]
    free = _("That move was not played, and it costs you nothing.")
    return f"{ask} {free}"


def missed_sentence(missed: tuple[Aim, ...]) -> str:
    """What a wrong move fails to do, one clause for each aim it misses."""
    clauses = "; ".join(_clause(aim) for aim in missed)
    return _("That move is not what the task asks: %(missed)s.") % {"missed": clauses}


def _clause(aim: Aim) -> str:
    square = {"square": square_name(aim.square)} if aim.square >= 0 else {}
    if aim.what == CHECK:
        return _("it gives no check")
    if aim.what == COUNT:
        return _("it neither takes a man nor moves a medeq, so the seventy-move count runs on (R8.2)")
    if aim.what == SQUARE:
        return _("it does not reach %(square)s") % square
    if aim.what == TAKES:
        return {
            FERS: _("it takes no fers"),
            DER: _("it takes no der"),
            FIL: _("it takes no fil"),
            FERES: _("it takes no feres"),
            MEDEQ: _("it takes no medeq"),
        }[aim.kind]
    if aim.what == THREATENS:
        return {
            FERS: _("it does not attack the fers on %(square)s"),
            DER: _("it does not attack the der on %(square)s"),
            FIL: _("it does not attack the fil on %(square)s"),
            FERES: _("it does not attack the feres on %(square)s"),
        }[aim.kind] % square
    if aim.what == PROMOTES:
        return {
            FERS: _("your medeq does not become a fers"),
            DER: _("your medeq does not become a der"),
            FIL: _("your medeq does not become a fil"),
            FERES: _("your medeq does not become a feres"),
        }[aim.kind]
    if aim.what == MAN:
        return {
            NEGUS: _("it does not move your negus"),
            FERS: _("it does not move your fers"),
            DER: _("it does not move your der"),
            FIL: _("it does not move your fil"),
            FERES: _("it does not move your feres"),
            MEDEQ: _("it does not move your medeq"),
        }[aim.kind]
    assert aim.what == SAFE
    return {
        FERS: _("your fers on %(square)s can be taken"),
        DER: _("your der on %(square)s can be taken"),
        FIL: _("your fil on %(square)s can be taken"),
        FERES: _("your feres on %(square)s can be taken"),
        MEDEQ: _("your medeq on %(square)s can be taken"),
    }[aim.kind] % square
