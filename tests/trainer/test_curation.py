"""Curation's services: status, re-validation, export and import, reports, and the change record each
one leaves on its puzzle."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from testing.factories import (
    DER_MATE,
    FERES_MATE,
    LADDER,
    LADDER_REASON,
    LEARNER,
    WERERA,
    Line,
    PuzzleFactory,
    PuzzleReportFactory,
    UserFactory,
    fixture_record,
)
from testing.page_text import seen
from trainer import puzzle_edits, puzzle_file, puzzle_history, puzzle_reports, selectors
from trainer.models import Puzzle, PuzzleChange, PuzzleReport, PuzzleTheme

pytestmark = pytest.mark.django_db


def line(puzzle=DER_MATE, pk=None, rating=1500, **extra) -> str:
    return fixture_record(puzzle, pk=pk, rating=rating, source="test", **extra)


@pytest.fixture
def curator_client(log_in, curator):
    """The curator's client here checks CSRF tokens, as a browser's requests are checked."""
    return log_in(curator, csrf=True)


def kinds(puzzle: Puzzle) -> list[str]:
    return list(puzzle.changes.order_by("pk").values_list("kind", flat=True))


# Status


def test_disabling_records_the_change_and_the_theme_rows_follow(curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    assert puzzle_edits.set_active(puzzles=[puzzle], active=False, user=curator) == [puzzle]
    puzzle.refresh_from_db()
    assert not puzzle.active
    assert not PuzzleTheme.objects.filter(puzzle=puzzle, active=True).exists()
    change = puzzle.changes.get()
    assert (change.kind, change.user) == ("disabled", curator)
    assert puzzle_history.describe(change) == "Disabled."


def test_a_puzzle_already_in_that_status_is_left_alone(curator):
    puzzle = PuzzleFactory(line=DER_MATE, active=False)
    assert puzzle_edits.set_active(puzzles=[puzzle], active=False, user=curator) == []
    assert not puzzle.changes.exists()
    puzzle_edits.set_active(puzzles=[puzzle], active=True, user=curator)
    assert kinds(puzzle) == ["enabled"]


# Re-validation


def test_revalidation_reports_a_broken_puzzle_with_its_reason(curator):
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    verdicts = puzzle_edits.revalidate(puzzles=[sound, broken], user=curator)
    assert [(v.puzzle, v.reason) for v in verdicts] == [
        (sound, None),
        (broken, LADDER_REASON),
    ]
    assert puzzle_history.describe(sound.changes.get()) == "Re-validated: sound."
    assert puzzle_history.describe(broken.changes.get()) == (f"Re-validated: failed because {LADDER_REASON}")
    broken.refresh_from_db()
    assert broken.active  # not asked to disable


def test_revalidation_checks_the_themes_too(curator):
    wrong = PuzzleFactory(line=DER_MATE, themes="mateIn1")
    [verdict] = puzzle_edits.revalidate(puzzles=[wrong], user=curator)
    assert verdict.reason == "themes 'mateIn1' should be 'mateIn1 derMate endgame derEndgame'"


def test_revalidation_may_disable_what_fails(curator):
    sound, broken = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=LADDER)
    verdicts = puzzle_edits.revalidate(puzzles=[sound, broken], user=curator, disable_failing=True)
    assert [v.disabled for v in verdicts] == [False, True]
    assert kinds(broken) == ["validated", "disabled"]
    assert Puzzle.objects.get(pk=sound.pk).active and not Puzzle.objects.get(pk=broken.pk).active


# Edits


def test_an_edit_records_each_field_changed_old_and_new(curator):
    puzzle = PuzzleFactory(line=DER_MATE, rating=1500.0, source="")
    puzzle.rating, puzzle.source = 1650.0, "hand-made"
    change = puzzle_edits.save_puzzle(puzzle=puzzle, user=curator)
    assert change is not None and change.fields == {"rating": [1500.0, 1650.0], "source": ["", "hand-made"]}
    assert puzzle_history.describe(change) == "Edited: rating: 1500 → 1650; source: — → hand-made"
    assert PuzzleTheme.objects.filter(puzzle=puzzle, rating=1650.0).count() == 4


def test_an_edit_of_the_themes_rewrites_the_theme_rows(curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    puzzle.themes = "mateIn1 derMate"
    puzzle_edits.save_puzzle(puzzle=puzzle, user=curator)
    assert sorted(puzzle.theme_rows.values_list("theme", flat=True)) == ["derMate", "mateIn1"]


def test_saving_without_a_change_records_nothing_and_a_new_puzzle_is_created(curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    assert puzzle_edits.save_puzzle(puzzle=puzzle, user=curator) is None
    new = Puzzle(fen=FERES_MATE.fen, moves=FERES_MATE.moves, themes=FERES_MATE.themes)
    puzzle_edits.save_puzzle(puzzle=new, user=curator)
    assert kinds(new) == ["created"] and new.theme_rows.count() == 5


# Export and import


def test_export_writes_the_fixture_format():
    puzzle = PuzzleFactory(line=DER_MATE, rating=1512.5, source="endgame K+R v K")
    [text] = puzzle_file.export_lines(Puzzle.objects.all())
    assert text.endswith("\n")
    assert json.loads(text) == {
        "model": "trainer.puzzle",
        "pk": puzzle.pk,
        "fields": {
            "fen": DER_MATE.fen,
            "moves": DER_MATE.moves,
            "themes": DER_MATE.themes,
            "rating": 1512.5,
            "source": "endgame K+R v K",
        },
    }
    assert '"rating": 1500,' in next(puzzle_file.export_lines([PuzzleFactory(line=DER_MATE, rating=1500.0)]))


def test_export_then_import_gives_the_same_puzzles_back(curator):
    PuzzleFactory(line=DER_MATE, rating=900)
    PuzzleFactory(line=FERES_MATE, rating=1425.5, source="constructed")
    PuzzleFactory(line=WERERA, rating=600, active=False)
    exported = list(puzzle_file.export_lines(Puzzle.objects.order_by("pk")))
    before = list(Puzzle.objects.order_by("pk").values("pk", "fen", "moves", "themes", "rating", "source"))
    Puzzle.objects.all().delete()

    result = puzzle_file.import_lines(lines=exported, user=curator)

    assert result == puzzle_file.Imported(created=3, updated=0, unchanged=0)
    after = list(Puzzle.objects.order_by("pk").values("pk", "fen", "moves", "themes", "rating", "source"))
    assert after == before
    assert PuzzleTheme.objects.count() == 4 + 5 + 4
    assert list(PuzzleChange.objects.values_list("kind", flat=True)) == ["imported"] * 3
    # and once more over the same puzzles: nothing to change
    assert puzzle_file.import_lines(lines=exported, user=curator) == puzzle_file.Imported(0, 0, 3)


def test_an_import_over_a_puzzle_updates_it_and_records_the_fields(curator):
    puzzle = PuzzleFactory(line=DER_MATE, rating=1500)
    result = puzzle_file.import_lines(lines=[line(pk=puzzle.pk, rating=1700)], user=curator)
    assert result == puzzle_file.Imported(created=0, updated=1, unchanged=0)
    puzzle.refresh_from_db()
    assert puzzle.rating == 1700 and puzzle.source == "test"
    change = puzzle.changes.get()
    assert change.fields == {"rating": [1500.0, 1700.0], "source": ["", "test"]}
    assert (
        puzzle_history.describe(change)
        == "Imported over the puzzle as it was: rating: 1500 → 1700; source: — → test"
    )


def test_an_import_with_one_bad_line_adds_nothing_and_says_why_for_each_line(curator):
    existing = PuzzleFactory(line=DER_MATE, rating=1500)
    lines = [
        line(FERES_MATE, pk=50),
        line(LADDER, pk=51),
        "",
        "{not json",
        line(pk=existing.pk, rating=2000),
        line(WERERA, pk=52),
        line(Line("k7/8/8/8/8/8/8/7K x - - 0 1 0/0", "h1h2", ""), pk=53),
        json.dumps({"model": "course.task", "pk": 1, "fields": {}}),
        line(pk=54, rating="high"),
        line(pk=50),
        line(pk=55, colour="white"),
    ]
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=lines, user=curator)
    errors = {error.number: error.reason for error in refused.value.errors}
    assert sorted(errors) == [2, 4, 7, 8, 9, 10, 11]
    assert errors[2] == f"the engine refutes it: {LADDER_REASON}"
    assert errors[4].startswith("not JSON")
    assert errors[7].startswith("the position is not legal: bad FEN")
    assert errors[8] == "not a record of the model trainer.puzzle"
    assert errors[9] == "the rating must be a number"
    assert errors[10] == "puzzle 50 is already on line 1"
    assert errors[11] == "unknown fields: colour"
    assert list(Puzzle.objects.all()) == [existing]
    existing.refresh_from_db()
    assert existing.rating == 1500 and not PuzzleChange.objects.exists()


def test_an_import_of_nothing_is_refused(curator):
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=["", "  "], user=curator)
    assert refused.value.errors == [puzzle_file.LineError(None, "the file holds no puzzles")]


def test_an_imported_puzzle_without_an_id_gets_one_after_the_others(curator):
    puzzle_file.import_lines(lines=[line(pk=40), line(FERES_MATE)], user=curator)
    assert sorted(Puzzle.objects.values_list("pk", flat=True)) == [40, 41]
    assert PuzzleFactory(line=WERERA).pk == 42


def test_an_import_refuses_a_position_already_in_the_pool_naming_the_puzzle_that_has_it(curator):
    kept = PuzzleFactory(line=DER_MATE)
    retired = PuzzleFactory(line=FERES_MATE, active=False)
    later = Line(DER_MATE.fen.replace(" 0 30 ", " 0 41 "), DER_MATE.moves, DER_MATE.themes)
    short = Line(" ".join(FERES_MATE.fen.split()[:4]) + " 0 1 0/2", FERES_MATE.moves, FERES_MATE.themes)
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=[line(DER_MATE), line(later), line(short), line(WERERA)], user=curator)
    assert refused.value.errors == [
        puzzle_file.LineError(1, f"puzzle {kept.pk} already has this position"),
        # the move number is no part of the position; a disabled puzzle is still in the pool
        puzzle_file.LineError(2, f"puzzle {kept.pk} already has this position"),
        puzzle_file.LineError(3, f"puzzle {retired.pk} already has this position"),
    ]
    assert Puzzle.objects.count() == 2


def test_an_import_refuses_a_position_twice_in_the_file(curator):
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(
            lines=[line(FERES_MATE), line(DER_MATE), "", line(DER_MATE, pk=9)], user=curator
        )
    assert refused.value.errors == [puzzle_file.LineError(4, "the same position is already on line 2")]
    assert not Puzzle.objects.exists()


def test_the_counters_make_a_position_another_puzzle():
    """R8.2 and R7.4: the seventy-move clock and the count change what a line achieves; R9.1: the four-field
    FEN is the same position with the defaults written out."""
    fen = DER_MATE.fen
    assert puzzle_file.position_key(fen) == puzzle_file.position_key(fen.replace(" 0 30 ", " 0 2 "))
    assert puzzle_file.position_key(fen) != puzzle_file.position_key(fen.replace(" 0 30 ", " 12 30 "))
    assert puzzle_file.position_key(fen) != puzzle_file.position_key(fen.replace("0/0", "0/3"))
    assert puzzle_file.position_key(fen) != puzzle_file.position_key(fen.replace(" w ", " b "))
    assert puzzle_file.position_key("3k4/R7/1r6/5RK1/8/8/8/8 w - -") == puzzle_file.position_key(
        "3k4/R7/1r6/5RK1/8/8/8/8 w - - 0 1 0/0"
    )


def test_an_import_over_a_puzzle_may_keep_its_position_or_take_one_the_file_frees(curator):
    der, feres = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=FERES_MATE)
    lines = [line(DER_MATE, pk=der.pk, rating=1600), line(FERES_MATE, pk=der.pk + feres.pk)]
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=lines, user=curator)
    assert refused.value.errors == [puzzle_file.LineError(2, f"puzzle {feres.pk} already has this position")]
    # the two puzzles swap their positions: neither is left twice in the pool
    swapped = [line(FERES_MATE, pk=der.pk), line(DER_MATE, pk=feres.pk)]
    assert puzzle_file.import_lines(lines=swapped, user=curator) == puzzle_file.Imported(0, 2, 0)


def test_an_import_refuses_a_nul_character_in_a_text(curator):
    with pytest.raises(puzzle_file.ImportRefused) as refused:
        puzzle_file.import_lines(lines=[fixture_record(DER_MATE, source="game\u0000 7")], user=curator)
    assert refused.value.errors == [puzzle_file.LineError(1, "source holds a NUL character")]


# Reports


def report_on(puzzle: Puzzle, **fields) -> PuzzleReport:
    """A report by the cast's learner, "wrong" with a comment unless `fields` say otherwise."""
    return PuzzleReportFactory(puzzle=puzzle, user=UserFactory(username=LEARNER), **fields)


def test_resolving_a_report_can_disable_its_puzzle_which_is_then_not_served(curator):
    puzzle, other = PuzzleFactory(line=DER_MATE, rating=1500), PuzzleFactory(line=FERES_MATE, rating=1500)
    report = report_on(puzzle)
    puzzle_reports.handle_report(
        report=report, user=curator, status="resolved", note="A second mate.", disable=True
    )
    assert (report.status, report.note) == ("resolved", "A second mate.")
    assert [puzzle_history.describe(change) for change in puzzle.changes.order_by("pk")] == [
        f"Report #{report.pk} resolved: A second mate.",
        f"Disabled, answering report #{report.pk}.",
    ]
    for _ in range(20):
        served = selectors.next_puzzle(user=curator, rating=1500)
        assert served == other


def test_a_dismissed_report_leaves_the_puzzle_alone_and_cannot_be_handled_twice(curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    puzzle_reports.handle_report(report=report, user=curator, status="dismissed", note="It is unique.")
    puzzle.refresh_from_db()
    assert puzzle.active and kinds(puzzle) == ["report"]
    assert puzzle_history.describe(puzzle.changes.get()) == f"Report #{report.pk} dismissed: It is unique."
    with pytest.raises(puzzle_reports.ReportClosedError):
        puzzle_reports.handle_report(
            report=report, user=curator, status="resolved", note="Again", disable=True
        )
    puzzle.refresh_from_db()
    assert puzzle.active and report.status == "dismissed"


# The reports queue: who may see it


@pytest.fixture
def player_client(log_in, learner):
    return log_in(learner, csrf=True)


def token(client: Client) -> str:
    """The CSRF token a page gives its forms (the queue page, which every curator can open)."""
    client.get(reverse("curation:reports"))
    return client.cookies["csrftoken"].value


def handle(client: Client, report: PuzzleReport, csrf: str | None = None, **data):
    data = {"status": "resolved", "note": "Checked.", **data}
    if csrf is not None:
        data["csrfmiddlewaretoken"] = csrf
    return client.post(reverse("curation:report", args=[report.pk]), data)


def test_a_visitor_is_sent_to_log_in():
    report = report_on(PuzzleFactory(line=DER_MATE))
    client = Client()
    for url in (reverse("curation:reports"), reverse("curation:report", args=[report.pk])):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"
    assert (
        client.post(reverse("curation:report", args=[report.pk]), {"status": "resolved"}).status_code == 302
    )


def test_a_player_who_is_not_staff_is_told_there_is_no_such_page(player_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    assert player_client.get(reverse("curation:reports")).status_code == 404
    assert player_client.get(reverse("curation:report", args=[report.pk])).status_code == 404
    player_client.get(reverse("course:rules"))  # any page with a form gives a CSRF token
    response = handle(player_client, report, csrf=player_client.cookies["csrftoken"].value, disable="on")
    assert response.status_code == 404
    report.refresh_from_db()
    puzzle.refresh_from_db()
    assert report.status == "open" and puzzle.active and not PuzzleChange.objects.exists()


def test_the_curate_link_is_shown_to_curators_only(curator_client, player_client):
    link = '<a href="/curate/reports/">Curate</a>'
    assert link in curator_client.get(reverse("course:rules")).content.decode()
    assert link not in player_client.get(reverse("course:rules")).content.decode()


def test_staff_outside_the_curators_group_cannot_curate(client):
    """One role check: staff alone is not a curator (the group is), so the queue is not found."""
    client.force_login(UserFactory(is_staff=True))
    assert client.get(reverse("curation:reports")).status_code == 404
    assert '<a href="/curate/reports/">Curate</a>' not in client.get(reverse("course:rules")).content.decode()


# The queue


def test_the_queue_shows_each_open_report_with_its_puzzle_on_a_board_and_its_solution(curator_client):
    puzzle = PuzzleFactory(line=FERES_MATE)
    report = report_on(puzzle, comment="Black can run away")
    handled = report_on(PuzzleFactory(line=DER_MATE), comment="handled long ago")
    handled.status = "resolved"
    handled.save()
    page = curator_client.get(reverse("curation:reports")).content.decode()
    assert f"Report {report.pk} on puzzle {puzzle.pk}" in page
    assert "Black can run away" in page and "The solution is wrong" in page and "tirunesh" in page
    assert "handled long ago" not in page
    assert '<div class="board"' in page and 'data-square="c8"' in page
    assert "30. [negus]c7 [fil]c5 31. [feres]db6#" in seen(page)
    assert "White to move" in page and "Mate in 2" in page
    resolved = curator_client.get(reverse("curation:reports"), {"status": "resolved"}).content.decode()
    assert "handled long ago" in resolved and "Black can run away" not in resolved


def test_the_queue_can_show_one_puzzles_reports(curator_client):
    first, second = PuzzleFactory(line=DER_MATE), PuzzleFactory(line=FERES_MATE)
    report_on(first, comment="about the first")
    report_on(second, comment="about the second")
    page = curator_client.get(reverse("curation:reports"), {"puzzle": second.pk}).content.decode()
    assert "about the second" in page and "about the first" not in page


@pytest.mark.parametrize("query", [{"status": "lost"}, {"puzzle": "x"}, {"page": "-1"}])
def test_a_bad_query_is_a_400(curator_client, query):
    response = curator_client.get(reverse("curation:reports"), query)
    assert response.status_code == 400
    assert "There is no such list of reports." in response.content.decode()


def test_a_werera_puzzle_is_shown_from_the_side_that_chooses(curator_client):
    report = report_on(PuzzleFactory(line=WERERA))
    page = curator_client.get(reverse("curation:report", args=[report.pk])).content.decode()
    assert "A werera round: Black chooses" in page and "[feres]xg2#" in seen(page)


# Handling a report


def test_resolving_with_the_puzzle_disabled(curator_client, curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    response = handle(curator_client, report, csrf=token(curator_client), note="Two mates.", disable="on")
    assert response.status_code == 302
    assert response["Location"] == reverse("curation:report", args=[report.pk])
    report.refresh_from_db()
    puzzle.refresh_from_db()
    assert (report.status, report.note, puzzle.active) == ("resolved", "Two mates.", False)
    assert [(c.kind, c.user) for c in puzzle.changes.order_by("pk")] == [
        ("report", curator),
        ("disabled", curator),
    ]
    page = curator_client.get(response["Location"]).content.decode()
    assert (
        "Resolved" in page and "Two mates." in page and '<form class="form curation-report__form"' not in page
    )


def test_with_htmx_the_card_is_drawn_again_with_what_was_done(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    response = curator_client.post(
        reverse("curation:report", args=[report.pk]),
        {
            "status": "resolved",
            "note": "Two mates.",
            "disable": "on",
            "csrfmiddlewaretoken": token(curator_client),
        },
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert response.status_code == 200 and page.lstrip().startswith(f'<article id="report-{report.pk}"')
    assert "The report is resolved and the puzzle disabled: it is no longer served." in page
    assert "disabled" in page and "<form" not in page


def test_dismissing_leaves_the_puzzle_served(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    handle(curator_client, report, csrf=token(curator_client), status="dismissed", note="It is unique.")
    report.refresh_from_db()
    puzzle.refresh_from_db()
    assert report.status == "dismissed" and puzzle.active


def test_a_post_without_the_csrf_token_is_refused(curator_client):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    assert handle(curator_client, report, disable="on").status_code == 403
    report.refresh_from_db()
    puzzle.refresh_from_db()
    assert report.status == "open" and puzzle.active and not PuzzleChange.objects.exists()


def test_a_report_that_does_not_exist_is_a_404(curator_client):
    csrf = token(curator_client)
    missing = PuzzleReport(pk=999)
    assert curator_client.get(reverse("curation:report", args=[999])).status_code == 404
    assert handle(curator_client, missing, csrf=csrf).status_code == 404


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"note": ""}, "This field is required."),
        ({"note": "x" * 501}, "Ensure this value has at most 500 characters"),
        ({"status": "deleted"}, "Select a valid choice."),
        ({"status": "dismissed", "disable": "on"}, "A dismissed report leaves its puzzle as it is"),
    ],
)
def test_bad_form_input_is_a_400_and_changes_nothing(curator_client, data, message):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    response = handle(curator_client, report, csrf=token(curator_client), **data)
    assert response.status_code == 400 and message in response.content.decode()
    report.refresh_from_db()
    puzzle.refresh_from_db()
    assert report.status == "open" and puzzle.active and not PuzzleChange.objects.exists()


def test_a_report_handled_already_is_a_409_and_stays_as_it_was(curator_client, curator):
    puzzle = PuzzleFactory(line=DER_MATE)
    report = report_on(puzzle)
    puzzle_reports.handle_report(report=report, user=curator, status="dismissed", note="Fine.")
    response = handle(curator_client, report, csrf=token(curator_client), disable="on")
    assert response.status_code == 409 and "handled already" in response.content.decode()
    puzzle.refresh_from_db()
    assert puzzle.active and kinds(puzzle) == ["report"]


@pytest.mark.parametrize(
    ("fen", "moves", "reason"),
    [
        ("3k4/R7/1r6/5RK1/8/8/8 w - - 0 30 0/0", "f5f8", "The position cannot be read: bad FEN"),
        (DER_MATE.fen, "h1h8", "The line cannot be played: move 1 (h1h8) is not legal."),
        (DER_MATE.fen, "f5f8 zz", "The line cannot be played: &#x27;zz&#x27; is not a move"),
    ],
)
def test_a_stored_puzzle_the_engine_cannot_play_is_shown_with_the_reason(curator_client, fen, moves, reason):
    report = report_on(PuzzleFactory(fen=fen, moves=moves, themes="mateIn1"))
    response = curator_client.get(reverse("curation:report", args=[report.pk]))
    assert response.status_code == 200 and reason in response.content.decode()
