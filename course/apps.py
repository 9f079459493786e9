from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CourseConfig(AppConfig):
    name = "course"
    verbose_name = _("Course")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from course.signals import move_progress_on_log_in

        user_logged_in.connect(move_progress_on_log_in, dispatch_uid="course-progress-on-log-in")
