"""The signed-in player's dashboard."""

from functools import partial

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from accounts.own_lists import read_page
from accounts.requests import AuthenticatedHttpRequest
from reviews import queue
from trainer import answers, page_links, runs, selectors, services
from trainer.chart_geometry import ratings_chart
from trainer.chart_markup import draw_history_rows, draw_retry_items, draw_theme_rows
from trainer.rating import PROVISIONAL_RD

HISTORY_PAGE = 20


@login_required
@require_safe
def dashboard_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The signed-in player's own dashboard; it reads request.user only, whatever the query string says."""
    attempts = read_page(partial(selectors.history_rows, request.user), request.GET.get("page"), HISTORY_PAGE)
    rows = attempts.rows
    context: dict[str, object] = {
        "attempts": attempts,
        "rows": rows,
        "history_rows": draw_history_rows(rows),
        "links": page_links.links(),
    }
    if request.htmx:
        return render(request, "trainer/dashboard.html#history", context)
    rating = services.player_rating(request.user)
    retry, retry_count = selectors.missed(request.user)
    themes = selectors.theme_results(request.user)
    series = selectors.rating_series(request.user)
    context.update(
        answers=answers.unread(request.user),
        reviews=queue.of(request.user),
        rating=rating,
        provisional=rating.rd > PROVISIONAL_RD,
        chart=ratings_chart(*series) if series else None,
        themes=themes,
        theme_rows=draw_theme_rows(themes),
        retry=retry,
        retry_items=draw_retry_items(retry),
        retry_count=retry_count,
        run_bests=runs.bests(request.user),
        retry_counted=selectors.RETRY_COUNTED,
        theme_window=selectors.THEME_WINDOW,
    )
    return render(request, "trainer/dashboard.html", context)
