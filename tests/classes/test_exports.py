"""The class's progress as CSV, read as Excel reads it: UTF-8 after a byte order mark, cells separated by the
language's separator (a semicolon where decimals take a comma), numbers in the language's notation, each
assignment with its due date, the day of the export, a file name with the class and the day, and no
formula."""

import csv
import io
from datetime import date, time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from freezegun import freeze_time

from classes import exports, services

pytestmark = pytest.mark.django_db

EXPORT_DAY = "2026-12-01 09:00"


def excel(content: bytes, delimiter: str) -> list[list[str]]:
    """The rows as Excel finds them: a file read as UTF-8 only after its byte order mark."""
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))


@pytest.fixture
def worked(school_class, lesson, selam, make):
    """A lesson due on 5 December with Selam's 2 and 3 stars; a set of two fork puzzles due on 20 December
    where Selam solved one of three tries; and Ján Kováč, who has done nothing yet."""
    make.assign_lesson(school_class, lesson, due_on=date(2026, 12, 5))
    forks = services.create_assignment(
        school_class=school_class, kind="theme", theme="fork", puzzle_count=2, due_on=date(2026, 12, 20)
    )
    first, second = lesson.tasks.all()
    make.stars(selam, first, 2, when=timezone.now())
    make.stars(selam, second, 3, when=timezone.now())
    fork, _second_fork = make.puzzle(themes="fork"), make.puzzle(themes="fork")  # the band holds two
    for seconds, solved in ((1, False), (2, False), (3, True)):
        make.attempt(selam, fork, solved=solved, when=forks.created + timedelta(seconds=seconds))
    services.create_students(school_class=school_class, names=["Ján Kováč"])
    return school_class


def download(client, school_class, language: str):
    with translation.override(language):
        return client.get(reverse("classes:progress_csv", args=[school_class.pk]))


@freeze_time(EXPORT_DAY)
def test_the_english_csv_opens_in_excel_with_names_due_dates_and_numbers(worked, almaz, make):
    answer = download(make.logged_in(almaz), worked, "en")
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    rows = excel(answer.content, ",")
    assert rows[0] == ["Grade 7 chess club", "exported on 1 December 2026"]
    assert rows[1] == [
        "username",
        "first name",
        "last name",
        "Lesson 1: The setup (due 5 December 2026): status",
        "Lesson 1: The setup (due 5 December 2026): tasks done (of 2)",
        "Lesson 1: The setup (due 5 December 2026): stars (of 6)",
        "2 puzzles: Fork (due 20 December 2026): status",
        "2 puzzles: Fork (due 20 December 2026): puzzles solved (of 2)",
        "2 puzzles: Fork (due 20 December 2026): tries solved, in per cent",
        "2 puzzles: Fork (due 20 December 2026): solved only with help, not counted",
    ]
    students = {row[0]: row for row in rows[2:]}
    assert students["dawit"][3:] == ["not started", "0", "0", "not started", "0", "", "0"]
    assert students["selam"][3:] == ["done", "2", "5", "in progress", "1", "33.3", "0"]
    (kovac,) = (row for row in rows[2:] if row[0] not in ("dawit", "selam"))
    assert kovac[1:3] == ["Ján", "Kováč"]


@freeze_time(EXPORT_DAY)
def test_the_slovak_csv_separates_cells_by_semicolons_and_decimals_by_commas(worked, almaz, make):
    rows = excel(download(make.logged_in(almaz), worked, "sk").content, ";")
    assert rows[0] == ["Grade 7 chess club", "exportované 1. decembra 2026"]
    assert rows[1][:4] == [
        "používateľské meno",
        "meno",
        "priezvisko",
        "Lekcia 1: The setup (termín 5. decembra 2026): stav",
    ]
    assert rows[1][-2] == "2 úlohy: Vidlička (termín 20. decembra 2026): vyriešené pokusy v percentách"
    assert (
        rows[1][-1] == "2 úlohy: Vidlička (termín 20. decembra 2026): vyriešené len s pomocou, nepočítajú sa"
    )
    students = {row[0]: row for row in rows[2:]}
    assert students["selam"][3:] == ["hotovo", "2", "5", "rozpracované", "1", "33,3", "0"]
    assert any(row[1:3] == ["Ján", "Kováč"] for row in rows[2:])


def test_the_separator_follows_the_languages_decimal_separator_not_a_list_of_languages():
    for language, separator in (("en", ","), ("sk", ";"), ("de", ";"), ("ja", ",")):
        with translation.override(language):
            assert exports.delimiter() == separator, language


def test_no_cell_looks_like_a_date_or_a_fraction_to_a_spreadsheet(worked, almaz, make):
    rows = excel(download(make.logged_in(almaz), worked, "en").content, ",")
    assert not [cell for row in rows[2:] for cell in row if "/" in cell]


def test_the_due_words_name_the_day_in_each_language(school_class, lesson, make):
    assignment = make.assign_lesson(school_class, lesson, due_on=date(2027, 3, 2))
    assert exports.due_words(assignment) == "due 2 March 2027"
    with translation.override("sk"):
        assert exports.due_words(assignment) == "termín 2. marca 2027"
    assert exports.due_words(make.assign_lesson(school_class, lesson)) == ""
    timed = make.assign_lesson(school_class, lesson, due_on=date(2027, 3, 2), due_time=time(14, 30))
    assert exports.due_words(timed) == "due 2 March 2027 at 2:30 p.m."
    with translation.override("sk"):
        assert exports.due_words(timed) == "termín 2. marca 2027 o 14:30"


def test_a_class_without_students_exports_its_headings(almaz, make, lesson):
    school_class = services.create_class(teacher=almaz, name="Empty", description="")
    make.assign_lesson(school_class, lesson)
    rows = excel(download(make.logged_in(almaz), school_class, "en").content, ",")
    assert len(rows) == 2
    assert rows[1][3:] == [
        "Lesson 1: The setup: status",
        "Lesson 1: The setup: tasks done (of 2)",
        "Lesson 1: The setup: stars (of 6)",
    ]


@freeze_time(EXPORT_DAY)
def test_the_file_is_named_after_the_class_and_the_day(school_class, almaz, make):
    english = download(make.logged_in(almaz), school_class, "en")["Content-Disposition"]
    assert english == 'attachment; filename="Grade 7 chess club, progress 2026-12-01.csv"'
    slovak = download(make.logged_in(almaz), school_class, "sk")["Content-Disposition"]
    assert slovak == 'attachment; filename="Grade 7 chess club, priebeh 2026-12-01.csv"'


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Kováč's 7.B", "Kováč's 7.B, progress 2026-12-01.csv"),
        ('The "best" class', "The 'best' class, progress 2026-12-01.csv"),
        ("../../etc/passwd", "-..-etc-passwd, progress 2026-12-01.csv"),
        ("a\\b:c*d?e<f>g|h", "a-b-c-d-e-f-g-h, progress 2026-12-01.csv"),
        ("line\nbreak\ttab", "line break tab, progress 2026-12-01.csv"),
        ("evil\u202egpj.exe", "evilgpj.exe, progress 2026-12-01.csv"),
        ("\u200b\u202e...", "class, progress 2026-12-01.csv"),
        ("Kova\u0301c\u030c\u00a0club", "Kováč club, progress 2026-12-01.csv"),
        ("x" * 100, "x" * 60 + ", progress 2026-12-01.csv"),
    ],
)
def test_a_file_name_holds_any_class_name_safely(almaz, name, expected):
    school_class = services.create_class(teacher=almaz, name=name, description="")
    assert exports.file_name(school_class, today=date(2026, 12, 1)) == expected


def test_a_unicode_file_name_reaches_the_browser_encoded(almaz, make):
    school_class = services.create_class(teacher=almaz, name='Kováč "7/B"', description="")
    answer = download(make.logged_in(almaz), school_class, "en")
    today = timezone.localdate().isoformat()
    assert answer["Content-Disposition"] == (
        f"attachment; filename*=utf-8''Kov%C3%A1%C4%8D%20%277-B%27%2C%20progress%20{today}.csv"
    )


def test_the_csv_keeps_names_from_being_read_as_formulas(school_class, almaz, make):
    services.create_students(school_class=school_class, names=["=HYPERLINK(evil) Smith"])
    services.update_class(school_class=school_class, name="+cmd|' /C calc'!A0", description="")
    rows = excel(download(make.logged_in(almaz), school_class, "en").content, ",")
    assert rows[0][0] == "'+cmd|' /C calc'!A0"
    assert [cell for row in rows for cell in row if "HYPERLINK" in cell] == ["'=HYPERLINK(evil)"]
    assert not [cell for row in rows for cell in row if cell.startswith(exports.FORMULA_STARTS)]
