"""The puzzle page's difficulty menu is drawn once per language and difficulty and kept
(trainer.forms.difficulty_menu): each player sees their own difficulty chosen, in their own language."""

import pytest
from django.test import Client
from django.urls import reverse

from testing.factories import PuzzleFactory
from trainer.forms import DifficultyForm, difficulty_menu

pytestmark = pytest.mark.django_db


def menu(page: str) -> str:
    return page[page.index('<select name="difficulty"') : page.index("</select>")]


def test_each_player_sees_their_own_difficulty_chosen():
    puzzle = PuzzleFactory()
    address = reverse("trainer:puzzle", args=[puzzle.pk])
    harder, normal = Client(), Client()
    harder.post(reverse("trainer:difficulty"), {"difficulty": "harder"})
    assert '<option value="harder" selected>' in menu(harder.get(address).text)
    assert '<option value="normal" selected>' in menu(normal.get(address).text)
    assert "selected" not in menu(normal.get(address).text).replace('value="normal" selected', "")
    assert '<option value="harder" selected>' in menu(harder.get(address).text)


def test_the_kept_menu_is_the_forms_in_each_language():
    puzzle = PuzzleFactory()
    english = menu(Client().get(reverse("trainer:puzzle", args=[puzzle.pk])).text)
    slovak = menu(Client().get(f"/sk/train/{puzzle.pk}/").text)
    assert english != slovak and "Hardest" in english and "Hardest" not in slovak
    assert difficulty_menu("easier") == str(DifficultyForm(initial={"difficulty": "easier"})["difficulty"])
