from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from course.checkers import GOALS, OPPONENTS, TaskRules
from senterej.board.sides import Side

#: The goals and opponents of course.checkers, as the admin names them.
GOAL_LABELS = {
    "stars": _("collect the stars"),
    "capture": _("capture the marked men"),
    "check": _("give check"),
    "status": _("reach a result"),
    "moves": _("play an accepted move"),
    "castle": _("castle"),
    "played": _("play a werera choice that stands"),
    "foil": _("make the other side's werera choice fail"),
    "question": _("answer a question"),
}
OPPONENT_LABELS = {
    "pass": _("passes"),
    "capture": _("takes what hangs"),
    "scripted": _("plays scripted replies"),
}


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
        english: str = getattr(self, field)
        return english

    @property
    def local_title(self) -> str:
        return self.local("title")


def _local_part(option: dict[str, str], english: str, slovak: str) -> str:
    """One text of a question's option: the Slovak one when the page is in Slovak and it exists."""
    if (get_language() or "").startswith("sk") and option.get(slovak):
        return option[slovak]
    return option.get(english, "")


class Lesson(Localized):
    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveIntegerField(_("order"), unique=True)
    title = models.CharField(_("title"), max_length=120)
    title_sk = models.CharField(_("title (Slovak)"), max_length=120, blank=True)
    intro = models.TextField(
        _("introduction"), help_text=_("The lesson's explanation; a blank line starts a new paragraph.")
    )
    intro_sk = models.TextField(_("introduction (Slovak)"), blank=True)
    diagram_fen = models.CharField(_("diagram (FEN)"), max_length=100, blank=True)
    rules_anchor = models.CharField(
        _("rule"), max_length=10, blank=True, help_text=_("The rule it teaches, e.g. r5.")
    )

    class Meta:
        ordering = ["order"]
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return self.local_title

    @property
    def local_intro(self) -> str:
        return self.local("intro")


class Task(Localized):
    """One board task. Its checker (course.checkers) replays the learner's moves against the goal."""

    lesson = models.ForeignKey(
        Lesson, on_delete=models.CASCADE, related_name="tasks", verbose_name=_("lesson")
    )
    order = models.PositiveIntegerField(_("order"))
    title = models.CharField(_("title"), max_length=120)
    title_sk = models.CharField(_("title (Slovak)"), max_length=120, blank=True)
    prompt = models.TextField(_("prompt"), help_text=_("What the learner is asked to do."))
    prompt_sk = models.TextField(_("prompt (Slovak)"), blank=True)
    hint = models.TextField(_("hint"), blank=True)
    hint_sk = models.TextField(_("hint (Slovak)"), blank=True)
    hint_square = models.CharField(_("hint square"), max_length=2, blank=True)
    success = models.TextField(
        _("success message"), blank=True, help_text=_("Shown when the task is solved: why it works.")
    )
    success_sk = models.TextField(_("success message (Slovak)"), blank=True)
    fen = models.CharField(_("position (FEN)"), max_length=100)
    side = models.CharField(_("side"), max_length=5, choices=Side.choices, default=Side.WHITE)
    goal = models.CharField(_("goal"), max_length=10, choices=[(goal, GOAL_LABELS[goal]) for goal in GOALS])
    squares = models.CharField(
        _("squares"), max_length=200, blank=True, help_text=_("Stars or men to take, e.g. a5 e5.")
    )
    collector = models.CharField(
        _("collecting man"),
        max_length=2,
        blank=True,
        help_text=_(
            "For stars and captures: the square of the one man that must collect them, e.g. a1; the other "
            "men may not move (blank: any man)."
        ),
    )
    status = models.CharField(_("result to reach"), max_length=16, blank=True)
    accept = models.CharField(
        _("accepted moves"), max_length=200, blank=True, help_text=_("Moves that solve it, e.g. a7a8r.")
    )
    opponent = models.CharField(
        _("opponent"), max_length=10, choices=[(o, OPPONENT_LABELS[o]) for o in OPPONENTS], default="pass"
    )
    replies = models.JSONField(_("scripted replies"), default=dict, blank=True)
    werera_choice = models.CharField(_("opponent's werera choice"), max_length=5, default="0000")
    history = models.CharField(_("moves played before"), max_length=400, blank=True)
    max_moves = models.PositiveIntegerField(_("most moves"), default=1)
    par = models.PositiveIntegerField(_("par"), default=1)
    options = models.JSONField(
        _("options"),
        default=list,
        blank=True,
        help_text=_(
            "For questions: a list of {en, sk, why, why_sk}, where why (and why_sk) says why a wrong option "
            "is wrong."
        ),
    )
    answer = models.IntegerField(_("right option"), default=-1)
    solution = models.CharField(
        _("reference solution"), max_length=200, blank=True, help_text=_("A reference solution (tested).")
    )

    class Meta:
        ordering = ["lesson__order", "order"]
        constraints = [models.UniqueConstraint(fields=["lesson", "order"], name="one_task_per_place")]
        verbose_name = _("task")
        verbose_name_plural = _("tasks")

    def __str__(self) -> str:
        return f"{self.lesson.order}.{self.order} {self.local_title}"

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
        return Side(self.side).colour

    def local_options(self) -> list[str]:
        return [_local_part(option, "en", "sk") for option in self.options]

    def local_why(self, index: int) -> str:
        """Why the option `index` is wrong, in the page's language ("" when the content does not say)."""
        if not 0 <= index < len(self.options):
            return ""
        return _local_part(self.options[index], "why", "why_sk")

    def rules(self) -> TaskRules:
        return TaskRules(
            fen=self.fen,
            side=self.learner,
            goal=self.goal,
            squares=tuple(self.squares.split()),
            collector=self.collector,
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

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="task_progress",
        verbose_name=_("user"),
    )
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="progress", verbose_name=_("task"))
    best_stars = models.PositiveSmallIntegerField(_("best stars"), default=0)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)
    hint_taken = models.BooleanField(
        _("hint taken"),
        default=False,
        help_text=_("A hint was shown in the try not yet solved: it costs a star."),
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "task"], name="one_progress_per_task")]
        verbose_name = _("task progress")
        verbose_name_plural = _("task progress")

    def __str__(self) -> str:
        return f"{self.user} {self.task}: {self.best_stars}"


class TaskTry(models.Model):
    """One finished try (solved or failed) of a signed-in learner at a task, kept for their teachers: its
    first mistake (a move, in coordinates when it could be read, on the position it was played in, or a
    question's wrong option), its mistakes, whether the hint was shown, and its seconds from the moment the
    task was shown (`senterej.board.shown_at`). TaskProgress keeps the learner's standing; this keeps how they
    got there."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="task_tries", verbose_name=_("user")
    )
    task = models.ForeignKey(Task, on_delete=models.CASCADE, related_name="tries", verbose_name=_("task"))
    solved = models.BooleanField(_("solved"))
    stars = models.PositiveSmallIntegerField(_("stars"), default=0)
    mistakes = models.PositiveSmallIntegerField(_("mistakes"), default=0)
    wrong_move = models.CharField(_("first wrong move"), max_length=10, blank=True)
    wrong_fen = models.CharField(_("position of the first wrong move"), max_length=100, blank=True)
    wrong_option = models.SmallIntegerField(_("wrong option"), null=True, blank=True)
    hinted = models.BooleanField(_("with the hint"), default=False)
    seconds = models.PositiveIntegerField(_("seconds"), default=0)
    created = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        indexes = [models.Index(fields=["task", "user", "created"], name="task_try_task_user")]
        verbose_name = _("task try")
        verbose_name_plural = _("task tries")

    def __str__(self) -> str:
        return f"{self.user} {self.task}: {'solved' if self.solved else 'failed'}"
