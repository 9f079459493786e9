"""Why a move chosen on the board is not legal, asked by the board's script when a man is dropped or a square
clicked that the man cannot reach. The answer is `explain.illegal_move_message`'s, the words the server says
when the same move is typed, so the board and the move form never disagree.

It keeps no state and reads nothing but the question (a position, a side, a move), so the answer is the same
for everyone and may be cached. A question no board would ask (a malformed position, a move that is not one,
the side not to move) is refused with 400."""

from django import forms
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from senterej.board.explain import illegal_move_message
from senterej.board.sides import Side
from senterej.engine import Position
from senterej.engine.fen import FenError
from senterej.engine.notation import parse_coordinate

#: The longest FEN of a legal position is well under this (R9.1: 64 squares in at most 71 characters, six
#: short fields); anything longer is not a position.
LONGEST_FEN = 100
#: A day: the rules do not change between deployments, and a new deployment may still repeat an old answer.
KEPT_FOR = 24 * 60 * 60
PLAIN = "text/plain; charset=utf-8"


class Question(forms.Form):
    fen = forms.CharField(max_length=LONGEST_FEN, strip=False)
    side = forms.ChoiceField(choices=Side.choices)
    move = forms.RegexField(regex=r"\A[a-h][1-8][a-h][1-8][qrbn]?\Z", max_length=5)


def refused(text: str) -> HttpResponse:
    return HttpResponseBadRequest(text, content_type=PLAIN)


@require_safe
def why(request: HttpRequest) -> HttpResponse:
    """200 with the reason the move is not legal, 204 when it is legal, 400 for a question no board asks."""
    question = Question(request.GET)
    if not question.is_valid():
        return refused(_("Ask with a position, a side and a move, like e2e3."))
    try:
        position = Position.from_fen(question.cleaned_data["fen"])
    except FenError as error:
        return refused(str(error))
    side = Side(question.cleaned_data["side"]).colour
    if position.turn is not None and position.turn != side:
        return refused(_("It is not that side's move."))
    text = question.cleaned_data["move"]
    if parse_coordinate(text) in position.legal_moves(side):
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(illegal_move_message(position, text, side), content_type=PLAIN)
    patch_cache_control(response, public=True, max_age=KEPT_FOR)
    return response
