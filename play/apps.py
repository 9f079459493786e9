from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "play"
    label = "play"
    verbose_name = _("Play")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from play.seats import move_games_on_log_in

        user_logged_in.connect(move_games_on_log_in, dispatch_uid="play-games-on-log-in")
