"""The way back: every "Log in" and "Sign up" link carries the page it is on as `next`, the forms keep it,
and after success the person lands there again; a `next` that is no path of this site is ignored (the
home page), and a bad one is never a 500."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts import way_back
from testing.factories import PASSWORD, LessonFactory, TaskFactory

pytestmark = pytest.mark.django_db

GOOD = ["/learn/", "/sk/learn/der/1/", "/train/?theme=mate-in-one", "/"]
BAD = [
    "https://elsewhere.example/",
    "http://testserver/learn/",  # this very site, but an address rather than a path
    "//elsewhere.example/learn/",
    "/\\elsewhere.example",
    "///elsewhere.example",
    "javascript:alert(1)",
    "learn/",
    "nosuchview",
    "/" + "a" * way_back.LONGEST,
]


@pytest.mark.parametrize("url", GOOD)
def test_a_path_of_the_site_is_kept(rf: RequestFactory, url):
    assert way_back.safe_path(url, rf.get("/")) == url


@pytest.mark.parametrize("url", BAD)
def test_anything_else_is_dropped(rf: RequestFactory, url):
    assert way_back.safe_path(url, rf.get("/")) == ""


def links(page: str) -> dict[str, str]:
    """The header's log-in and sign-up addresses."""
    nav = page[page.index('<nav class="site-nav"') : page.index("</nav>")]
    found = dict(re.findall(r'<a href="([^"]*)">(Log in|Sign up)</a>', nav))
    return {name: address for address, name in found.items()}


@pytest.fixture
def task_address() -> str:
    task = TaskFactory(lesson=LessonFactory(slug="setup"), order=1)
    return reverse("course:task", args=[task.lesson.slug, task.order])


def test_the_header_s_links_lead_back_to_the_page_they_are_on(client, task_address):
    assert links(client.get(task_address).text) == {
        "Log in": f"/accounts/login/?next={task_address}",
        "Sign up": f"/accounts/signup/?next={task_address}",
    }
    # Each address gets its own: the header kept for one page is never another's.
    assert links(client.get("/rules/").text)["Log in"] == "/accounts/login/?next=/rules/"
    slovak = client.get("/sk" + task_address).text
    assert f'<a href="/sk/accounts/login/?next=/sk{task_address}">Prihlásiť sa</a>' in slovak


def test_the_pages_of_the_way_in_pass_on_the_next_they_were_given(client, task_address):
    login = client.get(reverse("login"), {"next": task_address}).text
    signup = client.get(reverse("signup"), {"next": task_address}).text
    for page in (login, signup):
        assert links(page) == {
            "Log in": f"/accounts/login/?next={task_address}",
            "Sign up": f"/accounts/signup/?next={task_address}",
        }
        assert f'name="next" value="{task_address}"' in page
    assert f'href="/accounts/signup/?next={task_address}"' in login.split("</nav>")[1]
    assert f'href="/accounts/login/?next={task_address}"' in signup.split("</nav>")[1]
    # Without one, they lead nowhere in particular, and never to themselves.
    assert links(client.get(reverse("login")).text) == {
        "Log in": "/accounts/login/",
        "Sign up": "/accounts/signup/",
    }


def test_a_reset_link_s_token_never_rides_along(client):
    page = client.get("/accounts/password/reset/MQ/set-password/").text
    assert "set-password" not in "".join(links(page).values())


def test_a_signed_in_header_has_no_way_in(learner_client, task_address):
    assert links(learner_client.get(task_address).text) == {}


def test_logging_in_from_a_page_leads_back_to_it(client, learner, task_address):
    answer = client.post(
        reverse("login"), {"username": learner.username, "password": PASSWORD, "next": task_address}
    )
    assert answer.status_code == 302 and answer.url == task_address


def test_signing_up_from_a_page_leads_back_to_it(client, task_address):
    data = {"username": "selam", "password1": PASSWORD, "password2": PASSWORD, "next": task_address}
    answer = client.post(reverse("signup"), data)
    assert answer.status_code == 302 and answer.url == task_address
    assert User.objects.filter(username="selam").exists()


@pytest.mark.parametrize("url", BAD)
def test_a_log_in_with_a_bad_next_lands_on_the_home_page(client, learner, url):
    page = client.get(reverse("login"), {"next": url})
    assert page.status_code == 200 and 'name="next" value=""' in page.text
    answer = client.post(reverse("login"), {"username": learner.username, "password": PASSWORD, "next": url})
    assert answer.status_code == 302 and answer.url == reverse("home")


@pytest.mark.parametrize("url", BAD)
def test_a_sign_up_with_a_bad_next_lands_on_the_home_page(client, url):
    data = {"username": "selam", "password1": PASSWORD, "password2": PASSWORD, "next": url}
    answer = client.post(reverse("signup"), data)
    assert answer.status_code == 302 and answer.url == reverse("home")


def test_a_failed_log_in_keeps_the_next(client, learner, task_address):
    answer = client.post(
        reverse("login"), {"username": learner.username, "password": "no", "next": task_address}
    )
    assert answer.status_code == 200 and f'name="next" value="{task_address}"' in answer.text


def test_a_next_with_a_nul_byte_is_refused_and_logs_nobody_in(learner, task_address):
    client = Client()
    page = client.get(reverse("login"), {"next": task_address + "\x00"})
    assert page.status_code == 400
    data = {"username": learner.username, "password": PASSWORD, "next": "/\x00//elsewhere.example"}
    assert client.post(reverse("login"), data).status_code == 400
    assert "_auth_user_id" not in client.session
    data = {"username": "selam", "password1": PASSWORD, "password2": PASSWORD, "next": "/\x00"}
    assert client.post(reverse("signup"), data).status_code == 400
    assert not User.objects.filter(username="selam").exists()


def test_a_huge_address_gets_no_way_back_but_a_page(client):
    answer = client.get("/rules/", {"part": "x" * 5000})
    assert answer.status_code == 200
    assert links(answer.text) == {"Log in": "/accounts/login/", "Sign up": "/accounts/signup/"}
