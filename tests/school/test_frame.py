"""The frame of every page (the links to styles and scripts, the header, the switcher, the footer) is drawn
once and kept in the process (school/frame.py): whoever asks next sees the frame of their own language,
address and kind of visitor, never the one kept for someone else, and every form carries its own request's
CSRF token."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from school import frame

pytestmark = pytest.mark.django_db

TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"|"x-csrftoken": "([^"]*)"')


def tokens(page: str) -> set[str]:
    return {first or second for first, second in TOKENS.findall(page)}


def nav(page: str) -> str:
    return page[page.index('<nav class="site-nav"') : page.index("</nav>")]


def test_a_visitor_after_an_account_sees_a_visitors_header(learner_client, curator_client):
    address = reverse("course:rules")
    curator = curator_client.get(address).text
    learner = learner_client.get(address).text
    visitor = Client().get(address).text
    assert "Log out" in nav(curator) and reverse("curation:reports") in nav(curator)
    assert "Log out" in nav(learner) and reverse("curation:reports") not in nav(learner)
    assert "Log out" not in nav(visitor) and reverse("profile") not in nav(visitor)
    assert reverse("login") in nav(visitor)
    assert learner_client.get(address).text.count("Log out") == 1


def test_each_language_gets_its_own_frame(client):
    english = client.get(reverse("trainer:train")).text
    slovak = client.get("/sk" + reverse("trainer:train")).text
    assert 'href="/sk/rules/"' in nav(slovak) and 'href="/rules/"' in nav(english)
    assert "Rules" in nav(english) and "Rules" not in nav(slovak)
    footer = "Senterej school: learn, train and play the chess of Ethiopia and Eritrea."
    assert footer in english and footer not in slovak


def test_the_switcher_leads_to_the_page_it_is_on(client):
    first = client.get("/rules/?part=1").text
    second = client.get("/rules/?part=2").text
    assert "next=/sk/rules/%3Fpart%3D1" in first and "part%3D2" not in first
    assert "next=/sk/rules/%3Fpart%3D2" in second and "part%3D1" not in second


def test_every_form_carries_the_token_of_its_own_request(log_in, learner, second_learner):
    address = reverse("course:map")
    pages = [log_in(user, csrf=True).get(address).text for user in (learner, second_learner, learner)]
    found = [tokens(page) for page in pages]
    # One token a page, in the header's log-out form, the switcher and htmx's headers alike.
    assert all(len(page_tokens) == 1 for page_tokens in found)
    assert len({token for page_tokens in found for token in page_tokens}) == 3
    assert all(frame.CSRF_HOLE not in page for page in pages)


def test_a_kept_log_out_form_still_logs_out(log_in, learner):
    client = log_in(learner, csrf=True)
    client.get(reverse("course:map"))
    page = client.get(reverse("course:map")).text
    (token,) = tokens(page)
    response = client.post(reverse("logout"), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert "Log out" not in client.get(reverse("course:map")).text


def test_addresses_beyond_the_limit_are_forgotten(client, monkeypatch):
    monkeypatch.setattr(frame, "ADDRESSES", 3)
    for number in range(10):
        client.get(f"/rules/?part={number}")
    assert len(frame._KEPT) <= 3


def test_the_admin_pages_name_the_site_s_icon(admin_client):
    """Browsers ask for /favicon.ico when a page names no icon, and the site has none there: a 404 a page."""
    page = admin_client.get(reverse("admin:index")).content.decode()
    assert re.search(
        r'<link rel="icon" href="/static/senterej/favicon[^"]*\.svg" type="image/svg\+xml">', page
    )
    assert page.count('rel="icon"') == 1
