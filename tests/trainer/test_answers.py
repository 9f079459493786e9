"""A reporter hears the outcome: a report a curator resolves or dismisses is told, with the curator's note, on
the reporter's dashboard (in their language) until they hide it; nobody else sees it or can hide it."""

import re

import pytest
from django.urls import reverse

from testing.factories import DER_MATE, FERES_MATE, WERERA, PuzzleFactory, PuzzleReportFactory
from testing.page_text import seen
from trainer import puzzle_reports
from trainer.models import PuzzleReport

pytestmark = pytest.mark.django_db

DASHBOARD = "/train/dashboard/"


def answered(reporter, curator, status: str, note: str, line=DER_MATE) -> PuzzleReport:
    report = PuzzleReportFactory(puzzle=PuzzleFactory(line=line), user=reporter)
    puzzle_reports.handle_report(report=report, user=curator, status=status, note=note)
    return report


def notices(client, address: str = DASHBOARD) -> list[str]:
    page = client.get(address)
    assert page.status_code == 200
    return [
        seen(words) for words in re.findall(r'class="trainer-answers__item".*?<p>(.*?)</p>', page.text, re.S)
    ]


def test_the_reporter_is_told_each_outcome_with_the_note(learner_client, learner, curator):
    resolved = answered(learner, curator, "resolved", "Ra8 no longer mates.")
    dismissed = answered(learner, curator, "dismissed", "Rf8 is the only mate.", line=FERES_MATE)
    told = notices(learner_client)
    assert len(told) == 2
    assert told[0] == (f"Your report on puzzle #{dismissed.puzzle_id} was dismissed: Rf8 is the only mate.")
    assert told[1] == (f"Your report on puzzle #{resolved.puzzle_id} was resolved: Ra8 no longer mates.")


def test_an_open_report_and_another_players_answer_are_not_told(
    learner_client, learner, second_learner, curator
):
    PuzzleReportFactory(puzzle=PuzzleFactory(line=DER_MATE), user=learner)
    answered(second_learner, curator, "resolved", "Fixed.", line=FERES_MATE)
    answered(None, curator, "resolved", "Fixed.", line=WERERA)  # a visitor's report
    page = learner_client.get(DASHBOARD).text
    assert "trainer-answers" not in page and "Your report" not in page


def test_the_answer_is_told_in_slovak(learner_client, learner, curator):
    report = answered(learner, curator, "resolved", "Opravené.")
    told = notices(learner_client, "/sk" + DASHBOARD)
    assert told[0] == (f"Tvoje hlásenie k úlohe #{report.puzzle_id} kurátori vyriešili: Opravené.")
    report = answered(learner, curator, "dismissed", "Riešenie je správne.", line=FERES_MATE)
    assert notices(learner_client, "/sk" + DASHBOARD)[0] == (
        f"Tvoje hlásenie k úlohe #{report.puzzle_id} kurátori zamietli: Riešenie je správne."
    )


def test_hiding_the_answer_keeps_it_hidden(log_in, learner, curator):
    client = log_in(learner, csrf=True)
    report = answered(learner, curator, "resolved", "Fixed.")
    client.get(DASHBOARD)
    address = reverse("trainer:hide_answer", args=[report.pk])
    assert client.post(address).status_code == 403  # without the CSRF token
    token = client.cookies["csrftoken"].value
    response = client.post(address, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == reverse("trainer:dashboard")
    report.refresh_from_db()
    assert report.seen_by_reporter
    assert notices(client) == []
    assert client.post(address, {"csrfmiddlewaretoken": token}).status_code == 404  # hidden already


def test_with_htmx_the_notice_goes_in_place(learner_client, learner, curator):
    report = answered(learner, curator, "dismissed", "Sound.")
    response = learner_client.post(
        reverse("trainer:hide_answer", args=[report.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and response.content == b""
    assert notices(learner_client) == []


def test_another_players_answer_cannot_be_hidden(learner_client, second_learner, curator):
    """A tampered id: someone else's report, an open one, one that does not exist, or no number at all."""
    theirs = answered(second_learner, curator, "resolved", "Fixed.")
    open_one = PuzzleReportFactory(puzzle=PuzzleFactory(line=FERES_MATE), user=second_learner)
    for report_id in (theirs.pk, open_one.pk, theirs.pk + 100):
        assert learner_client.post(reverse("trainer:hide_answer", args=[report_id])).status_code == 404
    assert learner_client.post(f"/train/reports/{theirs.pk}x/hide/").status_code == 404
    assert learner_client.post(f"/train/reports/{theirs.pk}/hide/?x=%00").status_code == 400
    assert not PuzzleReport.objects.filter(seen_by_reporter=True).exists()


def test_hiding_needs_a_login_and_a_post(client, learner, curator):
    report = answered(learner, curator, "resolved", "Fixed.")
    address = reverse("trainer:hide_answer", args=[report.pk])
    response = client.post(address)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(learner)
    assert client.get(address).status_code == 405
    report.refresh_from_db()
    assert not report.seen_by_reporter
