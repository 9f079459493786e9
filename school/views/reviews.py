"""The reviews' pages: the queue of an account's missed puzzles and course tasks on the spaced schedule
(`reviews`), and the way to the next one due, which is the trainer's puzzle page or the course's
task page. They live in the project, above both rooms, since a queue holds items of each."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
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
from course import services as course_services
from course.models import Lesson, Task
from reviews import queue, under_review
from reviews.models import Review
from trainer.focus import Focus
from trainer.models import Puzzle
from trainer.puzzle_words import theme_name
from trainer.views.solving import draw

#: The queue page lists this many cards a page, soonest first: more than a sitting's reviews, and each card
#: listed is a cost the page pays on every visit.
QUEUE_PAGE = 25
#: What the page reads of a task and of its lesson: their titles in each language.
TITLE_FIELDS = ("id", "title", "title_sk")


@dataclass(frozen=True)
class Item:
    """A card as the queue lists it: its title and what it is, and when it comes back."""

    due: datetime
    title: str
    about: str


def draw_items(listed: list[Item], when: Callable[[datetime], str] | None = None) -> SafeString:
    """A list's items as its template loop drew them: the title, what it is, and when it comes."""
    return mark_safe(
        "".join(
            f"<li><strong>{escape(item.title)}</strong>"
            + (f' <span class="muted">· {escape(item.about)}</span>' if item.about else "")
            + (f" · {escape(when(item.due))}" if when else "")
            + "</li>"
            for item in listed
        )
    )


@cache
def _statement() -> str:
    """The account's cards in the queue from an offset, soonest first, each with its puzzle's themes or its
    task's and lesson's titles; its parameters are the two kinds, the account, those of `queue.in_queue`,
    the number of cards and the offset."""
    quote = connection.ops.quote_name
    table = {
        name: quote(model._meta.db_table)
        for name, model in (("cards", Review), ("puzzles", Puzzle), ("tasks", Task), ("lessons", Lesson))
    }
    card = f"{table['cards']}."

    def picked(alias: str) -> str:
        return ", ".join(f"{alias}.{quote(name)}" for name in TITLE_FIELDS)

    return (
        f"SELECT {card}due, {card}kind, {card}item, p.themes, {picked('t')}, {picked('l')}"
        f" FROM {table['cards']}"
        f" LEFT JOIN {table['puzzles']} p ON {card}kind = %s AND p.id = {card}item"
        f" LEFT JOIN {table['tasks']} t ON {card}kind = %s AND t.id = {card}item"
        f" LEFT JOIN {table['lessons']} l ON l.id = t.lesson_id"
        f" WHERE {card}user_id = %s AND {queue.in_queue()[0]}"
        f" ORDER BY {card}due, {card}id LIMIT %s OFFSET %s"
    )


class ThemeNames(dict[str, str]):
    """The themes' names in the page's language, each found once a page."""

    def __missing__(self, theme: str) -> str:
        name = self[theme] = theme_name(theme)
        return name


def items(user: User, offset: int) -> list[Item]:
    """A page of the account's cards from this place in the queue with their titles, in one statement of SQL
    (`_statement`): a puzzle by its number and themes, a task by its title and its lesson's. Built by the
    ORM, the page's reads cost several times what the database takes to answer them."""
    params = (Review.Kind.PUZZLE, Review.Kind.TASK, user.pk, *queue.in_queue()[1], QUEUE_PAGE, offset)
    with connection.cursor() as cursor:
        cursor.execute(_statement(), params)
        rows = cursor.fetchall()
    db, due_of, names = Task.objects.db, queue.due_from_db(), ThemeNames()
    listed, title = [], _("Puzzle %(number)s")
    for due, kind, item, themes, *titles in rows:
        if kind == Review.Kind.PUZZLE:
            about = ", ".join(names[theme] for theme in themes.split())
            listed.append(Item(due_of(due), title % {"number": item}, about))
        else:
            task = Task.from_db(db, TITLE_FIELDS, titles[: len(TITLE_FIELDS)])
            lesson = Lesson.from_db(db, TITLE_FIELDS, titles[len(TITLE_FIELDS) :])
            listed.append(Item(due_of(due), task.local_title, lesson.local_title))
    return listed


@login_required
@require_safe
def queue_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The queue's figures, then its cards a page at a time, soonest first, each page's cards by when they
    come: due now, later today, on the next days (a page past the last shows the last, one that is not a
    number the first). The pages are of the queue's places, counted with its figures, so the page reads
    only the cards it shows."""
    day = queue.of(request.user)
    page = Paginator(range(day.total), QUEUE_PAGE).get_page(request.GET.get("page"))
    listed = items(request.user, (page.number - 1) * QUEUE_PAGE) if day.total else []
    at, evening = _("at %(time)s"), day.evening
    context = {
        "queue": day,
        "page": page,
        "due": draw_items([item for item in listed if item.due <= day.now]),
        "later_today": draw_items(
            [item for item in listed if day.now < item.due < evening],
            lambda due: at % {"time": time_format(localtime(due))},
        ),
        "coming": draw_items(
            [item for item in listed if item.due >= evening],
            lambda due: date_format(localtime(due)),
        ),
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
