from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrainerConfig(AppConfig):
    name = "trainer"
    verbose_name = _("Puzzle trainer")

    def ready(self) -> None:
        from trainer import signals

        signals.connect(self)
