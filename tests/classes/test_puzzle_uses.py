"""A curator is warned before disabling a puzzle that assignments use: classes tell the trainer (through the
hook it registers at start-up) which assignments give a puzzle, a set of chosen puzzles holding it or a theme
set whose theme and rating band take it in; the admin's actions, its form and the reports queue ask for a
confirmation then, and go ahead at once for a puzzle nobody uses."""

import pytest
from django.urls import reverse

from testing.factories import (
    DER_MATE,
    FERES_MATE,
    WERERA_SLOWER,
    AssignmentFactory,
    PuzzleFactory,
    PuzzleReportFactory,
    SchoolClassFactory,
)
from trainer import uses
from trainer.models import CurationJob, Puzzle

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:trainer_puzzle_changelist"


def used(*puzzles: Puzzle) -> uses.Uses:
    return uses.uses(Puzzle.objects.filter(pk__in=[puzzle.pk for puzzle in puzzles]))


def chosen(school_class, *puzzles: Puzzle):
    return AssignmentFactory(school_class=school_class, kind="puzzles", lesson=None, puzzles=list(puzzles))


def theme_set(school_class, theme: str, low: int | None = None, high: int | None = None):
    return AssignmentFactory(
        school_class=school_class,
        kind="theme",
        lesson=None,
        theme=theme,
        puzzle_count=1,
        rating_min=low,
        rating_max=high,
    )


def test_the_hook_counts_chosen_puzzles_and_theme_sets_by_their_band(teacher):
    der = PuzzleFactory(line=DER_MATE, rating=900)
    feres = PuzzleFactory(line=FERES_MATE, rating=1500)
    first, second = SchoolClassFactory(teacher=teacher), SchoolClassFactory(teacher=teacher)
    chosen(first, der, feres)
    chosen(second, der)
    theme_set(first, "derMate", 800, 1000)
    theme_set(second, "derMate", 1000, 1400)  # the band leaves the der mate out
    theme_set(second, "mateIn1")  # no band: every mate in one
    theme_set(second, "feresMate", high=1200)
    assert used(der) == uses.Uses(assignments=4, classes=2)
    assert used(feres) == uses.Uses(assignments=1, classes=1)
    assert used(der, feres) == uses.Uses(assignments=4, classes=2)
    assert used(PuzzleFactory(line=WERERA_SLOWER, rating=2000)) == uses.Uses()


def test_the_warning_counts_assignments_and_classes(teacher):
    assert uses.warning(uses.Uses()) == ""
    assert uses.warning(uses.Uses(1, 1)) == "This puzzle is used by 1 assignment in 1 class."
    assert uses.warning(uses.Uses(3, 2)) == "This puzzle is used by 3 assignments in 2 classes."
    assert uses.warning(uses.Uses(3, 2), count=4) == "These puzzles are used by 3 assignments in 2 classes."


@pytest.fixture
def used_puzzle(teacher) -> Puzzle:
    puzzle = PuzzleFactory(line=DER_MATE)
    chosen(SchoolClassFactory(teacher=teacher), puzzle)
    chosen(SchoolClassFactory(teacher=teacher), puzzle)
    return puzzle


@pytest.mark.parametrize("action", ["disable", "revalidate_and_disable"])
def test_the_admin_asks_before_disabling_puzzles_that_assignments_use(admin_client, used_puzzle, action):
    free = PuzzleFactory(line=FERES_MATE)
    data = {"action": action, "_selected_action": [used_puzzle.pk, free.pk]}
    asked = admin_client.post(reverse(CHANGELIST), data)
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "These puzzles are used by 2 assignments in 2 classes." in page
    assert (
        'name="confirm" value="yes"' in page and f'name="_selected_action" value="{used_puzzle.pk}"' in page
    )
    assert Puzzle.objects.filter(active=True).count() == 2 and not CurationJob.objects.exists()
    confirmed = admin_client.post(reverse(CHANGELIST), {**data, "confirm": "yes"})
    assert confirmed.status_code == 302
    if action == "disable":
        assert not Puzzle.objects.filter(active=True).exists()
    else:  # both are sound: proved, and left as they were
        assert CurationJob.objects.get().result["proved"] == 2


def test_a_puzzle_nobody_uses_is_disabled_at_once(admin_client):
    free = PuzzleFactory(line=FERES_MATE)
    response = admin_client.post(reverse(CHANGELIST), {"action": "disable", "_selected_action": [free.pk]})
    assert response.status_code == 302 and not Puzzle.objects.get().active


def form_data(puzzle: Puzzle, **changes) -> dict:
    fields = {
        name: getattr(puzzle, name) for name in ("fen", "moves", "themes", "rating", "source", "rounds")
    }
    return {**fields, "active": "on", "changes-TOTAL_FORMS": 0, "changes-INITIAL_FORMS": 0, **changes}


def test_the_admin_form_asks_before_unticking_active(admin_client, used_puzzle):
    address = reverse("admin:trainer_puzzle_change", args=[used_puzzle.pk])
    page = admin_client.get(address).content.decode()
    assert "This puzzle is used by 2 assignments in 2 classes." in page and 'name="confirm_disable"' in page
    data = form_data(used_puzzle)
    del data["active"]
    refused = admin_client.post(address, data)
    assert refused.status_code == 200
    assert "Tick “Disable it although assignments use it” to disable it." in refused.content.decode()
    assert Puzzle.objects.get().active
    assert admin_client.post(address, {**data, "confirm_disable": "on"}).status_code == 302
    assert not Puzzle.objects.get().active


def test_the_reports_queue_asks_before_disabling_a_used_puzzle(curator_client, used_puzzle, learner):
    report = PuzzleReportFactory(puzzle=used_puzzle, user=learner)
    queue = curator_client.get(reverse("curation:reports")).content.decode()
    assert "This puzzle is used by 2 assignments in 2 classes." in queue
    address = reverse("curation:report", args=[report.pk])
    data = {"status": "resolved", "note": "Ra8 mates too.", "disable": "on"}
    refused = curator_client.post(address, data)
    assert refused.status_code == 400
    assert "Tick “Disable it all the same” to disable it." in refused.content.decode()
    report.refresh_from_db()
    assert report.status == "open" and Puzzle.objects.get().active
    assert curator_client.post(address, {**data, "confirm": "on"}).status_code == 302
    assert not Puzzle.objects.get().active
