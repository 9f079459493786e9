"""Reviews through the real pages: a puzzle missed on the trainer's page and a task failed on the course's
come back through /reviews/next/ on their schedule, their pages say "Review · unrated" and lead to the next
review; the home page and the dashboard count them; a puzzle review is never rated (the trainer rates only a
player's first try at a puzzle). The queue's page is paged, names each card in the page's language with when
it comes, and what the pages read is the same for 3 cards as for 2,000."""

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from freezegun import freeze_time

from reviews.models import Review
from school.views.reviews import QUEUE_PAGE
from testing.factories import PuzzleFactory
from testing.review_cards import HEAVY, LIGHT, cards
from trainer.models import Attempt, PlayerRating

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
T = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def offered(page: str) -> dict:
    """The try a page offers, as its move form's hidden fields carry it."""
    return {
        name: html.unescape(re.search(rf'name="{name}" value="([^"]*)"', page)[1])
        for name in ("token", "ply", "shown")
    }


def play(client, puzzle, page: str, move: str) -> str:
    data = {**offered(page), "move": move}
    return client.post(reverse("trainer:move", args=[puzzle.pk]), data, **HTMX).content.decode()


def card(user, kind="puzzle"):
    return Review.objects.get(user=user, kind=kind)


def test_a_missed_puzzle_comes_back_unrated_on_its_schedule(client, learner):
    puzzle = PuzzleFactory()  # mate in one: c1c8
    client.force_login(learner)
    with freeze_time(T):
        page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
        play(client, puzzle, page, "c1c2")
        assert Review.objects.filter(user=learner).count() == 1
        home = client.get(reverse("home")).content.decode()
        assert "Your next review comes at 9:10 a.m. today." in home and "a.m.." not in home
    rating = PlayerRating.objects.get(user=learner).rating
    moments = [T + 10 * MINUTE]
    for wait in (timedelta(days=1), timedelta(days=3), timedelta(weeks=1), timedelta(days=30), None):
        with freeze_time(moments[-1] - MINUTE):
            client.force_login(learner)  # a month outlasts the session
            nothing = client.get(reverse("reviews:next"))
            assert nothing.status_code == 302 and nothing.url == reverse("reviews:queue")
            assert "No review is due now" in client.get(nothing.url).content.decode()
        with freeze_time(moments[-1]):
            client.force_login(learner)
            home = client.get(reverse("home")).content.decode()
            assert "One review is due." in home and f'href="{reverse("reviews:queue")}"' in home
            assert "One review is due." in client.get(reverse("trainer:dashboard")).content.decode()
            queue_page = client.get(reverse("reviews:queue")).content.decode()
            assert f"Puzzle {puzzle.pk}</strong>" in queue_page and "Mate in 1" in queue_page
            page = client.get(reverse("reviews:next")).content.decode()
            assert f"Puzzle {puzzle.pk}</h1>" in page and "Review · unrated" in page
            done = play(client, puzzle, page, "c1c8")
            assert "Solved!" in done and "Not rated: only your first try at a puzzle counts." in done
            assert f'href="{reverse("reviews:next")}">Back to your reviews</a>' in done
            assert "Review · unrated" in done
            assert "review" not in client.get(reverse("home")).content.decode().lower()
        if wait is not None:
            moments.append(moments[-1] + wait)
            assert card(learner).due == moments[-1]
    assert card(learner).learned_at == moments[-1]
    tries = Attempt.objects.filter(user=learner).order_by("id")
    assert [(a.solved, a.rated) for a in tries] == [(False, True)] + [(True, False)] * 5
    assert PlayerRating.objects.get(user=learner).rating == rating  # the reviews moved no rating


def test_a_solution_viewed_in_a_review_is_a_miss_and_the_page_counts_what_is_left(client, learner):
    first, second = PuzzleFactory(), PuzzleFactory()
    client.force_login(learner)
    with freeze_time(T):
        for puzzle in (first, second):
            page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
            play(client, puzzle, page, "c1c2")
    with freeze_time(T + 10 * MINUTE):
        client.force_login(learner)
        assert "2 reviews are due." in client.get(reverse("home")).content.decode()
        page = client.get(reverse("reviews:next")).content.decode()
        assert f"Puzzle {first.pk}</h1>" in page
        assert "A hint or the solution makes this review a miss" in page
        state = offered(page)
        done = client.post(reverse("trainer:solution", args=[first.pk]), state, **HTMX).content.decode()
        assert "Next review (1 left)" in done
        missed = Review.objects.get(user=learner, item=first.pk)
        assert (missed.step, missed.due, missed.misses, missed.reviews) == (0, T + 20 * MINUTE, 2, 1)
        page = client.get(reverse("reviews:next")).content.decode()
        assert f"Puzzle {second.pk}</h1>" in page


def test_a_review_after_a_shown_solution_counts_when_solved_alone_in_it(client, learner):
    """The solution shown at T keeps the puzzle from counting as found alone for teachers for a day
    (HELP_LASTS); the review 10 minutes later, solved with no hint and no solution in it, is right."""
    puzzle = PuzzleFactory()
    client.force_login(learner)
    with freeze_time(T):
        page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
        client.post(reverse("trainer:solution", args=[puzzle.pk]), offered(page), **HTMX)
    with freeze_time(T + 10 * MINUTE):
        play(client, puzzle, client.get(reverse("reviews:next")).content.decode(), "c1c8")
    review = Attempt.objects.filter(user=learner).latest("id")
    assert (review.solved, review.helped_before, review.found_alone) == (True, True, False)
    assert (card(learner).step, card(learner).due) == (1, T + 10 * MINUTE + timedelta(days=1))


def test_a_puzzle_found_again_before_it_is_due_changes_nothing_and_a_visitor_has_no_reviews(client, learner):
    puzzle = PuzzleFactory()
    visitor = Client()
    page = visitor.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
    play(visitor, puzzle, page, "c1c2")
    assert not Review.objects.exists()  # a visitor's miss makes no card
    client.force_login(learner)
    with freeze_time(T):
        page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
        play(client, puzzle, page, "c1c2")
    with freeze_time(T + 5 * MINUTE):
        client.post(reverse("trainer:again", args=[puzzle.pk]), **HTMX)
        page = client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode()
        assert "Review · unrated" not in page  # a retry from the trainer is no review
        play(client, puzzle, page, "c1c8")
    assert (card(learner).step, card(learner).due) == (0, T + 10 * MINUTE)


def course_url(name, number=1):
    return reverse(f"course:{name}", args=["der", number])


def test_a_failed_task_comes_back_as_a_fresh_try_and_a_mistake_in_it_is_a_miss(client, learner, lesson):
    client.force_login(learner)
    with freeze_time(T):
        for move in ("a1a2", "a2a3", "a3a4", "a4a3", "a3a2", "a2a1"):  # six moves, no star: the task fails
            client.post(course_url("task_move"), {"move": move})
        assert (card(learner, "task").step, card(learner, "task").due) == (0, T + 10 * MINUTE)
    with freeze_time(T + 10 * MINUTE):
        queue_page = client.get(reverse("reviews:queue")).content.decode()
        assert "Two stars</strong>" in queue_page and "The der" in queue_page
        went = client.get(reverse("reviews:next"))
        assert went.status_code == 302 and went.url == course_url("task")
        page = client.get(went.url).content.decode()
        assert "Review · unrated" in page and "A mistake or the hint makes this review a miss" in page
        client.post(course_url("task_move"), {"move": "a1a5"})
        done = client.post(course_url("task_move"), {"move": "a5e5"}, **HTMX).content.decode()
        assert "Solved!" in done and f'href="{reverse("reviews:next")}">Back to your reviews</a>' in done
        assert card(learner, "task").step == 1  # the failed try's mistakes were not carried into the review
        client.post(course_url("task_retry"))
        assert "Review · unrated" not in client.get(course_url("task")).content.decode()
    day_after = T + 10 * MINUTE + timedelta(days=1)
    with freeze_time(day_after):
        client.force_login(learner)
        assert client.get(reverse("reviews:next")).url == course_url("task")
        client.post(course_url("task_move"), {"move": "a1b2"})  # illegal: a mistake
        client.post(course_url("task_move"), {"move": "a1a5"})
        done = client.post(course_url("task_move"), {"move": "a5e5"}, **HTMX).content.decode()
        assert "Solved!" in done
        missed = card(learner, "task")
        assert (missed.step, missed.due, missed.misses) == (0, day_after + 10 * MINUTE, 2)


def test_the_queue_pages_are_an_accounts_own_and_take_no_post(client, learner, second_learner):
    for name in ("reviews:queue", "reviews:next"):
        answer = client.get(reverse(name))
        assert answer.status_code == 302 and answer.url.startswith(reverse("login"))
    with freeze_time(T):
        Review.objects.create(user=learner, kind="puzzle", item=PuzzleFactory().pk, due=T)
        client.force_login(second_learner)
        assert "No review is due now." in client.get(reverse("reviews:queue")).content.decode()
        assert client.get(reverse("reviews:next")).url == reverse("reviews:queue")
        assert client.post(reverse("reviews:next")).status_code == 405
        assert client.get(reverse("reviews:queue") + "?x=%00").status_code == 400
        assert client.get(reverse("reviews:queue") + "?page=99999999999999999999&kind=ℵ").status_code == 200


def test_the_queue_page_reads_the_same_however_many_cards(client, learner, lesson, django_assert_num_queries):
    client.force_login(learner)
    task = lesson.tasks.get(order=1)
    Review.objects.create(user=learner, kind="task", item=task.pk, due=T)
    Review.objects.create(user=learner, kind="puzzle", item=PuzzleFactory().pk, due=T)
    client.get(reverse("reviews:queue"))
    # The session, the user, the queue's figures (its length among them), the page's cards with their
    # puzzles' themes and their tasks' titles.
    with django_assert_num_queries(4):
        client.get(reverse("reviews:queue"))
    for days in range(1, 6):
        Review.objects.create(
            user=learner, kind="puzzle", item=PuzzleFactory().pk, due=T + timedelta(days=days)
        )
    with django_assert_num_queries(4):
        page = client.get(reverse("reviews:queue")).content.decode()
    assert page.count("<li><strong>") == 7


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_queue_page_and_the_next_review_read_as_much_for_3_cards_as_for_2000(
    client, learner, count, django_assert_num_queries
):
    with freeze_time(T):
        first = cards(learner, T, count)[0]
        client.force_login(learner)
        due = (count + 3) // 4  # every fourth card, the first included
        client.get(reverse("reviews:queue"))
        # The session, the user, the queue's figures (its length among them), the page's cards with their
        # puzzles' themes.
        with django_assert_num_queries(4):
            page = client.get(reverse("reviews:queue")).content.decode()
        assert (f"{due} reviews are due." if due > 1 else "One review is due.") in page
        client.get(reverse("reviews:next"))
        with django_assert_num_queries(5):  # the first card due alone, then its puzzle's page
            page = client.get(reverse("reviews:next")).content.decode()
        assert f"Puzzle {first.item}</h1>" in page


def listed(page: str) -> list[int]:
    return [int(number) for number in re.findall(r"<li><strong>Puzzle (\d+)</strong>", page)]


def test_the_queue_page_shows_twenty_five_cards_a_page_soonest_first(client, learner):
    """45 cards in the queue (15 due, 15 later today, 15 on the next days; 15 learned left out): the first
    page holds the 25 soonest, the second the other 20; a page past the last, or one that is not a number,
    is answered with the last page or the first, never an error."""
    assert QUEUE_PAGE == 25
    with freeze_time(T):
        made = cards(learner, T, 60)
        client.force_login(learner)
        order = [
            card.item for card in sorted(made, key=lambda card: (card.due, card.pk)) if not card.learned_at
        ]
        first = client.get(reverse("reviews:queue")).content.decode()
        assert listed(first) == order[:25]
        assert "15 reviews are due." in first and "page 1 of 2" in first
        assert (
            'aria-label="Pages of your reviews"' in first
            and '<a href="?page=2" rel="next">Later</a>' in first
        )
        assert "Due now" in first and "Later today" in first and "On the next days" not in first
        second = client.get(reverse("reviews:queue"), {"page": 2}).content.decode()
        assert listed(second) == order[25:]
        assert "15 reviews are due." in second and "page 2 of 2" in second
        assert '<a href="?page=1" rel="prev">Sooner</a>' in second and 'rel="next"' not in second
        assert "Due now" not in second and "Later today" in second and "On the next days" in second
        for past in ("3", "99999999999999999999", "0", "-1"):
            answer = client.get(reverse("reviews:queue"), {"page": past})
            assert answer.status_code == 200 and listed(answer.content.decode()) == order[25:]
        for wrong in ("two", "", "1.5", "%00"):
            answer = client.get(reverse("reviews:queue"), {"page": wrong})
            assert answer.status_code == 200 and listed(answer.content.decode()) == order[:25]
        slovak = client.get("/sk" + reverse("reviews:queue"), {"page": 2}).content.decode()
        assert 'aria-label="Stránky tvojich opakovaní"' in slovak and 'rel="prev">Skôr</a>' in slovak


def test_a_short_queue_has_one_page_and_no_page_links(client, learner):
    with freeze_time(T):
        cards(learner, T, LIGHT)
        client.force_login(learner)
        page = client.get(reverse("reviews:queue")).content.decode()
    assert len(listed(page)) == LIGHT and "Pages of your reviews" not in page and "page 1 of" not in page


def test_the_queue_page_names_a_task_in_the_page_s_language_and_says_when_each_card_comes(
    client, learner, lesson
):
    task = lesson.tasks.get(order=1)
    task.title_sk, lesson.title_sk = "Dve hviezdy", "Der"
    task.save()
    lesson.save()
    puzzle = PuzzleFactory()
    with freeze_time(T):
        Review.objects.create(user=learner, kind="task", item=task.pk, due=T)
        Review.objects.create(user=learner, kind="puzzle", item=puzzle.pk, due=T + 10 * MINUTE)
        Review.objects.create(user=learner, kind="puzzle", item=PuzzleFactory().pk, due=T + timedelta(days=2))
        client.force_login(learner)
        english = client.get(reverse("reviews:queue")).content.decode()
        slovak = client.get("/sk" + reverse("reviews:queue")).content.decode()
    assert '<li><strong>Two stars</strong> <span class="muted">· The der</span></li>' in english
    assert '<li><strong>Dve hviezdy</strong> <span class="muted">· Der</span></li>' in slovak
    assert (
        f"<li><strong>Puzzle {puzzle.pk}</strong>" in english
        and "Back-rank mate, Endgame</span> · at 9:10 a.m.</li>" in english
    )
    assert "Endgame</span> · 4 March 2026</li>" in english and " · 4. marca 2026</li>" in slovak
