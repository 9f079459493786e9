"""Names and text in a real browser: a teacher pastes a list from a spreadsheet with empty and invisible
lines and names in Ge'ez, Cyrillic and Greek, and gets one account for each real name with a Latin
username; the class's table lists the students in the Slovak alphabet; an announcement with a right-to-left
override is read by a student without it; chosen puzzles keep the order the teacher typed them in; wrong
puzzle numbers are told apart. Then the pages, on a desktop and a phone, in English and Slovak, by
axe-core."""

import pytest
from playwright.sync_api import Page, expect

from classes import services
from testing.axe import axe_violations
from testing.factories import PASSWORD, TEACHER, PuzzleFactory, SchoolClassFactory

pytestmark = pytest.mark.django_db(transaction=True)

PASTED = (
    "\ufeffKarl Wolfeschlegelsteinhausen\n\u200b\n\n\u0301\n\u202e\u2066\n"
    "Jana Šťastná\u200b\nአበበ ቢቂላ\nኃይሌ ገብረሥላሴ\nМария Иванова\nΓιώργος Παπαδόπουλος\nEma Sýkora\n"
)


def log_in(page: Page, url: str, submit_log_in, username: str = TEACHER, password: str | None = None) -> None:
    page.goto(url + "/accounts/login/")
    if password is None:
        submit_log_in(page, username)
    else:
        submit_log_in(page, username, password)
    expect(page).to_have_url(url + "/")


def test_names_text_and_puzzle_order_as_a_teacher_and_a_student_see_them(
    live_server, new_page, teacher, submit_log_in
):
    url = live_server.url
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 5 chess club")
    base = f"{url}/classes/{school_class.pk}/"
    page = new_page()
    log_in(page, url, submit_log_in)

    page.goto(base + "students/new/")
    page.get_by_label("Names, one a line").fill(PASTED)
    page.get_by_role("button", name="Create the accounts").click()
    rows = page.locator(".passwords-table tbody tr")
    expect(rows).to_have_count(7)
    made = {
        rows.nth(n).locator("th").inner_text(): rows.nth(n).locator("code").first.inner_text()
        for n in range(7)
    }
    assert made == {
        "Karl Wolfeschlegelsteinhausen": "karl.wolfeschlegelsteinhausen",
        "Jana Šťastná": "jana.stastna",
        "አበበ ቢቂላ": "abebe.bikila",
        "ኃይሌ ገብረሥላሴ": "haile.gebreslase",
        "Мария Иванова": "mariya.ivanova",
        "Γιώργος Παπαδόπουλος": "giorgos.papadopoulos",
        "Ema Sýkora": "ema.sykora",
    }
    password = rows.nth(2).locator("code").nth(1).inner_text()
    page.screenshot(path="/tmp/names-made.png", full_page=True)

    # The table in the Slovak alphabet: Sýkora, then Šťastná, then Wolfeschlegelsteinhausen.
    page.goto(f"{url}/sk/classes/{school_class.pk}/")
    names = page.locator(".progress-table tbody th a").all_inner_texts()
    latin = [
        name for name in names if name in ("Ema Sýkora", "Jana Šťastná", "Karl Wolfeschlegelsteinhausen")
    ]
    assert latin == ["Ema Sýkora", "Jana Šťastná", "Karl Wolfeschlegelsteinhausen"]
    page.screenshot(path="/tmp/names-table-sk.png", full_page=True)

    # The announcement: the override is dropped, so "Friday" reads forwards.
    page.goto(base + "announcements/new/")
    page.get_by_role("textbox", name="Announcement").fill("Bring your boards \u202eon Friday.")
    page.get_by_role("button", name="Post").click()
    expect(page.locator(".messages")).to_contain_text("The announcement is posted")

    # Chosen puzzles in the typed order; unknown, too large and disabled numbers said apart.
    first, second, third, gone = (PuzzleFactory() for _ in range(4))
    gone.active = False
    gone.save()
    page.goto(base + "assignments/new/")
    page.get_by_label("Chosen puzzles").check()
    page.get_by_label("Puzzle numbers").fill(f"{third.pk}, {first.pk} 99999999 {'9' * 30} {gone.pk}")
    page.get_by_role("button", name="Assign").click()
    errors = page.locator(".errorlist li")
    expect(errors).to_have_text(
        [
            "There is no puzzle with the number 99999999.",
            "1 number is too large to be a puzzle's number.",
            f"The puzzle {gone.pk} is disabled by the curators.",
        ]
    )
    page.screenshot(path="/tmp/names-puzzle-errors.png", full_page=True)
    page.get_by_label("Puzzle numbers").fill(f"{third.pk}, {first.pk} {second.pk}")
    page.get_by_role("button", name="Assign").click()
    expect(page.locator(".messages")).to_be_visible()

    student = new_page()
    log_in(student, url, submit_log_in, "abebe.bikila", password)
    text = student.locator(".classes-home .announcement__text")
    expect(text).to_have_text("Bring your boards on Friday.")
    assert "\u202e" not in text.inner_text()
    student.locator(".classes-home .assignment-item a").first.click()
    shown = student.locator(".assignment-puzzles li a").all_inner_texts()
    assert shown == [f"Puzzle {third.pk}", f"Puzzle {first.pk}", f"Puzzle {second.pk}"]
    student.screenshot(path="/tmp/names-student-puzzles.png", full_page=True)


@pytest.mark.parametrize("language", ["", "/sk"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_pages_have_no_violation(live_server, open_page, teacher, submit_log_in, language, size):
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 5 chess club")
    services.create_students(school_class=school_class, names=["አበበ ቢቂላ", "Jana Šťastná", "Ema Sýkora"])
    gone = PuzzleFactory(active=False)
    page = open_page(size)
    prefix = live_server.url + language
    page.goto(prefix + "/accounts/login/")
    page.locator("#id_username").fill(TEACHER)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button.button").click()
    expect(page).to_have_url(prefix + "/")
    base = f"{prefix}/classes/{school_class.pk}/"
    found = {}
    page.goto(base + "students/new/")
    page.locator("#id_names").fill("\u200b\nМария Иванова\nΓιώργος Παπαδόπουλος")
    with page.expect_navigation():  # axe-core runs on the answer, not on the form being left
        page.locator("main form button.button").click()
    found["made"] = axe_violations(page)
    page.screenshot(path=f"/tmp/names-made-{size}{language.replace('/', '-')}.png", full_page=True)
    page.goto(base)
    found["class"] = axe_violations(page)
    page.goto(base + "assignments/new/")
    page.locator("input[name=kind][value=puzzles]").check()
    page.locator("#id_puzzle_ids").fill(f"77777777 {'9' * 20} {gone.pk}")
    page.locator("main form button.button").click()
    expect(page.locator(".errorlist li")).to_have_count(3)
    found["errors"] = axe_violations(page)
    page.screenshot(path=f"/tmp/names-errors-{size}{language.replace('/', '-')}.png", full_page=True)
    assert all(not violations for violations in found.values()), found
