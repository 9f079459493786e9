"""What a finished try keeps for its teacher: its wrong move and where in the line it was played, whether the
solution was seen (in this try or an earlier one at the puzzle), and the seconds from the moment the puzzle
was shown (the page's signed stamp, `senterej.board.shown_at`) to the end of the try."""

import html
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from senterej.board import shown_at
from testing.factories import LADDER, PuzzleFactory
from trainer.models import HELP_LASTS, Attempt

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def offered(page: str) -> dict:
    """The try a page offers, as its move form's hidden fields carry it."""
    return {
        name: html.unescape(re.search(rf'name="{name}" value="([^"]*)"', page)[1])
        for name in ("token", "ply", "shown")
    }


def show(client: Client, puzzle) -> str:
    return client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()


def move(client: Client, puzzle, text: str, state: dict) -> str:
    data = {**state, "move": text}
    return client.post(reverse("trainer:move", args=[puzzle.pk]), data, **HTMX).content.decode()


def again(client: Client, puzzle) -> dict:
    client.post(reverse("trainer:again", args=[puzzle.pk]), **HTMX)
    return offered(show(client, puzzle))


def test_a_wrong_move_is_kept_with_its_ply_and_the_time_from_the_page_shown(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = offered(show(client, puzzle))
    state["shown"] = shown_at.stamp(now=shown_at.time.time() - 42)  # the page was drawn 42 s before the move
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d7", {**state, "ply": 2})  # the second move of the line is d1d8
    attempt = Attempt.objects.get()
    assert (attempt.solved, attempt.wrong_move, attempt.wrong_ply) == (False, "d1d7", 2)
    assert 42 <= attempt.seconds <= 45 and not attempt.solution_seen


def test_a_solved_try_has_no_wrong_move_and_a_forged_stamp_counts_from_the_first_move(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = {**offered(show(client, puzzle)), "shown": "1:forged"}
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d8", {**state, "ply": 2})
    attempt = Attempt.objects.get()
    assert (attempt.solved, attempt.wrong_move, attempt.wrong_ply) == (True, "", None)
    assert attempt.seconds <= 2 and attempt.found_alone


def test_a_page_left_open_for_hours_counts_at_most_the_longest_try(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = {**offered(show(client, puzzle)), "shown": shown_at.stamp(now=shown_at.time.time() - 5 * 3600)}
    move(client, puzzle, "h1g1", state)
    assert Attempt.objects.get().seconds == shown_at.LONGEST_TRY


def test_a_try_after_the_solution_was_seen_is_solved_but_not_found_alone(client, learner):
    """The issue's case: view the solution, try again, replay it. A day later, found again, it counts."""
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = offered(show(client, puzzle))
    client.post(reverse("trainer:solution", args=[puzzle.pk]), state, **HTMX)
    state = again(client, puzzle)
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d8", {**state, "ply": 2})
    gave_up, replayed = Attempt.objects.order_by("id")
    assert (gave_up.solved, gave_up.solution_seen, gave_up.found_alone) == (False, True, False)
    assert (replayed.solved, replayed.helped_before, replayed.found_alone) == (True, True, False)
    assert not replayed.solution_seen  # it was seen in the try before, not in this one
    Attempt.objects.update(created=timezone.now() - HELP_LASTS - timedelta(minutes=1))
    state = again(client, puzzle)
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d8", {**state, "ply": 2})
    assert Attempt.objects.order_by("id").last().found_alone
    # Another player's try at the same puzzle is not marked by the first one's look at the solution.
    other = PuzzleFactory(line=LADDER)
    state = offered(show(client, other))
    move(client, other, "h1d1", state)
    move(client, other, "d1d8", {**state, "ply": 2})
    assert Attempt.objects.get(puzzle=other).found_alone


def test_a_charged_hint_try_is_completed_with_its_wrong_move_when_it_ends(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = offered(show(client, puzzle))
    client.post(reverse("trainer:hint", args=[puzzle.pk]), state, **HTMX)
    charged = Attempt.objects.get()
    assert charged.hinted and charged.seconds is None  # recorded at the hint, still going on
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d7", {**state, "ply": 2})
    charged.refresh_from_db()
    assert (charged.solved, charged.wrong_move, charged.wrong_ply) == (False, "d1d7", 2)
    assert charged.seconds is not None and Attempt.objects.count() == 1
    state = again(client, puzzle)  # the line just shown by the hint, replayed at once
    move(client, puzzle, "h1d1", state)
    move(client, puzzle, "d1d8", {**state, "ply": 2})
    replay = Attempt.objects.order_by("id").last()
    assert (replay.solved, replay.hinted, replay.helped_before, replay.found_alone) == (
        True,
        False,
        True,
        False,
    )


@pytest.mark.parametrize("value", ["", "x" * 100, "\x00", "١٢٣", "99999999999999999999:sig", None])
def test_a_stamp_not_the_sites_own_counts_as_shown_now(value):
    assert shown_at.began(value, now=1000.0) == 1000.0


def test_a_stamp_from_the_future_counts_as_shown_now():
    assert shown_at.began(shown_at.stamp(now=2000.0), now=1000.0) == 1000.0
    assert shown_at.seconds_since(2000.0, now=1000.0) == 0
