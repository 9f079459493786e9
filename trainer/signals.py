from django.apps import AppConfig
from django.contrib.auth.models import Permission
from django.db.models.signals import post_migrate, post_save

from accounts import roles
from trainer.models import Puzzle, PuzzleTheme

#: What curators may do: change the puzzles and their themes, and handle the reports on them.
CURATED_MODELS = ("puzzle", "puzzletheme", "puzzlereport")


def keep_theme_rows(
    sender: type, instance: Puzzle, created: bool, raw: bool = False, **kwargs: object
) -> None:
    """Theme rows follow their puzzle: written with it (fixtures included), re-rated with it."""
    if created or raw:
        instance.sync_themes()
    else:
        PuzzleTheme.objects.filter(puzzle=instance).update(rating=instance.rating, active=instance.active)


def grant_curators(sender: AppConfig, **kwargs: object) -> None:
    """After every migration (a test database's too), the curators' group holds the trainer's permissions."""
    permissions = Permission.objects.filter(
        content_type__app_label="trainer", content_type__model__in=CURATED_MODELS
    )
    roles.curators_group().permissions.add(*permissions)


def connect(app: AppConfig) -> None:
    post_save.connect(keep_theme_rows, sender=Puzzle, dispatch_uid="trainer-theme-rows")
    post_migrate.connect(grant_curators, sender=app, dispatch_uid="trainer-curators")
