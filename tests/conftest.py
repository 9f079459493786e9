"""What every test may use: the default language, fast password hashing, background tasks run at once, and
the cast, a fixed set of
accounts with known usernames and one password (testing.factories.PASSWORD), with clients logged in as them.

The factories for everything else are in testing/factories.py.

`make test` runs the whole suite on SQLite, then again on PostgreSQL with `--database-tests`: only the tests
that touch the database, since the browser tests and the tests of pure code give the same answer on either."""

import os
from uuid import uuid4

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from school.env import TASK_QUEUES
from testing.factories import ADMIN, CURATOR, LEARNER, SECOND_LEARNER, TEACHER, UserFactory

# On CI the properties are checked with a fixed sequence of examples, so that a run and its repetition agree
# and nothing is kept between runs; elsewhere hypothesis draws new examples each time, which finds more.
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

#: The fixtures through which a test reaches the database (pytest-django's, and the live server's).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests",
        action="store_true",
        help="run only the tests that touch the database, browser tests left out (the second database's run)",
    )


def touches_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & fixtures)


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-tests"):
        return
    kept = [item for item in items if touches_database(item) and "browser" not in item.path.parts]
    left = [item for item in items if item not in kept]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def default_language():
    """A request for a Slovak page leaves Slovak active in the thread that served it; each test starts in the
    default language, as a fresh process would."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache(settings):
    """The pages keep what every visitor sees in the cache (rules, course content, refutations): each test
    starts with none of another test's rows in it. The throttles count in the database (or Redis), which a
    test's end may not empty: each test counts under a prefix of its own."""
    cache.clear()
    settings.CACHES = {
        **settings.CACHES,
        "throttle": {**settings.CACHES["throttle"], "KEY_PREFIX": uuid4().hex},
    }
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # The default hasher takes about a second a password on these machines; log-ins work the same with MD5.
    # PBKDF2 stays known, since the passwords of students made in bulk use it with fewer rounds.
    settings.PASSWORD_HASHERS = [
        "django.contrib.auth.hashers.MD5PasswordHasher",
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    ]


IMMEDIATE_TASKS = {
    "default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend", "QUEUES": list(TASK_QUEUES)}
}


@pytest.fixture(autouse=True)
def immediate_tasks(request, settings):
    """A task runs as it is enqueued, so that a page shows the bot's reply at once; a test marked
    `queued_tasks` keeps the site's database backend and runs the worker itself, as production does."""
    if "queued_tasks" not in request.keywords:
        settings.TASKS = IMMEDIATE_TASKS


# The cast


@pytest.fixture
def learner(db) -> User:
    return UserFactory(username=LEARNER, first_name="Tirunesh", last_name="Dibaba")


@pytest.fixture
def second_learner(db) -> User:
    return UserFactory(username=SECOND_LEARNER, first_name="Abebe", last_name="Bikila")


@pytest.fixture
def teacher(db) -> User:
    """In the teachers' group, as "I teach" on the profile makes one."""
    return UserFactory(username=TEACHER, first_name="Almaz", last_name="Ayana", teaches=True)


@pytest.fixture
def curator(db) -> User:
    """Staff in the curators' group."""
    return UserFactory(username=CURATOR, first_name="Meseret", last_name="Defar", curates=True)


@pytest.fixture
def admin_user(db) -> User:
    """A superuser (in place of pytest-django's fixture of that name, so that there is one admin)."""
    return UserFactory(username=ADMIN, first_name="Haile", last_name="Gebrselassie", admin=True)


# Logged-in clients. django-axes is an authentication backend that wants a request, so `Client.login()`
# fails: these use `force_login`.


@pytest.fixture
def log_in():
    """`log_in(user)`: a new client logged in as the user; `csrf=True` makes it check CSRF tokens as a
    browser's requests are checked."""

    def logged_in(user: User, *, csrf: bool = False) -> Client:
        client = Client(enforce_csrf_checks=csrf)
        client.force_login(user)
        return client

    return logged_in


@pytest.fixture
def learner_client(log_in, learner) -> Client:
    return log_in(learner)


@pytest.fixture
def teacher_client(log_in, teacher) -> Client:
    return log_in(teacher)


@pytest.fixture
def curator_client(log_in, curator) -> Client:
    return log_in(curator)


@pytest.fixture
def admin_client(log_in, admin_user) -> Client:
    """In place of pytest-django's fixture of that name, logged in as the cast's admin."""
    return log_in(admin_user)
