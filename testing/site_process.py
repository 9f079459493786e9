"""The site in processes of its own, for the tests of what crosses processes (workers, the clock, two web
workers counting together): an environment on a scratch SQLite file, and `manage.py` run in it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def scratch_site(folder: Path) -> dict[str, str]:
    """The test's environment with the site's database a file in `folder` and the tasks in the database."""
    environment = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}"}
    environment.pop("TASK_BACKEND", None)
    return environment


def manage(environment: dict[str, str], *arguments: str) -> str:
    """`manage.py` with these arguments in a process of its own; the last line it printed ("" for none)."""
    finished = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return finished.stdout.strip().splitlines()[-1] if finished.stdout.strip() else ""
