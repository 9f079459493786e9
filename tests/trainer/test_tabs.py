"""Puzzles open in several tabs of one session: each goes on where it stands, in whatever order the player
moves in them, and each token still begins at most one try (trainer/offers.py)."""

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from testing.factories import LADDER, PuzzleFactory
from trainer import offers
from trainer.models import Attempt

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


class Tab:
    """One tab's puzzle page: the token and step its form sends."""

    def __init__(self, client: Client, puzzle_id: int) -> None:
        self.client, self.puzzle_id = client, puzzle_id
        self.load()

    def load(self) -> str:
        page = self.client.get(reverse("trainer:puzzle", args=[self.puzzle_id])).content.decode()
        self.token = html.unescape(re.search(r'name="token" value="([^"]+)"', page)[1])
        self.ply = int(re.search(r'name="ply" value="(\d+)"', page)[1])
        return page

    def move(self, text: str):
        data = {"move": text, "token": self.token, "ply": self.ply}
        answer = self.client.post(reverse("trainer:move", args=[self.puzzle_id]), data, **HTMX)
        if answer.status_code == 200:
            self.ply += 2
        return answer


@pytest.fixture
def ladders():
    """Mates in 2 (R2, R6): the der's ladder, each puzzle its own."""
    return [PuzzleFactory(line=LADDER) for _ in range(3)]


def test_three_puzzles_opened_at_once_are_each_solved_moving_in_turns(client, learner, ladders):
    client.force_login(learner)
    tabs = [Tab(client, puzzle.pk) for puzzle in ladders]
    for tab in tabs:
        assert tab.move("h1d1").status_code == 200
    for tab in reversed(tabs):
        answer = tab.move("d1d8")
        assert answer.status_code == 200 and "Solved!" in answer.content.decode()
    assert sorted(Attempt.objects.filter(solved=True).values_list("puzzle_id", flat=True)) == sorted(
        puzzle.pk for puzzle in ladders
    )


def test_a_tab_reloaded_after_another_began_shows_its_own_try_where_it_stands(client, learner, ladders):
    client.force_login(learner)
    first, second = Tab(client, ladders[0].pk), Tab(client, ladders[1].pk)
    first.move("h1d1")
    second.move("h1d1")
    token = first.token
    first.load()
    assert (first.token, first.ply) == (token, 2)
    assert first.move("d1d8").status_code == 200


def test_a_visitors_tabs_go_on_as_well_once_the_visitor_has_a_session(client, ladders):
    """A visitor's token names their session, which their first try makes (showing a puzzle writes none)."""
    Tab(client, ladders[2].pk).move("h1h2")
    tabs = [Tab(client, puzzle.pk) for puzzle in ladders[:2]]
    for tab in tabs:
        assert tab.move("h1d1").status_code == 200
    assert all("Solved!" in tab.move("d1d8").content.decode() for tab in tabs)


def test_a_finished_try_is_not_begun_again_by_its_token(client, learner, ladders):
    client.force_login(learner)
    tab = Tab(client, ladders[0].pk)
    tab.move("h1d1")
    tab.move("d1d8")
    tab.ply = 0
    again = tab.move("h1d1")
    assert again.status_code == 409 and "This try is over" in again.content.decode()
    assert Attempt.objects.count() == 1


def test_a_token_left_while_more_tries_began_than_the_session_keeps_is_spent(client, learner, ladders):
    client.force_login(learner)
    waiting = Tab(client, ladders[0].pk)
    for puzzle in [PuzzleFactory(line=LADDER) for _ in range(offers.KEPT + 1)]:
        Tab(client, puzzle.pk).move("h1h2")  # a wrong move: the try begins and ends
    late = waiting.move("h1d1")
    assert late.status_code == 409 and "This puzzle was not served to you here" in late.content.decode()
    assert not Attempt.objects.filter(puzzle=ladders[0]).exists()
