"""The signed-in player's dashboard."""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from accounts.requests import AuthenticatedHttpRequest
from reviews import queue
from trainer import answers, runs, selectors, services
from trainer.chart_geometry import rating_chart
from trainer.chart_markup import draw_history_rows, draw_retry_items, draw_theme_rows
from trainer.rating import PROVISIONAL_RD

HISTORY_PAGE = 20
#: A page number past this is read as the first: no one pages that far back by hand.
LAST_HISTORY_PAGE = 10_000


@dataclass(frozen=True)
class HistoryPage:
    """A page of the player's history, newest first, read without counting the history: the page's rows and
    one more, which says whether there is an older page."""

    number: int
    rows: list[selectors.HistoryEntry]
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def history_page(user: User, asked: str | None) -> HistoryPage:
    """The page `asked` of the player's history: the first for what is not a number from 1 to
    LAST_HISTORY_PAGE, and for a page past the oldest try."""
    number = int(asked) if asked and asked.isascii() and asked.isdecimal() and len(asked) < 6 else 1
    number = number if 1 <= number <= LAST_HISTORY_PAGE else 1
    start = (number - 1) * HISTORY_PAGE
    rows = [selectors.HistoryEntry(*row) for row in selectors.history(user)[start : start + HISTORY_PAGE + 1]]
    if not rows and number > 1:
        return history_page(user, None)
    return HistoryPage(number, rows[:HISTORY_PAGE], len(rows) > HISTORY_PAGE)


@login_required
@require_safe
def dashboard_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The signed-in player's own dashboard; it reads request.user only, whatever the query string says."""
    attempts = history_page(request.user, request.GET.get("page"))
    rows = attempts.rows
    context: dict[str, object] = {"attempts": attempts, "rows": rows, "history_rows": draw_history_rows(rows)}
    if request.htmx:
        return render(request, "trainer/dashboard.html#history", context)
    rating = services.player_rating(request.user)
    retry, retry_count = selectors.missed(request.user)
    themes = selectors.theme_results(request.user)
    context.update(
        answers=answers.unread(request.user),
        reviews=queue.of(request.user),
        rating=rating,
        provisional=rating.rd > PROVISIONAL_RD,
        chart=rating_chart(selectors.rating_series(request.user)),
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
