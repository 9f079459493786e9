"""The task worker: django-tasks-db's `db_worker`, which rides out a database that goes away instead of
dying with it. The library's worker raises out of its loop on the first error of a lost connection
(`OperationalError`, `InterfaceError`), and a process supervisor would then restart it in a tight loop for as
long as the database is down; this one closes its connections, waits (half a second, doubling to 15 s at
most) and asks again, so that a bot's reply queued before an outage is played as soon as the database is
back. A worker that has run a minute without a fault starts its waits from the shortest again.

Each worker serves the queues it is given (`--queue-name bots`): `make serve` runs the bots' replies, the
analysis board's evaluations and the curators' jobs on workers of their own, so that no job or evaluation
waits in front of a bot.

While it runs, a thread of its own writes the worker's heartbeat every two seconds, even in the middle of a
long search, so that a task it was running when it died is found and run again (`school.lost_tasks`)."""

import logging
import os
import threading
import time
from contextlib import suppress
from typing import Any

from django.db import connection, connections
from django.db.utils import DatabaseError, InterfaceError, OperationalError
from django.utils import timezone
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker

from school import lost_tasks

logger = logging.getLogger("django_tasks")

FIRST_WAIT = 0.5
LONGEST_WAIT = 15.0
#: A run this long without a fault counts as recovered: the next fault waits from FIRST_WAIT again.
RECOVERED_AFTER = 60.0


class SteadyWorker(db_worker.Worker):
    def run(self) -> None:
        stop = threading.Event()
        heart = threading.Thread(target=self._beat, args=(stop,), name="task-worker-heartbeat", daemon=True)
        heart.start()
        try:
            self._serve()
        finally:
            stop.set()
            heart.join()
            with suppress(DatabaseError):
                lost_tasks.forget(self.worker_id)

    def _beat(self, stop: threading.Event) -> None:
        """Writes the heartbeat now and every BEAT_EVERY seconds until stopped; a beat the database does not
        take is skipped (the outage is the serving loop's to wait out)."""
        try:
            while True:
                try:
                    lost_tasks.beat(self.worker_id, timezone.now())
                except DatabaseError:
                    with suppress(DatabaseError):
                        connection.close()
                if stop.wait(lost_tasks.BEAT_EVERY):
                    return
        finally:
            with suppress(DatabaseError):
                connection.close()  # the thread's own connection, which an outage may have broken

    def _serve(self) -> None:
        wait = FIRST_WAIT
        while self.running:
            started = time.monotonic()
            try:
                super().run()
                return
            except (OperationalError, InterfaceError) as error:
                if time.monotonic() - started > RECOVERED_AFTER:
                    wait = FIRST_WAIT
                logger.warning("The database is out of reach (%s); asking again in %.1f s.", error, wait)
                for connection in connections.all(initialized_only=True):
                    with suppress(DatabaseError):
                        connection.close()
                time.sleep(wait)
                wait = min(wait * 2, LONGEST_WAIT)


class Command(db_worker.Command):
    help = "Runs background tasks of the given queues, riding out a database that goes away."

    def handle(self, *args: Any, **options: Any) -> None:
        self.configure_logging(options["verbosity"])
        worker = SteadyWorker(
            queue_names=options["queue_name"].split(","),
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
        )
        if options["reload"] and not options["batch"]:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()
