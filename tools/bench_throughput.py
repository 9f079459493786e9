"""Requests per second of the site's pages under gunicorn, beside a trivial view served through the same
middleware in the same run: the pages of `tools.bench_pages`, the same scratch SQLite database, DEBUG off,
gunicorn with WEB_CONCURRENCY workers (2 by default) on a loopback port, and wrk (Debian's package) with 50
connections for a few seconds per page. Every figure is the page's requests per second divided by the
trivial view's; a signed-in page's also by the signed-in trivial view's (see `tools.bench_pages`).

    python -m tools.bench_throughput [--seconds N] [--connections N] [--port N]"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tools.bench_pages import BASE_DIR, configure, pages, seed

#: The issue's goal: every page serves at least this share of the trivial view's requests per second.
TARGET_SHARE = 0.15
WSGI = "tools.bench_wsgi:application"


def requests_per_second(
    address: str, seconds: int, connections: int, cookie: str | None
) -> tuple[float, str]:
    command = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "--latency", address]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    assert rate is not None, output
    notes = ", ".join(part for part in (bad and f"{bad[1]} non-2xx", errors and errors[1]) if part)
    return float(rate[1]), notes


def session_cookie() -> str:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    user = User.objects.get(username="bench")
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def wait_for(url: str, server: subprocess.Popen[bytes]) -> None:
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped before it served")
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not answer")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=5, help="wrk's run per page (default 5)")
    parser.add_argument("--connections", type=int, default=50, help="wrk's connections (default 50)")
    parser.add_argument("--port", type=int, default=8123)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    with tempfile.TemporaryDirectory(prefix="senterej-bench-throughput-") as scratch:
        configure(Path(scratch))
        seed()
        addresses = pages()
        cookie = session_cookie()
        environment = {**os.environ, "BENCH_SCRATCH": scratch, "ALLOWED_HOSTS": "127.0.0.1"}
        workers = os.environ.get("WEB_CONCURRENCY", "2")
        gunicorn = [sys.executable, "-m", "gunicorn", WSGI, "--bind", f"127.0.0.1:{args.port}"]
        server = subprocess.Popen([*gunicorn, "--workers", workers], env=environment, cwd=BASE_DIR)
        try:
            base = f"http://127.0.0.1:{args.port}"
            wait_for(base + addresses["trivial"][0], server)
            results = {}
            for name, (address, signed_in) in addresses.items():
                rate, notes = requests_per_second(
                    base + address, args.seconds, args.connections, cookie if signed_in else None
                )
                results[name] = (rate, notes)
        finally:
            server.terminate()
            server.wait(timeout=30)
    trivial, signed_trivial = results["trivial"][0], results["trivial signed in"][0]
    print(f"gunicorn, {workers} workers; wrk, {args.connections} connections, {args.seconds} s a page")
    print(f"{'page':<18} {'requests/s':>10} {'share':>7} {'same visitor':>13}  notes")
    worst, worst_same = 1.0, 1.0
    for name, (rate, notes) in results.items():
        same = rate / (signed_trivial if addresses[name][1] else trivial)
        worst, worst_same = min(worst, rate / trivial), min(worst_same, same)
        print(f"{name:<18} {rate:>10.0f} {rate / trivial:>7.2f} {same:>13.2f}  {notes}")
    for label, figure in (("the trivial view's", worst), ("the same visitor's trivial view's", worst_same)):
        verdict = "within" if figure >= TARGET_SHARE else "below"
        print(f"lowest share {figure:.2f} of {label} rate: {verdict} the goal of {TARGET_SHARE}")


if __name__ == "__main__":
    main()
