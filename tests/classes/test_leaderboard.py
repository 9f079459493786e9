"""A class's leaderboard of the week's puzzle streaks and storms (classes.leaderboard): each student's best
since Monday, in the reader's alphabet, for the class's teachers and students and no one else."""

from datetime import datetime

import pytest
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from classes import co_teaching, leaderboard, services
from testing.factories import MembershipFactory, PuzzleRunFactory
from testing.page_text import seen

pytestmark = pytest.mark.django_db

#: A Thursday; its week began on Monday the 30th of November.
THURSDAY = "2026-12-03 15:00:00"


def when(text: str) -> datetime:
    return timezone.make_aware(datetime.fromisoformat(text))


@pytest.fixture
def week(school_class, selam, dawit, hana):
    """Selam's streaks this week 7 and 12, a storm of 20; last week a streak of 30. Dawit has played
    nothing; Hana, of another class, a streak of 50."""
    PuzzleRunFactory(user=selam, score=7, started=when("2026-11-30 00:00:01"))
    PuzzleRunFactory(user=selam, score=12, started=when("2026-12-02 09:00"))
    PuzzleRunFactory(user=selam, kind="storm", score=20, started=when("2026-12-03 10:00"))
    PuzzleRunFactory(user=selam, score=30, started=when("2026-11-29 23:59"))
    PuzzleRunFactory(user=hana, score=50, started=when("2026-12-02 09:00"))
    return school_class


def test_the_week_begins_on_monday_at_midnight():
    assert leaderboard.week_start(when(THURSDAY)) == when("2026-11-30 00:00")
    assert leaderboard.week_start(when("2026-11-30 00:00")) == when("2026-11-30 00:00")


@freeze_time(THURSDAY)
def test_each_students_best_of_the_week_in_the_readers_alphabet(week, selam, dawit):
    rows = leaderboard.rows(week, leaderboard.week_start())
    # Haile before Tesfaye; Dawit played nothing this week
    assert [(row.student, row.streak, row.storm) for row in rows] == [(dawit, None, None), (selam, 12, 20)]
    assert leaderboard.tops(rows) == (12, 20)


@freeze_time(THURSDAY)
def test_the_teacher_shows_it_as_a_page(week, make, almaz):
    answer = make.logged_in(almaz).get(reverse("classes:leaderboard", args=[week.pk]))
    assert answer.status_code == 200
    text = seen(answer.content.decode())
    assert "Grade 7 chess club: this week's puzzle streaks and storms" in text
    assert "Each student's best since Monday, 30 November 2026." in text
    assert "Dawit Haile – – Selam Tesfaye 12 20" in text
    assert "Full screen" in text
    assert "50" not in text and "30" not in text.replace("30 November", "")


@freeze_time(THURSDAY)
def test_a_co_teacher_and_the_classs_students_see_it_and_no_one_else(week, make, bekele, selam, hana):
    tigist = make.person("tigist", teaches=True)
    co_teaching.add(school_class=week, username="tigist")
    url = reverse("classes:leaderboard", args=[week.pk])
    assert make.logged_in(tigist).get(url).status_code == 200
    assert make.logged_in(selam).get(url).status_code == 200
    assert make.logged_in(bekele).get(url).status_code == 404
    assert make.logged_in(hana).get(url).status_code == 404


def test_an_archived_class_is_its_teachers_alone(week, make, almaz, selam):
    services.archive_class(school_class=week)
    url = reverse("classes:leaderboard", args=[week.pk])
    assert make.logged_in(selam).get(url).status_code == 404
    assert make.logged_in(almaz).get(url).status_code == 200


def test_a_former_teacher_is_refused_in_words(week, make, almaz):
    client = make.logged_in(almaz)
    assert client.post(reverse("profile"), {"first_name": "Almaz", "last_name": "Ayana"}).status_code == 302
    answer = client.get(reverse("classes:leaderboard", args=[week.pk]))
    assert answer.status_code == 403 and "You no longer teach" in answer.content.decode()


@freeze_time(THURSDAY)
def test_a_teacher_who_is_a_student_of_another_class_sees_only_that_one(week, make, other_class, almaz):
    """Almaz teaches her own class and is a student of Bekele's: his class's board shows her as one of its
    students, with her own best of the week, beside Hana; none of her own students; and she reads it as a
    student, without the link to the class's teacher page."""
    MembershipFactory(school_class=other_class, student=almaz)
    PuzzleRunFactory(user=almaz, score=9, started=when("2026-12-01 17:00"))
    answer = make.logged_in(almaz).get(reverse("classes:leaderboard", args=[other_class.pk]))
    assert answer.status_code == 200
    html = answer.content.decode()
    text = seen(html)
    assert "Bekele's club: this week's puzzle streaks and storms" in text
    # Ayana before Gebre; Almaz's 9 is her own run, Hana's 50 hers
    assert "Student Best streak Best storm Almaz Ayana 9 – Hana Gebre 50 – The figures" in text
    assert "Selam" not in text and "Dawit" not in text
    assert f'href="{reverse("classes:class", args=[other_class.pk])}"' not in html


def test_the_class_page_and_the_students_classes_link_to_it(week, make, almaz, selam):
    url = reverse("classes:leaderboard", args=[week.pk])
    assert (
        f'href="{url}"'
        in make.logged_in(almaz).get(reverse("classes:class", args=[week.pk])).content.decode()
    )
    assert f'href="{url}"' in make.logged_in(selam).get(reverse("classes:home")).content.decode()
