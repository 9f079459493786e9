"""Solving puzzles and rating the tries (exactly once, first try only), and choosing the next puzzle."""

import random
import threading
from functools import partial

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from senterej.engine import BLACK, WHITE
from testing.factories import LADDER, WERERA_ROUND, PlayerRatingFactory, PuzzleFactory
from trainer import services
from trainer.models import Attempt, PlayerRating
from trainer.selectors import next_puzzle

#: The puzzles here are steady (a small rating deviation), so that a steady player's try moves one.
puzzle = partial(PuzzleFactory, rating_deviation=100)


def solve(session, user, p, moves):
    state = services.serve(session, p)
    outcome = None
    for move in moves:
        outcome = services.play(
            session=session, user=user, puzzle_id=p.pk, token=state["token"], text=move, ply=state["ply"]
        )
        state = services.current(session)
    return outcome


@pytest.mark.django_db
def test_a_mate_in_two_is_solved_move_by_move_and_rated(learner):
    p = puzzle(line=LADDER)
    session = SessionStore()
    state = services.serve(session, p)
    first = services.play(
        session=session, user=learner, puzzle_id=p.pk, token=state["token"], text="Rd1", ply=0
    )
    assert (first.state, first.played, first.ply) == ("continue", ["h1d1", "h2f3"], 2)
    last = services.play(
        session=session, user=learner, puzzle_id=p.pk, token=state["token"], text="d1d8", ply=2
    )
    assert last.state == "solved" and last.rating_after > last.rating_before == 1500
    attempt = Attempt.objects.get()
    assert attempt.rated and attempt.solved


@pytest.mark.django_db
def test_any_mate_ends_a_puzzle_at_its_last_step(learner):
    p = puzzle(fen="k7/8/1K6/8/8/8/7n/3R4 w - - 0 1 0/0", moves="d1d8", themes="mateIn1 derMate endgame")
    assert solve(SessionStore(), learner, p, ["Rd8"]).state == "solved"


@pytest.mark.django_db
def test_r7_3_a_wrong_capture_of_the_last_piece_is_explained(learner):
    p = puzzle(line=LADDER)
    outcome = solve(SessionStore(), learner, p, ["h1h2"])
    assert outcome.state == "failed" and "bare negus is a draw" in outcome.message
    assert outcome.message.startswith("%(move)s takes") and outcome.moves == {"move": ("Rxh2", WHITE)}
    assert Attempt.objects.get().solved is False


@pytest.mark.django_db
def test_a_wrong_quiet_move_is_refuted_by_the_engine(learner):
    p = puzzle()
    outcome = solve(SessionStore(), learner, p, ["c1c2"])
    assert (
        outcome.state == "failed" and len(outcome.played) == 2 and "your opponent answers" in outcome.message
    )
    # the moves are drawn by the page in the site's notation, each in its mover's colour
    assert "%(move)s" in outcome.message and "%(reply)s" in outcome.message
    assert outcome.moves["move"] == ("Rc2", WHITE) and outcome.moves["reply"][1] == BLACK


@pytest.mark.django_db
def test_an_illegal_move_changes_nothing(learner):
    p = puzzle()
    session = SessionStore()
    state = services.serve(session, p)
    with pytest.raises(services.PuzzleError) as error:
        services.play(session=session, user=learner, puzzle_id=p.pk, token=state["token"], text="c1d3", ply=0)
    assert error.value.status == 400 and "feres" not in error.value.message
    assert services.current(session)["ply"] == 0 and Attempt.objects.count() == 0


@pytest.mark.django_db
def test_a_puzzle_not_served_a_stale_step_or_a_finished_try_is_refused(learner):
    p, other = puzzle(), puzzle(line=LADDER)
    session = SessionStore()
    state = services.serve(session, other)
    for puzzle_id, token, ply in (
        (p.pk, state["token"], 0),
        (other.pk, "forged", 0),
        (other.pk, state["token"], 2),
    ):
        with pytest.raises(services.PuzzleError) as error:
            services.play(
                session=session, user=learner, puzzle_id=puzzle_id, token=token, text="h1d1", ply=ply
            )
        assert error.value.status == 409
    services.give_up(session=session, user=learner, puzzle_id=other.pk, token=state["token"])
    with pytest.raises(services.PuzzleError):
        services.play(
            session=session, user=learner, puzzle_id=other.pk, token=state["token"], text="h1d1", ply=0
        )
    assert Attempt.objects.count() == 1 and not Attempt.objects.get().solved  # the solution counts as a loss


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


@pytest.mark.django_db
def test_r5_a_werera_puzzle_is_one_choice_of_the_side_whose_man_it_moves(learner):
    # Round 5, White quicker: Nxb7 mates whatever Black chooses (White's capture goes first, R5.3).
    p = puzzle(line=WERERA_ROUND)
    assert p.line.solver == WHITE
    assert solve(SessionStore(), learner, p, ["d6b7"]).state == "solved"
    wrong = solve(SessionStore(), learner, p, ["d6f7"])
    assert wrong.state == "failed" and "is played but leaves you no clear gain" in wrong.message


@pytest.mark.django_db
def test_a_refutation_is_bounded_by_nodes_the_same_every_time_and_searched_once(learner, monkeypatch):
    p = puzzle()
    searched = []
    real_search = services.search

    def counting_search(position, **limits):
        assert "time_limit" not in limits and limits["max_nodes"] == services.REFUTATION_NODES
        result = real_search(position, **limits)
        searched.append(result.move)
        return result

    monkeypatch.setattr(services, "search", counting_search)
    first = solve(SessionStore(), learner, p, ["c1c2"])
    second = solve(SessionStore(), AnonymousUser(), p, ["c1c2"])
    assert len(searched) == 1  # the repeated wrong move costs no search
    assert (first.played, first.message) == (second.played, second.message)
    services.cache.clear()
    third = solve(SessionStore(), AnonymousUser(), p, ["c1c2"])
    assert len(searched) == 2 and searched[0] == searched[1]  # searched again, the same answer
    assert third.played == first.played
