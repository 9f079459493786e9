"""The site's periodic work, in one process that supervisord runs beside the web server
(`school/supervisord.conf`):
- every second, the games' deadlines that have passed are settled at the moment they fell (a werera round's
  timer, a side's clock), whether anyone has the game open or not, so that a game lost on time shows so in
  both players' lists with the deadline as its end (`play.services.settle_all`);
- every few seconds, tasks lost with a worker that died are handed back to their queue (`school.lost_tasks`);
- every hour, what the site no longer needs is deleted (`school.pruning`).
`--once` does each of them now and stops. A database out of reach is waited out, as the task workers wait it
out."""

import logging
import time
from contextlib import suppress
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import connections
from django.db.utils import DatabaseError, InterfaceError, OperationalError
from django.utils import timezone

from play import services
from school import lost_tasks, pruning

logger = logging.getLogger(__name__)

#: Seconds between two looks for lost tasks, and between two prunings.
LOST_TASKS_EVERY = 2.0
PRUNE_EVERY = 3600.0


class Command(BaseCommand):
    help = "Settles the games' deadlines as they fall, queues lost tasks again, prunes (--once: each now)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="do each kind of work now, then stop")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between two looks at clocks")

    def handle(self, *args: Any, once: bool, interval: float, **options: Any) -> None:
        last: dict[str, float] = {}

        def due(work: str, every: float) -> bool:
            now = time.monotonic()
            if once or now - last.get(work, -every) >= every:
                last[work] = now
                return True
            return False

        while True:
            try:
                services.settle_all(now=timezone.now())
                if due("lost tasks", LOST_TASKS_EVERY):
                    again, failed = lost_tasks.recover(timezone.now())
                    if again or failed:
                        logger.warning("Tasks lost with a worker: %d queued again, %d failed.", again, failed)
                if due("prune", PRUNE_EVERY):
                    logger.info("Pruned: %s", pruning.prune(timezone.now()))
            except (OperationalError, InterfaceError) as error:
                logger.warning("The database is out of reach (%s); looking again in %.1f s.", error, interval)
                for connection in connections.all(initialized_only=True):
                    with suppress(DatabaseError):
                        connection.close()
            if once:
                return
            time.sleep(interval)
