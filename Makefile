# Two commands on a fresh Debian machine with Python 3.11:
#   make run    set up and serve the site on http://127.0.0.1:8000 (SQLite, all fixtures loaded), with the
#               task workers of each queue and the clock beside it, under supervisord
#   make serve  serve it in production: collectstatic, migrate, then gunicorn on $BIND with $WEB_CONCURRENCY
#               workers, the task workers and the clock beside it under supervisord (see the README)
#   make test   set up and run every check: lint, format, types, migrations, the whole test suite on SQLite
#               (browser tests and engine conformance included), then the tests that touch the database again
#               on a private PostgreSQL cluster (see tools/postgres)
#   make test-postgres  the tests that touch the database, on PostgreSQL alone
#   make bench  the engine's perft benchmark
#   make bench-pages  CPU time per request of the main pages, each beside the trivial view of the same visitor,
#               at a light and a heavy history (60,000 puzzle attempts, 1,500 review cards, 1,000 games, a class
#               of 60), with queries per request and heavy/light of the pages that read a history, and a first
#               wrong puzzle move against a right one; PASS or MISS (DEBUG off, a scratch database); any answer
#               that is not the page stops it, non-zero, and a wrong move's MISS ends it non-zero
#   make bench-throughput  requests per second of the same pages under gunicorn (2 workers) and wrk (50
#               connections), each asked with its own visitor's cookie, beside that visitor's trivial view; PASS
#               or MISS; an answer that is not the page stops it (WRK_SECONDS=2: 2 s a page instead of 5)
#   make bench-classroom  60 students for 60 s against gunicorn and PostgreSQL, beside a curator's long job and a
#               hostile visitor (STUDENTS=30 a smaller class; DB=sqlite: 30 s on SQLite)
#   make bench-selection  puzzle selection with 100,000 puzzles and 1,000,000 attempts (a scratch SQLite file)
#   make bench-ladder  each bot level against the one below, played through the site's games (a scratch SQLite file)
#   make bench-hurry  the Club player with 12 replies waiting against the Club player idle, 20 games, as above
#   make messages  gather the strings to translate into locale/sk, and compile the catalogue after translating

PYTHON := $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
FIXTURES := $(wildcard fixtures/*.json fixtures/*.jsonl)
# CI runs without a terminal, so apt must not ask anything.
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y

BENCH_DB := /tmp/senterej-bench.sqlite3
LADDER_DB := /tmp/senterej-ladder.sqlite3
# Games a pairing in `make bench-ladder`, fewer for the Club player, who thinks 1.5 s a move.
LADDER ?= --games 10 --club-games 4
# The test run's processes (pytest-xdist): `auto` is one a core. TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= auto
# The RQ tests share one Redis queue, so they run in one process (their xdist group).
PYTEST := $(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadgroup

# axe-core, which the browser tests inject to check each page's accessibility (tests/browser/test_board.py).
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js

# gunicorn's own variables: where it listens and how many worker processes it runs.
BIND ?= 127.0.0.1:8000
WEB_CONCURRENCY ?= 2
# How many task workers take the bots' replies beside the web server (each runs one reply at a time); the
# analysis board's evaluations and the curators' jobs have a worker each, on queues of their own.
TASK_WORKERS ?= 1
# The web server and the task workers run under supervisord (school/supervisord.conf), which starts again any
# that exits; its socket, pid and log are kept in the virtualenv.
# $(call supervise,WEB SERVER COMMAND,MORE TASK WORKER OPTIONS)
supervise = mkdir -p $(VENV)/supervisor && WEB_COMMAND="$(1)" WORKER_OPTIONS="$(2)" PYTHON="$(abspath $(PY))" \
	BOT_WORKERS=$(TASK_WORKERS) SUPERVISOR_DIR="$(abspath $(VENV))/supervisor" \
	exec $(VENV)/bin/supervisord -c school/supervisord.conf

.PHONY: run serve test test-postgres bench bench-pages bench-throughput bench-classroom bench-selection bench-ladder \
	bench-hurry messages

run: $(VENV)/.runtime
	$(PY) manage.py migrate --no-input
ifneq ($(FIXTURES),)
	$(PY) manage.py loaddata $(FIXTURES)
endif
	$(PY) manage.py seed_demo
	$(call supervise,$(abspath $(PY)) manage.py runserver 127.0.0.1:8000,--interval 0.2)

# No fixtures and no demo accounts: a production database keeps its own content.
serve: $(VENV)/.runtime
	$(PY) manage.py collectstatic --no-input
	$(PY) manage.py migrate --no-input
	$(call supervise,$(abspath $(VENV))/bin/gunicorn school.wsgi --bind $(BIND) --workers $(WEB_CONCURRENCY) \
	--access-logfile - --error-logfile -,)

test: $(VENV)/.dev /usr/bin/chromium /usr/bin/msgfmt $(AXE)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py makemigrations --check --dry-run
	REDIS_URL=$$(tools/redis start) $(PYTEST)
	$(MAKE) test-postgres
	tools/redis stop

# Only the tests that touch the database: the browser tests and the tests of pure code gave their answer in
# the SQLite run. The cluster is started for the run and stopped after it, whatever the tests say.
test-postgres: $(VENV)/.dev /usr/bin/msgfmt
	url=$$(tools/postgres start) && DATABASE_URL=$$url REDIS_URL=$$(tools/redis start) $(PYTEST) --database-tests; \
	status=$$?; tools/postgres stop; exit $$status

bench: $(VENV)/.dev
	$(PY) -m tools.bench_perft

# A scratch database and static root of its own, in a temporary folder that the benchmark removes; the
# histories of tools/bench_history.py are seeded in bulk (about a minute), then each page is measured at the
# light and the heavy history against the same visitor's trivial view (several minutes), then a puzzle's
# first move, right and wrong, at puzzles no one has tried.
bench-pages: $(VENV)/.dev
	$(PY) -m tools.bench_pages

# Requests per second under gunicorn and wrk (Debian's package, installed when missing): the same pages and
# histories, each asked with the cookie of the visitor it belongs to; a page answering anything but itself
# (before, under or after its wrk run) stops it. WRK_SECONDS is wrk's run per page.
WRK_SECONDS ?= 5
bench-throughput: $(VENV)/.dev /usr/bin/wrk
	$(PY) -m tools.bench_throughput --seconds $(WRK_SECONDS)

# A fresh database (its own in the private PostgreSQL cluster, or a scratch SQLite file), the servers as
# `make serve` runs them, all stopped afterwards; see tools/bench-classroom. STUDENTS is the class's size, split
# 2:2:1 between the course, puzzles and games against the Club player.
DB ?= postgres
STUDENTS ?= 60
bench-classroom: $(VENV)/.runtime
	STUDENTS=$(STUDENTS) tools/bench-classroom $(DB)

# A scratch database of its own, made afresh: the benchmark seeds a million rows.
bench-selection: $(VENV)/.dev
	rm -f $(BENCH_DB)
	DATABASE_URL=sqlite:///$(BENCH_DB) $(PY) manage.py migrate --no-input
	DATABASE_URL=sqlite:///$(BENCH_DB) $(PY) manage.py bench_selection

# A scratch database of its own, made afresh; the games are played one after another, at low priority.
bench-ladder: $(VENV)/.dev
	rm -f $(LADDER_DB)
	DATABASE_URL=sqlite:///$(LADDER_DB) $(PY) manage.py migrate --no-input
	DATABASE_URL=sqlite:///$(LADDER_DB) nice $(PY) manage.py bench_ladder $(LADDER)

# What thinking less under load costs the Club player: told 12 replies wait (0.375 s a move), against itself idle.
HURRY ?= --load 12 --games 20
bench-hurry: $(VENV)/.dev
	rm -f $(LADDER_DB)
	DATABASE_URL=sqlite:///$(LADDER_DB) $(PY) manage.py migrate --no-input
	DATABASE_URL=sqlite:///$(LADDER_DB) nice $(PY) manage.py bench_ladder $(HURRY)

messages: $(VENV)/.dev /usr/bin/msgfmt
	$(PY) manage.py makemessages -l sk --no-obsolete --add-location=file
	$(PY) manage.py compilemessages -l sk --ignore=.venv

# Stamp files keyed on the requirements, so that pip runs again only when they change. The files pin every
# package, transitive ones included, so pip installs exactly them (--no-deps).
$(VENV)/.runtime: requirements.txt | $(PY)
	$(PY) -m pip install --quiet --no-deps -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt requirements.txt | $(PY)
	$(PY) -m pip install --quiet --no-deps -r requirements-dev.txt
	touch $@

# Debian keeps venv's ensurepip in a package of its own.
$(PY):
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11) and "Python 3.11 is needed")'
	$(PYTHON) -c 'import ensurepip' 2>/dev/null || (apt-get update && $(APT_INSTALL) python3-venv)
	$(PYTHON) -m venv $(VENV)

$(AXE): | $(PY) /usr/bin/npm
	npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@4.14.1

/usr/bin/npm:
	apt-get update && $(APT_INSTALL) npm

/usr/bin/chromium:
	apt-get update && $(APT_INSTALL) chromium

# GNU gettext: the tests check the translation catalogues with it.
/usr/bin/msgfmt:
	apt-get update && $(APT_INSTALL) gettext

/usr/bin/wrk:
	apt-get update && $(APT_INSTALL) wrk
