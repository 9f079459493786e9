from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = _("Classes")

    def ready(self) -> None:
        from classes.puzzle_uses import assignments_using  # the models are loaded only now
        from trainer import uses

        uses.register(assignments_using)
