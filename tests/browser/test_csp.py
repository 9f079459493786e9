"""The Content-Security-Policy in the browser: the main pages, a visitor's, a teacher's and a curator's, the
admin's puzzle page with its framed board, and htmx at work (a werera choice against a bot, a puzzle move)
run without one violation of the policy, and htmx is loaded and answering."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from testing.factories import ADMIN, TEACHER, PuzzleFactory, SchoolClassFactory

pytestmark = pytest.mark.django_db(transaction=True)

#: In every document (frames too): each violation reported is handed to the test, and `cspPending` counts
#: those the test has not yet received.
WATCH = """() => {
    window.cspPending = 0;
    document.addEventListener("securitypolicyviolation", (event) => {
        window.cspPending += 1;
        window.cspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.documentURI}`)
            .finally(() => { window.cspPending -= 1; });
    });
}"""
#: A turn of the document's event loop: the violation events already queued (a browser fires them as tasks,
#: a moment after the refusal) are fired before it ends.
A_TURN = "() => new Promise((resolve) => setTimeout(resolve))"


def watch(page: Page) -> list[str]:
    """Every violation the page's documents (frames too) report, and Chromium's console refusals."""
    seen: list[str] = []
    page.expose_function("cspViolation", lambda text: seen.append(text))
    page.add_init_script(f"({WATCH})()")
    page.on(
        "console",
        lambda message: "Content Security Policy" in message.text and seen.append(f"console: {message.text}"),
    )
    page.on("pageerror", lambda error: seen.append(f"error: {error}"))
    return seen


def reported(page: Page) -> None:
    """Waits until every violation the page and its frames have met so far is in the test's list: the events
    already queued have fired, and each of their reports has reached the test."""
    for frame in page.frames:
        frame.evaluate(A_TURN)
        frame.wait_for_function("() => !window.cspPending")


def visit(page: Page, url: str) -> None:
    answer = page.goto(url)
    assert answer is not None and answer.ok, url
    assert page.evaluate("() => typeof htmx") == "object", url
    reported(page)


def test_the_main_pages_run_without_a_violation_of_the_policy(
    live_server, page, teacher, admin_user, submit_log_in
):
    call_command("loaddata", "fixtures/course.json", verbosity=0)
    puzzle = PuzzleFactory(rating=1500)
    school_class = SchoolClassFactory(teacher=teacher)
    seen = watch(page)
    base = live_server.url

    for path in ["/", "/learn/", "/rules/", "/play/", "/train/", f"/train/{puzzle.pk}/", "/accounts/signup/"]:
        visit(page, base + path)
    page.goto(base + "/learn/")
    page.locator("a[href*='/learn/']").filter(has_text=re.compile(r"\w")).nth(1).click()
    visit(page, page.url)

    # htmx under the policy: a puzzle move is answered and swapped in
    visit(page, f"{base}/train/{puzzle.pk}/")
    board = page.locator(".board--live[data-ready]")
    board.locator('[data-square="c1"]').click()
    board.locator('[data-square="c8"]').click()
    expect(page.locator(".trainer__feedback")).to_have_text("Solved! Well played.")

    # and a werera choice against a bot, answered by the bot's round
    page.goto(base + "/play/")
    page.get_by_label("Against a bot").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    page.get_by_role("button", name="Wait this round").click()
    expect(page.locator(".round-report")).to_contain_text("Round 1")

    page.goto(base + "/accounts/login/")
    submit_log_in(page, TEACHER)
    page.wait_for_url(base + "/")
    for path in ["/classes/", f"/classes/{school_class.pk}/", "/train/dashboard/", "/accounts/profile/"]:
        visit(page, base + path)
    page.get_by_role("button", name="Log out").click()

    page.goto(base + "/accounts/login/")
    submit_log_in(page, ADMIN)
    page.wait_for_url(base + "/")
    visit(page, base + "/curate/reports/")
    for path in ["/admin/", "/admin/trainer/puzzle/", f"/admin/trainer/puzzle/{puzzle.pk}/change/"]:
        assert page.goto(base + path).ok, path
    frame = page.frame_locator("iframe.curation-preview__frame")
    expect(frame.locator(".board svg").first).to_be_visible()
    reported(page)

    assert seen == []
