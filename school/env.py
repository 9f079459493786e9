"""Settings read from the environment. A bad value stops the site at start-up with ImproperlyConfigured that
names the variable: a typo in DEBUG or DATABASE_URL must never quietly fall back to a default."""

import ipaddress
import os
import tempfile
from collections.abc import Mapping
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

# Only good enough for a developer's own machine: Django's deploy checks flag the "django-insecure-" prefix.
DEV_SECRET_KEY = "django-insecure-senterej-school-local-development-only"

_TRUE = ("1", "true", "yes")
_FALSE = ("0", "false", "no")


def parse_bool(name: str, value: str) -> bool:
    word = value.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/true/yes or 0/false/no, not {value!r}.")


def env_bool(environ: Mapping[str, str], name: str, *, default: bool) -> bool:
    value = environ.get(name)
    return default if value is None else parse_bool(name, value)


def env_list(environ: Mapping[str, str], name: str, *, default: list[str]) -> list[str]:
    """A comma-separated list; set but empty is an error, since it would lock every request out."""
    value = environ.get(name)
    if value is None:
        return default
    items = [item.strip() for item in value.split(",") if item.strip()]
    if not items:
        raise ImproperlyConfigured(f"{name} is set but names nothing.")
    return items


def secret_key(environ: Mapping[str, str], *, debug: bool) -> str:
    key = environ.get("SECRET_KEY", "")
    if key:
        return key
    if debug:
        return DEV_SECRET_KEY
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")


def database(environ: Mapping[str, str], *, default_url: str) -> dict[str, object]:
    url = environ.get("DATABASE_URL", default_url)
    try:
        config = dj_database_url.parse(url, conn_max_age=600, conn_health_checks=True)
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL is not a database URL Django can use: {error}") from error
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Writers queue for the lock from the start of a transaction instead of failing when a read turns
        # into a write: rating updates from concurrent attempts wait their turn and none is lost.
        # Write-ahead logging lets pages read while a write (a move, a try, a task taken by the worker) is
        # being committed.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL;",
        }
        # Tests get a file of their own (one per test process), not the shared in-memory database, whose
        # table locks would fail concurrent writers at once instead of letting them wait.
        config["TEST"] = {"NAME": os.path.join(tempfile.gettempdir(), f"senterej-test-{os.getpid()}.sqlite3")}
    return dict(config)


def env_int(environ: Mapping[str, str], name: str, *, default: int, minimum: int = 0) -> int:
    value = environ.get(name)
    if value is None:
        return default
    try:
        number = int(value.strip())
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from error
    if number < minimum:
        raise ImproperlyConfigured(f"{name} must be {minimum} or more, not {number}.")
    return number


def trusted_proxies(environ: Mapping[str, str]) -> int | list[str]:
    """TRUSTED_PROXIES: how many proxies stand in front of the site (a number), or their addresses and
    networks (comma-separated). Unset, or 0, means none: X-Forwarded-For is then never believed."""
    value = environ.get("TRUSTED_PROXIES", "").strip()
    if not value:
        return 0
    if value.isdigit():
        return int(value)
    networks = []
    for item in value.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError as error:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES must be a number of proxies or their addresses, not {item!r}."
            ) from error
        networks.append(item)
    return networks


DATABASE_BACKEND = "django_tasks_db.DatabaseBackend"
RQ_BACKEND = "django_tasks_rq.RQBackend"
TASK_BACKENDS = {"database": DATABASE_BACKEND, "rq": RQ_BACKEND}
#: The task queues by urgency, each served by workers of its own, so that no curator's job or evaluation
#: waits in front of a bot's reply: the bots' replies (endings' games too), the analysis board's evaluations,
#: the curators' long jobs. Each task names its queue where it is defined.
TASK_QUEUES = ("bots", "analysis", "jobs")


#: The database table of the throttles' counters, made by `school`'s migrations.
THROTTLE_TABLE = "throttle_counts"
DATABASE_CACHE = "django.core.cache.backends.db.DatabaseCache"


def caches(environ: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """The CACHES setting: the default cache in each process's memory, for what every visitor sees alike,
    and the throttles' counters where every process counts together: in Redis (REDIS_URL) with
    TASK_BACKEND=rq, where its increments are atomic and every machine reaches it, else in the database."""
    counters: dict[str, Any]
    if environ.get("TASK_BACKEND") == "rq":
        url = environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
        counters = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    else:
        # Past this many counters, the expired ones are deleted as the next is written.
        options = {"MAX_ENTRIES": 100_000}
        counters = {"BACKEND": DATABASE_CACHE, "LOCATION": THROTTLE_TABLE, "OPTIONS": options}
    # Each process keeps up to this many pieces (the rules, the course's parts, the analysis board's lines):
    # past it, a third are dropped at once.
    default = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 5000}}
    # A counter's key names its window; it is kept longer than any window (an increment in the database
    # writes the counter again with this timeout).
    return {"default": default, "throttle": {**counters, "KEY_PREFIX": "throttle", "TIMEOUT": 2 * 3600}}


def task_backend(environ: Mapping[str, str]) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, str]]]:
    """The TASKS setting from TASK_BACKEND (`database`, the default, or `rq`), and RQ's queues, read from
    REDIS_URL (always set, so that a test can switch to RQ without importing RQ's settings anew)."""
    name = environ.get("TASK_BACKEND", "database")
    if name not in TASK_BACKENDS:
        raise ImproperlyConfigured(f"TASK_BACKEND must be one of {', '.join(TASK_BACKENDS)}, not {name!r}.")
    url = environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
    queues = {queue: {"URL": url} for queue in TASK_QUEUES}
    return {"default": {"BACKEND": TASK_BACKENDS[name], "QUEUES": list(TASK_QUEUES)}}, queues
