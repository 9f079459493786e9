"""The teachers' pages laid out and measured in a real browser, with a class's real work in them: students
with tries and first wrong moves at a lesson and at two sets of chosen puzzles that share a title. On a
390 px phone no page is wider than the screen, in either language; at 1280 px a result card puts its board
and its words side by side above the answers, which take the card's whole width and do not scroll with 30
students; the class page's buttons keep their distance from the links beside them; and axe-core finds
nothing on any of them, nor on the messages a saved profile shows, nor in the sign-up form's rules."""

from itertools import cycle

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Page, expect

from classes import services
from classes.models import Assignment, SchoolClass
from course.models import Lesson, TaskTry
from senterej.engine import Position
from senterej.engine.notation import coordinate
from testing.axe import axe_violations
from testing.factories import LADDER, PuzzleFactory
from trainer.services import How, record_attempt

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [
    "Ján Kováč",
    "Alžbeta Nováková-Hrnčiarová",
    "Selam Tesfaye",
    "Abebe Bikila",
    "Šimon Kováč",
    "Jürgen Groß",
]
#: The ladder's wrong first moves for White's der on h1, each legal (R2.2) and none the mate in two.
WRONG = ["h1g1", "h1f1", "h1h2"]
#: The lesson whose Slovak title is the longest of the Lesson list.
LAST_LESSON = 14


def students_of(school_class: SchoolClass, names: list[str]) -> list[User]:
    made = services.create_students(school_class=school_class, names=names)
    return [User.objects.get(username=new.username) for new in made.created]


def tried_puzzles(students: list[User], puzzles, tag: str) -> None:
    """Every other student misses each puzzle with one of the ladder's wrong moves, after 40 seconds;
    the others solve it, one of them only after seeing the solution."""
    wrong = cycle(WRONG)
    for number, student in enumerate(students):
        for puzzle in puzzles:
            serving = f"{tag}-{student.pk}-{puzzle.pk}"
            if number % 2:
                how = How(wrong_move=next(wrong), wrong_ply=0, seconds=40)
                record_attempt(user=student, puzzle_id=puzzle.pk, serving=serving, solved=False, how=how)
            else:
                how = How(solution_seen=number % 4 == 2, seconds=25)
                record_attempt(user=student, puzzle_id=puzzle.pk, serving=serving, solved=True, how=how)


def tried_lesson(students: list[User], lesson: Lesson) -> None:
    """Each student's try at the lesson's first move tasks: every other one starts with a legal move that
    is not the task's answer, with the hint."""
    tasks = [task for task in lesson.tasks.all() if task.goal != "question"][:3]
    for number, student in enumerate(students):
        for task in tasks:
            if number % 2:
                position = Position.from_fen(task.fen)
                move = coordinate(sorted(position.legal_moves(task.learner))[0])
                TaskTry.objects.create(
                    user=student,
                    task=task,
                    solved=False,
                    mistakes=1,
                    wrong_move=move,
                    wrong_fen=task.fen,
                    hinted=True,
                    seconds=95,
                )
            else:
                TaskTry.objects.create(user=student, task=task, solved=True, stars=3, seconds=30)


@pytest.fixture
def school(teacher):
    """A class with the longest lesson title of the course assigned and tried, and two sets of three chosen
    puzzles (both called "3 chosen puzzles"), tried with wrong moves."""
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    school_class = services.create_class(teacher=teacher, name="Grade 7 chess club", description="")
    students = students_of(school_class, NAMES)
    lesson = Lesson.objects.get(order=LAST_LESSON)
    services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson)
    for tag in ("first", "second"):
        puzzles = [PuzzleFactory(line=LADDER) for _ in range(3)]
        services.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles)
        tried_puzzles(students, puzzles, tag)
    tried_lesson(students, lesson)
    return school_class


def assignment_of(school_class: SchoolClass, kind: str) -> Assignment:
    return school_class.assignments.filter(kind=kind).order_by("id").first()


def pages_of(school_class: SchoolClass) -> dict[str, str]:
    student = school_class.memberships.order_by("id").last().student
    base = f"/classes/{school_class.pk}"
    return {
        "class": f"{base}/",
        "new assignment": f"{base}/assignments/new/",
        "lesson results": f"{base}/assignments/{assignment_of(school_class, 'lesson').pk}/",
        "puzzle results": f"{base}/assignments/{assignment_of(school_class, 'puzzles').pk}/",
        "student": f"{base}/students/{student.pk}/",
    }


def box_of(page: Page, locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box


@pytest.mark.parametrize("language", ["", "/sk"])
def test_on_a_phone_no_teachers_page_is_wider_than_the_screen(
    live_server, signed_in, open_page, teacher, school, language
):
    page = open_page("phone")
    signed_in(page, teacher)
    widths = {}
    for name, address in pages_of(school).items():
        page.goto(f"{live_server.url}{language}{address}")
        widths[name] = page.evaluate("document.documentElement.scrollWidth")
        page.screenshot(path=f"/tmp/layout-390{language.replace('/', '-')}-{name.replace(' ', '-')}.png")
    assert widths == dict.fromkeys(widths, 390)


@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_lesson_list_fits_a_phone_with_its_longest_title(
    live_server, signed_in, open_page, teacher, school, language
):
    page = open_page("phone")
    signed_in(page, teacher)
    page.goto(f"{live_server.url}{language}/classes/{school.pk}/assignments/new/")
    lesson = page.locator("#id_lesson")
    lesson.select_option(index=lesson.locator("option").count() - 1)
    box = box_of(page, lesson)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") == 390


@pytest.mark.parametrize("language", ["", "/sk"])
def test_at_1280_px_each_card_puts_board_and_words_above_answers_as_wide_as_the_card(
    live_server, signed_in, open_page, teacher, school, language
):
    students = students_of(school, [f"Pupil{n} Surname{n}" for n in range(24)])
    puzzles = [PuzzleFactory(line=LADDER) for _ in range(2)]
    set_of_two = services.create_assignment(school_class=school, kind="puzzles", puzzles=puzzles)
    tried_puzzles(list(User.objects.filter(class_memberships__school_class=school)), puzzles, "all")
    assert school.memberships.count() == 30 and students
    page = open_page("desktop")
    signed_in(page, teacher)
    page.goto(f"{live_server.url}{language}/classes/{school.pk}/assignments/{set_of_two.pk}/")
    cards = page.locator(".result-item")
    expect(cards).to_have_count(2)
    for index in range(2):
        card = cards.nth(index)
        board = box_of(page, card.locator(".result-item__board"))
        words = box_of(page, card.locator(".result-item__text"))
        answers = box_of(page, card.locator(".table-scroll"))
        body = box_of(page, card.locator(".result-item__body"))
        assert board["x"] + board["width"] < words["x"]  # side by side
        assert abs(board["y"] - words["y"]) < 1
        assert answers["y"] >= max(board["y"] + board["height"], words["y"] + words["height"])
        assert abs(answers["width"] - body["width"]) < 1  # the card's whole width
        hidden = card.locator(".table-scroll").evaluate("box => box.scrollWidth - box.clientWidth")
        assert hidden == 0
        expect(card.locator(".result-table tbody tr")).to_have_count(30)
    page.screenshot(path=f"/tmp/layout-1280{language.replace('/', '-')}-results.png", full_page=True)
    assert axe_violations(page) == []


def test_at_390_px_a_result_card_stacks_board_words_and_answers(
    live_server, signed_in, open_page, teacher, school
):
    page = open_page("phone")
    signed_in(page, teacher)
    page.goto(f"{live_server.url}{pages_of(school)['puzzle results']}")
    card = page.locator(".result-item").first
    board = box_of(page, card.locator(".result-item__board"))
    words = box_of(page, card.locator(".result-item__text"))
    answers = box_of(page, card.locator(".table-scroll"))
    assert words["y"] >= board["y"] + board["height"]
    assert answers["y"] >= words["y"] + words["height"]
    for box in (board, words, answers):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_teachers_pages_have_no_accessibility_faults(
    live_server, signed_in, open_page, teacher, school, size, language
):
    page = open_page(size)
    signed_in(page, teacher)
    for name, address in pages_of(school).items():
        page.goto(f"{live_server.url}{language}{address}")
        assert axe_violations(page) == [], name


def test_the_student_pages_tables_scroll_by_keyboard_as_named_groups_not_landmarks(
    live_server, signed_in, open_page, teacher, school
):
    page = open_page("phone")
    signed_in(page, teacher)
    page.goto(live_server.url + pages_of(school)["student"])
    expect(page.get_by_role("heading", name="Answers: 3 chosen puzzles")).to_have_count(2)
    expect(page.get_by_role("group", name="Table of answers: 3 chosen puzzles")).to_have_count(2)
    expect(page.get_by_role("group", name="Assignments")).to_have_count(1)
    tables = page.locator(".table-scroll")
    expect(tables).to_have_count(5)  # the assignments, three of answers, the recent puzzles
    for index in range(5):
        expect(tables.nth(index)).to_have_attribute("tabindex", "0")
        expect(tables.nth(index)).to_have_attribute("role", "group")
    first = tables.first
    first.focus()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.table-scroll').scrollLeft > 0")


def described(page: Page, field: str) -> list[str]:
    """The text of each element the field's aria-describedby names; a name with no element is None."""
    return page.locator(field).evaluate(
        "field => (field.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean)"
        ".map(id => document.getElementById(id)?.textContent.trim() ?? null)"
    )


def test_the_new_assignment_forms_help_texts_are_what_their_fields_are_described_by(
    live_server, signed_in, open_page, teacher, school
):
    page = open_page("desktop")
    signed_in(page, teacher)
    page.goto(live_server.url + pages_of(school)["new assignment"])
    for field in ("#id_puzzle_ids", "#id_due_time"):
        texts = described(page, field)
        assert texts and None not in texts, field
        help_text = page.locator(f"{field}_helptext")
        expect(help_text).to_be_visible()
        assert help_text.inner_text().strip() in texts


@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_sign_up_forms_password_rules_are_all_in_the_description(live_server, open_page, language):
    page = open_page("phone")
    page.goto(f"{live_server.url}{language}/accounts/signup/")
    rules = page.locator("#id_password1_helptext li")
    assert rules.count() >= 4
    text = " ".join(described(page, "#id_password1"))
    for index in range(rules.count()):
        assert rules.nth(index).inner_text().strip() in text
    assert axe_violations(page) == []


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_saved_profiles_message_is_said_in_a_live_region_around_a_list(
    live_server, signed_in, open_page, teacher, size
):
    page = open_page(size)
    signed_in(page, teacher)
    page.goto(live_server.url + "/accounts/profile/")
    page.get_by_role("button", name="Save").click()
    region = page.get_by_role("status")
    expect(region).to_contain_text("Your profile is saved.")
    expect(region.get_by_role("list").get_by_role("listitem")).to_have_text("Your profile is saved.")
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["", "/sk"])
def test_at_1280_px_the_class_pages_buttons_keep_apart_from_the_links_beside_them(
    live_server, signed_in, open_page, teacher, school, language
):
    page = open_page("desktop")
    signed_in(page, teacher)
    page.goto(f"{live_server.url}{language}{pages_of(school)['class']}")
    page.screenshot(path=f"/tmp/layout-1280{language.replace('/', '-')}-class.png", full_page=True)
    progress = page.locator("#progress-title + p")
    new = box_of(page, progress.locator(".button"))
    csv_link = box_of(page, progress.locator('a[href$="progress.csv"]'))
    assert csv_link["x"] - (new["x"] + new["width"]) >= 12 or csv_link["y"] >= new["y"] + new["height"] + 8
    invite = box_of(page, page.locator('form[action$="/invite/"] .button'))
    accounts = box_of(page, page.locator(f'a[href$="/classes/{school.pk}/students/new/"]'))
    assert accounts["y"] - (invite["y"] + invite["height"]) >= 12
