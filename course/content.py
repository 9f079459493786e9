"""What the course holds as every visitor sees it, kept in Django's cache per language: the outline (lessons
and their tasks, in order, with their titles), each lesson's text and diagram as drawn, and the course
map's lessons as drawn with holes for each visitor's figures. Nothing personal is ever kept here: stars,
progress and forms are added by the pages for each visitor.

Every key carries the course's version, which a change to any lesson or task replaces (`changed`, connected
to their saves and deletes): the next read misses and draws afresh. With a cache shared by all workers that
is immediate; with one cache per worker (local memory), the worker that saved sees it at once and the others
within CONTENT_SECONDS (and the few NEAR_SECONDS that a process keeps its own copy)."""

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar, cast

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from course import task_verdicts
from course.models import Lesson, Task
from senterej.engine import Position

VERSION_KEY = "course:version"
#: The longest a worker with a cache of its own may show a lesson as it was before an edit.
CONTENT_SECONDS = 5 * 60

T = TypeVar("T")


@dataclass(frozen=True)
class TaskEntry:
    pk: int
    lesson_slug: str
    order: int
    local_title: str


@dataclass(frozen=True)
class LessonEntry:
    pk: int
    slug: str
    order: int
    local_title: str
    tasks: tuple[TaskEntry, ...]


@dataclass(frozen=True)
class LessonText:
    """A lesson's page as every visitor sees it: its entry in the outline and its text and diagram, drawn."""

    entry: LessonEntry
    html: SafeString


def version() -> str:
    found: str | None = cache.get(VERSION_KEY)
    if found is None:
        found = str(time.time_ns())
        if not cache.add(VERSION_KEY, found, None):  # another request set it first: use theirs
            found = cache.get(VERSION_KEY, found)
    return found


def changed(**kwargs: object) -> None:
    """A lesson or a task was saved or deleted: every kept piece of the course is out of date."""
    cache.set(VERSION_KEY, str(time.time_ns()), None)


#: This process's own copies of kept pieces, each for a few seconds at most: they spare every request
#: the cache's copy (unpickled anew on each read), and their keys carry the course's version like the
#: cache's. Every kept piece is immutable (frozen entries, tuples, strings), so one copy serves all threads.
_NEAR: dict[str, tuple[float, object]] = {}
NEAR_SECONDS = 10
#: Pieces beyond this many in the process's copies (a few per lesson and language) start them afresh.
NEAR_MOST = 1000


def _kept(name: str, make: Callable[[], T], *, shared: bool = True) -> T:
    """The piece kept under `name`, made by `make` on a miss. `shared=False` for a mutable piece (a model
    instance): every request then gets its own copy from the cache, never the process's one."""
    key = f"course:{version()}:{get_language()}:{name}"
    now = time.monotonic()
    near = _NEAR.get(key) if shared else None
    if near is not None and near[0] > now:
        return cast(T, near[1])
    found: T | None = cache.get(key)
    if found is None:
        found = make()
        cache.set(key, found, CONTENT_SECONDS)
    if not shared:
        return found
    if len(_NEAR) >= NEAR_MOST:
        _NEAR.clear()
    _NEAR[key] = (now + NEAR_SECONDS, found)
    return found


def _outline() -> tuple[LessonEntry, ...]:
    return tuple(
        LessonEntry(
            lesson.pk,
            lesson.slug,
            lesson.order,
            lesson.local_title,
            tuple(
                TaskEntry(task.pk, lesson.slug, task.order, task.local_title) for task in lesson.tasks.all()
            ),
        )
        for lesson in Lesson.objects.prefetch_related("tasks")
    )


def outline() -> tuple[LessonEntry, ...]:
    """The lessons in order, each with its tasks in order."""
    return _kept("outline", _outline)


def all_tasks() -> list[TaskEntry]:
    return [task for lesson in outline() for task in lesson.tasks]


def lesson_entry(slug: str) -> LessonEntry | None:
    return next((lesson for lesson in outline() if lesson.slug == slug), None)


def next_lesson(entry: LessonEntry) -> LessonEntry | None:
    return next((lesson for lesson in outline() if lesson.order > entry.order), None)


def _lesson_text(slug: str) -> LessonText | None:
    entry = lesson_entry(slug)
    lesson = Lesson.objects.filter(slug=slug).first()
    if entry is None or lesson is None:
        return None
    context = {
        "lesson": lesson,
        "diagram": Position.from_fen(lesson.diagram_fen) if lesson.diagram_fen else None,
        "paragraphs": [part.strip() for part in lesson.local_intro.split("\n\n") if part.strip()],
    }
    return LessonText(entry, render_to_string("course/lesson.html#text", context))


def lesson_text(slug: str) -> LessonText | None:
    """The lesson's text and diagram as drawn, or None when there is no such lesson (never kept)."""
    if lesson_entry(slug) is None:
        return None
    return _kept(f"lesson:{slug}", lambda: _lesson_text(slug))


def task(lesson_slug: str, number: int) -> Task | None:
    """The task `number` of the lesson, with its lesson, as stored (a copy of its own for each request), or
    None when there is none (never kept)."""

    def read() -> Task | None:
        return Task.objects.select_related("lesson").filter(lesson__slug=lesson_slug, order=number).first()

    return _kept(f"task:{lesson_slug}:{number}", read, shared=False)


def task_siblings(task: Task) -> tuple[LessonEntry, int] | None:
    """The task's lesson in the outline and the task's place in it."""
    for lesson in outline():
        if lesson.pk == task.lesson_id:
            for index, entry in enumerate(lesson.tasks):
                if entry.pk == task.pk:
                    return lesson, index
    return None


#: A figure of one visitor's in the kept course map: NUL, the lesson's id, the figure's name, NUL. A NUL
#: never comes from the course's text, and the template language writes it as it is.
_HOLE = re.compile("\x00([0-9]+)\\.([a-z]+)\x00")
#: A lesson's figures on the map that differ from one visitor to the next.
MAP_FIGURES = ("done", "stars", "state")


def _map_items() -> str:
    def hole(lesson: LessonEntry, name: str) -> str:
        return f"\x00{lesson.pk}.{name}\x00"

    lessons = [
        {
            "lesson": lesson,
            "max_stars": 3 * len(lesson.tasks),
            "tasks_done": task_verdicts.tasks_done(hole(lesson, "done"), len(lesson.tasks)),
            "stars_of": task_verdicts.stars_of(hole(lesson, "stars"), 3 * len(lesson.tasks)),
            **{name: hole(lesson, name) for name in MAP_FIGURES},
        }
        for lesson in outline()
    ]
    return render_to_string("course/map.html#lessons", {"lessons": lessons})


def map_items(figures: Mapping[int, Mapping[str, str]]) -> SafeString:
    """The course map's lessons with one visitor's figures: by lesson id, the tasks done, the stars and the
    item's state (" is-done" or ""). The lessons are drawn once per language and course version, with
    holes for the figures."""
    drawn = _kept("map", _map_items)
    nothing = {"done": "0", "stars": "0", "state": ""}
    return mark_safe(_HOLE.sub(lambda hole: figures.get(int(hole[1]), nothing)[hole[2]], drawn))
