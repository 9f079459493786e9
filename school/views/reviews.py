"""The reviews' pages: the queue of an account's missed puzzles and course tasks on the spaced schedule
(`reviews`), and the way to the next one due, which is the trainer's puzzle page or the course's
task page. They live in the project, above both rooms, since a queue holds items of each."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import QuerySet
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


@dataclass(frozen=True)
class Item:
    """A card as the queue lists it: its title and what it is, and when it comes back."""

    card: Review
    title: str
    about: str


class QueuePaginator(Paginator[Review]):
    """The queue's pages, told the queue's length (read with its other figures) rather than counting it."""

    def __init__(self, cards: QuerySet[Review], total: int) -> None:
        super().__init__(cards, QUEUE_PAGE)
        self.total = total

    @cached_property
    def count(self) -> int:
        return self.total


def draw_items(listed: list[Item], when: Callable[[Review], str] | None = None) -> SafeString:
    """A list's items as its template loop drew them: the title, what it is, and when it comes."""
    return mark_safe(
        "".join(
            f"<li><strong>{escape(item.title)}</strong>"
            + (f' <span class="muted">· {escape(item.about)}</span>' if item.about else "")
            + (f" · {escape(when(item.card))}" if when else "")
            + "</li>"
            for item in listed
        )
    )


def items(cards: list[Review]) -> list[Item]:
    """The cards' items with their titles: a puzzle by its number and themes, a task by its lesson and title
    (each kind read once; one gone since the queue was read is left out)."""
    puzzle_ids = [card.item for card in cards if card.kind == Review.Kind.PUZZLE]
    task_ids = [card.item for card in cards if card.kind == Review.Kind.TASK]
    puzzles = dict(Puzzle.objects.filter(pk__in=puzzle_ids).values_list("pk", "themes"))
    tasks = Task.objects.select_related("lesson").in_bulk(task_ids)
    listed, title = [], _("Puzzle %(number)s")
    for card in cards:
        themes, task = puzzles.get(card.item), tasks.get(card.item)
        if card.kind == Review.Kind.PUZZLE and themes is not None:
            about = ", ".join(str(theme_name(theme)) for theme in themes.split())
            listed.append(Item(card, title % {"number": card.item}, about))
        elif card.kind == Review.Kind.TASK and task is not None:
            listed.append(Item(card, task.local_title, task.lesson.local_title))
    return listed


@login_required
@require_safe
def queue_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The queue's figures, then its cards a page at a time, soonest first, each page's cards by when they
    come: due now, later today, on the next days (a page past the last shows the last, one that is not a
    number the first)."""
    day = queue.of(request.user)
    page = QueuePaginator(queue.waiting(request.user), day.total).get_page(request.GET.get("page"))
    listed = items(list(page))
    at = _("at %(time)s")
    context = {
        "queue": day,
        "page": page,
        "due": draw_items([item for item in listed if item.card.due <= day.now]),
        "later_today": draw_items(
            [item for item in listed if day.now < item.card.due < day.evening],
            lambda card: at % {"time": time_format(localtime(card.due))},
        ),
        "coming": draw_items(
            [item for item in listed if item.card.due >= day.evening],
            lambda card: date_format(localtime(card.due)),
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
