"""The one settings module, configured from the environment (see README.md for the variables)."""

import os
from datetime import timedelta
from pathlib import Path

import django_stubs_ext
from csp.constants import NONE, SELF

from school.env import (
    RQ_BACKEND,
    caches,
    database,
    env_bool,
    env_int,
    env_list,
    secret_key,
    task_backend,
    trusted_proxies,
)

# Lets the classes that django-stubs makes generic be subscripted at run time too (ModelForm[User], ...).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool(os.environ, "DEBUG", default=True)
SECRET_KEY = secret_key(os.environ, debug=DEBUG)
ALLOWED_HOSTS = env_list(os.environ, "ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])

# Behind a reverse proxy: how many there are, or their addresses (accounts.clients reads it).
# Without it X-Forwarded-For and X-Forwarded-Proto are ignored, since any client could write them.
TRUSTED_PROXIES = trusted_proxies(os.environ)

# HTTPS=true: the site is served over TLS only (by itself or by the proxy in front of it).
HTTPS = env_bool(os.environ, "HTTPS", default=False)
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    # A year, for this host and its subdomains, and eligible for the browsers' preload list: browsers then
    # never ask over plain HTTP again. HSTS_SECONDS=300 tries it out first.
    SECURE_HSTS_SECONDS = env_int(os.environ, "HSTS_SECONDS", default=365 * 24 * 60 * 60, minimum=1)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if TRUSTED_PROXIES:
        # The proxy ends TLS and says so; only a trusted proxy's word is taken, so that links are https.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles, so that runserver serves static files the way production does.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "school",
    "senterej",
    "accounts",
    "reviews",
    "play",
    "course",
    "trainer",
    "endings",
    "classes",
    "analysis",
    "axes",
    # Its system checks: a CSP setting of the old form is an error.
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "school.middleware.PreferredLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "school.middleware.PrivatePagesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # After the log-in and the language are known, so that its page is drawn like any other.
    "school.middleware.RefuseNulMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a refused log-in into the locked-out page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "school.urls"
WSGI_APPLICATION = "school.wsgi.application"
ASGI_APPLICATION = "school.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The project is no app of its own: its one template library is named here.
            "libraries": {"frame": "school.frame"},
        },
    },
]

DATABASES = {"default": database(os.environ, default_url=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}

# Background tasks in three queues (bots' replies, evaluations, curators' jobs): kept in the database and run
# by `manage.py task_worker --queue-name=…`, which `make run` and `make serve` start beside the server under
# supervisord; or, with TASK_BACKEND=rq, in Redis (REDIS_URL) and run by `manage.py rqworker`, for workers on
# many machines (see README.md).
TASKS, RQ_QUEUES = task_backend(os.environ)
# The default cache in each process's memory; the throttles' counters shared by every process (school/env.py).
CACHES = caches(os.environ)
if TASKS["default"]["BACKEND"] == RQ_BACKEND:
    INSTALLED_APPS.append("django_rq")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions in the database, each read by a statement built once (accounts/session_rows.py).
SESSION_ENGINE = "accounts.session_rows"
AUTHENTICATION_BACKENDS = [
    # First, so that a username locked out on this device is refused before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Failed log-ins are counted per account and device (accounts/devices.py): the log-in page gives
# each browser a signed device cookie, and five wrong passwords for one username on one device pause that
# username on that device for fifteen minutes. A school shares one address, so a lock by username and address
# would let one pupil lock a classmate out; by device, a classmate's device stays free. Guessing from many
# devices is bounded by the account's ceiling (devices.ACCOUNT_CEILING failures within the cool-off from all
# devices together pause it everywhere but on the browsers it has logged in on, so that no guesser can lock
# its owner out). The lock's name is the username and the device
# (AXES_USERNAME_CALLABLE), so axes' one parameter is that name; AXES_FAILURE_LIMIT is the device's five or,
# past the ceiling, none.
AXES_FAILURE_LIMIT = "accounts.devices.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_USERNAME_CALLABLE = "accounts.devices.lock_name"
AXES_LOCKOUT_PARAMETERS = ["username"]
# axes warns when the address is no lockout parameter, since a guesser could then rotate cookies; here the
# account's ceiling counts the failures of every device and address together, which bounds that.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# The client's address as the site's throttles see it: X-Forwarded-For only behind TRUSTED_PROXIES. With the
# callable, django-axes never asks django-ipware (whose own settings, AXES_IPWARE_*, would then be a second
# place to say which proxies are trusted); its default header order is REMOTE_ADDR alone, kept explicit here.
AXES_CLIENT_IP_CALLABLE = "accounts.clients.client_address"
AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)

# Django's four checks, with help texts in the site's own words (accounts/passwords.py).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "accounts.passwords.UserAttributeSimilarityValidator"},
    {"NAME": "accounts.passwords.MinimumLengthValidator"},
    {"NAME": "accounts.passwords.CommonPasswordValidator"},
    {"NAME": "accounts.passwords.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language in its own name, as a language menu shows it.
LANGUAGES = [("en", "English"), ("sk", "Slovenčina")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice outlives the browser session.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
USE_I18N = True
# Dates in each language's order: English day first, Slovak as Slovak writes them (school/formats/).
FORMAT_MODULE_PATH = ["school.formats"]
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names need `collectstatic`, which a deployment runs and local use should not need.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Password reset mails are printed on the console unless a real backend is configured.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Senterej school <noreply@localhost>")

# Every script and stylesheet is a file of the site: no inline script, event handler or style attribute.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [SELF],
    }
}

# Request errors (a 500's traceback) and security warnings (a forged host, a bad signature) go to the
# server's standard error, which gunicorn and runserver print, with DEBUG off too: Django's default would
# send them only to ADMINS by mail.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
