"""The My games page: a person's games on every device, filtered and a page at a time, with the ways to log in
or sign up that keep a visitor's games. What the list holds and says is `play/my_games.py`'s."""

from functools import partial

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from accounts import way_back
from accounts.own_lists import read_page
from play.forms import GamesFilter, drawn_filters
from play.my_games import games_of, holder, row
from play.my_games_markup import draw_rows

GAMES_PAGE = 20


@require_safe
def my_games(request: HttpRequest) -> HttpResponse:
    form = GamesFilter(request.GET)
    person = holder(request)
    filters, status = (form.cleaned_data, 200) if form.is_valid() else ({}, 400)
    page = read_page(partial(games_of, person, **filters), request.GET.get("page"), GAMES_PAGE)
    rows = [row(game, person.sides(game)) for game in page.rows]
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "drawn_filters": drawn_filters(form),
        "page": page,
        "drawn_rows": draw_rows(rows),
        "rows": rows,
        "filtered": any(request.GET.get(name) for name in form.fields),
        "query": query.urlencode(),
        "way_in": _way_in(request),
    }
    return render(request, "play/my_games.html", context, status=status)


def _way_in(request: HttpRequest) -> dict[str, str]:
    """The sign-up and log-in addresses, each leading back to this page."""
    query = f"?{urlencode({'next': way_back.from_here(request)})}"
    return {"login": reverse("login") + query, "signup": reverse("signup") + query}
