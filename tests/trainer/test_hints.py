"""A hint says its cost before it is taken and is a POST kept in the try: in a rated try (a signed-in
player's first at the puzzle) it records the try at once as a rated miss, the player rated as Glickman's
paper rates a loss; an unrated try (a visitor's, a second try) takes it freely, and its attempt says so."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from testing.factories import LADDER, AttemptFactory, PuzzleFactory
from testing.glicko import paper_update
from trainer.models import Attempt, PlayerRating
from trainer.puzzle_words import rating_change
from trainer.rating import MAX_RD, START_VOLATILITY, TAU

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HINTED = 'is-hint" data-square="h1"'


def offered(page: str) -> dict:
    """The try a page offers or goes on with, as its hidden fields carry it."""
    return {
        "token": html.unescape(re.search(r'name="token" value="([^"]+)"', page)[1]),
        "ply": int(re.search(r'name="ply" value="(\d+)"', page)[1]),
    }


def show(client: Client, puzzle) -> str:
    return client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()


def hint(client: Client, puzzle, state: dict, **headers):
    return client.post(reverse("trainer:hint", args=[puzzle.pk]), state, **headers)


def move(client: Client, puzzle, text: str, state: dict) -> str:
    data = {"move": text, **state}
    return client.post(reverse("trainer:move", args=[puzzle.pk]), data, **HTMX).content.decode()


def test_a_hint_in_a_rated_try_says_it_costs_a_miss_and_records_the_miss_at_once(client, learner):
    client.force_login(learner)
    low, puzzle, high = (PuzzleFactory(line=LADDER, rating=rating) for rating in (1200.0, 1300.0, 1700.0))
    page = show(client, puzzle)
    assert "Hint (counts as a miss)" in page and HINTED not in page
    state = offered(page)
    answer = hint(client, puzzle, state, **HTMX).content.decode()
    assert HINTED in answer and "With the hint, this rated try counts as a miss." in answer
    assert "Hint (counts as a miss)" not in answer

    # A new player starts at the median of the puzzles (1300), deviation 350: a loss to the 1300 puzzle.
    rating, deviation, volatility = paper_update(
        1300.0, MAX_RD, START_VOLATILITY, [(1300.0, MAX_RD, 0.0)], TAU
    )
    attempt = Attempt.objects.get()
    assert (attempt.rated, attempt.solved, attempt.hinted) == (True, False, True)
    assert attempt.rating_before == 1300.0 and attempt.rating_after == pytest.approx(rating, rel=1e-9)
    player = PlayerRating.objects.get(user=learner)
    assert player.rating == pytest.approx(rating, rel=1e-9)
    assert player.rating_deviation == pytest.approx(deviation, rel=1e-9)
    assert player.volatility == pytest.approx(volatility, rel=1e-9)

    # A reload keeps the hint shown; the next step's hint costs nothing more.
    assert HINTED in show(client, puzzle)
    after_first = move(client, puzzle, "Rd1", state)
    assert "Another hint (no further cost)" in after_first and HINTED not in after_first
    solved = move(client, puzzle, "d1d8", {**state, "ply": 2})
    assert "Solved, with a hint: this rated try counts as a miss." in solved
    assert f"Your puzzle rating: {rating_change(1300.0, rating)}" in solved
    attempt.refresh_from_db()
    assert Attempt.objects.count() == 1 and not attempt.solved  # the try stays a miss
    assert PlayerRating.objects.get(user=learner).rating == pytest.approx(rating, rel=1e-9)

    dashboard = client.get(reverse("trainer:dashboard")).content.decode()
    assert 'trainer-result--missed">Missed</span> <span class="muted">with a hint</span>' in dashboard
    assert f'<a href="/train/{puzzle.pk}/">Puzzle {puzzle.pk}</a>' in dashboard  # waiting to be retried
    assert {low.pk, high.pk}.isdisjoint(Attempt.objects.values_list("puzzle_id", flat=True))


def test_a_hint_in_a_second_try_is_free_and_the_history_says_so(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    AttemptFactory(user=learner, puzzle=puzzle, solved=False, rating_after=1450.0)
    PlayerRating.objects.create(user=learner, rating=1450.0, rating_deviation=300.0)
    page = show(client, puzzle)
    assert "Hint (free: this try is not rated)" in page
    state = offered(page)
    assert HINTED in hint(client, puzzle, state, **HTMX).content.decode()
    assert Attempt.objects.count() == 1  # nothing recorded until the try ends
    move(client, puzzle, "Rd1", state)
    solved = move(client, puzzle, "d1d8", {**state, "ply": 2})
    assert "Solved! Well played." in solved and "Not rated: only your first try at a puzzle counts." in solved
    again = Attempt.objects.latest("id")
    assert (again.rated, again.solved, again.hinted) == (False, True, True)
    assert PlayerRating.objects.get(user=learner).rating == 1450.0
    dashboard = client.get(reverse("trainer:dashboard")).content.decode()
    assert 'trainer-result--solved">Solved</span> <span class="muted">with a hint</span>' in dashboard


def test_a_visitor_takes_a_hint_freely(client):
    puzzle = PuzzleFactory(line=LADDER)
    page = show(client, puzzle)
    assert "Hint (free: this try is not rated)" in page
    answer = hint(client, puzzle, offered(page))
    assert answer.status_code == 302 and answer.url == reverse("trainer:puzzle", args=[puzzle.pk])
    assert HINTED in show(client, puzzle) and Attempt.objects.count() == 0


def test_a_hint_for_a_stale_step_a_forged_token_or_an_incomplete_form_changes_nothing(client, learner):
    client.force_login(learner)
    puzzle = PuzzleFactory(line=LADDER)
    state = offered(show(client, puzzle))
    stale = hint(client, puzzle, {**state, "ply": 2}, **HTMX)
    forged = hint(client, puzzle, {**state, "token": "forged"}, **HTMX)
    incomplete = hint(client, puzzle, {"token": state["token"]}, **HTMX)
    assert (stale.status_code, forged.status_code, incomplete.status_code) == (409, 409, 400)
    assert "This puzzle was not served to you here" in forged.content.decode()
    assert hint(client, PuzzleFactory.build(pk=puzzle.pk + 100), state).status_code == 404
    assert client.get(reverse("trainer:hint", args=[puzzle.pk])).status_code == 405
    assert Attempt.objects.count() == 0 and HINTED not in show(client, puzzle)
