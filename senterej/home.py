"""The front door: the site's home page, which leads into every room."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from classes.selectors import home_block
from senterej.board.view import THE_MEN
from senterej.engine import START_FEN, Position


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    context = {"position": Position.from_fen(START_FEN), "men": THE_MEN, "classes": home_block(request.user)}
    return render(request, "home.html", context)
