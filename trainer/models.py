import math
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from trainer.lines import PuzzleLine
from trainer.rating import MAX_RD, START, START_VOLATILITY

#: How long a hint or a solution shown in a try marks the player's next tries at the puzzle as helped: a
#: puzzle replayed the same day from what was just shown is not found alone; found again a day later, it is.
HELP_LASTS = timedelta(days=1)
#: The ratings a puzzle may have; the rating updates of every solving move assume them.
RATING_RANGE = (0.0, 4000.0)


def check_rating(value: object) -> float:
    """The one check of a puzzle's rating, for the import and the admin alike: a ValueError says what is
    wrong, in words for a curator."""
    low, high = RATING_RANGE
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(gettext("the rating must be a number"))
    if not low <= value <= high:
        raise ValueError(
            gettext("the rating must be between %(low)s and %(high)s") % {"low": low, "high": high}
        )
    return float(value)


class Puzzle(models.Model):
    """A position with the solver to move and its solution line in coordinate notation (the solver's moves
    alternating with the opponent's replies, the solver's first and last), proved by the engine."""

    fen = models.CharField(_("position (FEN)"), max_length=100)
    moves = models.CharField(_("moves"), max_length=400)
    themes = models.CharField(_("themes"), max_length=300, blank=True)
    rating = models.FloatField(_("rating"), default=START)
    rating_deviation = models.FloatField(_("rating deviation"), default=MAX_RD)
    volatility = models.FloatField(_("volatility"), default=START_VOLATILITY)
    source = models.CharField(_("source"), max_length=200, blank=True)
    #: For a werera puzzle, the rounds from the start that reach its position (R5.11): each round White's
    #: choice and Black's in coordinates joined by "/" ("0000" for a wait), the rounds separated by spaces.
    rounds = models.CharField(_("werera rounds from the start"), max_length=400, blank=True)
    active = models.BooleanField(_("active"), default=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    #: The engine's answer to each wrong first move of a turn-based puzzle, worked out in advance
    #: (`trainer.refutations`): {"fen": the position they answer, "nodes": the search's budget, "answers":
    #: {wrong move: [reply, whether it mates]}}, a move that ends the game at once left out. None until then.
    refutations = models.JSONField(
        _("refutations of wrong first moves"), null=True, blank=True, editable=False
    )

    class Meta:
        indexes = [models.Index(fields=["active", "rating"], name="puzzle_active_rating")]
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")

    def __str__(self) -> str:
        return f"#{self.pk} {self.themes} ({self.rating:.0f})"

    @property
    def solution(self) -> list[str]:
        return self.moves.split()

    @property
    def line(self) -> PuzzleLine:
        return PuzzleLine.of(self.fen, self.moves)

    @property
    def theme_list(self) -> list[str]:
        return self.themes.split()

    def sync_themes(self) -> None:
        """Rewrites the puzzle's theme rows from `themes`, with its current rating and status."""
        self.theme_rows.all().delete()
        PuzzleTheme.objects.bulk_create(
            PuzzleTheme(puzzle=self, theme=theme, rating=self.rating, active=self.active)
            for theme in self.theme_list
        )


class Refutation(models.Model):
    """The engine's answer to a position reached by a wrong move, searched once and kept for every player and
    every process (`trainer.refutations`): `key` names the position and the search's budget."""

    key = models.CharField(_("position and budget"), max_length=64, unique=True)
    #: The reply in coordinates ("" when there is none).
    reply = models.CharField(_("reply"), max_length=10, blank=True)
    mates = models.BooleanField(_("the reply mates"))

    class Meta:
        verbose_name = _("refutation")
        verbose_name_plural = _("refutations")

    def __str__(self) -> str:
        return self.reply or "-"


class PuzzleTheme(models.Model):
    """One theme of one puzzle, with the puzzle's rating beside it, so that choosing a puzzle of a theme near
    a rating is one index range scan."""

    puzzle = models.ForeignKey(
        Puzzle, on_delete=models.CASCADE, related_name="theme_rows", verbose_name=_("puzzle")
    )
    theme = models.CharField(_("theme"), max_length=40)
    rating = models.FloatField(_("rating"))
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        indexes = [models.Index(fields=["theme", "active", "rating"], name="theme_active_rating")]
        constraints = [models.UniqueConstraint(fields=["puzzle", "theme"], name="one_row_per_theme")]
        verbose_name = _("puzzle theme")
        verbose_name_plural = _("puzzle themes")

    def __str__(self) -> str:
        return f"{self.theme} #{self.puzzle_id}"


class PlayerRating(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="puzzle_rating",
        verbose_name=_("user"),
    )
    rating = models.FloatField(_("rating"), default=START)
    rating_deviation = models.FloatField(_("rating deviation"), default=MAX_RD)
    volatility = models.FloatField(_("volatility"), default=START_VOLATILITY)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")

    def __str__(self) -> str:
        return f"{self.user}: {self.rating:.0f}"


class Attempt(models.Model):
    """A signed-in player's try at a puzzle. Only the first try at a puzzle is rated; `serving` makes a
    repeated submission of the same try impossible to record twice; `latest` marks the player's last try at
    the puzzle (the retry queue is the latest tries that failed); `hinted` that a hint was shown during the
    try (a rated try with a hint is recorded as a miss, see `hints.take_hint`). A try `solved` with a hint
    or with the solution seen, in it or in a try shortly before, is kept as the player's, and counts for no
    teacher as solved (`found_alone`)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("user")
    )
    puzzle = models.ForeignKey(
        Puzzle, on_delete=models.CASCADE, related_name="attempts", verbose_name=_("puzzle")
    )
    serving = models.CharField(_("serving token"), max_length=40, unique=True)
    solved = models.BooleanField(_("solved"))
    hinted = models.BooleanField(_("with a hint"), default=False)
    rated = models.BooleanField(_("rated"), default=False)
    rating_before = models.FloatField(_("rating before"), null=True, blank=True)
    rating_after = models.FloatField(_("rating after"), null=True, blank=True)
    #: The puzzle's rating when the try was made (every try since they were kept; a rated try's before it
    #: moved).
    puzzle_rating_before = models.FloatField(_("puzzle rating before"), null=True, blank=True)
    puzzle_rating_after = models.FloatField(_("puzzle rating after"), null=True, blank=True)
    latest = models.BooleanField(_("the latest try at the puzzle"), default=True)
    #: The solution was shown in this try.
    solution_seen = models.BooleanField(_("solution seen"), default=False, db_default=False)
    #: An earlier try of the player at the puzzle, at most `HELP_LASTS` before, took a hint or showed the
    #: solution: a replay of what was just shown is not a puzzle found alone.
    helped_before = models.BooleanField(_("helped before"), default=False, db_default=False)
    #: The try's wrong move in coordinates ("" when it made none) and the ply of the line it was played at.
    wrong_move = models.CharField(_("wrong move"), max_length=10, blank=True, db_default="")
    wrong_ply = models.PositiveSmallIntegerField(_("ply of the wrong move"), null=True, blank=True)
    #: How long the try took, from the moment the puzzle was shown (`senterej.board.shown_at`); None while a
    #: try recorded when its hint was charged is still going on.
    seconds = models.PositiveIntegerField(_("seconds"), null=True, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(fields=["user", "puzzle"], name="attempt_user_puzzle"),
            models.Index(fields=["user", "-created"], name="attempt_user_recent"),
            # The dashboard's themes, from the latest rated tries, read from an index of the rated ones.
            models.Index(fields=["user", "-id"], name="attempt_user_rated", condition=models.Q(rated=True)),
            # The retry queue, newest first, read from an index of the failed latest tries alone.
            models.Index(
                fields=["user", "-id"],
                name="attempt_user_to_retry",
                condition=models.Q(latest=True, solved=False),
            ),
        ]
        verbose_name = _("attempt")
        verbose_name_plural = _("attempts")

    def __str__(self) -> str:
        return f"{self.user} #{self.puzzle_id} {'solved' if self.solved else 'failed'}"

    @property
    def found_alone(self) -> bool:
        """Solved without a hint, without the solution, and not soon after either (`helped_before`)."""
        return self.solved and not (self.hinted or self.solution_seen or self.helped_before)


class PuzzleReport(models.Model):
    class Reason(models.TextChoices):
        WRONG = "wrong", _("The solution is wrong")
        SECOND = "second", _("There is a second solution")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("resolved")
        DISMISSED = "dismissed", _("dismissed")

    puzzle = models.ForeignKey(
        Puzzle, on_delete=models.CASCADE, related_name="reports", verbose_name=_("puzzle")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    comment = models.CharField(_("comment"), max_length=500, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    note = models.CharField(_("note"), max_length=500, blank=True)
    #: The reporter has read how the report was handled (their dashboard tells them until then).
    seen_by_reporter = models.BooleanField(_("outcome seen by the reporter"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("puzzle report")
        verbose_name_plural = _("puzzle reports")

    def __str__(self) -> str:
        return f"#{self.puzzle_id} {self.reason} ({self.status})"


class PuzzleChange(models.Model):
    """One thing done to a puzzle, by whom and when: an edit (each field changed, old and new), a change of
    status, a re-validation and its verdict, an import, a report handled. Kept as data and put in words when
    shown, so that it reads in the curator's language."""

    class Kind(models.TextChoices):
        CREATED = "created", _("created")
        EDITED = "edited", _("edited")
        ENABLED = "enabled", _("enabled")
        DISABLED = "disabled", _("disabled")
        VALIDATED = "validated", _("re-validated")
        IMPORTED = "imported", _("imported")
        REPORT = "report", _("report handled")

    puzzle = models.ForeignKey(
        Puzzle, on_delete=models.CASCADE, related_name="changes", verbose_name=_("puzzle")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    #: {field: [old, new]} for the fields an edit or an import changed.
    fields = models.JSONField(_("changed fields"), default=dict, blank=True)
    #: The engine's reason for a failed re-validation, or the curator's note on a report.
    note = models.CharField(_("note"), max_length=500, blank=True)
    #: The report this change answered, if any.
    report = models.ForeignKey(
        PuzzleReport, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("report")
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["puzzle", "-created"], name="puzzle_change_recent")]
        verbose_name = _("puzzle change")
        verbose_name_plural = _("puzzle changes")

    def __str__(self) -> str:
        return f"#{self.puzzle_id} {self.kind}"


class CurationJob(models.Model):
    """A curator's long piece of work (proving many puzzles again, importing a file), run by the task
    worker so that no request waits for the engine; its page shows how far it has come and what it found."""

    class Kind(models.TextChoices):
        REVALIDATE = "revalidate", _("re-validation")
        REVALIDATE_AND_DISABLE = "revalidate-disable", _("re-validation, disabling the failures")
        IMPORT = "import", _("import")
        GENERATE = "generate", _("generation")

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")
        CANCELLED = "cancelled", _("cancelled")

    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, verbose_name=_("user")
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.QUEUED)
    #: The puzzles' ids to prove, the file's lines to import, or how many puzzles to generate from which seed.
    payload = models.JSONField(_("work"), default=list)
    total = models.PositiveIntegerField(_("items"), default=0)
    done = models.PositiveIntegerField(_("items done"), default=0)
    #: How many of the payload's items have their outcome kept in `result`: a re-validation is proved in
    #: chunks, and a chunk lost with its worker is proved again from here.
    saved = models.PositiveIntegerField(_("items saved"), default=0)
    #: What it found: the failing puzzles with their reasons, or the import's counts or refused lines.
    result = models.JSONField(_("result"), default=dict, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    #: Written every few seconds while a worker runs the job, so that a job whose worker died is noticed.
    heartbeat = models.DateTimeField(_("last heard from"), null=True, blank=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        verbose_name = _("curation job")
        verbose_name_plural = _("curation jobs")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.get_status_display()})"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED, self.Status.CANCELLED)


class PuzzleRun(models.Model):
    """A puzzle streak or a puzzle storm (`trainer.streak`, `trainer.storm`): unrated, and writing no
    `Attempt`, so that ratings and teachers' figures stay as they are. A visitor's runs have no user and are
    found by the session's list of them (`trainer.runs`). The storm's clock is kept here, by the server:
    it runs from `started`, with `seconds_won` (its bonuses less its penalties) added."""

    class Kind(models.TextChoices):
        STREAK = "streak", _("puzzle streak")
        STORM = "storm", _("puzzle storm")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="puzzle_runs",
        verbose_name=_("user"),
    )
    #: The rating the run's first puzzle is chosen near; each next one a step harder.
    level = models.FloatField(_("starting level"))
    started = models.DateTimeField(_("started"), default=timezone.now)
    ended = models.DateTimeField(_("ended"), null=True, blank=True)
    #: The puzzle being solved (None once the run is over) and the plies of its line played.
    puzzle = models.ForeignKey(
        Puzzle, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("puzzle")
    )
    ply = models.PositiveSmallIntegerField(_("ply"), default=0)
    #: Every puzzle the run has served, in order: none is served twice.
    served = models.JSONField(_("puzzles served"), default=list)
    score = models.PositiveIntegerField(_("puzzles solved"), default=0)
    moves = models.PositiveIntegerField(_("right moves"), default=0)
    misses = models.PositiveIntegerField(_("misses"), default=0)
    combo = models.PositiveIntegerField(_("solved in a row"), default=0)
    best_combo = models.PositiveIntegerField(_("most solved in a row"), default=0)
    skipped = models.BooleanField(_("skip used"), default=False)
    seconds_won = models.IntegerField(_("seconds won or lost"), default=0)
    #: What the last answer did, for the page drawn after it: {"kind", "puzzle", "from_ply", "played",
    #: "seconds"}.
    last = models.JSONField(_("last answer"), default=dict, blank=True)

    class Meta:
        indexes = [models.Index(fields=["user", "kind", "-started"], name="puzzle_run_user_kind")]
        verbose_name = _("puzzle run")
        verbose_name_plural = _("puzzle runs")

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}: {self.score}"
