"""Requests per second of the site's pages under gunicorn, each beside the trivial view asked by the same
visitor in the same run: the pages and histories of `tools.bench_pages` (the same scratch SQLite database,
DEBUG off), gunicorn with WEB_CONCURRENCY workers (2 by default) on a loopback port, and wrk (Debian's
package) with 50 connections for a few seconds per page. Each page is asked with the session cookie of the
visitor it belongs to (the teacher's for the class pages, each learner's for theirs) and, for the game's
poll, as htmx asks; every figure is the page's requests per second divided by the same visitor's trivial
view's, PASS at TARGET_SHARE or more.

Every page is asked once before its wrk run and once after it, and must answer what it means (200, the
poll's 204: a redirect to log in, or a 404 of a page that is someone else's, stops the benchmark with a
non-zero exit naming the page); wrk's count of error answers (4xx and 5xx) under load must be nil too.
`--check` serves and asks each page once, without wrk.

    python -m tools.bench_throughput [--seconds N] [--connections N] [--port N] [--check]"""

import argparse
import http.client
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.bench_pages import BASE_DIR, VISITORS, Page, configure, login_url, pages, prepare, seed
from tools.bench_report import TARGET_SHARE, Figure, WrkRun, check_answer, check_run, read_wrk, share_table

WSGI = "tools.bench_wsgi:application"


def session_cookie(username: str) -> str:
    """The Cookie header of a fresh session signed in as the user ("" for a visitor with no account)."""
    if not username:
        return ""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    user = User.objects.get(username=username)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def headers(page: Page, cookies: dict[str, str]) -> dict[str, str]:
    found = {"Cookie": cookies[page.visitor]} if cookies[page.visitor] else {}
    if page.htmx:
        found["HX-Request"] = "true"
    return found


def ask_once(port: int, page: Page, cookies: dict[str, str]) -> None:
    """One request, redirects not followed: stops the benchmark unless it answers what the page means."""

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", page.address, headers=headers(page, cookies))
        response = connection.getresponse()
        response.read()
        location = response.getheader("Location", "")
    finally:
        connection.close()
    check_answer(page.label, response.status, page.expected, location, login_url())


def wrk(url: str, seconds: int, connections: int, sent: dict[str, str]) -> WrkRun:
    command = ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s", "--latency"]
    for name, value in sent.items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run(
        [*command, url], capture_output=True, text=True, check=True, timeout=seconds + 60
    ).stdout
    return read_wrk(output)


def wait_for(port: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit("gunicorn stopped before it served")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/bench/trivial/")
            connection.getresponse().read()
            connection.close()
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
    parser.add_argument("--check", action="store_true", help="ask each page once, without wrk")
    args = parser.parse_args()
    if not args.check and shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    with tempfile.TemporaryDirectory(prefix="senterej-bench-throughput-") as scratch:
        configure(Path(scratch))
        print(f"histories seeded in {seed():.0f} s", flush=True)
        listed = pages()
        cookies = {visitor: session_cookie(visitor) for visitor in VISITORS}
        environment = {**os.environ, "BENCH_SCRATCH": scratch, "ALLOWED_HOSTS": "127.0.0.1"}
        workers = os.environ.get("WEB_CONCURRENCY", "2")
        gunicorn = [sys.executable, "-m", "gunicorn", WSGI, "--bind", f"127.0.0.1:{args.port}"]
        server = subprocess.Popen([*gunicorn, "--workers", workers], env=environment, cwd=BASE_DIR)
        try:
            wait_for(args.port, server)
            figures = []
            trivial: dict[str, float] = {}
            if not args.check:
                setup = f"{args.connections} connections, {args.seconds} s a page"
                print(f"gunicorn, {workers} workers; wrk, {setup}")
                print(share_table([])[0], flush=True)
            for page in listed:
                before = prepare(page)
                before()
                ask_once(args.port, page, cookies)
                if args.check:
                    print(f"{page.label:<28} {VISITORS[page.visitor]:<14} {page.expected}", flush=True)
                    continue
                run = wrk(
                    f"http://127.0.0.1:{args.port}{page.address}",
                    args.seconds,
                    args.connections,
                    headers(page, cookies),
                )
                check_run(page.label, run)
                ask_once(args.port, page, cookies)
                if page.name == "trivial":
                    trivial[page.visitor] = run.rate
                notes = f"socket errors: {run.socket_errors}" if run.socket_errors else ""
                figure = Figure(
                    page.name,
                    page.history,
                    VISITORS[page.visitor],
                    run.rate,
                    trivial[page.visitor],
                    notes=notes,
                )
                figures.append(figure)
                print(share_table([figure])[1], flush=True)
        finally:
            server.terminate()
            server.wait(timeout=30)
    if args.check:
        print("every page answered as it should")
        return
    missed = [figure.label for figure in figures if figure.ratio < TARGET_SHARE]
    print("\nMISS: " + ", ".join(missed) if missed else "\nevery page PASS")


if __name__ == "__main__":
    main()
