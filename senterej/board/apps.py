from django.apps import AppConfig
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from senterej.engine.speech import use_translator


class BoardConfig(AppConfig):
    name = "senterej.board"
    label = "board"
    verbose_name = _("Board")

    def ready(self) -> None:
        # The engine stays free of Django; what it says to users (illegal moves, bad positions) is translated
        # through Django's gettext, like everything the board shows.
        use_translator(gettext)
