"""The WSGI application `tools.bench_throughput` serves: the site with the benchmark's URLconf (the trivial
view beside the site's pages) and the static files collected into the run's scratch folder."""

import os
from pathlib import Path

import django
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "school.settings")
django.setup()
settings.ROOT_URLCONF = "tools.bench_urls"
settings.STATIC_ROOT = Path(os.environ["BENCH_SCRATCH"]) / "static"
application = get_wsgi_application()
