import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from school.env import (
    DEV_SECRET_KEY,
    caches,
    database,
    env_bool,
    env_list,
    parse_bool,
    secret_key,
    task_backend,
)


@pytest.mark.parametrize("value", ["1", "true", "yes", "True", " YES "])
def test_parse_bool_accepts_true_words(value):
    assert parse_bool("DEBUG", value) is True


@pytest.mark.parametrize("value", ["0", "false", "no", "False"])
def test_parse_bool_accepts_false_words(value):
    assert parse_bool("DEBUG", value) is False


@pytest.mark.parametrize("value", ["", "on", "off", "2", "ture", "y"])
def test_parse_bool_rejects_anything_else(value):
    with pytest.raises(ImproperlyConfigured, match="DEBUG"):
        parse_bool("DEBUG", value)


def test_env_bool_defaults_only_when_unset():
    assert env_bool({}, "DEBUG", default=True) is True
    assert env_bool({"DEBUG": "no"}, "DEBUG", default=True) is False
    with pytest.raises(ImproperlyConfigured):
        env_bool({"DEBUG": "maybe"}, "DEBUG", default=True)


def test_env_list_splits_on_commas():
    assert env_list({"ALLOWED_HOSTS": "a.example, b.example ,"}, "ALLOWED_HOSTS", default=["x"]) == [
        "a.example",
        "b.example",
    ]
    assert env_list({}, "ALLOWED_HOSTS", default=["x"]) == ["x"]


def test_env_list_rejects_an_empty_list():
    with pytest.raises(ImproperlyConfigured, match="ALLOWED_HOSTS"):
        env_list({"ALLOWED_HOSTS": " , "}, "ALLOWED_HOSTS", default=["x"])


def test_secret_key_has_a_dev_default_only_in_debug():
    assert secret_key({}, debug=True) == DEV_SECRET_KEY
    assert secret_key({"SECRET_KEY": "s3cret"}, debug=False) == "s3cret"
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        secret_key({}, debug=False)


def test_database_defaults_to_the_given_sqlite_file():
    config = database({}, default_url="sqlite:////srv/site/db.sqlite3")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/srv/site/db.sqlite3"


def test_database_url_is_honoured():
    environ = {"DATABASE_URL": "postgres://school:pw@db.internal:5433/senterej"}
    config = database(environ, default_url="sqlite:////srv/site/db.sqlite3")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["PASSWORD"]) == ("senterej", "school", "pw")
    assert (config["HOST"], config["PORT"]) == ("db.internal", 5433)


@pytest.mark.parametrize("url", ["", "nosuchdb://x/y", "postgres://host:notaport/db"])
def test_database_rejects_a_bad_url(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database({"DATABASE_URL": url}, default_url="sqlite:////srv/site/db.sqlite3")


def test_the_demo_accounts_can_log_in(db, client):
    import io

    from django.core.management import call_command

    call_command("seed_demo", stdout=io.StringIO())
    call_command("seed_demo", stdout=io.StringIO())  # twice: it only resets them

    # Through the log-in page: django-axes checks every log-in against the request it comes with.
    def log_in(username: str):
        return client.post("/accounts/login/", {"username": username, "password": f"senterej-{username}"})

    assert log_in("admin").status_code == 302
    assert client.get("/admin/").status_code == 200
    assert log_in("teacher").status_code == 302


@pytest.mark.django_db
def test_sqlite_writes_ahead_so_that_pages_read_while_a_write_commits():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's journal only")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"


def test_the_task_backend_is_the_database_unless_rq_is_asked_for():
    """Either way the tasks wait in three queues by urgency, each with its own workers (and, with RQ, its own
    Redis list): the bots' replies, the analysis board's evaluations, the curators' jobs."""
    queues = ["bots", "analysis", "jobs"]
    tasks, redis = task_backend({})
    assert tasks == {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": queues}}
    assert redis == {queue: {"URL": "redis://127.0.0.1:6379/0"} for queue in queues}
    tasks, redis = task_backend({"TASK_BACKEND": "rq", "REDIS_URL": "redis://10.0.0.9:6380/2"})
    assert tasks == {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": queues}}
    assert redis == {queue: {"URL": "redis://10.0.0.9:6380/2"} for queue in queues}
    with pytest.raises(ImproperlyConfigured, match="TASK_BACKEND must be one of database, rq, not 'celery'"):
        task_backend({"TASK_BACKEND": "celery"})


def test_the_throttles_count_in_the_database_or_in_redis_with_rq():
    """The default cache stays in each process's memory; every process shares the throttles' counters."""
    default = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "OPTIONS": {"MAX_ENTRIES": 5000}}
    assert caches({}) == {
        "default": default,
        "throttle": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "throttle_counts",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
            "KEY_PREFIX": "throttle",
            "TIMEOUT": 7200,
        },
    }
    shared = caches({"TASK_BACKEND": "rq", "REDIS_URL": "redis://10.0.0.9:6380/2"})["throttle"]
    assert shared == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://10.0.0.9:6380/2",
        "KEY_PREFIX": "throttle",
        "TIMEOUT": 7200,
    }
