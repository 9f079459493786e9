"""A solver's moves judged by the puzzle's line (`trainer.judging`): the line's move goes on, any mate ends
the last step, a wrong move is played out (the rules' judgement, the engine's answer bounded by nodes and
searched once for everyone), and a submission the session was not offered, a stale one or one after the
try is refused."""

from functools import partial

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore

from senterej.engine import BLACK, WHITE
from testing.factories import LADDER, WERERA_ROUND, PuzzleFactory
from trainer import judging, offers, refutations
from trainer.models import Attempt, Refutation

#: The puzzles here are steady (a small rating deviation), so that a steady player's try moves one.
puzzle = partial(PuzzleFactory, rating_deviation=100)


def solve(session, user, p, moves):
    state = offers.serve(session, p)
    outcome = None
    for move in moves:
        outcome = judging.play(
            session=session, user=user, puzzle_id=p.pk, token=state["token"], text=move, ply=state["ply"]
        )
        state = offers.current(session)
    return outcome


@pytest.mark.django_db
def test_a_mate_in_two_is_solved_move_by_move_and_rated(learner):
    p = puzzle(line=LADDER)
    session = SessionStore()
    state = offers.serve(session, p)
    first = judging.play(
        session=session, user=learner, puzzle_id=p.pk, token=state["token"], text="Rd1", ply=0
    )
    assert (first.state, first.played, first.ply) == ("continue", ["h1d1", "h2f3"], 2)
    last = judging.play(
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
def test_r7_3_a_wrong_capture_of_the_last_piece_that_mates_is_named_without_the_mark_of_mate(learner):
    """Rxh8 mates the bare negus, and draws (R7.3 judged first, R7.5): the refutation names it "Rxh8", and
    says what the mate is worth."""
    p = puzzle(fen="k6n/8/1K6/8/8/8/8/7R w - - 0 1 0/0", moves="h1h7", themes="endgame")
    outcome = solve(SessionStore(), learner, p, ["h1h8"])
    assert "even if it mates" in outcome.message and outcome.moves == {"move": ("Rxh8", WHITE)}


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
    state = offers.serve(session, p)
    with pytest.raises(offers.PuzzleError) as error:
        judging.play(session=session, user=learner, puzzle_id=p.pk, token=state["token"], text="c1d3", ply=0)
    assert error.value.status == 400 and "feres" not in error.value.message
    assert offers.current(session)["ply"] == 0 and Attempt.objects.count() == 0


@pytest.mark.django_db
def test_a_puzzle_not_served_a_stale_step_or_a_finished_try_is_refused(learner):
    p, other = puzzle(), puzzle(line=LADDER)
    session = SessionStore()
    state = offers.serve(session, other)
    for puzzle_id, token, ply in (
        (p.pk, state["token"], 0),
        (other.pk, "forged", 0),
        (other.pk, state["token"], 2),
    ):
        with pytest.raises(offers.PuzzleError) as error:
            judging.play(
                session=session, user=learner, puzzle_id=puzzle_id, token=token, text="h1d1", ply=ply
            )
        assert error.value.status == 409
    judging.give_up(session=session, user=learner, puzzle_id=other.pk, token=state["token"])
    with pytest.raises(offers.PuzzleError):
        judging.play(
            session=session, user=learner, puzzle_id=other.pk, token=state["token"], text="h1d1", ply=0
        )
    assert Attempt.objects.count() == 1 and not Attempt.objects.get().solved  # the solution counts as a loss


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
    real_search = refutations.search

    def counting_search(position, **limits):
        assert "time_limit" not in limits and limits["max_nodes"] == refutations.REFUTATION_NODES
        result = real_search(position, **limits)
        searched.append(result.move)
        return result

    monkeypatch.setattr(refutations, "search", counting_search)
    first = solve(SessionStore(), learner, p, ["c1c2"])
    second = solve(SessionStore(), AnonymousUser(), p, ["c1c2"])
    assert len(searched) == 1  # the repeated wrong move costs no search
    assert (first.played, first.message) == (second.played, second.message)
    Refutation.objects.all().delete()
    third = solve(SessionStore(), AnonymousUser(), p, ["c1c2"])
    assert len(searched) == 2 and searched[0] == searched[1]  # searched again, the same answer
    assert third.played == first.played
