from django.conf import settings
from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from course.checkers import GOALS, OPPONENTS, TaskRules
from senterej.engine import BLACK, WHITE

SIDE_CHOICES = [("white", _("White")), ("black", _("Black"))]


class Localized(models.Model):
    """Content written in English and Slovak: `local("title")` is the Slovak text when the page is in Slovak
    and a translation exists, else the English one."""

    class Meta:
        abstract = True

    def local(self, field: str) -> str:
        if (get_language() or "").startswith("sk"):
            translated = getattr(self, f"{field}_sk", "")
            if translated:
                return translated
        return getattr(self, field)

    @property
    def local_title(self) -> str:
        return self.local("title")


class Lesson(Localized):
    slug = models.SlugField(unique=True)
    order = models.PositiveIntegerField(unique=True)
    title = models.CharField(max_length=120)
    title_sk = models.CharField(max_length=120, blank=True)
    intro = models.TextField(help_text=_("The lesson's explanation; a blank line starts a new paragraph."))
    intro_sk = models.TextField(blank=True)
    diagram_fen = models.CharField(max_length=100, blank=True)
    rules_anchor = models.CharField(max_length=10, blank=True, help_text=_("The rule it teaches, e.g. r5."))

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.title

    @property
    def local_intro(self) -> str:
        return self.local("intro")


class Task(Localized):
    """One board task. Its checker (course.checkers) replays the learner's moves against the goal."""

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="tasks")
    order = models.PositiveIntegerField()
    title = models.CharField(max_length=120)
    title_sk = models.CharField(max_length=120, blank=True)
    prompt = models.TextField(help_text=_("What the learner is asked to do."))
    prompt_sk = models.TextField(blank=True)
    hint = models.TextField(blank=True)
    hint_sk = models.TextField(blank=True)
    hint_square = models.CharField(max_length=2, blank=True)
    success = models.TextField(blank=True, help_text=_("Shown when the task is solved: why it works."))
    success_sk = models.TextField(blank=True)
    fen = models.CharField(max_length=100)
    side = models.CharField(max_length=5, choices=SIDE_CHOICES, default="white")
    goal = models.CharField(max_length=10, choices=[(goal, goal) for goal in GOALS])
    squares = models.CharField(max_length=200, blank=True, help_text=_("Stars or men to take, e.g. a5 e5."))
    status = models.CharField(max_length=16, blank=True)
    accept = models.CharField(max_length=200, blank=True, help_text=_("Moves that solve it, e.g. a7a8r."))
    opponent = models.CharField(max_length=10, choices=[(o, o) for o in OPPONENTS], default="pass")
    replies = models.JSONField(default=dict, blank=True)
    werera_choice = models.CharField(max_length=5, default="0000")
    history = models.CharField(max_length=400, blank=True)
    max_moves = models.PositiveIntegerField(default=1)
    par = models.PositiveIntegerField(default=1)
    options = models.JSONField(default=list, blank=True, help_text=_("For questions: a list of {en, sk}."))
    answer = models.IntegerField(default=-1)
    solution = models.CharField(max_length=200, blank=True, help_text=_("A reference solution (tested)."))

    class Meta:
        ordering = ["lesson__order", "order"]
        constraints = [models.UniqueConstraint(fields=["lesson", "order"], name="one_task_per_place")]

    def __str__(self) -> str:
        return f"{self.lesson.order}.{self.order} {self.title}"

    @property
    def local_prompt(self) -> str:
        return self.local("prompt")

    @property
    def local_hint(self) -> str:
        return self.local("hint")

    @property
    def local_success(self) -> str:
        return self.local("success")

    @property
    def learner(self) -> int:
        return WHITE if self.side == "white" else BLACK

    def local_options(self) -> list[str]:
        sk = (get_language() or "").startswith("sk")
        return [(option.get("sk") if sk else "") or option["en"] for option in self.options]

    def rules(self) -> TaskRules:
        return TaskRules(
            fen=self.fen,
            side=self.learner,
            goal=self.goal,
            squares=tuple(self.squares.split()),
            status=self.status,
            accept=tuple(self.accept.split()),
            opponent=self.opponent,
            replies=dict(self.replies),
            werera_choice=self.werera_choice,
            history=tuple(self.history.split()),
            max_moves=self.max_moves,
            par=self.par,
            answer=self.answer,
        )


class TaskProgress(models.Model):
    """A signed-in learner's record on one task; anonymous learners keep the same in their session."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="task_progress")
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="progress")
    best_stars = models.PositiveSmallIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "task"], name="one_progress_per_task")]

    def __str__(self) -> str:
        return f"{self.user} {self.task}: {self.best_stars}"
