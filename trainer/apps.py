from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrainerConfig(AppConfig):
    name = "trainer"
    verbose_name = _("Puzzle trainer")

    def ready(self) -> None:
        from reviews import kinds
        from trainer import signals
        from trainer.models import Puzzle

        signals.connect(self)
        # A retired puzzle is no longer reviewed.
        kinds.register("puzzle", lambda: Puzzle.objects.filter(active=True))
