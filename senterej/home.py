"""The front door: the site's home page, which leads into every room."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from classes.selectors import home_block
from senterej.engine import DER, FERES, FERS, FIL, MEDEQ, NEGUS, START_FEN, WHITE, Piece, Position

# The six men in the order the home page introduces them, keyed by their Senterej names for the template.
THE_MEN = {
    piece.name: piece for piece in (Piece(WHITE, kind) for kind in (NEGUS, FERS, DER, FIL, FERES, MEDEQ))
}


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    context = {"position": Position.from_fen(START_FEN), "men": THE_MEN, "classes": home_block(request.user)}
    return render(request, "home.html", context)
