"""Teachers' classes: who teaches them, who is in them, who is invited, and what is assigned. An assignment
is a lesson, chosen tasks of the course, a puzzle set of one theme within a rating band, or chosen puzzles;
its progress is read from the learners' own records (course.TaskProgress, trainer.Attempt), never copied."""

from datetime import datetime, time
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from course.models import Lesson, Task
from trainer.models import Puzzle

if TYPE_CHECKING:
    from django.contrib.auth.models import User

#: A class holds at most this many students: a large school class, small enough for one progress table.
MAX_STUDENTS = 60
#: An announcement is a short note, read on a home page.
ANNOUNCEMENT_LENGTH = 500


class SchoolClass(models.Model):
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="classes_taught",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), max_length=1000, blank=True)
    join_code = models.CharField(_("join code"), max_length=12, unique=True)
    archived_at = models.DateTimeField(_("archived at"), null=True, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    students: models.ManyToManyField["User", "Membership"] = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="classes_joined",
        verbose_name=_("students"),
    )
    #: Teachers who teach the class with its teacher: all but archiving it and choosing who else teaches it.
    co_teachers: models.ManyToManyField["User", "User"] = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="classes_co_taught", verbose_name=_("co-teachers")
    )

    class Meta:
        ordering = ["name", "id"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


class Membership(models.Model):
    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("class")
    )
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="class_memberships",
        verbose_name=_("student"),
    )
    joined = models.DateTimeField(_("joined"), default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["school_class", "student"], name="one_membership")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.student} in {self.school_class}"


class Invitation(models.Model):
    """A teacher's invitation of an existing account; the account's owner accepts or declines it."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("class")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="class_invitations",
        verbose_name=_("user"),
    )
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["school_class", "user"], name="one_invitation")]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.user} invited to {self.school_class}"


class Assignment(models.Model):
    class Kind(models.TextChoices):
        LESSON = "lesson", _("A whole lesson")
        TASKS = "tasks", _("Chosen tasks of the course")
        THEME = "theme", _("Puzzles of a theme")
        PUZZLES = "puzzles", _("Chosen puzzles")

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="assignments", verbose_name=_("class")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    lesson = models.ForeignKey(
        Lesson, null=True, blank=True, on_delete=models.CASCADE, related_name="+", verbose_name=_("lesson")
    )
    tasks = models.ManyToManyField(Task, blank=True, related_name="+", verbose_name=_("tasks"))
    theme = models.CharField(_("theme"), max_length=40, blank=True)
    puzzle_count = models.PositiveSmallIntegerField(_("number of puzzles"), default=0)
    rating_min = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    puzzles = models.ManyToManyField(Puzzle, blank=True, related_name="+", verbose_name=_("puzzles"))
    due_on = models.DateField(_("due on"), null=True, blank=True)
    #: Without a time, work is due by the end of the due date (in the site's time zone).
    due_time = models.TimeField(_("due at"), null=True, blank=True)
    #: Puzzle work counts only from here on: a set is done by solving it, not by having solved it before.
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")

    def __str__(self) -> str:
        return f"{self.school_class}: {self.kind} #{self.pk}"

    @property
    def is_course(self) -> bool:
        return self.kind in (self.Kind.LESSON, self.Kind.TASKS)

    @property
    def deadline(self) -> datetime | None:
        """The last moment work is on time: the due time on the due date, or without one the date's end, in
        the site's time zone (settings.TIME_ZONE), whatever the zone of the one who reads it."""
        if self.due_on is None:
            return None
        moment = datetime.combine(self.due_on, self.due_time or time.max)
        return timezone.make_aware(moment, timezone.get_default_timezone())


class StudentAccount(models.Model):
    """An account a teacher made for a class from a list of names: who made it, for which class, under which
    name. Its maker may give it a new password while it is in that class (there is no e-mail to reset by)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="made_account",
        verbose_name=_("account"),
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="accounts_made",
        verbose_name=_("made by"),
    )
    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="made_accounts", verbose_name=_("class")
    )
    #: The name as the teacher wrote it in the list, which a list sent again is compared with.
    name = models.CharField(_("name in the list"), max_length=100)
    created = models.DateTimeField(_("made on"), default=timezone.now)

    class Meta:
        verbose_name = _("account made by a teacher")
        verbose_name_plural = _("accounts made by teachers")

    def __str__(self) -> str:
        return f"{self.user} made by {self.made_by} for {self.school_class}"


class Announcement(models.Model):
    """A teacher's short note to a class, shown to its students while the class is open."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="announcements", verbose_name=_("class")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("author"),
    )
    text = models.TextField(_("text"), max_length=ANNOUNCEMENT_LENGTH)
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("announcement")
        verbose_name_plural = _("announcements")

    def __str__(self) -> str:
        return f"{self.school_class}: {self.text[:40]}"
