"""Every kind of page, read in Slovak by each kind of user, holds no English sentence of the catalogue: a
string that skipped translation (or a template that shows an English field) shows up here by name."""

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from classes.models import SchoolClass
from course.models import Lesson, Task
from tools.i18n_lint import english_left, english_sentences, visible_text
from trainer.models import Puzzle

pytestmark = pytest.mark.django_db

COMPILED = Path(settings.BASE_DIR) / "locale" / "sk" / "LC_MESSAGES" / "django.mo"


@pytest.fixture(scope="module")
def sentences() -> list[str]:
    return english_sentences(COMPILED)


@pytest.fixture
def site(db) -> None:
    call_command("loaddata", "fixtures/course.json", "fixtures/puzzles.jsonl", verbosity=0)
    call_command("seed_demo", verbosity=0, stdout=io.StringIO())


def reader(username: str | None = None) -> Client:
    client = Client()
    if username:
        client.force_login(User.objects.get(username=username))
    return client


def read(client: Client, address: str, sentences: list[str], status: int = 200) -> str:
    response = client.get(address)
    assert response.status_code == status, address
    text = visible_text(response.text)
    assert english_left(text, sentences) == [], address
    return text


def test_the_catalogue_gives_many_sentences_to_look_for(sentences):
    assert len(sentences) > 500
    assert "Show a hint (costs a star)" in sentences


def test_a_visitors_pages_are_all_in_slovak(site, sentences):
    lesson = Lesson.objects.get(order=1)
    client = reader()
    for address in (
        "/sk/",
        "/sk/learn/",
        f"/sk/learn/{lesson.slug}/",
        f"/sk/learn/{lesson.slug}/1/",
        "/sk/rules/",
        "/sk/play/",
        "/sk/play/import/",
        "/sk/train/",
        f"/sk/train/{Puzzle.objects.filter(active=True).first().pk}/",
        "/sk/train/themes/",
        "/sk/accounts/login/",
        "/sk/accounts/signup/",
        "/sk/accounts/password/reset/",
    ):
        read(client, address, sentences)
    read(client, "/sk/no-such-page/", sentences, status=404)


def test_the_course_content_is_shown_in_slovak(site, sentences):
    client = reader()
    for task in Task.objects.select_related("lesson").filter(lesson__order__lte=3):
        text = read(client, f"/sk/learn/{task.lesson.slug}/{task.order}/", sentences)
        assert task.prompt_sk.split("\n")[0] in text
        assert task.prompt.split("\n")[0] not in text


def test_a_game_and_its_werera_round_read_in_slovak(site, sentences):
    client = reader()
    response = client.post("/sk/play/", {"mode": "hotseat", "colour": "white", "level": ""})
    assert response.status_code == 302 and response["Location"].startswith("/sk/play/")
    text = read(client, response["Location"], sentences)
    assert "Kolo 1" in text or "kolo 1" in text


def test_a_learners_pages_are_all_in_slovak(site, sentences):
    client = reader("learner")
    pages = ("/sk/train/dashboard/", "/sk/accounts/profile/", "/sk/classes/", "/sk/accounts/password/change/")
    for address in (*pages, "/sk/train/themes/", "/sk/train/missed/"):
        read(client, address, sentences)
    client.post("/sk/train/missed/begin/")
    read(client, "/sk/train/missed/", sentences)  # the first missed puzzle, or the word that none is left


def test_a_teachers_pages_are_all_in_slovak(site, sentences):
    client = reader("teacher")
    school_class = SchoolClass.objects.get(teacher__username="teacher")
    student = school_class.students.first()
    for address in (
        "/sk/classes/",
        "/sk/classes/new/",
        f"/sk/classes/{school_class.pk}/",
        f"/sk/classes/{school_class.pk}/edit/",
        f"/sk/classes/{school_class.pk}/students/new/",
        f"/sk/classes/{school_class.pk}/assignments/new/",
        f"/sk/classes/{school_class.pk}/students/{student.pk}/",
    ):
        read(client, address, sentences)


def test_a_curators_pages_are_all_in_slovak(site, sentences):
    client = reader("curator")
    task = Task.objects.first()
    for address in (
        "/sk/curate/reports/",
        "/sk/admin/",
        "/sk/admin/trainer/puzzle/",
        f"/sk/admin/trainer/puzzle/{Puzzle.objects.first().pk}/change/",
        f"/sk/admin/course/task/{task.pk}/change/",
    ):
        read(reader("admin") if "course" in address else client, address, sentences)
