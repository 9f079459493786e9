"""Keeps the games' time: every second the deadlines that have passed are settled at the moment they fell (a
werera round's timer, a side's clock), whether anyone has the game open or not, so that a game lost on time
shows so in both players' lists with the deadline as its end. supervisord runs it beside the web server
(`school/supervisord.conf`); `--once` settles what is due now and stops. A database out of reach is waited
out, as the task workers wait it out."""

import logging
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import connections
from django.db.utils import InterfaceError, OperationalError
from django.utils import timezone

from play import services

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Settles the games' deadlines as they fall, every second (or once with --once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="settle what is due now, then stop")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between two looks")

    def handle(self, *args: Any, once: bool, interval: float, **options: Any) -> None:
        while True:
            try:
                services.settle_all(now=timezone.now())
            except (OperationalError, InterfaceError) as error:
                logger.warning("The database is out of reach (%s); looking again in %.1f s.", error, interval)
                for connection in connections.all(initialized_only=True):
                    connection.close()
            if once:
                return
            time.sleep(interval)
