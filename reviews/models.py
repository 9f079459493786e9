from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from reviews.schedule import Card


class Review(models.Model):
    """An account's card of one missed item (a puzzle or a course task, by its id: this room knows neither),
    on the spaced schedule of `schedule.py`. A learned card stays, out of the queue, until a miss brings it
    back."""

    class Kind(models.TextChoices):
        PUZZLE = "puzzle", _("puzzle")
        TASK = "task", _("course task")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews", verbose_name=_("user")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    item = models.PositiveIntegerField(_("item"))
    step = models.PositiveSmallIntegerField(_("step"), default=0)
    due = models.DateTimeField(_("due"))
    reviews = models.PositiveIntegerField(_("reviews"), default=0)
    misses = models.PositiveIntegerField(_("misses"), default=1)
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    learned_at = models.DateTimeField(_("learned"), null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "item"], name="review_user_kind_item"),
        ]
        indexes = [
            # What the queue's statements read of a card in the queue, so that counting a long queue reads
            # the index alone (its learned_at, null in each entry, lets SQLite take it as covering).
            models.Index(
                fields=["user", "learned_at", "due", "kind", "item"],
                name="review_queue",
                condition=models.Q(learned_at__isnull=True),
            ),
        ]
        verbose_name = _("review")
        verbose_name_plural = _("reviews")

    def __str__(self) -> str:
        return f"{self.user} {self.kind} #{self.item} step {self.step}"

    @property
    def card(self) -> Card:
        return Card(self.step, self.due, self.reviews, self.misses, self.last_seen, self.learned_at)

    def take(self, card: Card) -> None:
        self.step, self.due, self.reviews, self.misses = card.step, card.due, card.reviews, card.misses
        self.last_seen, self.learned_at = card.last_seen, card.learned_at
