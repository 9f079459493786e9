"""The reviews' pages: the queue of an account's missed puzzles and course tasks on the spaced schedule
(`reviews`), and the way to the next one due, which is the trainer's puzzle page or the course's
task page. They live in the project, above both rooms, since a queue holds items of each."""

from dataclasses import dataclass
from datetime import date
from functools import cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.db import connection
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format, time_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from accounts.requests import AuthenticatedHttpRequest
from course import content
from course import services as course_services
from course.models import Task
from reviews import queue, under_review
from reviews.models import Review
from trainer.focus import Focus
from trainer.models import Puzzle
from trainer.puzzle_words import theme_name
from trainer.views.solving import draw

#: The queue page lists this many cards a page, soonest first: more than a sitting's reviews, and each card
#: listed is a cost the page pays on every visit.
QUEUE_PAGE = 25
#: The parts of the queue a card listed is in, as the page's statement tells them.
DUE, LATER_TODAY, COMING = 0, 1, 2


@dataclass(frozen=True)
class Item:
    """A card as the queue lists it: its title and what it is, and when it comes back ("" when it is due)."""

    title: str
    about: str
    when: str


#: A page's items by the part of the queue they are in: due, later today, on the next days.
Parts = tuple[list[Item], list[Item], list[Item]]


def draw_items(listed: list[Item]) -> SafeString:
    """A list's items as its template loop drew them: the title, what it is, and when it comes."""
    return mark_safe(
        "".join(
            f"<li><strong>{escape(item.title)}</strong>"
            + (f' <span class="muted">· {escape(item.about)}</span>' if item.about else "")
            + (f" · {escape(item.when)}" if item.when else "")
            + "</li>"
            for item in listed
        )
    )


@cache
def _statement() -> str:
    """The account's cards in the queue from an offset, soonest first, each with the part of the queue it is
    in and its puzzle's themes; its parameters are the moment and the end of its day, the puzzles' kind, the
    account, those of `queue.in_queue`, the number of cards and the offset."""
    cards, puzzles = (connection.ops.quote_name(model._meta.db_table) for model in (Review, Puzzle))
    due = f"{cards}.due"
    return (
        f"SELECT CASE WHEN {due} <= %s THEN {DUE} WHEN {due} < %s THEN {LATER_TODAY} ELSE {COMING} END,"
        f" {due}, {cards}.kind, {cards}.item, p.themes FROM {cards}"
        f" LEFT JOIN {puzzles} p ON {cards}.kind = %s AND p.id = {cards}.item"
        f" WHERE {cards}.user_id = %s AND {queue.in_queue()[0]}"
        f" ORDER BY {due}, {cards}.id LIMIT %s OFFSET %s"
    )


class ThemeNames(dict[str, str]):
    """The themes' names in the page's language, each found once a page."""

    def __missing__(self, theme: str) -> str:
        name = self[theme] = theme_name(theme)
        return name


class DayNames(dict[date, str]):
    """The days in the page's language, each written once a page."""

    def __missing__(self, day: date) -> str:
        name = self[day] = date_format(day)
        return name


def items(user: User, day: queue.Queue, offset: int) -> Parts:
    """A page of the account's cards from this place in the queue with their titles, by the part of the
    queue they are in, in one statement of SQL (`_statement`): a puzzle by its number and themes, a task by
    its title and its lesson's from the course's outline (one gone from it since is left out). Built by the
    ORM, the page's reads cost several times what the database takes to answer them; only the moments
    shown are read as dates."""
    at, evening = queue.moment(day.now), queue.moment(day.evening)
    params = (at, evening, Review.Kind.PUZZLE, user.pk, *queue.in_queue()[1], QUEUE_PAGE, offset)
    with connection.cursor() as cursor:
        cursor.execute(_statement(), params)
        rows = cursor.fetchall()
    tasks = {task.pk: (task, lesson) for lesson in content.outline() for task in lesson.tasks}
    due_of, themes_named, days = queue.due_from_db(), ThemeNames(), DayNames()
    title, at_time = _("Puzzle %(number)s"), _("at %(time)s")
    parts: Parts = ([], [], [])
    for part, due, kind, item, themes in rows:
        when = ""
        if part == LATER_TODAY:
            when = at_time % {"time": time_format(localtime(due_of(due)))}
        elif part == COMING:
            when = days[localtime(due_of(due)).date()]
        if kind == Review.Kind.PUZZLE:
            about = ", ".join(themes_named[theme] for theme in themes.split())
            parts[part].append(Item(title % {"number": item}, about, when))
        elif item in tasks:
            task, lesson = tasks[item]
            parts[part].append(Item(task.local_title, lesson.local_title, when))
    return parts


@login_required
@require_safe
def queue_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The queue's figures, then its cards a page at a time, soonest first, each page's cards by when they
    come: due now, later today, on the next days (a page past the last shows the last, one that is not a
    number the first). The pages are of the queue's places, counted with its figures, so the page reads
    only the cards it shows."""
    day = queue.of(request.user)
    page = Paginator(range(day.total), QUEUE_PAGE).get_page(request.GET.get("page"))
    due, later_today, coming = (
        items(request.user, day, (page.number - 1) * QUEUE_PAGE) if day.total else ([], [], [])
    )
    context = {
        "queue": day,
        "page": page,
        "due": draw_items(due),
        "later_today": draw_items(later_today),
        "coming": draw_items(coming),
    }
    return render(request, "review_queue.html", context)


@login_required
@require_safe
def next_review(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The first item due: a puzzle is drawn here, as a fresh try marked as a review (its try keeps the
    mark); a task begins a fresh try and is marked in the session, then its page is shown. When none is due,
    back to the queue with a word."""
    card = queue.first(request.user)
    if card is None:
        under_review.unmark(request.session)
        messages.info(request, _("No review is due now: well done."))
        return redirect("reviews:queue")
    if card.kind == Review.Kind.PUZZLE:
        puzzle = Puzzle.objects.get(pk=card.item)
        return draw(request, puzzle, Focus(review=True), fresh=True)
    task = Task.objects.select_related("lesson").get(pk=card.item)
    course_services.begin_review(request.session, task)
    under_review.mark(request.session, Review.Kind.TASK, task.pk)
    return redirect("course:task", lesson=task.lesson.slug, number=task.order)
