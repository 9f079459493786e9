"""The front door: the site's home page, which leads into every room. Everyone finds a way in to each: the
course (started, or continued at its next task), the puzzles, a game, the rules, logging in and signing up.
A signed-in person also finds what is next for them: the reviews due today, the course's next task, their
puzzle rating, and what their classes still ask of them.

It stays cheap: the course's outline comes from the cache and a visitor's progress from their session, so a
visitor's page reads nothing more; a signed-in person's reads their progress, in one query their rating and
whether they are in a class, and their reviews' queue (`reviews.queue`: the cards, and each kind's
items still there). Only someone in a class pays for the classes' block. What is the same for everyone
(the start position's board, the werera and the six men) is drawn once per language and kept."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from accounts import way_back
from classes.models import Invitation, Membership
from classes.student_selectors import home_block
from course import content, resume, services
from reviews import queue
from senterej.board.view import THE_MEN
from senterej.engine import START_FEN, Position
from trainer.rating import PROVISIONAL_RD

#: The page's shared parts change only with a release: kept this long (a cache shared across releases needs a
#: KEY_PREFIX of its own per release, as for the rules page).
KEPT_SECONDS = 24 * 60 * 60
#: Only read by the board's drawing, when the kept board has expired.
START = Position.from_fen(START_FEN)


@dataclass(frozen=True)
class CourseStep:
    """Where the course goes on for this person (`course.resume`, the same as "Continue" on the course map),
    and whether any task has a star yet."""

    started: bool
    task: content.TaskEntry | None
    lesson: content.LessonEntry | None

    @property
    def finished(self) -> bool:
        return self.started and self.task is None

    @property
    def url(self) -> str:
        """A newcomer starts with the first lesson's explanation, a learner goes straight to the next task."""
        if self.task is not None and self.started:
            return reverse("course:task", args=[self.task.lesson_slug, self.task.order])
        if self.lesson is not None and not self.started:
            return reverse("course:lesson", args=[self.lesson.slug])
        return reverse("course:map")


def course_step(request: HttpRequest) -> CourseStep:
    place = resume.where(services.progress_of(request.session, request.user))
    outline = content.outline()
    lesson = next(
        (lesson for lesson in outline if place.task is not None and lesson.slug == place.task.lesson_slug),
        outline[0] if outline else None,
    )
    return CourseStep(started=place.started, task=place.task, lesson=lesson)


@dataclass(frozen=True)
class Standing:
    """A signed-in person's puzzle rating (None before their first rated puzzle) and whether they are in a
    class or invited to one."""

    rating: float | None
    provisional: bool
    in_classes: bool


_OPEN_CLASSES = {"school_class__archived_at": None}
#: Built once: its subqueries cost more to build than the query costs to run. Each request filters a copy.
_STANDINGS = User.objects.annotate(
    member=Exists(Membership.objects.filter(student=OuterRef("pk"), **_OPEN_CLASSES)),
    invited=Exists(Invitation.objects.filter(user=OuterRef("pk"), **_OPEN_CLASSES)),
).values_list("puzzle_rating__rating", "puzzle_rating__rating_deviation", "member", "invited")


def standing(user: User) -> Standing:
    rating, deviation, member, invited = _STANDINGS.filter(pk=user.pk).get()
    return Standing(
        rating=rating,
        provisional=deviation is None or deviation > PROVISIONAL_RD,
        in_classes=member or invited,
    )


def way_in(request: HttpRequest) -> dict[str, str]:
    """The log-in and sign-up addresses, each leading back to this page."""
    back = way_back.from_here(request)
    query = f"?{urlencode({'next': back})}" if back else ""
    return {"login": reverse("login") + query, "signup": reverse("signup") + query}


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    user = request.user
    known = standing(user) if isinstance(user, User) else None
    context = {
        "position": START,
        "kept_seconds": KEPT_SECONDS,
        "men": THE_MEN,
        "course": course_step(request),
        "standing": known,
        "reviews": queue.of(user) if isinstance(user, User) else None,
        "way_in": None if known else way_in(request),
        "classes": home_block(user) if known is not None and known.in_classes else {"show": False},
    }
    return render(request, "home.html", context)
