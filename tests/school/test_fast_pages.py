"""Pages that only show something write nothing: no session is made for a visitor without one, and a
session that exists is left as it was. What every visitor sees alike (the rules page, the course's content)
is kept in the cache per language, and a change to a lesson or a task renews it."""

import html
import re
import time

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import Client
from django.urls import reverse

from course.models import Lesson, Task
from testing.factories import LessonFactory, PuzzleFactory, TaskFactory

pytestmark = pytest.mark.django_db

QUICK_FEN = "7k/8/8/8/8/8/8/R3K3 w - - 0 1 0/0"


@pytest.fixture
def course():
    lesson = LessonFactory(
        slug="der", title="The der", title_sk="Veža", intro="It slides.", rules_anchor="r2"
    )
    task = Task.objects.create(
        lesson=lesson,
        order=1,
        title="Two stars",
        prompt="Collect the stars.",
        fen=QUICK_FEN,
        goal="stars",
        squares="a5 e5",
        max_moves=6,
        par=2,
        solution="a1a5 a5e5",
    )
    TaskFactory(lesson=lesson, order=2)
    return lesson, task


def addresses(lesson: Lesson, task: Task) -> list[str]:
    puzzle = PuzzleFactory()
    return [
        reverse("home"),
        reverse("course:map"),
        reverse("course:lesson", args=[lesson.slug]),
        reverse("course:task", args=[lesson.slug, task.order]),
        reverse("course:rules"),
        reverse("trainer:train"),
        reverse("trainer:puzzle", args=[puzzle.pk]),
        "/sk" + reverse("trainer:train"),
        reverse("analysis:board") + "?moves=&rounds=e2e3:d7d6",
    ]


def test_a_visitor_without_a_cookie_gets_no_session(client, course):
    for address in addresses(*course):
        answer = client.get(address)
        assert answer.status_code == 200, address
        assert settings.SESSION_COOKIE_NAME not in answer.cookies, address
    assert Session.objects.count() == 0


def session_row(client: Client) -> str:
    return Session.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value).session_data


@pytest.mark.parametrize("signed_in", [False, True])
def test_a_visitor_with_a_session_finds_it_unchanged(client, course, learner, signed_in):
    lesson, task = course
    if signed_in:
        client.force_login(learner)
    # A move on the task and a move on a puzzle: both stores are in the session now.
    client.post(reverse("course:task_move", args=[lesson.slug, task.order]), {"move": "a1a5"})
    pages = addresses(lesson, task)
    train = client.get(reverse("trainer:train")).content.decode()
    token = html.unescape(re.search(r'name="token" value="([^"]+)"', train)[1])
    puzzle_id = int(re.search(r"/train/(\d+)/move/", train)[1])
    client.post(reverse("trainer:move", args=[puzzle_id]), {"move": "c1c2", "token": token, "ply": 0})
    before = session_row(client)
    for address in pages:
        answer = client.get(address)
        assert answer.status_code == 200, address
        assert settings.SESSION_COOKIE_NAME not in answer.cookies, address
    assert session_row(client) == before and Session.objects.count() == 1


def test_the_rules_page_is_kept_per_language(client, learner):
    english = client.get("/rules/").content.decode()
    slovak = client.get("/sk/rules/").content.decode()
    assert "The rules of Senterej" in english and "a1, empty" in english
    assert "a1, prázdne" in slovak and "a1, empty" not in slovak
    assert cache.get(make_template_fragment_key("rules", ["en"])) in english
    assert cache.get(make_template_fragment_key("rules", ["sk"])) in slovak
    assert cache.get(make_template_fragment_key("rules", ["en"])) in client.get("/rules/").content.decode()
    # Nothing personal is kept: a signed-in visitor gets their own header and form tokens around it.
    client.force_login(learner)
    signed_in = client.get("/rules/").content.decode()
    assert "Log out" in signed_in and "Log out" not in cache.get(make_template_fragment_key("rules", ["en"]))
    assert "csrfmiddlewaretoken" not in cache.get(make_template_fragment_key("rules", ["en"]))


def test_the_course_content_is_kept_per_language_and_renewed_when_a_lesson_changes(client, course):
    lesson, task = course
    address = reverse("course:lesson", args=[lesson.slug])
    course_map = reverse("course:map")
    assert "The der" in client.get(address).content.decode()
    assert "Veža" in client.get("/sk" + address).content.decode()
    # Kept: a change made behind the models' back (no signal) is not seen...
    Lesson.objects.filter(pk=lesson.pk).update(title="Stale")
    assert "The der" in client.get(address).content.decode()
    assert "The der" in client.get(course_map).content.decode()
    # ...and a saved change is seen at once, in every language and on every page that shows it.
    lesson.refresh_from_db()
    lesson.title, lesson.title_sk = "The der slides", "Veža sa posúva"
    lesson.save()
    assert "The der slides" in client.get(address).content.decode()
    assert "Veža sa posúva" in client.get("/sk" + address).content.decode()
    assert "The der slides" in client.get(course_map).content.decode()
    task.title = "Two far stars"
    task.save()
    assert "Two far stars" in client.get(address).content.decode()
    task.delete()
    assert "Two far stars" not in client.get(address).content.decode()


def test_the_stars_on_a_kept_lesson_are_each_visitors_own(client, course, learner):
    lesson, task = course
    address = reverse("course:lesson", args=[lesson.slug])
    other = Client()
    assert "0 of 3 stars" in other.get(address).content.decode()
    client.force_login(learner)
    for move in ("a1a5", "a5e5"):
        client.post(reverse("course:task_move", args=[lesson.slug, task.order]), {"move": move})
    assert "3 of 3 stars" in client.get(address).content.decode()
    assert "3 of 3 stars" not in other.get(address).content.decode()
    page = client.get(address).content.decode()
    assert page.count('name="csrfmiddlewaretoken"') >= 1  # each visitor's own forms, drawn afresh


def test_the_figures_on_the_kept_course_map_are_each_visitors_own(client, course, learner):
    lesson, task = course
    address = reverse("course:map")
    other = Client()
    item = f'<a href="{reverse("course:lesson", args=[lesson.slug])}">'
    assert "0 of 2 tasks" in other.get(address).text and "is-done" not in other.get(address).text
    client.force_login(learner)
    for move in ("a1a5", "a5e5"):
        client.post(reverse("course:task_move", args=[lesson.slug, task.order]), {"move": move})
    mine = client.get(address).text
    assert "1 of 2 tasks" in mine and 'aria-label="3 of 6 stars">★ 3/6</span>' in mine and item in mine
    theirs = other.get(address).text
    assert "0 of 2 tasks" in theirs and 'aria-label="0 of 6 stars">★ 0/6</span>' in theirs
    assert "\x00" not in mine + theirs
    slovak = client.get("/sk" + address).text
    assert "1 z 2 cvičení" in slovak


def test_a_lesson_whose_tasks_are_all_done_is_marked_done_on_the_map(client, course):
    lesson, task = course
    Task.objects.filter(lesson=lesson).exclude(pk=task.pk).delete()
    for move in ("a1a5", "a5e5"):
        client.post(reverse("course:task_move", args=[lesson.slug, task.order]), {"move": move})
    assert '<li class="card lesson-map__item is-done">' in client.get(reverse("course:map")).text
    assert '<li class="card lesson-map__item is-done">' not in Client().get(reverse("course:map")).text


def test_the_processs_own_copies_follow_the_courses_version_and_expire(client, course, monkeypatch):
    from course import content

    lesson, _task = course
    address = reverse("course:map")
    assert "The der" in client.get(address).text
    Lesson.objects.filter(pk=lesson.pk).update(title="The rook")  # no signal: the kept copies stand
    assert "The der" in client.get(address).text
    content.changed()  # what any save does, here or in another worker sharing the cache
    assert "The rook" in client.get(address).text
    Lesson.objects.filter(pk=lesson.pk).update(title="The chariot")
    later = time.monotonic() + content.NEAR_SECONDS + 1
    monkeypatch.setattr(content.time, "monotonic", lambda: later)
    cache.delete_many([key for key in content._NEAR if key.endswith(":outline") or key.endswith(":map")])
    assert "The chariot" in client.get(address).text  # the cache's copy gone, the process's expired


def test_a_task_is_read_from_the_cache_a_fresh_copy_each_time_and_renewed_when_it_changes(client, course):
    from course import content

    lesson, task = course
    address = reverse("course:task", args=[lesson.slug, task.order])
    assert "Collect the stars." in client.get(address).text
    first, second = content.task(lesson.slug, task.order), content.task(lesson.slug, task.order)
    assert first == second == task and first is not second  # never one instance shared by requests
    task.prompt = "Collect both stars."
    task.save()
    assert "Collect both stars." in client.get(address).text
    assert client.get(reverse("course:task", args=[lesson.slug, 9])).status_code == 404
