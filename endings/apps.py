from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EndingsConfig(AppConfig):
    name = "endings"
    verbose_name = _("Endings")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from endings.panel import ending_panel, is_ending_game
        from endings.progress import move_progress_on_log_in
        from play import panels

        panels.register(ending_panel)
        panels.register_practice(is_ending_game)
        user_logged_in.connect(move_progress_on_log_in, dispatch_uid="endings-progress-on-log-in")
