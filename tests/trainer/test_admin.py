"""Puzzles in the admin: the list's counts, filters and search; the preview on the board; edits proved by the
engine and recorded; the bulk actions (status, re-validation, export) and the all-or-nothing import."""

import html
import json
import re

import pytest
from django.contrib.auth.models import Permission
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from testing.factories import (
    ADMIN,
    DER_MATE,
    FERES_MATE,
    LADDER,
    LADDER_REASON,
    WERERA,
    AttemptFactory,
    PuzzleFactory,
    UserFactory,
    fixture_record,
)
from testing.page_text import heard, seen
from trainer import jobs, puzzle_edits
from trainer.models import CurationJob, Puzzle, PuzzleChange, PuzzleReport

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:trainer_puzzle_changelist"


def listed(client: Client, **query) -> list[int]:
    response = client.get(reverse(CHANGELIST), query)
    assert response.status_code == 200
    return sorted(puzzle.pk for puzzle in response.context["cl"].result_list)


def attempts(puzzle: Puzzle, solved: int, failed: int) -> None:
    """First tries by as many players: the first `solved` of them solve it."""
    for index in range(solved + failed):
        AttemptFactory(user=UserFactory(username=f"player{index}"), puzzle=puzzle, solved=index < solved)


def act(client: Client, action: str, puzzles: list[Puzzle]):
    data = {"action": action, "_selected_action": [puzzle.pk for puzzle in puzzles]}
    return client.post(reverse(CHANGELIST), data)


def said(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def job_lines(response) -> list[str]:
    """The outcome a job's page states, line by line (the job has run: tasks run at once in tests)."""
    assert response.status_code == 302 and "/jobs/" in response["Location"]
    job = CurationJob.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))
    assert job.status == CurationJob.Status.DONE and job.done == job.total
    return jobs.describe(job)


# The list


def test_the_list_counts_attempts_success_and_open_reports(admin_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    attempts(puzzle, solved=3, failed=1)
    PuzzleReport.objects.create(puzzle=puzzle, reason="wrong")
    PuzzleReport.objects.create(puzzle=puzzle, reason="other", status="dismissed")
    page = admin_client.get(reverse(CHANGELIST)).content.decode()
    assert '<td class="field-attempts_shown">4</td>' in page
    assert '<td class="field-success_shown">75%</td>' in page
    assert f'<a href="/curate/reports/?puzzle={puzzle.pk}">1</a>' in page


def test_the_filters(admin_client):
    easy = PuzzleFactory(line=DER_MATE, rating=700)
    hard = PuzzleFactory(line=FERES_MATE, rating=1900)
    off = PuzzleFactory(line=WERERA, rating=1450, active=False)
    attempts(easy, solved=9, failed=1)
    attempts(hard, solved=1, failed=4)
    PuzzleReport.objects.create(puzzle=hard, reason="wrong")
    PuzzleReport.objects.create(puzzle=hard, reason="second")
    PuzzleReport.objects.create(puzzle=off, reason="wrong")
    assert listed(admin_client, theme="feresMate") == [hard.pk, off.pk]
    assert listed(admin_client, theme="derEndgame") == [easy.pk]
    assert listed(admin_client, rating="-1000") == [easy.pk]
    assert listed(admin_client, rating="1400-1800") == [off.pk]
    assert listed(admin_client, rating="1800-2200") == [hard.pk]
    assert listed(admin_client, status="disabled") == [off.pk]
    assert listed(admin_client, status="active") == [easy.pk, hard.pk]
    assert listed(admin_client, reports="0") == [easy.pk]
    assert listed(admin_client, reports="1") == [off.pk]
    assert listed(admin_client, reports="2-") == [hard.pk]
    assert listed(admin_client, success="none") == [off.pk]
    assert listed(admin_client, success="-25") == [hard.pk]
    assert listed(admin_client, success="75-") == [easy.pk]
    assert listed(admin_client, attempts="1-10") == [hard.pk]
    assert listed(admin_client, attempts="10-100") == [easy.pk]
    assert listed(admin_client, theme="feresMate", status="active") == [hard.pk]


def test_the_theme_filter_names_the_themes_puzzles_have(admin_client):
    PuzzleFactory(line=WERERA)
    page = admin_client.get(reverse(CHANGELIST)).content.decode()
    assert "Werera round" in page and "Mate by a feres" in page and "Mate by a der" not in page


def test_search_by_id_position_theme_and_source(admin_client):
    der = PuzzleFactory(line=DER_MATE, source="endgame K+R+R v K+R")
    feres = PuzzleFactory(line=FERES_MATE, source="selfplay game 7")
    assert listed(admin_client, q=str(feres.pk)) == [feres.pk]
    assert listed(admin_client, q="k1N5/4b3") == [feres.pk]
    assert listed(admin_client, q="derEndgame") == [der.pk]
    assert listed(admin_client, q="selfplay") == [feres.pk]
    assert listed(admin_client, q="no such thing") == []


# A puzzle's page


def test_the_page_previews_the_puzzle_on_the_board_with_its_solution(admin_client):
    puzzle = PuzzleFactory(line=FERES_MATE)
    page = admin_client.get(reverse("admin:trainer_puzzle_change", args=[puzzle.pk])).content.decode()
    frame = html.unescape(re.search(r'srcdoc="([^"]*)"', page).group(1))
    assert '<link rel="stylesheet" href="/static/senterej/site.css">' in frame
    assert '<div class="board" role="grid"' in frame
    assert 'data-square="c8" aria-label="c8, White feres"' in frame
    assert "White to move" in page and "30. [negus]c7 [fil]c5 31. [feres]db6#" in seen(page)
    assert "negus to c7" in heard(page) and "feres d to b6, mate" in heard(page)
    assert "Mate by a feres" in page


def test_the_page_shows_the_record_of_changes_newest_first(admin_client, admin_user):
    puzzle = PuzzleFactory(line=DER_MATE)
    puzzle_edits.set_active(puzzles=[puzzle], active=False, user=admin_user)
    puzzle_edits.revalidate(puzzles=[puzzle], user=admin_user)
    page = admin_client.get(reverse("admin:trainer_puzzle_change", args=[puzzle.pk])).content.decode()
    assert page.index("Re-validated: sound.") < page.index("Disabled.")
    assert ADMIN in page


def test_a_curator_who_may_see_puzzles_sees_their_record(client):
    puzzle = PuzzleFactory(line=DER_MATE)
    user = UserFactory(is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=["view_puzzle", "change_puzzle"]))
    puzzle_edits.set_active(puzzles=[puzzle], active=False, user=user)
    client.force_login(user)
    page = client.get(reverse("admin:trainer_puzzle_change", args=[puzzle.pk])).content.decode()
    assert "Disabled." in page


def edit(puzzle: Puzzle, **changes) -> dict:
    data = {
        "fen": puzzle.fen,
        "moves": puzzle.moves,
        "themes": puzzle.themes,
        "rating": puzzle.rating,
        "source": puzzle.source,
        "active": "on" if puzzle.active else "",
        "changes-TOTAL_FORMS": "0",
        "changes-INITIAL_FORMS": "0",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value != ""}


def test_an_edit_is_saved_and_recorded_field_by_field(admin_client, admin_user):
    puzzle = PuzzleFactory(line=DER_MATE, rating=1500)
    url = reverse("admin:trainer_puzzle_change", args=[puzzle.pk])
    response = admin_client.post(url, edit(puzzle, rating=1620, active=""))
    assert response.status_code == 302
    puzzle.refresh_from_db()
    assert puzzle.rating == 1620 and not puzzle.active
    change = puzzle.changes.get()
    assert (change.kind, change.user) == ("edited", admin_user)
    assert change.fields == {"rating": [1500.0, 1620.0], "active": [True, False]}
    assert not puzzle.theme_rows.filter(active=True).exists()


def test_an_edit_the_engine_refutes_is_refused(admin_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    url = reverse("admin:trainer_puzzle_change", args=[puzzle.pk])
    response = admin_client.post(url, edit(puzzle, fen=LADDER.fen, moves=LADDER.moves, themes=LADDER.themes))
    assert response.status_code == 200
    assert f"The engine refutes this puzzle: {LADDER_REASON}" in response.content.decode()
    response = admin_client.post(url, edit(puzzle, themes="mateIn1"))
    assert response.status_code == 200
    assert (
        "The engine refutes this puzzle: themes &#x27;mateIn1&#x27; should be "
        f"&#x27;{DER_MATE.themes}&#x27;" in response.content.decode()
    )
    puzzle.refresh_from_db()
    assert puzzle.fen == DER_MATE.fen and not puzzle.changes.exists()


def test_a_new_puzzle_is_proved_and_recorded(admin_client):
    data = {"fen": FERES_MATE.fen, "moves": FERES_MATE.moves, "themes": FERES_MATE.themes}
    data |= {"rating": 1425, "active": "on"}
    data |= {"changes-TOTAL_FORMS": "0", "changes-INITIAL_FORMS": "0"}
    assert admin_client.post(reverse("admin:trainer_puzzle_add"), data).status_code == 302
    puzzle = Puzzle.objects.get()
    assert puzzle.theme_rows.count() == 5 and list(puzzle.changes.values_list("kind", flat=True)) == [
        "created"
    ]


def test_puzzles_are_disabled_not_deleted(admin_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    response = admin_client.post(reverse("admin:trainer_puzzle_delete", args=[puzzle.pk]), {"post": "yes"})
    assert response.status_code == 403 and Puzzle.objects.filter(pk=puzzle.pk).exists()


# Actions


def test_disable_and_enable(admin_client):
    first, second = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=FERES_MATE)
    response = act(admin_client, "disable", [first, second])
    assert said(response) == ["2 puzzles disabled."]
    assert not Puzzle.objects.filter(active=True).exists()
    response = act(admin_client, "enable", [first])
    assert said(response)[-1] == "1 puzzle enabled."  # the message before it was never shown
    assert list(first.changes.order_by("pk").values_list("kind", flat=True)) == ["disabled", "enabled"]


def test_revalidation_names_each_failing_puzzle_with_its_reason(admin_client):
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    response = act(admin_client, "revalidate", [sound, broken])
    assert job_lines(response) == [f"Puzzle {broken.pk} fails: {LADDER_REASON}", "1 of 2 puzzles are sound."]
    page = admin_client.get(response["Location"]).content.decode()
    assert "Status: done. 2 of 2 done." in page and html.escape(LADDER_REASON) in page
    assert Puzzle.objects.get(pk=broken.pk).active


def test_revalidation_can_disable_the_failures(admin_client):
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    response = act(admin_client, "revalidate_and_disable", [sound, broken])
    assert job_lines(response)[0] == f"Puzzle {broken.pk} fails: {LADDER_REASON} It is disabled now."
    assert Puzzle.objects.get(pk=sound.pk).active and not Puzzle.objects.get(pk=broken.pk).active


def test_export_downloads_json_lines_in_the_fixture_format(admin_client):
    first, second = (
        PuzzleFactory(line=DER_MATE, rating=900, source="a"),
        PuzzleFactory(line=FERES_MATE, rating=1425),
    )
    attempts(first, solved=1, failed=1)
    response = act(admin_client, "export_jsonl", [second, first])
    assert response["Content-Type"] == "application/jsonl; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="puzzles.jsonl"'
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert [json.loads(line) for line in lines] == [
        {
            "model": "trainer.puzzle",
            "pk": first.pk,
            "fields": {
                "fen": DER_MATE.fen,
                "moves": "f5f8",
                "themes": DER_MATE.themes,
                "rating": 900,
                "source": "a",
            },
        },
        {
            "model": "trainer.puzzle",
            "pk": second.pk,
            "fields": {
                "fen": FERES_MATE.fen,
                "moves": FERES_MATE.moves,
                "themes": FERES_MATE.themes,
                "rating": 1425,
                "source": "",
            },
        },
    ]


# Import


def upload(lines: list[str], name="puzzles.jsonl") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, "\n".join(lines).encode(), content_type="application/jsonl")


def fixture_line(puzzle, pk) -> str:
    return fixture_record(puzzle, pk=pk, source="import")


def test_the_list_offers_the_import(admin_client):
    page = admin_client.get(reverse(CHANGELIST)).content.decode()
    assert f'href="{reverse("admin:trainer_puzzle_import")}"' in page


def test_an_import_adds_every_puzzle_of_the_file(log_in, admin_user):
    client = log_in(admin_user, csrf=True)
    url = reverse("admin:trainer_puzzle_import")
    form = client.get(url)
    assert form.status_code == 200 and 'enctype="multipart/form-data"' in form.content.decode()
    csrf = client.cookies["csrftoken"].value
    file = upload([fixture_line(DER_MATE, 7), fixture_line(FERES_MATE, 8), fixture_line(WERERA, 9)])
    response = client.post(url, {"file": file, "csrfmiddlewaretoken": csrf})
    assert job_lines(response) == ["Imported: 3 new, 0 updated, 0 unchanged."]
    assert sorted(Puzzle.objects.values_list("pk", flat=True)) == [7, 8, 9]
    assert PuzzleChange.objects.filter(kind="imported", user=admin_user).count() == 3


def test_an_import_without_the_csrf_token_is_refused(log_in, admin_user):
    client = log_in(admin_user, csrf=True)
    response = client.post(
        reverse("admin:trainer_puzzle_import"), {"file": upload([fixture_line(DER_MATE, 7)])}
    )
    assert response.status_code == 403 and not Puzzle.objects.exists()


def test_an_import_with_a_bad_line_adds_nothing_and_lists_every_bad_line(admin_client):
    file = upload([fixture_line(DER_MATE, 7), fixture_line(LADDER, 8), "[]", fixture_line(WERERA, 9)])
    response = admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file}, follow=True)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Nothing was imported: 2 lines were refused." in page
    assert f"Line 2: the engine refutes it: {LADDER_REASON}" in page
    assert "Line 3: not a record of the model trainer.puzzle" in page
    assert not Puzzle.objects.exists() and not PuzzleChange.objects.exists()


def test_the_import_s_page_lists_the_positions_already_here(admin_client):
    kept = PuzzleFactory(line=DER_MATE)
    file = upload([fixture_line(FERES_MATE, 7), fixture_line(DER_MATE, 8), fixture_line(FERES_MATE, 9)])
    response = admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file}, follow=True)
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "Nothing was imported: 2 lines were refused." in page
    assert f"Line 2: puzzle {kept.pk} already has this position" in page
    assert "Line 3: the same position is already on line 1" in page
    assert list(Puzzle.objects.all()) == [kept]


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"\xff\xfe\x00", "The file is not UTF-8 text."), (b"\n\n", "The file holds no puzzles")],
)
def test_an_unreadable_or_empty_file_is_refused(admin_client, content, message):
    file = SimpleUploadedFile("puzzles.jsonl", content)
    response = admin_client.post(reverse("admin:trainer_puzzle_import"), {"file": file}, follow=True)
    assert response.status_code == 400 and message in response.content.decode()


def test_the_import_is_for_curators_only(client, learner):
    client.force_login(learner)
    response = client.get(reverse("admin:trainer_puzzle_import"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))
    viewer = UserFactory(is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_puzzle"))
    client.force_login(viewer)
    assert client.get(reverse("admin:trainer_puzzle_import")).status_code == 403
