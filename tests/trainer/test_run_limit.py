"""Beginning streaks and storms shared fairly: a visitor (here an account) may begin thirty runs, of both
kinds together, in ten minutes, and an address, which a school shares, far more; past that, the kind's page
with a 429 in words that says when to try again, and no run is begun nor the unfinished streak ended.
Another visitor is not held back, and the next window frees the visitor again."""

from datetime import timedelta

import pytest
from django.urls import reverse
from freezegun import freeze_time

from accounts import throttle
from testing.factories import MATE_IN_ONE, PuzzleFactory
from trainer.models import PuzzleRun
from trainer.views import runs as run_pages

pytestmark = pytest.mark.django_db

#: The start of a ten-minute window of the throttle's (its windows are counted from the epoch).
WINDOW_START = "2025-03-01 10:00:00"


@pytest.fixture(autouse=True)
def pool(db):
    return [PuzzleFactory(line=MATE_IN_ONE, rating=900 + 15 * step) for step in range(3)]


def begin(client, kind: str, prefix: str = ""):
    return client.post(prefix + reverse(f"trainer:{kind}_begin"))


def test_the_thirty_first_run_begun_in_ten_minutes_is_refused_in_words_until_the_window_ends(
    log_in, learner, second_learner
):
    client = log_in(learner)
    with freeze_time(WINDOW_START) as clock:
        for kind in ["storm", "streak"] * (run_pages.RUNS_PER_VISITOR.count // 2):
            assert begin(client, kind).status_code == 302
        going = PuzzleRun.objects.get(user=learner, kind=PuzzleRun.Kind.STREAK, ended=None)
        assert PuzzleRun.objects.count() == 30
        refused = begin(client, "storm")
        text = refused.content.decode()
        assert refused.status_code == 429
        assert "You have begun many runs in a short time, so this one was not begun." in text
        assert "Try again in 10 minutes." in text
        assert f'action="{reverse("trainer:storm_begin")}"' in text  # the way to begin, later
        refused = begin(client, "streak")
        assert refused.status_code == 429 and "Try again in 10 minutes." in refused.content.decode()
        slovak = begin(client, "streak", prefix="/sk")
        assert slovak.status_code == 429 and "Skús to znova o 10 minút." in slovak.content.decode()
        assert PuzzleRun.objects.count() == 30
        going.refresh_from_db()
        assert going.ended is None  # the refused streak did not end the one left unfinished
        assert begin(log_in(second_learner), "streak").status_code == 302
        clock.tick(timedelta(minutes=9, seconds=59))
        assert begin(client, "storm").status_code == 429
        clock.tick(timedelta(seconds=1))
        assert begin(client, "storm").status_code == 302
    assert PuzzleRun.objects.count() == 32


def test_an_address_begins_more_runs_than_a_visitor_but_not_without_bound(
    monkeypatch, client, log_in, learner
):
    monkeypatch.setattr(run_pages, "RUNS_PER_ADDRESS", throttle.Rate(count=2, seconds=10 * 60))
    with freeze_time(WINDOW_START):
        assert begin(client, "streak").status_code == 302
        assert begin(log_in(learner), "storm").status_code == 302
        refused = begin(client, "storm")
    assert refused.status_code == 429 and "Try again in 10 minutes." in refused.content.decode()
    assert PuzzleRun.objects.count() == 2
