from django.apps import AppConfig
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from senterej.engine.speech import use_translator


class SenterejConfig(AppConfig):
    """The shared rules app: the engine (`engine/`, pure Python) and the board component (`board/`) that the
    course, the trainer, play, the endings and the analysis board check and draw moves with. It has no
    models; its template tags, script and piece drawings are the board's."""

    name = "senterej"
    label = "senterej"
    verbose_name = _("Senterej rules")

    def ready(self) -> None:
        # The engine stays free of Django; what it says to users (illegal moves, bad positions) is translated
        # through Django's gettext, like everything the board shows.
        use_translator(gettext)
