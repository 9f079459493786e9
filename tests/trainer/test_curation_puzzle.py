"""A puzzle's curation page: the solution stepped through on the board, each move said in SAN (a werera
round's choices too); the puzzle proved again by a job on a button, the page following the job to the verdict
and its line in the record; curators only, and bad input refused."""

import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from testing.factories import DER_MATE, FERES_MATE, LADDER, LADDER_REASON, WERERA, PuzzleFactory
from testing.page_text import seen
from trainer import puzzle_edits
from trainer.models import CurationJob, Puzzle

pytestmark = pytest.mark.django_db


def page_of(puzzle: Puzzle) -> str:
    return reverse("curation:puzzle", args=[puzzle.pk])


def said(page: str) -> str:
    return seen(re.search(r'<p class="curation-step__said">(.*?)</p>', page, re.S).group(1))


def square(page: str, name: str) -> str:
    return re.search(rf'data-square="{name}" aria-label="([^"]*)"', page).group(1)


def test_the_solution_is_stepped_through_move_by_move(curator_client):
    """FERES_MATE: 30. Kc7 Bc5 31. Ndb6# (R9.3 SAN), the board drawn after each step."""
    puzzle = PuzzleFactory(line=FERES_MATE)
    start = curator_client.get(page_of(puzzle)).text
    assert said(start) == "The start position. White to move."
    assert square(start, "c6") == "c6, White negus"
    assert 'id="step-first"' in start and re.search(r'id="step-back"[^>]*disabled', start)
    steps = [curator_client.get(page_of(puzzle), {"step": number}).text for number in (1, 2, 3)]
    assert [said(page) for page in steps] == [
        "Move 1 of 3: 30. [negus]c7",
        "Move 2 of 3: [fil]c5",
        "Move 3 of 3: 31. [feres]db6#",
    ]
    assert square(steps[0], "c7") == "c7, White negus, last move"
    assert square(steps[0], "c6") == "c6, empty, last move"
    assert square(steps[1], "c5") == "c5, Black fil, last move"
    assert square(steps[2], "b6") == "b6, White feres, last move"
    assert re.search(r'id="step-forward"[^>]*disabled', steps[2])
    assert 'value="2" data-step="back"' in steps[2] and 'value="0" data-step="first"' in steps[2]


@pytest.mark.parametrize(("step", "shown"), [("99", 3), ("-1", 0), ("x", 0), ("1e3", 0), ("99999999999", 0)])
def test_a_step_out_of_the_line_is_kept_within_it(curator_client, step, shown):
    puzzle = PuzzleFactory(line=FERES_MATE)
    page = curator_client.get(page_of(puzzle), {"step": step})
    assert page.status_code == 200
    assert f"{shown} / 3" in page.text


def test_with_htmx_a_step_redraws_the_board_and_says_the_move(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    response = curator_client.get(
        page_of(puzzle), {"step": 1}, headers={"HX-Request": "true", "HX-Target": "stepper"}
    )
    fragment = response.text
    assert "<html" not in fragment and 'id="stepper"' in fragment
    oob = re.search(r'<div id="step-said" hx-swap-oob="innerHTML">(.*?)</div>', fragment, re.S).group(1)
    assert seen(oob) == "Move 1 of 1: 30. [der]f8#"


def test_a_werera_step_names_the_rounds_choices(curator_client):
    """R5.1: the solver chooses, the other side waits; round 8, Black chooses Nxg2#."""
    puzzle = PuzzleFactory(line=WERERA)
    page = curator_client.get(page_of(puzzle), {"step": 1}).text
    assert said(page) == "Move 1 of 1: werera round 8, Black chooses [feres]xg2#, White waits"
    assert square(page, "g2") == "g2, Black feres, last move"


def test_a_line_that_cannot_be_played_is_shown_with_the_reason(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE, moves="f5f8 a8a1")
    page = curator_client.get(page_of(puzzle), {"step": 1})
    assert page.status_code == 200
    assert "The line cannot be played: move 2 (a8a1) is not legal." in page.text
    assert "data-stepper" in page.text and 'id="step-first"' not in page.text


def test_revalidating_proves_the_puzzle_again_and_records_the_verdict(log_in, curator):
    client = log_in(curator, csrf=True)
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    page = client.get(page_of(sound)).text
    assert "Not re-validated since it was added." in page
    token = client.cookies["csrftoken"].value
    address = reverse("curation:revalidate", args=[sound.pk])
    assert client.post(address).status_code == 403 and not CurationJob.objects.exists()
    response = client.post(address, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == page_of(sound)
    page = client.get(page_of(sound)).text
    assert re.search(r'curation-record__status success">Re-validated: sound\.', page)
    assert seen(page.split('class="curation-record__changes"')[1]).count("Re-validated: sound.") == 1
    job = CurationJob.objects.get()
    assert (job.kind, job.payload, job.user, job.status) == ("revalidate", [sound.pk], curator, "done")
    client.post(reverse("curation:revalidate", args=[broken.pk]), {"csrfmiddlewaretoken": token})
    page = client.get(page_of(broken)).text
    assert f"Re-validated: failed because {LADDER_REASON}" in seen(page)
    assert Puzzle.objects.get(pk=broken.pk).active  # told, not disabled


def test_with_htmx_the_record_is_drawn_again_with_the_verdict_said(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    response = curator_client.post(
        reverse("curation:revalidate", args=[puzzle.pk]), headers={"HX-Request": "true"}
    )
    assert response.status_code == 200 and "<html" not in response.text
    oob = re.search(r'<div id="record-said" hx-swap-oob="innerHTML">(.*?)</div>', response.text, re.S).group(
        1
    )
    assert seen(oob) == "Re-validated: sound."
    assert 'id="puzzle-record"' in response.text and "hx-trigger" not in response.text


@pytest.mark.django_db(transaction=True)
def test_the_engine_searches_with_no_transaction_open(curator_client, monkeypatch):
    seen_open = []
    prove = puzzle_edits.validate

    def watched(*args: str) -> str | None:
        seen_open.append(connection.in_atomic_block)
        return prove(*args)

    monkeypatch.setattr(puzzle_edits, "validate", watched)
    curator_client.post(reverse("curation:revalidate", args=[PuzzleFactory(line=DER_MATE).pk]))
    assert seen_open == [False]


@pytest.mark.django_db(transaction=True)
@pytest.mark.queued_tasks
def test_the_page_follows_a_waiting_job_to_its_verdict(curator_client):
    puzzle = PuzzleFactory(line=LADDER)
    curator_client.post(reverse("curation:revalidate", args=[puzzle.pk]))
    curator_client.post(reverse("curation:revalidate", args=[puzzle.pk]))  # a second press waits with it
    job = CurationJob.objects.get()
    page = curator_client.get(page_of(puzzle)).text
    assert "Re-validation is waiting for the worker…" in page
    assert 'hx-trigger="every 2s"' in page and '<noscript><meta http-equiv="refresh" content="2">' in page
    assert reverse("admin:trainer_puzzle_job", args=[job.pk]) in page
    assert re.search(r"<button[^>]*disabled>Re-validate with the engine", page)
    call_command(
        "task_worker", "--batch", "--queue-name", "jobs", "--no-startup-delay", "--no-reload", verbosity=0
    )
    poll = curator_client.get(page_of(puzzle), headers={"HX-Request": "true", "HX-Target": "puzzle-record"})
    assert "hx-trigger" not in poll.text and "<html" not in poll.text
    oob = re.search(r'<div id="record-said" hx-swap-oob="innerHTML">(.*?)</div>', poll.text, re.S).group(1)
    assert seen(oob) == f"Re-validated: failed because {LADDER_REASON}"
    assert 'http-equiv="refresh"' not in curator_client.get(page_of(puzzle)).text


def test_the_page_is_for_curators_only(client, learner, teacher):
    puzzle = PuzzleFactory(line=DER_MATE)
    response = client.get(page_of(puzzle))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    for someone in (learner, teacher):
        client.force_login(someone)
        assert client.get(page_of(puzzle)).status_code == 404
        assert client.post(reverse("curation:revalidate", args=[puzzle.pk])).status_code == 404
    assert not CurationJob.objects.exists()


def test_bad_requests_are_refused_and_change_nothing(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    assert curator_client.get(reverse("curation:puzzle", args=[puzzle.pk + 1])).status_code == 404
    assert curator_client.post(reverse("curation:revalidate", args=[puzzle.pk + 1])).status_code == 404
    assert curator_client.get(f"/curate/puzzles/{puzzle.pk}x/").status_code == 404
    assert curator_client.get(page_of(puzzle), {"step": "1\x00"}).status_code == 400
    assert curator_client.get(reverse("curation:revalidate", args=[puzzle.pk])).status_code == 405
    assert not CurationJob.objects.exists() and not puzzle.changes.exists()


def test_the_admin_and_the_reports_link_to_the_page(admin_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    page = admin_client.get(reverse("admin:trainer_puzzle_change", args=[puzzle.pk])).text
    assert f'href="{page_of(puzzle)}">Step through and re-validate</a>' in page
