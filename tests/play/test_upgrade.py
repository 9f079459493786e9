"""A database made before the house moved (`before_the_move/`, made at commit fe8199d) migrates forward on
the database the suite runs on, SQLite or PostgreSQL, with every row kept: play's table, migrations and
content type move from the old app label `senterej` to `play`, a bot reply left queued still names its
task, and an imported game is called so."""

import os
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DUMPS = Path(__file__).parent / "before_the_move"
RENAMED = {"senterej_game": "play_game"}
#: Every migration of play, each of which the upgrade applies.
PLAY_MIGRATIONS = sorted((ROOT / "play" / "migrations").glob("0*.py"))
#: Rows that `migrate` adds of its own (its record of each new migration, the content type and permissions of
#: each new model); every other table keeps its count, and a table a later migration makes starts empty.
GROWS = {"django_migrations", "django_content_type", "auth_permission"}

Query = Callable[[str], list[tuple[object, ...]]]


def migrate(url: str) -> None:
    environment = {**os.environ, "DATABASE_URL": url}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"],
        cwd=ROOT,
        env=environment,
        check=True,
        capture_output=True,
    )


@contextmanager
def sqlite_database(tmp_path: Path) -> Iterator[tuple[str, Query]]:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as made:
        made.executescript((DUMPS / "sqlite.sql").read_text())

    def query(sql: str) -> list[tuple[object, ...]]:
        with sqlite3.connect(path) as connection:
            return connection.execute(sql).fetchall()

    yield f"sqlite:///{path}", query


@contextmanager
def postgres_database() -> Iterator[tuple[str, Query]]:
    import psycopg

    config = settings.DATABASES["default"]
    server = {"host": config["HOST"], "port": config["PORT"], "user": config["USER"]}
    name = f"before_the_move_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        with psycopg.connect(dbname=name, autocommit=True, **server) as made:
            made.execute((DUMPS / "postgres.sql").read_text())

        def query(sql: str) -> list[tuple[object, ...]]:
            with psycopg.connect(dbname=name, **server) as connection:
                return connection.execute(sql).fetchall()

        url = f"postgres://{config['USER']}@{config['HOST']}:{config['PORT']}/{name}"
        yield url, query
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **server) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def tables(query: Query, vendor: str) -> list[str]:
    if vendor == "sqlite":
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'sqlite_sequence'"
    else:
        sql = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    return sorted(name for (name,) in query(sql))


def counts(query: Query, vendor: str) -> dict[str, int]:
    return {table: query(f'SELECT COUNT(*) FROM "{table}"')[0][0] for table in tables(query, vendor)}  # type: ignore[misc]


@pytest.mark.django_db
def test_a_database_from_before_the_move_migrates_forward_with_every_row_kept(tmp_path):
    vendor = "sqlite" if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") else "postgresql"
    opened = sqlite_database(tmp_path) if vendor == "sqlite" else postgres_database()
    with opened as (url, query):
        before = counts(query, vendor)
        assert before["senterej_game"] == 4 and before["trainer_attempt"] == 3 and before["auth_user"] == 6
        migrate(url)
        after = counts(query, vendor)
        expected = {RENAMED.get(table, table): rows for table, rows in before.items()}
        assert {t: n for t, n in after.items() if t in expected and t not in GROWS} == {
            t: n for t, n in expected.items() if t not in GROWS
        }
        assert all(after[t] >= expected[t] for t in GROWS)
        assert {t: n for t, n in after.items() if t not in expected} == dict.fromkeys(
            set(after) - set(expected), 0
        )
        assert query("SELECT app FROM django_migrations WHERE app IN ('senterej', 'play') GROUP BY app") == [
            ("play",)
        ]
        assert query("SELECT COUNT(*) FROM django_migrations WHERE app = 'play'") == [(len(PLAY_MIGRATIONS),)]
        assert query("SELECT app_label FROM django_content_type WHERE model = 'game'") == [("play",)]
        assert sorted(query("SELECT mode FROM play_game")) == [
            ("bot",),
            ("bot",),
            ("hotseat",),
            ("imported",),
        ]
        assert query("SELECT DISTINCT task_path FROM django_tasks_database_dbtaskresult") == [
            ("play.tasks.bot_reply",)
        ]
        # The ending's try still points at its game, and the game at its player.
        assert query(
            "SELECT COUNT(*) FROM endings_endingtry e JOIN play_game g ON g.id = e.game_id "
            "JOIN auth_user u ON u.id = g.white_user_id WHERE u.username = 'learner'"
        ) == [(1,)]
        migrate(url)  # a second run finds nothing left to rename
        assert counts(query, vendor) == after
