"""Recording and rating the tries (`trainer.services`: exactly once, first try only, no update lost), and
choosing the next puzzle."""

import random
import threading
from functools import partial

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from testing.factories import PlayerRatingFactory, PuzzleFactory
from tests.trainer.test_judging import solve
from trainer import services
from trainer.models import Attempt, PlayerRating
from trainer.selectors import next_puzzle

#: The puzzles here are steady (a small rating deviation), so that a steady player's try moves one.
puzzle = partial(PuzzleFactory, rating_deviation=100)


@pytest.mark.django_db
def test_only_the_first_try_at_a_puzzle_is_rated(learner):
    p = puzzle()
    solve(SessionStore(), learner, p, ["c1c8"])
    rating = PlayerRating.objects.get(user=learner).rating
    again = solve(SessionStore(), learner, p, ["c1c8"])
    assert again.rating_after is None and PlayerRating.objects.get(user=learner).rating == rating
    assert list(Attempt.objects.values_list("rated", flat=True).order_by("id")) == [True, False]


@pytest.mark.django_db
def test_a_try_is_recorded_once_whatever_the_repeats(learner):
    p = puzzle()
    first = services.record_attempt(user=learner, puzzle_id=p.pk, serving="same", solved=True)
    second = services.record_attempt(user=learner, puzzle_id=p.pk, serving="same", solved=True)
    assert first.pk == second.pk and Attempt.objects.count() == 1


@pytest.mark.django_db
def test_a_provisional_player_leaves_the_puzzle_rating_alone_and_a_steady_one_moves_it(learner):
    p = puzzle()
    solve(SessionStore(), learner, p, ["c1c8"])
    p.refresh_from_db()
    assert p.rating == 1500.0
    PlayerRating.objects.filter(user=learner).update(rating_deviation=80)
    q = puzzle(rating=1500.0)
    solve(SessionStore(), learner, q, ["c1c8"])
    q.refresh_from_db()
    assert q.rating < 1500.0


@pytest.mark.django_db
def test_anonymous_tries_are_kept_in_the_session_and_never_rated():
    p = puzzle()
    session = SessionStore()
    outcome = solve(session, AnonymousUser(), p, ["c1c8"])
    assert outcome.state == "solved" and outcome.rating_after is None
    assert session["trainer"]["results"] == {str(p.pk): True} and Attempt.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_concurrent_tries_lose_no_rating_update(second_learner):
    PlayerRatingFactory(user=second_learner, rating_deviation=80)
    puzzles = [puzzle(rating=1400.0 + 20 * i) for i in range(8)]
    errors = []

    def attempt(index):
        try:
            services.record_attempt(
                user=second_learner, puzzle_id=puzzles[index].pk, serving=f"s{index}", solved=index % 2 == 0
            )
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(puzzles))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    chain = list(Attempt.objects.order_by("id"))
    assert len(chain) == len(puzzles) and all(a.rated for a in chain)
    # Each try was rated from the rating the one before it left: no update was lost.
    assert chain[0].rating_before == 1500.0
    assert all(
        later.rating_before == earlier.rating_after for earlier, later in zip(chain, chain[1:], strict=False)
    )
    assert PlayerRating.objects.get(user=second_learner).rating == chain[-1].rating_after


@pytest.mark.django_db
def test_the_next_puzzle_is_near_the_rating_unseen_and_of_the_theme(learner):
    far = puzzle(rating=2600)
    near = puzzle(rating=1510)
    themed = puzzle(rating=1450, themes="bareKingTrap mateIn2")
    rng = random.Random(1)
    picks = {next_puzzle(user=learner, rating=1500, rng=rng).pk for _ in range(20)}
    assert picks == {near.pk, themed.pk}
    assert next_puzzle(user=learner, rating=1500, themes=["bareKingTrap"], rng=rng) == themed
    assert (
        next_puzzle(user=learner, rating=1500, difficulty="hardest", seen=frozenset({near.pk, themed.pk}))
        == far
    )
    services.record_attempt(user=learner, puzzle_id=near.pk, serving="x", solved=True)
    assert next_puzzle(user=learner, rating=1500, seen=frozenset({themed.pk}), rng=rng) == far  # widened
    assert next_puzzle(user=learner, rating=1500, seen=frozenset({themed.pk, far.pk}), rng=rng) is None


@pytest.mark.django_db
def test_a_disabled_puzzle_is_never_served(learner):
    p = puzzle(rating=1500, themes="fork")
    p.active = False
    p.save()
    assert next_puzzle(user=learner, rating=1500) is None
    assert next_puzzle(user=learner, rating=1500, themes=["fork"]) is None
