"""One simulated student's browser, in the standard library only: a cookie jar, Django's CSRF token (from the
last form seen, else the cookie) and htmx's headers, and every request timed into the shared log."""

import html
import http.client
import json
import re
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

#: A request not answered within this long is a timeout, counted as an error.
TIMEOUT = 15.0

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
LEGAL = re.compile(r'data-legal="([^"]*)"')
MAN = re.compile(r'data-square="([a-h][1-8])"[^>]*><svg class="piece piece--(white|black)')


@dataclass
class Sample:
    action: str
    start: float  # seconds since the lesson began (negative while the class logs in)
    seconds: float
    status: int  # 0 for a timeout or a broken connection
    ok: bool
    wall: float = 0.0  # when it was sent, as time.time(): to compare with the task worker's records
    who: str = "student"  # or "curator", or "hostile": the targets are the students'


@dataclass
class Response:
    status: int
    body: str
    location: str = ""


@dataclass
class Log:
    """Every timed action of every student. The lesson begins once the whole class has logged in, and
    lasts until `deadline`."""

    began: float = field(default_factory=time.monotonic)
    deadline: float = 0.0
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def begin(self, seconds: float) -> None:
        self.began = time.monotonic()
        self.deadline = self.began + seconds

    def add(self, sample: Sample, detail: str = "") -> None:
        with self.lock:
            self.samples.append(sample)
            if not sample.ok:
                self.errors.append(f"{sample.action}: {sample.status} {detail}"[:300])


class Browser:
    def __init__(self, host: str, port: int, log: Log, name: str, who: str = "student") -> None:
        self.host, self.port, self.log, self.name, self.who = host, port, log, name, who
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    def tab(self) -> "Browser":
        """Another tab of the same browser: the cookies as they are now, requests of its own (from a thread
        of its own)."""
        other = Browser(self.host, self.port, self.log, self.name, self.who)
        other.cookies, other.csrf = dict(self.cookies), self.csrf
        return other

    def request(
        self,
        action: str,
        method: str,
        path: str,
        form: dict[str, str] | list[tuple[str, str]] | None = None,
        htmx: bool = False,
        expect: tuple[int, ...] = (200,),
    ) -> Response:
        """One timed request; a status outside `expect` (or none at all) is an error of this action."""
        headers = {"Host": f"{self.host}:{self.port}", "Connection": "close"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.csrf or self.cookies.get("csrftoken", "")
        if htmx:
            headers["HX-Request"] = "true"
        wall, start = time.time(), time.monotonic()
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            connection.request(method, path, body=body, headers=headers)
            raw = connection.getresponse()
            text = raw.read().decode("utf-8", "replace")
            status, location = raw.status, raw.getheader("Location", "")
            for header in raw.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
                    if name == "csrftoken":
                        self.csrf = ""  # rotated (at log-in): the forms seen so far hold the old one
        except (OSError, http.client.HTTPException) as error:
            elapsed = time.monotonic() - start
            sample = Sample(action, start - self.log.began, elapsed, 0, False, wall, self.who)
            self.log.add(sample, f"{self.name} {method} {path} {error!r}")
            return Response(0, "")
        finally:
            connection.close()
        elapsed = time.monotonic() - start
        ok = status in expect
        detail = f"{self.name} {method} {path} {_error_text(text)}" if not ok else ""
        self.log.add(Sample(action, start - self.log.began, elapsed, status, ok, wall, self.who), detail)
        if found := CSRF_INPUT.search(text):
            self.csrf = found.group(1)
        return Response(status, text, location)


def _error_text(text: str) -> str:
    found = re.search(r'class="error"[^>]*>([^<]*)<', text)
    return html.unescape(found.group(1)) if found else ""


def hidden(text: str, name: str) -> str:
    """The value of a hidden input (the first one of that name)."""
    found = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', text)
    return html.unescape(found.group(1)) if found else ""


def legal_moves(text: str) -> list[str]:
    """The coordinate moves the board offers (its data-legal), empty when the board takes no move."""
    found = LEGAL.search(text)
    if not found or not found.group(1):
        return []
    table: dict[str, list[list[str]]] = json.loads(html.unescape(found.group(1)))
    return sorted(move for targets in table.values() for _to, move in targets)


def men(text: str) -> dict[str, str]:
    """The board's men: square name to colour ("white" or "black")."""
    return {square: colour for square, colour in MAN.findall(text)}
