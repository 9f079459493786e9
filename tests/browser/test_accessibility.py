"""axe-core finds nothing to fault on the front door and the way in (the home page, logging in, signing up),
for a visitor and for a signed-in learner, on a desktop and on a phone with the menu open and closed, in
English and in Slovak (axe-core as testing/axe.py runs it)."""

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from testing.axe import axe_violations
from testing.factories import PlayerRatingFactory

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["/", "/accounts/login/?next=/learn/", "/accounts/signup/"]
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}


@pytest.fixture
def open_page(browser):
    """A page of the given size, whose policy lets the test add axe-core's script (the site's never would)."""
    contexts = []

    def opened(size: str) -> Page:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
        contexts.append(context)
        return context.new_page()

    yield opened
    for context in contexts:
        context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_way_in_has_no_violation(live_server, open_page, size, language):
    page = open_page(size)
    for address in PAGES:
        page.goto(f"{live_server.url}{language}{address}")
        assert axe_violations(page) == [], address
        if size == "phone":
            page.locator(".site-menu__toggle").click()
            assert axe_violations(page) == [], f"{address}, the menu open"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_a_signed_in_home_page_has_no_violation(live_server, open_page, learner, size, language):
    PlayerRatingFactory(user=learner, rating=1550.0)
    page = open_page(size)
    client = Client()
    client.force_login(learner)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}{language}/")
    expect(page.locator(".next-steps")).to_be_visible()
    assert axe_violations(page) == []
