"""Playwright driving Debian's Chromium, which `make test` installs. Playwright's own browser builds are never
used: they cannot be downloaded here."""

import os

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, sync_playwright

from testing.axe import SIZES
from testing.factories import PASSWORD

# Playwright's sync API runs an event loop in this thread, and Django refuses database work from a thread
# with a running loop unless told it is safe, which it is here: the loop is Playwright's, not Django's.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def new_page(browser):
    """Opens pages in browser contexts of their own, like two people at two computers: no shared cookies."""
    contexts = []

    def open_page():
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def js_errors():
    """`js_errors(page)`: the uncaught exceptions in the page's scripts, collected as they happen."""

    def watch(page: Page) -> list[str]:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        return errors

    return watch


@pytest.fixture
def submit_log_in():
    """`submit_log_in(page, username)`: fills in the log-in form the page shows and sends it, with the
    password every account of the factories has unless another is given."""

    def submit(page: Page, username: str, password: str = PASSWORD) -> None:
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Log in").click()

    return submit


@pytest.fixture
def signed_in(live_server):
    """`signed_in(page, user)`: the page's browser context signed in as the user, by the session cookie of a
    forced log-in (django-axes lets no test client log in with a password), without going through the
    log-in form; the tests of that form use `submit_log_in`."""

    def sign_in(page: Page, user: User) -> None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        page.context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )

    return sign_in


@pytest.fixture
def axe_page(browser):
    """A desktop page whose context lets axe-core's script in past the site's Content-Security-Policy (see
    testing/axe.py); the site's own pages could never add it."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def open_page(browser):
    """`open_page(size)`: a page of one of the sizes of testing.axe.SIZES in a browser context of its own,
    whose policy lets the test add axe-core's script (the site's never would)."""
    contexts = []

    def opened(size: str) -> Page:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        context.close()
