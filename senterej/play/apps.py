from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "senterej.play"
    # The label the games app has always had, so that its migrations and its table keep their names.
    label = "senterej"
    verbose_name = _("Play")
