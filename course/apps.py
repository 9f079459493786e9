from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CourseConfig(AppConfig):
    name = "course"
    verbose_name = _("Course")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_delete, post_save

        from course import content
        from course.models import Lesson, Task
        from course.signals import move_progress_on_log_in
        from reviews import kinds

        user_logged_in.connect(move_progress_on_log_in, dispatch_uid="course-progress-on-log-in")
        # Any change to the course's content renews what the pages keep of it.
        for model in (Lesson, Task):
            for signal in (post_save, post_delete):
                signal.connect(content.changed, sender=model, dispatch_uid=f"course-content-{model.__name__}")
        # A deleted task is no longer reviewed.
        kinds.register("task", Task.objects.all)
