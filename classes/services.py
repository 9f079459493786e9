"""Writes to classes: making, editing and archiving them, joining by code, invitations, students made in
bulk or removed, and assignments. Every refusal a user can cause is a ClassError with a message for them."""

import re
import secrets
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date, time

from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import roles
from classes import access, chosen_order
from classes.models import MAX_STUDENTS, Assignment, Invitation, Membership, SchoolClass, StudentAccount
from classes.usernames import username_base, visible
from course.models import Lesson, Task
from trainer.models import Puzzle

#: Join codes avoid the letters and digits that read alike (O and 0, I and 1).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_GROUPS = 3
#: Generated passwords are random (12 characters of 31: about 59 bits), so they need no slow hash to resist
#: guessing; the default hash (a million rounds) would keep a teacher waiting a minute for a class of 60.
#: Django rehashes each with the default on the student's first log-in, since the rounds differ.
GENERATED_PASSWORD_ROUNDS = 20_000


class ClassError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _GeneratedPasswordHasher(PBKDF2PasswordHasher):
    iterations = GENERATED_PASSWORD_ROUNDS


def generated_hash(password: str) -> str:
    """The stored form of a generated password, with the quick hash its randomness allows."""
    return make_password(password, hasher=_GeneratedPasswordHasher())


@dataclass(frozen=True)
class NewStudent:
    name: str
    username: str
    password: str


@dataclass(frozen=True)
class ExistingStudent:
    name: str
    username: str


@dataclass(frozen=True)
class StudentsMade:
    """What a list of names made: the new accounts, the students of the class it named already, and the
    names written more than once (each made an account of its own)."""

    created: list[NewStudent]
    existing: list[ExistingStudent]
    repeated: list[str]


def normalize_code(text: str) -> str:
    """A join code as typed or read aloud: any case, with spaces or dashes."""
    return re.sub(r"[\s-]", "", text).upper()


def _fresh_code() -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not SchoolClass.objects.filter(join_code=code).exists():
            return code


def create_class(*, teacher: User, name: str, description: str = "") -> SchoolClass:
    if not roles.is_teacher(teacher):
        raise ClassError(_("Only teachers create classes: tick “I teach” on your profile first."))
    with transaction.atomic():
        return SchoolClass.objects.create(
            teacher=teacher, name=name.strip(), description=description.strip(), join_code=_fresh_code()
        )


def update_class(*, school_class: SchoolClass, name: str, description: str) -> None:
    school_class.name, school_class.description = name.strip(), description.strip()
    school_class.save(update_fields=["name", "description"])


def archive_class(*, school_class: SchoolClass) -> None:
    """An archived class keeps its students and work but takes no one new and leaves its students' pages."""
    if school_class.archived_at is None:
        school_class.archived_at = timezone.now()
        school_class.save(update_fields=["archived_at"])


def restore_class(*, school_class: SchoolClass) -> None:
    school_class.archived_at = None
    school_class.save(update_fields=["archived_at"])


def new_join_code(*, school_class: SchoolClass) -> str:
    """A new code (and link) for the class: the old one stops working, e.g. after it was shared too widely."""
    with transaction.atomic():
        school_class.join_code = _fresh_code()
        school_class.save(update_fields=["join_code"])
    return school_class.join_code


def _check_room(school_class: SchoolClass, newcomers: int) -> None:
    if school_class.memberships.count() + newcomers > MAX_STUDENTS:
        raise ClassError(
            _("A class has at most %(max)d students; this one has %(count)d.")
            % {"max": MAX_STUDENTS, "count": school_class.memberships.count()}
        )


def _admit(school_class: SchoolClass, user: User) -> None:
    """Puts the user in the class, which must be open and have room; the class row is locked."""
    if school_class.archived:
        raise ClassError(_("This class is closed."))
    if access.teaches(school_class, user):
        raise ClassError(_("You teach this class."))
    if not school_class.memberships.filter(student=user).exists():
        _check_room(school_class, 1)
        Membership.objects.create(school_class=school_class, student=user)
    Invitation.objects.filter(school_class=school_class, user=user).delete()


def join_class(*, user: User, code: str) -> SchoolClass:
    with transaction.atomic():
        school_class = SchoolClass.objects.select_for_update().filter(join_code=normalize_code(code)).first()
        if school_class is None:
            raise ClassError(_("No class has this code. Check it with your teacher."))
        _admit(school_class, user)
    return school_class


def invite(*, school_class: SchoolClass, username: str) -> Invitation:
    user = User.objects.filter(username__iexact=username.strip(), is_active=True).first()
    if user is None:
        raise ClassError(_("No account has the username “%(username)s”.") % {"username": username.strip()})
    if school_class.archived:
        raise ClassError(_("This class is archived: restore it first."))
    if user.pk == school_class.teacher_id:
        raise ClassError(_("You teach this class."))
    if access.teaches(school_class, user):
        raise ClassError(_("%(username)s teaches this class.") % {"username": user.username})
    if school_class.memberships.filter(student=user).exists():
        raise ClassError(_("%(username)s is in the class already.") % {"username": user.username})
    with transaction.atomic():
        invitation, created = Invitation.objects.get_or_create(school_class=school_class, user=user)
    if not created:
        raise ClassError(_("%(username)s is invited already.") % {"username": user.username})
    return invitation


def accept_invitation(*, invitation: Invitation) -> None:
    with transaction.atomic():
        school_class = SchoolClass.objects.select_for_update().get(pk=invitation.school_class_id)
        _admit(school_class, invitation.user)


def decline_invitation(*, invitation: Invitation) -> None:
    invitation.delete()


def remove_student(*, school_class: SchoolClass, student: User) -> None:
    """The student leaves the class; their account and their work stay theirs."""
    Membership.objects.filter(school_class=school_class, student=student).delete()


def _unique_username(base: str, taken: set[str]) -> str:
    candidate, number = base, 1
    while candidate.lower() in taken or User.objects.filter(username__iexact=candidate).exists():
        number += 1
        candidate = f"{base}{number}"
    taken.add(candidate.lower())
    return candidate


def generate_password() -> str:
    return "-".join(
        "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(PASSWORD_GROUPS)
    )


def name_key(name: str) -> str:
    """A name as two lists are compared: spaces collapsed, one Unicode form, case folded."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def _members_by_name(school_class: SchoolClass) -> dict[str, list[User]]:
    """The class's students under their full names, and the accounts its teachers made for it also under
    the name they were made with (a student may have changed theirs since)."""
    made = dict(StudentAccount.objects.filter(school_class=school_class).values_list("user_id", "name"))
    found: dict[str, list[User]] = defaultdict(list)
    for user in User.objects.filter(class_memberships__school_class=school_class).order_by("pk"):
        names = {user.get_full_name(), made.get(user.pk, "")} - {""}
        for key in {name_key(name) for name in names}:
            found[key].append(user)
    return found


def create_students(
    *, school_class: SchoolClass, names: list[str], made_by: User | None = None
) -> StudentsMade:
    """Accounts for the named students, in the class at once, recorded as made by `made_by` (the class's
    teacher or a co-teacher; the class's teacher when not given). A name that
    a student of the class already has (or that an account was made with for it) makes nothing: the
    answer names that student instead, so a list sent twice adds no one. Two identical names in one list
    make two accounts, numbered, and the answer says so: two pupils of a class may truly share a name, and
    the teacher who meant one removes the other in a click, while refusing would leave the real pair no
    way in. The passwords exist only in the answer. Each name is taken without what shows nothing
    (usernames.visible), and a name of nothing else makes nothing."""
    names = [name for name in map(visible, names) if name]
    if school_class.archived:
        raise ClassError(_("This class is archived: restore it first."))
    created: list[NewStudent] = []
    existing: list[ExistingStudent] = []
    fresh: list[str] = []
    taken: set[str] = set()
    matched: set[int] = set()
    made_keys: set[str] = set()
    counts = Counter(name_key(name) for name in names)
    with transaction.atomic():
        SchoolClass.objects.select_for_update().get(pk=school_class.pk)  # one writer at a time per class
        members = _members_by_name(school_class)
        for name in names:
            member = next((user for user in members[name_key(name)] if user.pk not in matched), None)
            if member is None:
                fresh.append(name)
            else:
                matched.add(member.pk)
                existing.append(ExistingStudent(member.get_full_name() or name, member.username))
        _check_room(school_class, len(fresh))
        for name in fresh:
            first, _space, last = name.partition(" ")
            username = _unique_username(username_base(name), taken)
            password = generate_password()
            user = User(username=username, first_name=first[:150], last_name=last.strip()[:150])
            user.password = generated_hash(password)
            user.save()
            Membership.objects.create(school_class=school_class, student=user)
            StudentAccount.objects.create(
                user=user,
                made_by_id=made_by.pk if made_by else school_class.teacher_id,
                school_class=school_class,
                name=name,
            )
            created.append(NewStudent(name, username, password))
            made_keys.add(name_key(name))
    spellings: dict[str, str] = {}
    for name in names:
        spellings.setdefault(name_key(name), name)
    repeated = [name for key, name in spellings.items() if counts[key] > 1 and key in made_keys]
    return StudentsMade(created, existing, repeated)


@dataclass(frozen=True)
class Contents:
    """What an assignment is made of, and when it is due."""

    kind: str
    lesson: Lesson | None = None
    tasks: list[Task] = field(default_factory=list)
    theme: str = ""
    puzzle_count: int = 0
    rating_min: int | None = None
    rating_max: int | None = None
    puzzles: list[Puzzle] = field(default_factory=list)
    due_on: date | None = None
    due_time: time | None = None

    @classmethod
    def of(cls, assignment: Assignment) -> "Contents":
        return cls(
            kind=assignment.kind,
            lesson=assignment.lesson,
            tasks=list(assignment.tasks.all()),
            theme=assignment.theme,
            puzzle_count=assignment.puzzle_count,
            rating_min=assignment.rating_min,
            rating_max=assignment.rating_max,
            puzzles=chosen_order.puzzles(assignment),
            due_on=assignment.due_on,
            due_time=assignment.due_time,
        )


def _check(school_class: SchoolClass, contents: Contents) -> None:
    if school_class.archived:
        raise ClassError(_("This class is archived: restore it first."))
    shapes: dict[str, bool] = {
        Assignment.Kind.LESSON: contents.lesson is not None,
        Assignment.Kind.TASKS: bool(contents.tasks),
        Assignment.Kind.THEME: bool(contents.theme) and contents.puzzle_count > 0,
        Assignment.Kind.PUZZLES: bool(contents.puzzles),
    }
    if not shapes.get(contents.kind):
        raise ClassError(_("The assignment is incomplete."))
    low, high = contents.rating_min, contents.rating_max
    if low is not None and high is not None and low > high:
        raise ClassError(_("The lowest rating must not be above the highest."))
    if contents.due_time is not None and contents.due_on is None:
        raise ClassError(_("A due time needs a due date."))


def _store(assignment: Assignment, contents: Contents) -> None:
    """Writes the contents the kind uses, and clears the rest."""
    kind = contents.kind
    theme = kind == Assignment.Kind.THEME
    assignment.kind = kind
    assignment.lesson = contents.lesson if kind == Assignment.Kind.LESSON else None
    assignment.theme = contents.theme if theme else ""
    assignment.puzzle_count = contents.puzzle_count if theme else 0
    assignment.rating_min = contents.rating_min if theme else None
    assignment.rating_max = contents.rating_max if theme else None
    assignment.due_on, assignment.due_time = contents.due_on, contents.due_time
    assignment.save()
    assignment.tasks.set(contents.tasks if kind == Assignment.Kind.TASKS else [])
    chosen_order.store(assignment, contents.puzzles if kind == Assignment.Kind.PUZZLES else [])


def create_assignment(
    *,
    school_class: SchoolClass,
    kind: str,
    lesson: Lesson | None = None,
    tasks: list[Task] | None = None,
    theme: str = "",
    puzzle_count: int = 0,
    rating_min: int | None = None,
    rating_max: int | None = None,
    puzzles: list[Puzzle] | None = None,
    due_on: date | None = None,
    due_time: time | None = None,
) -> Assignment:
    contents = Contents(
        kind=kind,
        lesson=lesson,
        tasks=tasks or [],
        theme=theme,
        puzzle_count=puzzle_count,
        rating_min=rating_min,
        rating_max=rating_max,
        puzzles=puzzles or [],
        due_on=due_on,
        due_time=due_time,
    )
    return assign(school_class=school_class, contents=contents)


def assign(*, school_class: SchoolClass, contents: Contents) -> Assignment:
    """A new assignment of the class, made of `contents` (checked first)."""
    _check(school_class, contents)
    with transaction.atomic():
        assignment = Assignment(school_class=school_class)
        _store(assignment, contents)
    return assignment


def update_assignment(*, assignment: Assignment, contents: Contents) -> None:
    """Changes what the assignment is made of or when it is due. Work already done is not touched: progress
    is read from the students' own records (stars, puzzle tries) each time, so the table counts it again
    against the new contents and deadline. Tasks or puzzles done for the old contents count if the new ones
    ask for them; puzzle tries count from the assignment's creation, as before the edit; a later deadline
    can turn late work back to on time, and an earlier one on-time work late."""
    _check(assignment.school_class, contents)
    with transaction.atomic():
        _store(assignment, contents)


def copy_assignment(*, assignment: Assignment, to_class: SchoolClass, by: User) -> Assignment:
    """The same contents and deadline in another class the same person teaches. The copy is new: puzzle
    tries count toward it from its own creation, as for any new assignment."""
    if to_class.pk == assignment.school_class_id:
        raise ClassError(_("Choose another class: the assignment is in this one already."))
    if not access.teaches(to_class, by):
        raise ClassError(_("You can copy an assignment only to a class you teach."))
    contents = Contents.of(assignment)
    _check(to_class, contents)
    with transaction.atomic():
        copy = Assignment(school_class=to_class)
        _store(copy, contents)
    return copy


def delete_assignment(*, assignment: Assignment) -> None:
    """Only the assignment goes: the students' work on its tasks and puzzles is theirs and stays."""
    assignment.delete()
