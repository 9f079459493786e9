"""What a teacher's class pages read, for a class of 5 students and one of 60 with four assignments worked on
(testing.class_work): the same queries for both (the class page, its file, an assignment's results, the
leaderboard); and the class page's table, 30 students a page."""

import re

import pytest
from django.urls import reverse

from classes import announcements, co_teaching, services
from classes.selectors import TABLE_PAGE
from testing.class_work import HEAVY, LIGHT, class_at_work

pytestmark = pytest.mark.django_db


def names(page: str) -> list[str]:
    """The students the progress table lists, in its order."""
    return re.findall(r'<tr><th scope="row"><a href="[^"]+">([^<]+)</a>', page)


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_class_page_reads_as_much_for_5_students_as_for_60(
    school_class, lesson, almaz, make, count, django_assert_num_queries
):
    class_at_work(school_class, lesson, count)
    teacher = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    teacher.get(url)
    # The session and the user; the class and whether its reader teaches; the assignments with their
    # lessons, tasks, chosen puzzles and theme sets' pools; the students; the page's stars, and its tries at
    # all the puzzle sets; which of the class's lists hold anything (none here: no invitation, co-teacher or
    # announcement, no account made for it).
    with django_assert_num_queries(9):
        page = teacher.get(url).content.decode()
    assert len(names(page)) == min(count + 2, TABLE_PAGE)  # Selam and Dawit are in the class too
    assert "Log-in cards with new passwords" not in page


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_class_page_reads_each_of_its_lists_once_it_holds_anything(
    school_class, lesson, almaz, bekele, hana, make, count, django_assert_num_queries
):
    class_at_work(school_class, lesson, count - 3)  # with Selam, Dawit and Abebe, `count` students
    services.create_students(school_class=school_class, names=["Abebe Bikila"], made_by=almaz)
    services.invite(school_class=school_class, username=hana.username)
    co_teaching.add(school_class=school_class, username=bekele.username)
    announcements.post(school_class=school_class, author=almaz, text="Bring your boards on Friday.")
    teacher = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    teacher.get(url)
    # As for a class without them, and its invitations, its co-teachers and its announcements; whether
    # accounts were made for it is told with the rest.
    with django_assert_num_queries(12):
        page = teacher.get(url).content.decode()
    assert "Log-in cards with new passwords" in page and "Bring your boards on Friday." in page
    assert "Cancel the invitation of hana" in page and "Remove bekele as a co-teacher" in page


@pytest.mark.parametrize("kind", ["lesson", "puzzles", "theme"])
@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_an_assignments_results_read_as_much_for_5_students_as_for_60(
    school_class, lesson, almaz, make, count, kind, django_assert_num_queries
):
    class_at_work(school_class, lesson, count)
    assignment = school_class.assignments.get(kind=kind)
    teacher = make.logged_in(almaz)
    url = reverse("classes:assignment_results", args=[school_class.pk, assignment.pk])
    teacher.get(url)
    # The session and the user; the class and whether its reader teaches; the assignment with what it is
    # made of (a theme set's pool too); its tasks or chosen puzzles with all they are;
    # the students; then the lesson's tries and stars, the chosen puzzles' tries, or a theme set's most
    # tried puzzles, what they are and their tries.
    queries = {"lesson": 9, "puzzles": 8, "theme": 9}[kind]
    with django_assert_num_queries(queries):
        page = teacher.get(url).content.decode()
    assert page.count('<tr><th scope="row">') >= count


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_class_file_reads_as_much_for_5_students_as_for_60(
    school_class, lesson, almaz, make, count, django_assert_num_queries
):
    class_at_work(school_class, lesson, count)
    teacher = make.logged_in(almaz)
    url = reverse("classes:progress_csv", args=[school_class.pk])
    teacher.get(url)
    # The session and the user; the class and whether its reader teaches; the assignments with their
    # lessons, tasks, chosen puzzles and theme sets' pools; the students; their stars, and their tries at
    # all the puzzle sets.
    with django_assert_num_queries(8):
        lines = teacher.get(url).content.decode("utf-8-sig").splitlines()
    assert len(lines) == 2 + count + 2  # the class and the day, the headings, Selam, Dawit and the pupils


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_leaderboard_reads_as_much_for_5_students_as_for_60(
    school_class, lesson, almaz, make, count, django_assert_num_queries
):
    class_at_work(school_class, lesson, count)
    teacher = make.logged_in(almaz)
    url = reverse("classes:leaderboard", args=[school_class.pk])
    teacher.get(url)
    # The session and the user; the class with its teacher (the reader, so no student of it), whether they
    # teach; the students and their bests of the week.
    with django_assert_num_queries(6):
        page = teacher.get(url).content.decode()
    assert page.count('<tr><th scope="row">') == count + 2


def test_the_class_page_shows_30_students_a_page_and_page_2_the_next(school_class, lesson, almaz, make):
    """58 students and Selam and Dawit, by last name: Dawit Haile and the Pupils 00 to 28 on the first page,
    the Pupils 29 to 57 and Selam Tesfaye on the second."""
    class_at_work(school_class, lesson, HEAVY - 2)
    teacher = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    first = teacher.get(url).content.decode()
    second = teacher.get(url + "?page=2").content.decode()
    pupils = [f"Student {number} Pupil{number:02d}" for number in range(HEAVY - 2)]
    assert names(first) == ["Dawit Haile", *pupils[:29]]
    assert names(second) == [*pupils[29:], "Selam Tesfaye"]
    assert 'aria-label="Pages of the class\'s students"' in first
    assert "page 1 of 2: students 1 to 30" in first and "page 2 of 2: students 31 to 60" in second
    assert 'href="?page=2#progress-title" rel="next">Next</a>' in first and 'rel="prev"' not in first
    assert 'href="?page=1#progress-title" rel="prev">Previous</a>' in second and 'rel="next"' not in second
    slovak = teacher.get("/sk" + url + "?page=2").content.decode()
    assert names(slovak) == names(second)
    assert "stránka 2 z 2: žiaci 31 až 60" in slovak


@pytest.mark.parametrize("asked", ["3", "99999999999999999999", "0", "-1", "abc", "1.5", ""])
def test_a_page_past_the_end_or_not_a_number_shows_a_page_of_the_table(
    school_class, lesson, almaz, make, asked
):
    """Paginator.get_page: a number past the last page (or below the first) shows the last page, what is not
    a number the first."""
    class_at_work(school_class, lesson, HEAVY - 2)
    teacher = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    answer = teacher.get(url, {"page": asked})
    assert answer.status_code == 200
    expected = "page 2 of 2" if asked.lstrip("-").isdigit() else "page 1 of 2"
    assert expected in answer.content.decode()


def test_a_class_of_a_page_or_less_has_no_page_links(school_class, lesson, almaz, make):
    class_at_work(school_class, lesson, TABLE_PAGE - 2)
    page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk]) + "?page=2")
    text = page.content.decode()
    assert len(names(text)) == TABLE_PAGE and "Pages of the class" not in text
