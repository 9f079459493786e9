"""A class's progress table in a real browser, measured: at 1280 px a class with four assignments shows all
four without scrolling; a wider one says there is more to the right, scrolls by keyboard and keeps the names
in view; at 390 px the names stay while the table scrolls right; a tall table keeps its headings. And the CSV
downloaded from the page, read as Excel reads it, in both languages."""

import csv
import io
from datetime import date
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from classes import services
from classes.assignment_words import assignment_title
from course.models import Lesson
from testing.axe import axe_violations
from testing.factories import PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def four(teacher):
    """The demo class's four assignments, as users found it: a lesson due on 1 December 2026, two tasks of
    another, five fork puzzles up to 1700 and three chosen puzzles; Ján Kováč and two more students."""
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    first, second = Lesson.objects.order_by("order")[:2]
    school_class = services.create_class(teacher=teacher, name="Demo class", description="")
    services.create_students(school_class=school_class, names=["Ján Kováč", "Selam Tesfaye", "Abebe Bikila"])
    services.create_assignment(
        school_class=school_class, kind="lesson", lesson=first, due_on=date(2026, 12, 1)
    )
    services.create_assignment(school_class=school_class, kind="tasks", tasks=list(second.tasks.all()[:2]))
    services.create_assignment(
        school_class=school_class, kind="theme", theme="fork", puzzle_count=5, rating_max=1700
    )
    puzzles = [PuzzleFactory() for _ in range(3)]
    services.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles)
    return school_class


def more(school_class, lessons: int) -> None:
    for lesson in Lesson.objects.order_by("order")[2 : 2 + lessons]:
        services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson)


def box_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def scrolled(page: Page) -> dict[str, float]:
    return page.locator(".progress-scroll").evaluate(
        "box => ({left: box.scrollLeft, top: box.scrollTop, hidden: box.scrollWidth - box.clientWidth})"
    )


@pytest.fixture
def open_class(live_server, signed_in):
    """`open_class(page, teacher, school_class, language)`: the class's page with its progress table, signed
    in as the teacher."""

    def opened(page: Page, teacher, school_class, language: str = "") -> Page:
        signed_in(page, teacher)
        page.goto(f"{live_server.url}{language}/classes/{school_class.pk}/")
        expect(page.locator(".progress-table")).to_be_visible()
        return page

    return opened


@pytest.mark.parametrize("language", ["", "/sk"])
def test_at_1280_px_four_assignments_show_without_scrolling(
    open_class, open_page, teacher, four, js_errors, language
):
    page = open_page("desktop")
    errors = js_errors(page)
    open_class(page, teacher, four, language)
    headings = page.locator(".progress-table__assignment")
    expect(headings).to_have_count(4)
    assert scrolled(page)["hidden"] == 0
    region = box_of(page, ".progress-scroll")
    for index in range(4):
        heading = headings.nth(index).bounding_box()
        assert heading is not None
        assert (
            region["x"] <= heading["x"] and heading["x"] + heading["width"] <= region["x"] + region["width"]
        )
        assert heading["x"] + heading["width"] <= 1280
    expect(headings.nth(3)).to_contain_text("3 chosen puzzles" if not language else "3 vybrané úlohy")
    expect(page.locator("#progress-more")).to_be_hidden()
    page.screenshot(path=f"/tmp/progress-1280{language.replace('/', '-')}.png", full_page=True)
    assert axe_violations(page) == []
    assert errors == []


def test_a_wider_table_says_so_scrolls_by_keyboard_and_keeps_the_names(open_class, open_page, teacher, four):
    more(four, 5)
    page = open_class(open_page("desktop"), teacher, four)
    expect(page.locator("#progress-more")).to_be_visible()
    expect(page.locator("#progress-more")).to_contain_text("The table is wider than the screen")
    expect(page.locator(".progress-frame")).to_have_class("progress-frame is-cut-right")
    region = page.get_by_role("region", name="The progress table")
    region.focus()
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    state = scrolled(page)
    assert state["left"] > 0
    name = box_of(page, ".progress-table tbody th")
    assert abs(name["x"] - box_of(page, ".progress-scroll")["x"]) < 1
    expect(page.locator(".progress-table tbody th").first).to_be_in_viewport()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => !document.querySelector('.progress-frame').classList.contains('is-cut-right')"
    )
    expect(page.locator(".progress-frame")).to_have_class("progress-frame is-cut-left")
    page.screenshot(path="/tmp/progress-1280-wide.png", full_page=True)
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["", "/sk"])
def test_at_390_px_the_names_stay_in_view_as_the_table_scrolls_right(
    open_class, open_page, teacher, four, language
):
    page = open_class(open_page("phone"), teacher, four, language)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator("#progress-more")).to_be_visible()
    region = page.locator(".progress-scroll")
    region.scroll_into_view_if_needed()
    region.evaluate("box => box.scrollBy(box.scrollWidth, 0)")
    page.wait_for_function("() => document.querySelector('.progress-scroll').scrollLeft > 0")
    names = page.locator(".progress-table tbody th")
    name = names.first.bounding_box()
    assert name is not None and abs(name["x"] - box_of(page, ".progress-scroll")["x"]) < 1
    expect(names.first).to_be_in_viewport()
    expect(page.locator(".progress-table__assignment").nth(3)).to_be_in_viewport()
    page.screenshot(path=f"/tmp/progress-390{language.replace('/', '-')}.png")
    assert axe_violations(page) == []


def test_a_tall_table_keeps_its_headings_in_view(open_class, open_page, teacher, four):
    services.create_students(school_class=four, names=[f"Student {n} Number{n}" for n in range(40)])
    page = open_class(open_page("desktop"), teacher, four)
    page.locator(".progress-scroll").evaluate("box => box.scrollBy(0, 600)")
    page.wait_for_function("() => document.querySelector('.progress-scroll').scrollTop > 0")
    assert abs(box_of(page, ".progress-table thead th")["y"] - box_of(page, ".progress-scroll")["y"]) < 1
    expect(page.locator(".progress-table thead th").first).to_be_in_viewport()


def downloaded(page: Page, link: str) -> tuple[str, bytes]:
    with page.expect_download() as event:
        page.get_by_role("link", name=link).click()
    download = event.value
    return download.suggested_filename, Path(download.path()).read_bytes()


@pytest.mark.parametrize(
    ("language", "link", "delimiter"), [("en", "Download as CSV", ","), ("sk", "Stiahnuť ako CSV", ";")]
)
def test_the_downloaded_csv_reads_as_excel_reads_it(
    open_class, open_page, teacher, four, language, link, delimiter
):
    prefix = "" if language == "en" else f"/{language}"
    page = open_class(open_page("desktop"), teacher, four, prefix)
    name, content = downloaded(page, link)
    with translation.override(language):
        today = timezone.localdate()
        exported = gettext("exported on %(date)s") % {"date": date_format(today, "DATE_FORMAT")}
        due = gettext("due %(date)s") % {"date": date_format(date(2026, 12, 1), "DATE_FORMAT")}
        status = gettext("status")
        progress = gettext("%(class)s, progress %(date)s") % {
            "class": "Demo class",
            "date": today.isoformat(),
        }
    assert name == f"{progress}.csv"
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))
    assert rows[0] == ["Demo class", exported]
    assert rows[1][3] == f"{gettext_title(four, language)} ({due}): {status}"
    assert len(rows[1]) == 3 + 2 * 3 + 2 * 4 and len(rows) == 2 + 3  # two course works, two puzzle sets
    assert ["Ján", "Kováč"] in [row[1:3] for row in rows[2:]]


def gettext_title(school_class, language: str) -> str:
    with translation.override(language):
        return assignment_title(school_class.assignments.order_by("created", "id").first())
