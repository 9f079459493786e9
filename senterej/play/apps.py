from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayConfig(AppConfig):
    name = "senterej.play"
    # The label the games app has always had, so that its migrations and its table keep their names.
    label = "senterej"
    verbose_name = _("Play")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from senterej.play.mine import move_games_on_log_in

        user_logged_in.connect(move_games_on_log_in, dispatch_uid="play-games-on-log-in")
