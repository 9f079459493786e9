"""A learner on a 390 px phone, in English and in Slovak: a move of a man the task is not for is refused at
once with the man it is for named, and costs no star; a wrong move of a one-move task says what it fails to
do; and a task solved on one phone is where "Continue" goes on from on another (journey 2.5)."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from testing.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH, HEIGHT = 390, 844
WORDS = {
    "": {
        "refused": (
            "This task is for your der: move the der. That move was not played, and it costs you nothing."
        ),
        "no check": "That move is not what the task asks: it gives no check.",
    },
    "/sk": {
        "refused": "Toto cvičenie je pre tvojho dera: ťahaj derom. Ťah sa nezahral a nič ťa nestojí.",
        "no check": "Tento ťah nerobí, čo cvičenie žiada: nedáva šach.",
    },
}


@pytest.fixture
def course(db):
    call_command("loaddata", "fixtures/course.json", verbosity=0)


@pytest.fixture
def phones(browser):
    """`phones()`: a new phone, a browser context of its own (no cookie shared with another phone)."""
    contexts = []

    def phone() -> Page:
        context = browser.new_context(
            viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True, device_scale_factor=3
        )
        contexts.append(context)
        return context.new_page()

    yield phone
    for context in contexts:
        context.close()


def tap(page: Page, square: str) -> None:
    page.locator(f'.board--live[data-ready] [data-square="{square}"]').click()


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") == WIDTH


@pytest.mark.parametrize("language", ["", "/sk"])
def test_r2_2_the_negus_is_refused_in_the_der_s_task_and_another_phone_continues_after_it(
    live_server, phones, signed_in, course, language
):
    learner = UserFactory(username="selam")
    phone = phones()
    signed_in(phone, learner)
    phone.goto(f"{live_server.url}{language}/learn/der/1/")
    tap(phone, "g1")
    tap(phone, "f2")  # a legal negus step (R2.1), in the der's task
    expect(phone.locator(".error")).to_have_text(WORDS[language]["refused"])
    expect(phone.locator('[data-square="g1"] svg')).to_have_count(1)  # the negus did not move
    no_sideways_scroll(phone)
    for frm, to in (("a1", "a3"), ("a3", "h3"), ("h3", "h8")):  # the der round its medeqs (R2.2)
        tap(phone, frm)
        tap(phone, to)
        expect(phone.locator(f'[data-square="{to}"] svg')).to_have_count(1)
    expect(phone.locator(".stars--big")).to_have_text("★★★")  # the refused move cost nothing

    other = phones()
    signed_in(other, learner)
    other.goto(f"{live_server.url}{language}/learn/continue/")
    other.wait_for_url(f"{live_server.url}{language}/learn/der/2/")
    no_sideways_scroll(other)


@pytest.mark.parametrize("language", ["", "/sk"])
def test_r2_3_a_jump_without_check_is_told_so(live_server, phones, course, language):
    phone = phones()
    phone.goto(f"{live_server.url}{language}/learn/feres/4/")
    tap(phone, "e4")
    tap(phone, "c5")  # attacks the der on b7, not the negus on f7
    expect(phone.locator(".error")).to_contain_text(WORDS[language]["no check"])
    no_sideways_scroll(phone)
