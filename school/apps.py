from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SchoolConfig(AppConfig):
    """The project as an app, for what serves every room: the task worker, its heartbeats, and the periodic
    work (`keep_time`)."""

    name = "school"
    label = "school"
    verbose_name = _("Senterej school")
