"""A teacher's announcements: plain text, escaped, at most 500 characters, deleted at will; the class's
students read the latest on their home page and their classes page, and an archived class's are not shown."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from classes import announcements, services
from classes.models import ANNOUNCEMENT_LENGTH, Announcement

pytestmark = pytest.mark.django_db


def post(client, school_class, text):
    return client.post(reverse("classes:announcement_new", args=[school_class.pk]), {"text": text})


def test_a_teacher_posts_an_announcement_the_students_read(school_class, almaz, selam, make):
    answer = post(make.logged_in(almaz), school_class, "  Bring your boards on Friday.\nWe play at 3.  ")
    assert answer.status_code == 302 and answer.url == reverse("classes:class", args=[school_class.pk])
    note = Announcement.objects.get()
    assert (note.text, note.author, note.school_class) == (
        "Bring your boards on Friday.\nWe play at 3.",
        almaz,
        school_class,
    )
    for url in ("/", "/classes/"):
        page = make.logged_in(selam).get(url).content.decode()
        assert "Bring your boards on Friday.<br>We play at 3." in page, url
    teacher_page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk]))
    assert "Bring your boards on Friday." in teacher_page.content.decode()


def test_an_announcement_is_plain_text(school_class, almaz, selam, make):
    post(make.logged_in(almaz), school_class, '<script>alert("x")</script> <b>bold</b>')
    page = make.logged_in(selam).get("/").content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;bold&lt;/b&gt;" in page
    assert "<b>bold</b>" not in page


@pytest.mark.parametrize("text", ["", "   \n  ", "x" * (ANNOUNCEMENT_LENGTH + 1)])
def test_an_empty_or_too_long_announcement_is_a_400(school_class, almaz, make, text):
    answer = post(make.logged_in(almaz), school_class, text)
    assert answer.status_code == 400
    assert not Announcement.objects.exists()


def test_the_longest_announcement_is_taken(school_class, almaz, make):
    assert post(make.logged_in(almaz), school_class, "x" * ANNOUNCEMENT_LENGTH).status_code == 302


def test_an_archived_class_takes_no_announcement_and_shows_none(school_class, almaz, selam, make):
    announcements.post(school_class=school_class, author=almaz, text="Chess on Friday")
    services.archive_class(school_class=school_class)
    assert post(make.logged_in(almaz), school_class, "More chess").status_code == 400
    for url in ("/", "/classes/"):
        assert "Chess on Friday" not in make.logged_in(selam).get(url).content.decode()


def test_students_of_other_classes_do_not_see_it(school_class, almaz, hana, make):
    announcements.post(school_class=school_class, author=almaz, text="Chess on Friday")
    for url in ("/", "/classes/"):
        assert "Chess on Friday" not in make.logged_in(hana).get(url).content.decode()


def test_the_home_page_shows_the_latest_three_and_each_class_its_latest_five(
    school_class, other_class, almaz, bekele, selam, make
):
    services.join_class(user=selam, code=other_class.join_code)
    for number in range(1, 7):
        announcements.post(school_class=school_class, author=almaz, text=f"Almaz's note {number}")
    announcements.post(school_class=other_class, author=bekele, text="Bekele's note")
    home = make.logged_in(selam).get("/").content.decode()
    assert [f"Almaz&#x27;s note {n}" in home for n in range(1, 7)] == [False] * 4 + [True] * 2
    assert "Bekele&#x27;s note" in home
    classes = make.logged_in(selam).get("/classes/").content.decode()
    assert [f"Almaz&#x27;s note {n}" in classes for n in range(1, 7)] == [False] + [True] * 5


def test_deleting_an_announcement_takes_it_off_the_students_pages(school_class, almaz, selam, make):
    note = announcements.post(school_class=school_class, author=almaz, text="Chess on Friday")
    url = reverse("classes:announcement_delete", args=[school_class.pk, note.pk])
    assert make.logged_in(almaz).post(url).status_code == 302
    assert "Chess on Friday" not in make.logged_in(selam).get("/").content.decode()


def test_the_home_page_reads_announcements_without_a_query_each(school_class, almaz, selam, make):
    client = make.logged_in(selam)
    client.get("/")
    with CaptureQueriesContext(connection) as without:
        client.get("/")
    for number in range(3):
        announcements.post(school_class=school_class, author=almaz, text=f"Note {number}")
    with CaptureQueriesContext(connection) as with_three:
        assert "Note 2" in client.get("/").content.decode()
    assert len(with_three) == len(without)


def test_bidi_controls_are_dropped_from_an_announcement(school_class, almaz, selam, make):
    """U+202E would show "Friday" and all after it backwards; the students read the text as it was meant."""
    controls = "\u200e\u200f\u202a\u202b\u202d\u2066\u2068"
    text = f"Bring your boards \u202eon Friday\u202c, \u2067room 3\u2069 {controls}."
    answer = post(make.logged_in(almaz), school_class, text)
    assert answer.status_code == 302
    assert Announcement.objects.get().text == "Bring your boards on Friday, room 3 ."
    page = make.logged_in(selam).get("/").content.decode()
    assert "Bring your boards on Friday, room 3 ." in page and "\u202e" not in page


def test_an_announcement_of_bidi_controls_alone_is_refused(school_class, almaz, make):
    answer = post(make.logged_in(almaz), school_class, "\u202e\u2066 \u200f")
    assert answer.status_code == 400 and "Write the announcement first." in answer.content.decode()
    assert not Announcement.objects.exists()


def test_an_announcement_kept_with_a_bidi_control_is_shown_without_it(school_class, almaz, selam, make):
    Announcement.objects.create(school_class=school_class, author=almaz, text="\u202eTuesday at 4")
    for user, url in (
        (selam, "/"),
        (selam, "/classes/"),
        (almaz, reverse("classes:class", args=[school_class.pk])),
    ):
        page = make.logged_in(user).get(url).content.decode()
        assert "Tuesday at 4" in page and "\u202e" not in page, url
