from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from play.models import Game


class EndingTry(models.Model):
    """A game started to practise an ending; `counted` once its verdict has gone to the learner's progress."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, related_name="+", verbose_name=_("game"), primary_key=True
    )
    slug = models.SlugField(_("ending"), max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("user"),
    )
    counted = models.BooleanField(_("counted"), default=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("ending try")
        verbose_name_plural = _("ending tries")

    def __str__(self) -> str:
        return self.slug


class EndingProgress(models.Model):
    """An account's best at one ending: its stars, how often it was started, when it was first won."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user")
    )
    slug = models.SlugField(_("ending"), max_length=60)
    best_stars = models.PositiveSmallIntegerField(_("best stars"), default=0)
    tries = models.PositiveIntegerField(_("tries"), default=0)
    first_won = models.DateTimeField(_("first won"), null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="one_ending_progress_per_user")]
        verbose_name = _("ending progress")
        verbose_name_plural = _("ending progress")

    def __str__(self) -> str:
        return f"{self.slug}: {self.best_stars}"
