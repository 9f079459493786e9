from django.db import models
from django.utils.translation import gettext_lazy as _


class Puzzle(models.Model):
    """A position with the solver to move and its solution line in coordinate notation (the solver's moves
    alternating with the opponent's replies, the solver's first and last), proved by the engine."""

    fen = models.CharField(max_length=100)
    moves = models.CharField(max_length=400)
    themes = models.CharField(max_length=300, blank=True)
    rating = models.FloatField(default=1500.0)
    rating_deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    source = models.CharField(max_length=200, blank=True)
    active = models.BooleanField(default=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["active", "rating"], name="puzzle_active_rating")]
        verbose_name = _("puzzle")

    def __str__(self) -> str:
        return f"#{self.pk} {self.themes} ({self.rating:.0f})"

    @property
    def solution(self) -> list[str]:
        return self.moves.split()

    @property
    def theme_list(self) -> list[str]:
        return self.themes.split()
