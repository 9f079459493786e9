from django.apps import AppConfig
from django.utils.translation import gettext

from .engine.speech import use_translator


class SenterejConfig(AppConfig):
    name = "senterej"
    verbose_name = "Senterej"

    def ready(self) -> None:
        # The engine stays free of Django; its messages to users are translated through Django's gettext.
        use_translator(gettext)
