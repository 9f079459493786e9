from django.db.models.signals import post_save

from trainer.models import Puzzle, PuzzleTheme


def keep_theme_rows(
    sender: type, instance: Puzzle, created: bool, raw: bool = False, **kwargs: object
) -> None:
    """Theme rows follow their puzzle: written with it (fixtures included), re-rated with it."""
    if created or raw:
        instance.sync_themes()
    else:
        PuzzleTheme.objects.filter(puzzle=instance).update(rating=instance.rating, active=instance.active)


def connect() -> None:
    post_save.connect(keep_theme_rows, sender=Puzzle, dispatch_uid="trainer-theme-rows")
