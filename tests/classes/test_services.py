"""Writes to classes: making and archiving classes, join codes, invitations, students made in bulk, the size
limit, and assignments."""

import pytest
from django.contrib.auth.hashers import check_password
from django.contrib.auth.models import User

from classes import services
from classes.models import MAX_STUDENTS, Assignment, Invitation, Membership, SchoolClass

pytestmark = pytest.mark.django_db


def members(school_class: SchoolClass) -> set[str]:
    return set(school_class.students.values_list("username", flat=True))


def test_only_a_teacher_creates_a_class(almaz, selam):
    school_class = services.create_class(teacher=almaz, name="  Club  ", description="Fridays")
    assert (school_class.name, school_class.teacher, school_class.description) == ("Club", almaz, "Fridays")
    assert len(school_class.join_code) == services.CODE_LENGTH
    with pytest.raises(services.ClassError):
        services.create_class(teacher=selam, name="Mine")


def test_join_codes_are_unique_and_avoid_look_alike_characters(almaz):
    codes = {services.create_class(teacher=almaz, name=f"C{i}").join_code for i in range(20)}
    assert len(codes) == 20
    assert not set("".join(codes)) & set("01IO")


def test_it_joins_by_code_in_any_case_with_spaces(school_class, hana):
    code = school_class.join_code
    typed = f" {code[:4].lower()} {code[4:]} "
    assert services.join_class(user=hana, code=typed) == school_class
    assert "hana" in members(school_class)
    services.join_class(user=hana, code=code)  # twice is harmless
    assert Membership.objects.filter(student=hana).count() == 1


def test_a_wrong_code_is_refused(school_class, hana):
    with pytest.raises(services.ClassError, match="No class has this code"):
        services.join_class(user=hana, code="NOPE2345")


def test_an_archived_class_takes_no_one(school_class, hana):
    services.archive_class(school_class=school_class)
    with pytest.raises(services.ClassError, match="closed"):
        services.join_class(user=hana, code=school_class.join_code)
    services.restore_class(school_class=school_class)
    services.join_class(user=hana, code=school_class.join_code)


def test_the_teacher_cannot_join_their_own_class(school_class, almaz):
    with pytest.raises(services.ClassError, match="You teach"):
        services.join_class(user=almaz, code=school_class.join_code)


def test_a_new_code_retires_the_old_one(school_class, hana):
    old = school_class.join_code
    new = services.new_join_code(school_class=school_class)
    assert new != old
    with pytest.raises(services.ClassError):
        services.join_class(user=hana, code=old)
    services.join_class(user=hana, code=new)


def test_a_full_class_takes_no_one_more(school_class, hana):
    Membership.objects.bulk_create(
        Membership(school_class=school_class, student=User.objects.create_user(f"s{i}"))
        for i in range(MAX_STUDENTS - 2)
    )
    with pytest.raises(services.ClassError, match=f"at most {MAX_STUDENTS}"):
        services.join_class(user=hana, code=school_class.join_code)


def test_an_invitation_is_accepted_once(school_class, hana):
    invitation = services.invite(school_class=school_class, username="HANA")
    assert invitation.user == hana
    with pytest.raises(services.ClassError, match="invited already"):
        services.invite(school_class=school_class, username="hana")
    services.accept_invitation(invitation=invitation)
    assert "hana" in members(school_class)
    assert not Invitation.objects.exists()
    with pytest.raises(services.ClassError, match="in the class already"):
        services.invite(school_class=school_class, username="hana")


def test_an_invitation_can_be_declined(school_class, hana):
    services.decline_invitation(invitation=services.invite(school_class=school_class, username="hana"))
    assert "hana" not in members(school_class) and not Invitation.objects.exists()


@pytest.mark.parametrize("username", ["nobody", "almaz"])
def test_invitations_need_someone_else_with_an_account(school_class, username):
    with pytest.raises(services.ClassError):
        services.invite(school_class=school_class, username=username)


def test_joining_by_code_settles_a_pending_invitation(school_class, hana):
    services.invite(school_class=school_class, username="hana")
    services.join_class(user=hana, code=school_class.join_code)
    assert not Invitation.objects.exists()


def test_removing_a_student_keeps_their_account(school_class, selam):
    services.remove_student(school_class=school_class, student=selam)
    assert "selam" not in members(school_class)
    assert User.objects.filter(username="selam").exists()


def test_students_are_created_in_bulk_with_unique_usernames_and_working_passwords(school_class):
    User.objects.create_user("abebe.bikila")
    made = services.create_students(
        school_class=school_class, names=["Abebe Bikila", "Abebe Bikila", "Derartu Tulu"]
    )
    created = made.created
    assert [student.username for student in created] == ["abebe.bikila2", "abebe.bikila3", "derartu.tulu"]
    assert made.repeated == ["Abebe Bikila"] and made.existing == []
    assert len({student.password for student in created}) == 3
    for student in created:
        user = User.objects.get(username=student.username)
        assert check_password(student.password, user.password)
        assert user.password.startswith(f"pbkdf2_sha256${services.GENERATED_PASSWORD_ROUNDS}$")
    derartu = User.objects.get(username="derartu.tulu")
    assert (derartu.first_name, derartu.last_name) == ("Derartu", "Tulu")
    assert {"abebe.bikila2", "abebe.bikila3", "derartu.tulu"} <= members(school_class)


def test_generated_passwords_are_long_and_random():
    passwords = {services.generate_password() for _ in range(50)}
    assert len(passwords) == 50
    assert all(len(password) == 14 and password.count("-") == 2 for password in passwords)


def test_bulk_creation_beyond_the_limit_creates_no_one(school_class):
    before = User.objects.count()
    with pytest.raises(services.ClassError):
        services.create_students(
            school_class=school_class, names=[f"Runner {i}" for i in range(MAX_STUDENTS - 1)]
        )
    assert User.objects.count() == before


def test_an_assignment_keeps_only_what_its_kind_needs(school_class, lesson):
    tasks = list(lesson.tasks.all())
    assignment = services.create_assignment(
        school_class=school_class, kind="tasks", tasks=tasks[:1], lesson=lesson, theme="fork"
    )
    assert (assignment.lesson, assignment.theme, list(assignment.tasks.all())) == (None, "", tasks[:1])
    theme = services.create_assignment(
        school_class=school_class,
        kind="theme",
        theme="fork",
        puzzle_count=5,
        rating_min=1200,
        rating_max=1600,
    )
    assert (theme.theme, theme.puzzle_count, theme.rating_min, theme.rating_max) == ("fork", 5, 1200, 1600)


@pytest.mark.parametrize(
    "fields",
    [
        {"kind": "lesson"},
        {"kind": "tasks", "tasks": []},
        {"kind": "theme", "theme": "fork"},
        {"kind": "theme", "theme": "fork", "puzzle_count": 3, "rating_min": 1600, "rating_max": 1200},
        {"kind": "puzzles"},
        {"kind": "nonsense"},
    ],
)
def test_an_incomplete_assignment_is_refused(school_class, fields):
    with pytest.raises(services.ClassError):
        services.create_assignment(school_class=school_class, **fields)
    assert not Assignment.objects.exists()


def test_deleting_an_assignment_keeps_the_work(school_class, lesson, selam, make):
    assignment = make.assign_lesson(school_class, lesson)
    make.stars(selam, lesson.tasks.first(), 3)
    services.delete_assignment(assignment=assignment)
    assert selam.task_progress.count() == 1
