"""A finished puzzle's "Analyse" opens the analysis board with its whole solution loaded, werera rounds (R5.1:
the solver chooses, the other side waits) and moves alike, each step of it a click away."""

import html
import re

import pytest
from django.urls import reverse

from testing.factories import LADDER, WERERA, PuzzleFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def analyse_link(client, puzzle) -> str:
    page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    token = html.unescape(re.search(r'name="token" value="([^"]+)"', page)[1])
    client.post(reverse("trainer:solution", args=[puzzle.pk]), {"token": token, "ply": 0}, **HTMX)
    done = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    found = re.search(r'href="([^"]+)">Analyse<', done)
    assert found, "no Analyse link on the finished puzzle"
    return html.unescape(found[1])


def test_a_turn_based_puzzle_opens_with_its_solution_line(client):
    puzzle = PuzzleFactory(line=LADDER)
    link = analyse_link(client, puzzle)
    assert "moves=h1d1%2Ch2f3%2Cd1d8" in link
    board = client.get(link)
    assert board.status_code == 200
    steps = set(re.findall(r"at=(\d)", html.unescape(board.content.decode())))
    assert {"0", "1", "2"} <= steps  # each step of the line, the start's first, to step through


def test_a_werera_puzzle_opens_with_its_round_the_other_side_waiting(client):
    puzzle = PuzzleFactory(line=WERERA)
    link = analyse_link(client, puzzle)
    assert "rounds=0000%3Af4g2" in link and "moves=" not in link
    assert client.get(link).status_code == 200
