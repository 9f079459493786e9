"""A curator cancels a long job from its page, on a desktop and a phone, in English and Slovak: the page
waits for the worker (no worker runs here, so the job stays waiting), the cancel button stops it, and the
page then says so, stops reloading and offers to run the work again. axe-core finds nothing on either page,
and nothing scrolls sideways on the phone; each page is photographed to be checked by eye."""

import pytest
from django.urls import reverse

from testing.axe import SIZES, axe_violations
from testing.factories import DER_MATE, PuzzleFactory
from trainer import jobs
from trainer.models import CurationJob

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.queued_tasks]

WORDS = {
    "en": ("Cancel the job", "Status: cancelled.", "Cancelled after 0 of 3 puzzles", "Run it again"),
    "sk": ("Zrušiť prácu", "Stav: zrušená.", "Práca bola zrušená po overení 0 úloh z 3", "Spustiť znova"),
}


@pytest.mark.parametrize("language", ["en", "sk"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_curator_cancels_a_waiting_job_from_its_page(
    live_server, open_page, signed_in, curator, size, language
):
    cancel, status, said, again = WORDS[language]
    puzzles = [PuzzleFactory(line=DER_MATE) for _ in range(3)]
    page = open_page(size)
    signed_in(page, curator)
    prefix = "" if language == "en" else "/sk"
    page.goto(live_server.url + prefix + reverse("admin:trainer_puzzle_changelist"))
    for puzzle in puzzles:
        page.locator(f'input[name="_selected_action"][value="{puzzle.pk}"]').check()
    page.locator('select[name="action"]').select_option("revalidate")
    with page.expect_navigation():
        page.locator('button[name="index"]').click()
    button = page.get_by_role("button", name=cancel)
    button.wait_for()
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.screenshot(path=f"/tmp/job-waiting-{size}-{language}.png", full_page=True)
    with page.expect_navigation():
        button.click()
    page.get_by_text(status).wait_for()
    assert said in page.inner_text("#content-main")
    assert (
        page.get_by_role("button", name=again).is_visible()
        and page.get_by_role("button", name=cancel).count() == 0
    )
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.screenshot(path=f"/tmp/job-cancelled-{size}-{language}.png", full_page=True)
    assert CurationJob.objects.get().status == CurationJob.Status.CANCELLED


def test_the_job_s_page_follows_the_work_to_its_end_without_reloading(
    live_server, open_page, signed_in, curator
):
    puzzles = [PuzzleFactory(line=DER_MATE) for _ in range(3)]
    job = jobs.start(
        kind=CurationJob.Kind.REVALIDATE, user=curator, payload=[puzzle.pk for puzzle in puzzles]
    )
    page = open_page("desktop")
    signed_in(page, curator)
    page.goto(live_server.url + reverse("admin:trainer_puzzle_job", args=[job.pk]))
    page.get_by_text("Status: waiting. 0 of 3 done.").wait_for()
    page.evaluate("window.stillHere = true")  # gone if the page were loaded again
    jobs.run(job.pk)  # what the worker does
    page.get_by_text("Status: done. 3 of 3 done.").wait_for(timeout=10_000)
    assert page.evaluate("window.stillHere === true")
    assert "3 of 3 puzzles are sound." in page.inner_text("#content-main")
    assert page.locator("[hx-trigger]").count() == 0  # and it stops asking
    assert axe_violations(page) == []
