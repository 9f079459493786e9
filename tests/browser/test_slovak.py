"""The site in Slovak, in a real browser: a reader switches the language on the home page, takes the first
course task and solves a puzzle, and no English sentence of the catalogue or of the course is left on any
page they see. Screenshots of each page land in the test's folder (or in $SCREENSHOTS), to be checked by
eye."""

import os
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from playwright.sync_api import Page, expect

from course.models import Lesson, Task
from testing.factories import PuzzleFactory
from tools.i18n_lint import english_left, english_sentences

pytestmark = pytest.mark.django_db(transaction=True)

COMPILED = Path(settings.BASE_DIR) / "locale" / "sk" / "LC_MESSAGES" / "django.mo"


@pytest.fixture(scope="module")
def sentences() -> list[str]:
    return english_sentences(COMPILED)


def english_on(page: Page, sentences: list[str]) -> list[str]:
    return english_left(page.locator("body").inner_text(), sentences)


def screenshot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


@pytest.fixture
def folder(tmp_path) -> Path:
    chosen = Path(os.environ.get("SCREENSHOTS", tmp_path))
    chosen.mkdir(parents=True, exist_ok=True)
    return chosen


def test_a_reader_switches_to_slovak_takes_a_task_and_solves_a_puzzle(live_server, page, sentences, folder):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    lesson = Lesson.objects.get(order=1)
    task = Task.objects.filter(lesson=lesson).first()
    PuzzleFactory(rating=1500)
    english_content = [lesson.title, lesson.intro.split("\n")[0], task.title, task.prompt]

    page.goto(live_server.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("button", name="Slovenčina").click()
    page.wait_for_url(live_server.url + "/sk/")
    expect(page.locator("html")).to_have_attribute("lang", "sk")
    expect(page.get_by_role("button", name="Slovenčina")).to_have_attribute("aria-pressed", "true")
    assert english_on(page, sentences) == []
    screenshot(page, folder, "home")

    # The choice is remembered: an address without a language opens in Slovak.
    page.goto(live_server.url + "/learn/")
    page.wait_for_url(live_server.url + "/sk/learn/")

    # The course: the lesson map, the first task, its question answered.
    assert english_on(page, sentences + english_content) == []
    screenshot(page, folder, "course-map")
    page.get_by_role("link", name="Pokračovať").click()
    expect(page.locator(".task__prompt")).to_have_text(task.prompt_sk)
    assert english_on(page, sentences + english_content) == []
    page.get_by_role("button", name="e1", exact=True).click()  # R1.3: the white negus starts on e1
    expect(page.locator(".success")).to_contain_text("Vyriešené!")
    expect(page.locator(".stars--big")).to_have_text("★★★")
    assert english_on(page, sentences + english_content) == []
    screenshot(page, folder, "course-task")

    # The trainer: a mate in one by the der (R2.2), solved by clicking.
    page.get_by_role("navigation", name="Hlavná navigácia").get_by_role("link", name="Trénovať").click()
    expect(page.locator(".trainer__turn")).to_have_text("Na ťahu je Biely: nájdi najlepší ťah.")
    assert english_on(page, sentences) == []
    board = page.locator(".board--live[data-ready]")
    board.locator('[data-square="c1"]').click()
    board.locator('[data-square="c8"]').click()
    expect(page.locator(".trainer__feedback")).to_have_text("Vyriešené! Výborne zahrané.")
    expect(page.locator(".trainer__themes")).to_contain_text("Mat derom")
    assert english_on(page, sentences) == []
    screenshot(page, folder, "puzzle-solved")

    page.get_by_role("navigation", name="Hlavná navigácia").get_by_role("link", name="Pravidlá").click()
    page.wait_for_url(live_server.url + "/sk/rules/")
    assert english_on(page, sentences) == []
    screenshot(page, folder, "rules")
