"""A teacher's whole journey to the wrong moves, in real browsers: the teacher makes a class, accounts for a
list with accented names and an assignment of a chosen puzzle; two students, each in a browser of their own,
log in with the printed passwords and try it, one wrong move each, played on the board; the teacher reads the
wrong moves on the results page, drawn as arrows on the board and named beside it, and downloads the class's
CSV, which the test reads as Excel reads it (UTF-8 with its byte order mark, the language's separator)."""

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from testing.factories import LADDER, TEACHER, PuzzleFactory

pytestmark = pytest.mark.django_db(transaction=True)


def play_on_board(page: Page, start: str, end: str) -> None:
    page.locator(f'.board--live [data-square="{start}"]').click()
    page.locator(f'.board--live [data-square="{end}"]').click()


def test_a_teacher_reads_two_students_wrong_moves_on_the_board_and_in_the_csv(
    live_server, new_page, teacher, submit_log_in
):
    # The ladder: White's der from h1 mates in two (Rd1, then Rd8#) against a negus on a8 (R2.2).
    puzzle = PuzzleFactory(line=LADDER)
    page = new_page()
    page.goto(live_server.url + "/accounts/login/")
    submit_log_in(page, TEACHER)
    page.goto(live_server.url + "/classes/")
    page.get_by_role("link", name="New class").click()
    page.fill("#id_name", "Grade 7 chess club")
    page.get_by_role("button", name="Create the class").click()
    class_url = page.url

    page.get_by_role("link", name="Create accounts for a list of names").click()
    page.get_by_label("Names, one a line").fill("Šimon Kováč\nJürgen Groß")
    page.get_by_role("button", name="Create the accounts").click()
    made = page.locator(".passwords-table tbody tr")
    expect(made).to_have_count(2)
    accounts = {}
    for index in range(2):
        cells = made.nth(index).locator("td code")
        accounts[cells.nth(0).inner_text()] = cells.nth(1).inner_text()
    assert set(accounts) == {"simon.kovac", "jurgen.gross"}  # plain ASCII, from the accented names

    page.goto(class_url)
    page.get_by_role("link", name="New assignment").click()
    page.get_by_label("Chosen puzzles").check()
    page.get_by_label("Puzzle numbers").fill(str(puzzle.pk))
    page.get_by_role("button", name="Assign").click()
    expect(page.locator(".messages")).to_contain_text("The assignment is set.")

    for username, (start, end) in (("simon.kovac", ("h1", "g1")), ("jurgen.gross", ("h1", "f1"))):
        student = new_page()
        student.goto(live_server.url + "/accounts/login/")
        submit_log_in(student, username, accounts[username])
        student.goto(live_server.url + "/classes/")
        student.get_by_role("link", name="Start: 1 chosen puzzle").click()
        expect(student).to_have_url(f"{live_server.url}/train/{puzzle.pk}/")
        play_on_board(student, start, end)
        expect(student.locator(".trainer__feedback--failed")).to_be_visible()
        student.close()

    page.goto(class_url)
    row = page.locator(".progress-table tbody tr", has_text="Šimon Kováč")
    expect(row).to_contain_text("0/1")
    page.get_by_role("link", name="1 chosen puzzle").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("1 chosen puzzle")
    item = page.locator(".result-item", has_text=f"Puzzle {puzzle.pk}")
    expect(item).to_contain_text("Solved at the first try: nobody yet")
    wrong = item.locator(".result-item__wrong li")
    expect(wrong).to_have_count(2)
    expect(wrong.filter(has_text="Šimon Kováč")).to_contain_text("der to g1")
    expect(wrong.filter(has_text="Jürgen Groß")).to_contain_text("der to f1")
    # Both were played in the puzzle's position: two arrows from h1, one student each.
    arrows = item.locator(".board__arrows line")
    expect(arrows).to_have_count(2)
    assert sorted(item.locator(".board__arrows text").all_text_contents()) == ["1", "1"]
    expect(item.locator('.board [data-square="h1"]')).to_have_attribute("aria-label", "h1, White der")
    answers = item.locator(".result-table tbody tr")
    expect(answers.filter(has_text="Jürgen Groß")).to_contain_text("not solved")
    page.screenshot(path="/tmp/teacher-results.png", full_page=True)

    page.goto(class_url)
    with page.expect_download() as event:
        page.get_by_role("link", name="Download as CSV").click()
    raw = Path(event.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the byte order mark that tells Excel it is UTF-8
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=","))
    header = next(row for row in rows if row and row[0] == "username")
    students = {row[0]: row for row in rows[rows.index(header) + 1 :]}
    assert set(students) == {"simon.kovac", "jurgen.gross"}
    assert students["simon.kovac"][1:3] == ["Šimon", "Kováč"]
    column = next(index for index, name in enumerate(header) if re.search(r"1 chosen puzzle.*status", name))
    assert students["simon.kovac"][column] == students["jurgen.gross"][column] == "in progress"
