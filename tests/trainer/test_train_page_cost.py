"""What choosing the next puzzle reads whatever the player's history: a window's looks (upwards and downwards,
for each theme chosen) are one statement that leaves out the puzzles the player has tried, so the training
page reads the same rows for a player with no tries and for one with thousands; a player who has tried
every puzzle near their rating is led further by the wider windows, one statement each. The page's links that
take no argument are reversed once per language."""

import random

import pytest
from django.urls import reverse
from django.utils import translation

from testing.factories import AttemptFactory, PuzzleFactory, UserFactory
from trainer import page_links
from trainer.models import Attempt, PlayerRating, Puzzle
from trainer.selectors import WINDOWS, next_puzzle

pytestmark = pytest.mark.django_db


@pytest.fixture
def pool():
    """Forty puzzles from 1300 to 1690, ten points apart."""
    return [PuzzleFactory(rating=1300 + 10 * number) for number in range(40)]


def tried_all_but(user, pool, fresh):
    Attempt.objects.bulk_create(
        [AttemptFactory.build(user=user, puzzle=puzzle) for puzzle in pool if puzzle not in fresh]
    )


@pytest.mark.parametrize("tries", [0, 30, 3000])
def test_the_training_page_reads_the_same_rows_whatever_the_history(
    client, pool, tries, django_assert_num_queries
):
    player = UserFactory()
    PlayerRating.objects.create(user=player, rating=1500.0, rating_deviation=45.0)  # settled: aimed at 1500
    tried = pool[: min(tries, 30)]
    Attempt.objects.bulk_create(
        [AttemptFactory.build(user=player, puzzle=tried[number % len(tried)]) for number in range(tries)]
        if tried
        else []
    )
    client.force_login(player)
    # the session, the account, the rating, the window's looks, the puzzle, and whether it was tried before
    with django_assert_num_queries(6):
        response = client.get(reverse("trainer:train"))
    assert response.status_code == 200 and response.context["puzzle"] not in tried


def test_a_visitor_s_training_page_reads_the_window_and_the_puzzle(client, pool, django_assert_num_queries):
    """A visitor starts at the pool's median and is aimed 305 below it (trainer.rating.aim): the pool
    reaches down there."""
    PuzzleFactory.create_batch(15, rating=1100.0)
    client.get(reverse("trainer:train"))  # the pool's median, where a visitor starts, read and kept
    with django_assert_num_queries(2):
        assert client.get(reverse("trainer:train")).status_code == 200


@pytest.mark.parametrize("themes", [(), ("mateIn1",), ("mateIn1", "fork")])
def test_the_looks_leave_out_what_the_player_has_tried(pool, themes, django_assert_num_queries):
    player = UserFactory()
    fresh = {pool[5], pool[31]}  # 1350 and 1610: beyond the first window (±100), within the second
    tried_all_but(player, pool, fresh)
    picks = set()
    for seed in range(12):
        with django_assert_num_queries(3):  # the first window, the second, the puzzle
            picks.add(next_puzzle(user=player, rating=1500, themes=themes, rng=random.Random(seed)))
    assert picks == fresh


def test_a_player_who_has_tried_everything_near_is_led_further(pool, django_assert_num_queries):
    player = UserFactory()
    tried_all_but(player, pool, {pool[0]})  # 1300: at the second window's end
    assert next_puzzle(user=player, rating=1500, rng=random.Random(3)) == pool[0]
    AttemptFactory(user=player, puzzle=pool[0])
    with django_assert_num_queries(len(WINDOWS) + 1):  # every window, then the last resort
        assert next_puzzle(user=player, rating=1500, rng=random.Random(3)) is None


def test_the_same_seed_offers_the_same_puzzle(pool):
    player = UserFactory()
    picks = {next_puzzle(user=player, rating=1500, rng=random.Random("a reload")) for _ in range(5)}
    assert len(picks) == 1 and isinstance(picks.pop(), Puzzle)


def test_the_links_kept_are_the_addresses_reversed_in_each_language(client, pool):
    page_links._KEPT.clear()
    for language in ("en", "sk"):
        with translation.override(language):
            assert page_links.links() == {name: reverse(view) for name, view in page_links.VIEWS.items()}
    assert page_links.links()["streak"] == "/train/streak/"
    with translation.override("sk"):
        assert page_links.links()["streak"] == "/sk/train/streak/"
    slovak = client.get(f"/sk{reverse('trainer:puzzle', args=[pool[0].pk])}").text
    assert 'href="/sk/train/streak/"' in slovak and 'action="/sk/train/difficulty/"' in slovak
