from django.db import models
from django.utils.translation import gettext_lazy as _


class Evaluation(models.Model):
    """The engine's judgement of one position within one budget, found by a background task and kept for
    everyone who asks again: a turn-based position's score and best line (the search), or a werera
    position's suggested choice for each side (the werera policy). `key` names the question: the position,
    the positions met before it (R8.1) and the budget. `asker` names who asked it first (a keyed digest of
    the account, the session or, for a visitor with neither, the address), while it is open: an open
    question is counted against its asker, and its answer is no one's."""

    key = models.CharField(_("question"), max_length=64, unique=True)
    fen = models.CharField(_("position (FEN)"), max_length=100)
    seen = models.JSONField(_("positions met before (R8.1)"), default=list, blank=True)
    max_nodes = models.PositiveIntegerField(_("most nodes"))
    seconds = models.FloatField(_("most seconds"))
    done = models.BooleanField(_("done"), default=False)
    #: From the side to move's view, as the search gives it: centipawns, or a mate's score.
    score = models.IntegerField(_("score"), null=True, blank=True)
    #: Moves to mate: positive when the side to move mates, negative when it is mated.
    mate_in = models.SmallIntegerField(_("mate in"), null=True, blank=True)
    depth = models.PositiveSmallIntegerField(_("depth"), null=True, blank=True)
    nodes = models.PositiveIntegerField(_("nodes"), null=True, blank=True)
    line = models.CharField(_("line (coordinates)"), max_length=400, blank=True)
    white_choice = models.CharField(_("White's werera choice"), max_length=5, blank=True)
    black_choice = models.CharField(_("Black's werera choice"), max_length=5, blank=True)
    asked = models.DateTimeField(_("asked"), auto_now_add=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)
    asker = models.CharField(_("asked by"), max_length=32, blank=True, default="")

    class Meta:
        indexes = [
            # A visitor's questions waiting for the engine, counted from an index of the open ones alone.
            models.Index(
                fields=["asker", "asked"], name="evaluation_open_by_asker", condition=models.Q(done=False)
            ),
        ]
        verbose_name = _("evaluation")
        verbose_name_plural = _("evaluations")

    def __str__(self) -> str:
        return self.fen
