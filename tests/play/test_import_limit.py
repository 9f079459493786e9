"""Importing a game shared fairly: each record is replayed by the engine, so a visitor (here an account) may
import twenty in ten minutes and an address, which a school shares, far more; past that, a 429 in words that
says when to try again, and nothing is imported. A form refused before any work is not counted, another
visitor is not held back, and the next window frees the visitor again."""

from datetime import timedelta

import pytest
from django.urls import reverse
from freezegun import freeze_time

from accounts import throttle
from play.models import Game
from play.views import records

pytestmark = pytest.mark.django_db

RECORD = '[Event "x"]\n\nW1. e3 Nf6 *'
#: The start of a ten-minute window of the throttle's (its windows are counted from the epoch).
WINDOW_START = "2025-03-01 10:00:00"


def imported(client, record: str = RECORD):
    return client.post(reverse("import"), {"record": record})


def test_the_twenty_first_import_in_ten_minutes_is_refused_in_words_until_the_window_ends(
    log_in, learner, second_learner
):
    client = log_in(learner)
    with freeze_time(WINDOW_START) as clock:
        for _ in range(3):
            assert imported(client, record="").status_code == 400  # no work done: not counted
        for _ in range(records.IMPORTS_PER_VISITOR.count):
            assert imported(client).status_code == 302
        assert Game.objects.count() == 20
        refused = imported(client)
        text = refused.content.decode()
        assert refused.status_code == 429
        assert "You have imported many games in a short time, so this one was not imported." in text
        assert "Try again in 10 minutes." in text
        assert "W1. e3 Nf6" in text  # the record stays in the form, to send again later
        slovak = client.post("/sk" + reverse("import"), {"record": RECORD})
        assert slovak.status_code == 429 and "Skús to znova o 10 minút." in slovak.content.decode()
        assert Game.objects.count() == 20
        assert imported(log_in(second_learner)).status_code == 302
        clock.tick(timedelta(minutes=9, seconds=59))
        assert imported(client).status_code == 429
        clock.tick(timedelta(seconds=1))
        assert imported(client).status_code == 302
    assert Game.objects.count() == 22


def test_an_address_imports_more_than_a_visitor_but_not_without_bound(monkeypatch, client, log_in, learner):
    monkeypatch.setattr(records, "IMPORTS_PER_ADDRESS", throttle.Rate(count=2, seconds=10 * 60))
    with freeze_time(WINDOW_START):
        assert imported(client).status_code == 302
        assert imported(log_in(learner)).status_code == 302
        refused = imported(client)
    assert refused.status_code == 429 and "Try again in 10 minutes." in refused.content.decode()
    assert Game.objects.count() == 2
