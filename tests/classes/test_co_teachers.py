"""Co-teachers and former teachers. The class's teacher adds a teacher by username; the co-teacher reaches
every teacher page of the class but archiving it and choosing its teachers; the teacher removes them, or
they step down. Someone who unticks "I teach" is refused their classes' pages in words until they tick it
again."""

import pytest
from django.urls import reverse

from classes import co_teaching, services
from classes.co_teaching import MAX_CO_TEACHERS
from classes.models import SchoolClass

pytestmark = pytest.mark.django_db


def add(client, school_class, username):
    return client.post(reverse("classes:co_teacher_add", args=[school_class.pk]), {"teacher": username})


def test_the_teacher_adds_a_co_teacher_who_then_opens_the_class(school_class, almaz, bekele, make):
    answer = add(make.logged_in(almaz), school_class, " BEKELE ")
    assert answer.status_code == 302 and list(school_class.co_teachers.all()) == [bekele]
    client = make.logged_in(bekele)
    page = client.get(reverse("classes:class", args=[school_class.pk])).content.decode()
    assert "<h1>Grade 7 chess club" in page and "Selam Tesfaye" in page
    assert f'href="{reverse("classes:archive", args=[school_class.pk])}"' not in page
    assert "Grade 7 chess club" in client.get(reverse("classes:home")).content.decode()


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("nobody", "No account has the username"),
        ("selam", "selam is not a teacher"),
        ("almaz", "You teach this class."),
        ("b" * 5000, "A username has at most 150 characters."),
        ("", "This field is required."),
    ],
)
def test_a_refused_co_teacher_is_a_400_with_a_message(school_class, almaz, bekele, make, username, message):
    answer = add(make.logged_in(almaz), school_class, username)
    assert answer.status_code == 400 and message in answer.content.decode()
    assert not school_class.co_teachers.exists()


def test_a_student_of_the_class_is_not_made_its_co_teacher(school_class, almaz, selam, make):
    selam_teaches = make.person("selam", teaches=True)
    answer = add(make.logged_in(almaz), school_class, selam_teaches.username)
    assert answer.status_code == 400 and "is a student of this class" in answer.content.decode()


def test_a_co_teacher_is_added_once_and_a_class_has_only_so_many(school_class, almaz, bekele, make):
    client = make.logged_in(almaz)
    add(client, school_class, "bekele")
    assert "teaches this class already" in add(client, school_class, "bekele").content.decode()
    for number in range(MAX_CO_TEACHERS - 1):
        co_teaching.add(
            school_class=school_class, username=make.person(f"teacher{number}", teaches=True).username
        )
    last = make.person("one.too.many", teaches=True)
    answer = add(client, school_class, last.username)
    assert answer.status_code == 400 and f"at most {MAX_CO_TEACHERS} co-teachers" in answer.content.decode()


def test_a_co_teacher_does_what_a_teacher_does(school_class, lesson, almaz, bekele, selam, make):
    co_teaching.add(school_class=school_class, username="bekele")
    client = make.logged_in(bekele)
    pk = school_class.pk
    assignment = make.assign_lesson(school_class, lesson)
    for url in (
        reverse("classes:student", args=[pk, selam.pk]),
        reverse("classes:progress_csv", args=[pk]),
        reverse("classes:assignment_new", args=[pk]),
        reverse("classes:assignment_edit", args=[pk, assignment.pk]),
        reverse("classes:edit", args=[pk]),
    ):
        assert client.get(url).status_code == 200, url
    assert client.post(reverse("classes:announcement_new", args=[pk]), {"text": "Hello"}).status_code == 302
    assert client.post(reverse("classes:assignment_delete", args=[pk, assignment.pk])).status_code == 302
    assert not school_class.assignments.exists()


def test_a_co_teacher_neither_archives_nor_chooses_teachers(school_class, almaz, bekele, make):
    co_teaching.add(school_class=school_class, username="bekele")
    other = make.person("tigist", teaches=True)
    co_teaching.add(school_class=school_class, username="tigist")
    client = make.logged_in(bekele)
    pk = school_class.pk
    for method, url in [
        ("get", reverse("classes:archive", args=[pk])),
        ("post", reverse("classes:archive", args=[pk])),
        ("post", reverse("classes:restore", args=[pk])),
        ("get", reverse("classes:co_teacher_add", args=[pk])),
        ("post", reverse("classes:co_teacher_add", args=[pk])),
        ("post", reverse("classes:co_teacher_remove", args=[pk, other.pk])),
    ]:
        answer = getattr(client, method)(url, {"teacher": "abebe"})
        assert answer.status_code == 403, url
        assert "Only the class&#x27;s teacher, Almaz" in answer.content.decode(), url
    school_class.refresh_from_db()
    assert school_class.archived_at is None and school_class.co_teachers.count() == 2


def test_a_removed_co_teacher_no_longer_reaches_the_class(school_class, almaz, bekele, make):
    co_teaching.add(school_class=school_class, username="bekele")
    url = reverse("classes:co_teacher_remove", args=[school_class.pk, bekele.pk])
    assert make.logged_in(almaz).post(url).status_code == 302
    assert make.logged_in(bekele).get(reverse("classes:class", args=[school_class.pk])).status_code == 404


def test_a_co_teacher_steps_down(school_class, almaz, bekele, make):
    co_teaching.add(school_class=school_class, username="bekele")
    client = make.logged_in(bekele)
    url = reverse("classes:co_teacher_remove", args=[school_class.pk, bekele.pk])
    assert "<h1>Stop teaching the class Grade 7 chess club?</h1>" in client.get(url).content.decode()
    answer = client.post(url)
    assert answer.status_code == 302 and answer.url == reverse("classes:home")
    assert not school_class.co_teachers.exists()


def test_a_co_teacher_does_not_join_the_class_as_a_student(school_class, almaz, bekele, make):
    co_teaching.add(school_class=school_class, username="bekele")
    with pytest.raises(services.ClassError, match="You teach this class"):
        services.join_class(user=bekele, code=school_class.join_code)
    with pytest.raises(services.ClassError, match="bekele teaches this class"):
        services.invite(school_class=school_class, username="bekele")


# Former teachers


def untick_i_teach(client):
    answer = client.post(reverse("profile"), {"first_name": "Almaz", "last_name": "Ayana", "email": ""})
    assert answer.status_code == 302


def test_a_former_teacher_is_refused_their_classes_in_words(school_class, lesson, almaz, selam, make):
    assignment = make.assign_lesson(school_class, lesson)
    client = make.logged_in(almaz)
    assert client.get(reverse("classes:class", args=[school_class.pk])).status_code == 200
    untick_i_teach(client)
    pk = school_class.pk
    before = (SchoolClass.objects.get(pk=pk).join_code, school_class.assignments.count())
    for method, url in [
        ("get", reverse("classes:class", args=[pk])),
        ("get", reverse("classes:student", args=[pk, selam.pk])),
        ("get", reverse("classes:progress_csv", args=[pk])),
        ("post", reverse("classes:code", args=[pk])),
        ("post", reverse("classes:assignment_delete", args=[pk, assignment.pk])),
        ("get", reverse("classes:assignment_edit", args=[pk, assignment.pk])),
        ("post", reverse("classes:announcement_new", args=[pk])),
        ("post", reverse("classes:archive", args=[pk])),
    ]:
        answer = getattr(client, method)(url, {"text": "Hello"})
        assert answer.status_code == 403, url
        assert "You no longer teach" in answer.content.decode(), url
    assert (SchoolClass.objects.get(pk=pk).join_code, school_class.assignments.count()) == before
    home = client.get(reverse("classes:home")).content.decode()
    assert "these classes' pages are closed to you" in home
    assert f'href="{reverse("classes:class", args=[pk])}"' not in home


def test_a_former_teacher_s_refusal_is_in_slovak_too(school_class, almaz, make):
    client = make.logged_in(almaz)
    untick_i_teach(client)
    answer = client.get("/sk" + reverse("classes:class", args=[school_class.pk]))
    assert answer.status_code == 403 and "Už neučíš" in answer.content.decode()


def test_ticking_i_teach_again_opens_the_classes(school_class, almaz, make):
    client = make.logged_in(almaz)
    untick_i_teach(client)
    client.post(
        reverse("profile"), {"first_name": "Almaz", "last_name": "Ayana", "email": "", "teaches": "on"}
    )
    assert client.get(reverse("classes:class", args=[school_class.pk])).status_code == 200


def test_a_former_co_teacher_is_refused_too_and_another_s_class_stays_a_404(
    school_class, other_class, almaz, bekele, make
):
    co_teaching.add(school_class=school_class, username="bekele")
    client = make.logged_in(bekele)
    client.post(reverse("profile"), {"first_name": "Kenenisa", "last_name": "Bekele", "email": ""})
    assert client.get(reverse("classes:class", args=[school_class.pk])).status_code == 403
    assert client.get(reverse("classes:class", args=[other_class.pk])).status_code == 403
    stranger = make.logged_in(almaz)
    stranger.post(reverse("profile"), {"first_name": "Almaz", "last_name": "Ayana", "email": ""})
    assert stranger.get(reverse("classes:class", args=[other_class.pk])).status_code == 404
