"""Dates in each language's order (senterej/formats): English day first ("1 December 2026", "01/12/2026"),
never the American month first; Slovak as Slovak writes them ("1. decembra 2026", "1. 12. 2026"), the month
in the genitive. The formats first, then the pages that show dates, in both languages."""

from datetime import UTC, date, datetime

import pytest
from django import forms
from django.urls import reverse
from django.utils import dates, translation
from django.utils.formats import date_format
from freezegun import freeze_time

from classes import services
from school.formats import MONTHS_AFTER_A_DAY
from testing.factories import (
    AttemptFactory,
    LessonFactory,
    MembershipFactory,
    SchoolClassFactory,
    TaskFactory,
    UserFactory,
)

DAY = date(2026, 12, 1)
GENITIVES = [
    "januára",
    "februára",
    "marca",
    "apríla",
    "mája",
    "júna",
    "júla",
    "augusta",
    "septembra",
    "októbra",
    "novembra",
    "decembra",
]


@pytest.mark.parametrize(
    ("language", "format", "written"),
    [
        ("en", "DATE_FORMAT", "1 December 2026"),
        ("en", "SHORT_DATE_FORMAT", "01/12/2026"),
        ("sk", "DATE_FORMAT", "1. decembra 2026"),
        ("sk", "SHORT_DATE_FORMAT", "1. 12. 2026"),
        ("en", "MONTH_DAY_FORMAT", "1 December"),
        ("sk", "MONTH_DAY_FORMAT", "1. decembra"),
    ],
)
def test_a_day_is_written_in_the_languages_order(language, format, written):
    with translation.override(language):
        assert date_format(DAY, format) == written


@pytest.mark.parametrize(
    ("language", "format", "written"),
    [
        ("en", "DATETIME_FORMAT", "3 March 2026, 2:05 p.m."),
        ("en", "SHORT_DATETIME_FORMAT", "03/03/2026 2:05 p.m."),
        ("sk", "DATETIME_FORMAT", "3. marca 2026 14:05"),
        ("sk", "SHORT_DATETIME_FORMAT", "3. 3. 2026 14:05"),
    ],
)
def test_a_moment_is_written_in_the_languages_order(language, format, written):
    with translation.override(language):
        assert date_format(datetime(2026, 3, 3, 14, 5), format) == written


def test_every_slovak_month_after_a_day_is_in_the_genitive():
    with translation.override("sk"):
        written = [date_format(date(2027, month, 2), "DATE_FORMAT") for month in range(1, 13)]
    assert written == [f"2. {month} 2027" for month in GENITIVES]


def test_the_months_for_the_catalogue_are_the_ones_the_format_uses():
    """The site's catalogue can only give the genitive for the very messages Django's "E" asks for."""
    with translation.override("en"):
        assert {k: str(v) for k, v in MONTHS_AFTER_A_DAY.items()} == {
            k: str(v) for k, v in dates.MONTHS_ALT.items()
        }
    with translation.override("sk"):
        assert [str(dates.MONTHS_ALT[month]) for month in range(1, 13)] == GENITIVES


class Due(forms.Form):
    day = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))


@pytest.mark.parametrize(
    ("language", "typed"),
    [("en", "01/12/2026"), ("en", "1 December 2026"), ("sk", "1. 12. 2026"), ("sk", "1.12.2026")],
)
def test_a_date_typed_as_the_language_writes_it_is_read_back(language, typed):
    with translation.override(language):
        form = Due({"day": typed})
        assert form.is_valid(), form.errors
    assert form.cleaned_data["day"] == DAY


@pytest.mark.parametrize("language", ["en", "sk"])
def test_a_date_picker_is_given_its_value_in_iso(language):
    """A browser's date field reads only 2026-12-01: the first input format of both languages."""
    with translation.override(language):
        assert 'value="2026-12-01"' in str(Due(initial={"day": DAY})["day"])


# The pages


@pytest.fixture
def taught(teacher):
    """A class of the teacher's with one student, and a lesson due on 1 December 2026."""
    student = UserFactory(username="selam", first_name="Selam", last_name="Tesfaye")
    school_class = SchoolClassFactory(teacher=teacher, name="Grade 7 chess club")
    MembershipFactory(school_class=school_class, student=student)
    lesson = LessonFactory(slug="setup", order=1, title="The setup", intro="Crosswise.")
    TaskFactory(lesson=lesson, order=1, answer=0)
    services.create_assignment(school_class=school_class, kind="lesson", lesson=lesson, due_on=DAY)
    return school_class, student


def page(client, name: str, args: list[object], language: str) -> str:
    with translation.override(language):
        return client.get(reverse(name, args=args)).content.decode()


@pytest.mark.django_db
@freeze_time("2026-11-20 08:00")
def test_the_classes_pages_show_due_dates_in_each_languages_order(taught, teacher, log_in):
    school_class, student = taught
    teachers, students = log_in(teacher), log_in(student)
    AttemptFactory(user=student, when=datetime(2026, 11, 19, 16, 45, tzinfo=UTC))
    assert "due 01/12/2026" in page(teachers, "classes:class", [school_class.pk], "en")
    assert "termín 1. 12. 2026" in page(teachers, "classes:class", [school_class.pk], "sk")
    english = page(teachers, "classes:student", [school_class.pk, student.pk], "en")
    assert "<td>01/12/2026</td>" in english and "<td>19/11/2026 4:45 p.m.</td>" in english
    slovak = page(teachers, "classes:student", [school_class.pk, student.pk], "sk")
    assert "<td>1. 12. 2026</td>" in slovak and "<td>19. 11. 2026 16:45</td>" in slovak
    assert "due 1 December 2026" in page(students, "classes:home", [], "en")
    assert "termín 1. decembra 2026" in page(students, "classes:home", [], "sk")
    assignment = school_class.assignments.get()
    assert "due 1 December 2026" in page(students, "classes:assignment", [assignment.pk], "en")
    assert "termín 1. decembra 2026" in page(students, "classes:assignment", [assignment.pk], "sk")
