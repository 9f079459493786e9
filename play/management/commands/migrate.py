"""Django's `migrate`, after play's old app label is renamed where a database made before the house moved
still has it (`play.old_label`): Django would otherwise find endings' migrations applied before play's and
refuse the whole history."""

from typing import Any

from django.core.management.commands import migrate
from django.db import connections

from play import old_label


class Command(migrate.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        if old_label.upgrade(connections[options["database"]]) and options["verbosity"] >= 1:
            self.stdout.write("Renamed play's old app label (senterej) to play.")
        super().handle(*args, **options)
