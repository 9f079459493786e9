"""The run through the missed puzzles: begun from the dashboard's retry list, it offers each missed puzzle
once, in the list's order (newest miss first), whether the retry succeeds or not, never rated, and at the end
says so with a way back."""

import html
import re

import pytest
from django.urls import reverse

from testing.factories import AttemptFactory, PuzzleFactory
from trainer.models import Attempt, PlayerRating

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def shown(page: str) -> tuple[int, dict]:
    """The puzzle a page shows and the try its form carries."""
    number = int(re.search(r"Puzzle (\d+)</h1>", page)[1])
    token = html.unescape(re.search(r'name="token" value="([^"]+)"', page)[1])
    return number, {"token": token, "ply": 0}


@pytest.fixture
def misses(learner):
    """Three missed puzzles, missed in this order, one solved, and one missed that is disabled since."""
    missed = [PuzzleFactory() for _ in range(3)]
    for puzzle in missed:
        AttemptFactory(user=learner, puzzle=puzzle, solved=False, rating_after=1480.0)
    AttemptFactory(user=learner, puzzle=PuzzleFactory(), solved=True, rating_after=1490.0)
    AttemptFactory(user=learner, puzzle=PuzzleFactory(active=False), solved=False, rating_after=1470.0)
    PlayerRating.objects.create(user=learner, rating=1470.0, rating_deviation=120.0)
    return missed


def test_the_run_visits_each_missed_puzzle_once_in_order_unrated(client, learner, misses):
    client.force_login(learner)
    dashboard = client.get(reverse("trainer:dashboard")).content.decode()
    assert "Retry them one after another" in dashboard
    begun = client.post(reverse("trainer:missed_begin"))
    assert begun.status_code == 302 and begun.url == reverse("trainer:missed")
    before = Attempt.objects.count()
    visited = []
    for number, (answer, solved) in enumerate((("c1c8", True), ("c1c2", False), (None, False)), start=1):
        page = client.get(reverse("trainer:missed")).content.decode()
        assert f"Missed puzzles, one after another: {number} of 3" in page
        puzzle_id, state = shown(page)
        visited.append(puzzle_id)
        if answer is None:
            done = client.post(reverse("trainer:solution", args=[puzzle_id]), state, **HTMX).content.decode()
        else:
            data = {"move": answer, **state}
            done = client.post(reverse("trainer:move", args=[puzzle_id]), data, **HTMX).content.decode()
        assert "Not rated: only your first try at a puzzle counts." in done
        assert f'href="{reverse("trainer:missed")}">Next missed puzzle</a>' in done
        assert Attempt.objects.latest("id").solved is solved
    assert visited == [p.pk for p in reversed(misses)]  # the dashboard's order: the newest miss first
    end = client.get(reverse("trainer:missed")).content.decode()
    assert "That was the last of them: you have tried every missed puzzle again." in end
    assert "Solved on this run: 1 of 3." in end and f'href="{reverse("trainer:dashboard")}"' in end
    tries = Attempt.objects.order_by("id")[before:]
    assert [(a.puzzle_id, a.rated) for a in tries] == [(pk, False) for pk in visited]
    assert PlayerRating.objects.get(user=learner).rating == 1470.0


def test_a_puzzle_missed_just_before_the_run_is_offered_afresh(client, learner, misses):
    client.force_login(learner)
    fresh = PuzzleFactory()
    page = client.get(reverse("trainer:puzzle", args=[fresh.pk])).content.decode()
    client.post(reverse("trainer:move", args=[fresh.pk]), {"move": "c1c2", **shown(page)[1]})
    client.post(reverse("trainer:missed_begin"))
    page = client.get(reverse("trainer:missed")).content.decode()
    assert shown(page)[0] == fresh.pk and 'class="board board--live"' in page
    assert "Missed puzzles, one after another: 1 of 4" in page


def test_a_puzzle_left_unfinished_before_the_run_is_offered_as_part_of_it(client, learner, misses):
    client.force_login(learner)
    newest = misses[-1]
    page = client.get(reverse("trainer:puzzle", args=[newest.pk])).content.decode()
    client.post(reverse("trainer:hint", args=[newest.pk]), shown(page)[1])  # a try begun, not finished
    client.post(reverse("trainer:missed_begin"))
    page = client.get(reverse("trainer:missed")).content.decode()
    assert shown(page)[0] == newest.pk and "is-hint" not in page
    assert "Missed puzzles, one after another: 1 of 3" in page
    data = {"move": "c1c8", **shown(page)[1]}
    done = client.post(reverse("trainer:move", args=[newest.pk]), data, **HTMX).content.decode()
    assert "Solved! Well played." in done and "Next missed puzzle" in done
    assert Attempt.objects.latest("id").hinted is False  # the run's own try, not the one with the hint


def test_without_a_run_or_a_miss_the_page_says_so(client, learner):
    assert client.get(reverse("trainer:missed")).status_code == 302  # log in first
    client.force_login(learner)
    page = client.get(reverse("trainer:missed")).content.decode()
    assert "No run through your missed puzzles is under way." in page
    client.post(reverse("trainer:missed_begin"))
    empty = client.get(reverse("trainer:missed")).content.decode()
    assert "Nothing to retry: no missed puzzle is waiting for you." in empty
    assert client.get(reverse("trainer:missed_begin")).status_code == 405
