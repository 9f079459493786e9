"""The day's queue on known schedules (freezegun): a miss at T, then right answers on the due moments show
the queue exactly, count and items, before and after each of them; a right answer a minute early changes
nothing; a miss in the middle starts again; after the last interval the item is learned and leaves the
queue. What is later today ends with the day in the site's TIME_ZONE; a retired puzzle or a deleted task is
skipped. The figures the pages show, read by the database, agree with the cards each time, and with hand-made
cards of every sort."""

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time

from course.models import Task
from reviews import queue, services
from reviews.models import Review
from testing.factories import LessonFactory, PuzzleFactory, TaskFactory

pytestmark = pytest.mark.django_db

T = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def seen(user, at):
    """The queue at `at`: the (kind, item) of what is due, later today and on the next days, each soonest
    first; its figures and its first card due agree with them."""
    cards = list(queue.waiting(user))
    evening = queue.end_of_day(at)
    parts = [
        [card for card in cards if card.due <= at],
        [card for card in cards if at < card.due < evening],
        [card for card in cards if card.due >= evening],
    ]
    later = parts[1] + parts[2]
    next_due = later[0].due if later else None
    assert queue.of(user, at) == queue.Queue(at, len(parts[0]), len(parts[1]), next_due, len(cards))
    assert queue.first(user, at) == (parts[0][0] if parts[0] else None)
    return [[(card.kind, card.item) for card in part] for part in parts]


def answer(user, item, right, at, kind="puzzle"):
    with freeze_time(at):
        return services.answered(user, kind, item, right=right)


def test_a_miss_then_right_answers_on_the_due_moments(learner):
    puzzle = PuzzleFactory().pk
    p = ("puzzle", puzzle)
    assert answer(learner, puzzle, True, T) is None  # a right answer with no card makes none
    assert not Review.objects.exists()
    answer(learner, puzzle, False, T)
    assert seen(learner, T) == [[], [p], []]
    assert seen(learner, T + 9 * MINUTE) == [[], [p], []]
    assert queue.of(learner, T + 10 * MINUTE).count == 1
    assert seen(learner, T + 10 * MINUTE) == [[p], [], []]
    answer(learner, puzzle, True, T + 9 * MINUTE)  # a minute early: nothing changes
    assert seen(learner, T + 10 * MINUTE) == [[p], [], []]
    moments = [T + 10 * MINUTE]
    for wait in (timedelta(days=1), timedelta(days=3), timedelta(weeks=1), timedelta(days=30)):
        answer(learner, puzzle, True, moments[-1])
        moments.append(moments[-1] + wait)
        assert seen(learner, moments[-2]) == [[], [], [p]]
        assert seen(learner, moments[-1] - MINUTE) == [[], [p], []]  # the same day, a minute before
        assert seen(learner, moments[-1]) == [[p], [], []]
        early = answer(learner, puzzle, True, moments[-1] - MINUTE)
        assert early.due == moments[-1]
    learned = answer(learner, puzzle, True, moments[-1])
    assert (learned.step, learned.reviews, learned.misses, learned.learned_at) == (5, 5, 1, moments[-1])
    assert seen(learner, moments[-1]) == seen(learner, moments[-1] + timedelta(days=365)) == [[], [], []]


def test_a_miss_in_the_middle_starts_again_and_two_items_keep_their_order(learner):
    first, second = PuzzleFactory().pk, PuzzleFactory().pk
    answer(learner, first, False, T)
    answer(learner, first, True, T + 10 * MINUTE)  # now due a day later
    answer(learner, second, False, T + 2 * 60 * MINUTE)
    a, b = ("puzzle", first), ("puzzle", second)
    assert seen(learner, T + 2 * 60 * MINUTE + 10 * MINUTE) == [[b], [], [a]]
    day_after = T + 10 * MINUTE + timedelta(days=1)
    assert queue.of(learner, day_after).count == 2
    assert seen(learner, day_after) == [[b, a], [], []]  # the one due first comes first
    card = answer(learner, first, False, day_after)
    assert (card.step, card.due, card.misses, card.reviews) == (0, day_after + 10 * MINUTE, 2, 2)
    assert seen(learner, day_after) == [[b], [a], []]
    assert seen(learner, day_after + 10 * MINUTE) == [[b, a], [], []]


def test_later_today_ends_with_the_day_in_the_sites_time_zone(learner, settings):
    puzzle = PuzzleFactory().pk
    answer(learner, puzzle, False, datetime(2026, 3, 2, 23, 0, tzinfo=UTC))  # due at 23:10 UTC
    at = datetime(2026, 3, 2, 22, 0, tzinfo=UTC)
    assert seen(learner, at) == [[], [("puzzle", puzzle)], []]
    settings.TIME_ZONE = "Europe/Bratislava"  # 23:10 UTC is 0:10 of the next day there
    assert seen(learner, at) == [[], [], [("puzzle", puzzle)]]


def test_a_retired_puzzle_and_a_deleted_task_are_skipped_and_not_counted(learner, second_learner):
    retired, kept = PuzzleFactory(), PuzzleFactory()
    task = TaskFactory(lesson=LessonFactory())
    for item, kind in ((retired.pk, "puzzle"), (kept.pk, "puzzle"), (task.pk, "task")):
        answer(learner, item, False, T, kind)
    later = T + 10 * MINUTE
    assert queue.of(learner, later).count == 3
    retired.active = False
    retired.save()
    Task.objects.filter(pk=task.pk).delete()
    assert seen(learner, later) == [[("puzzle", kept.pk)], [], []]
    assert Review.objects.filter(user=learner).count() == 3  # the cards stay, should the items come back
    assert seen(second_learner, later) == [[], [], []]  # each account has its own


def figures(user, at):
    """What the pages show of the queue at `at`: how many are due, how many come later today, when the next
    comes, and the first due card's item."""
    day, first = queue.of(user, at), queue.first(user, at)
    return day.count, day.later_today, day.next_due, first.item if first else None


def test_the_figures_against_hand_made_cards(learner, second_learner, lesson):
    """Due long ago, due this very moment, later today, tomorrow, learned; a retired puzzle's cards and a
    deleted task's, due now and later today, neither counted nor next; another account's card."""
    overdue, later, tomorrow, learned = (PuzzleFactory() for _ in range(4))
    retired = PuzzleFactory(active=False)
    task, gone = lesson.tasks.get(order=1), lesson.tasks.get(order=2)
    made = [
        (learner, "puzzle", overdue.pk, T - timedelta(days=1), None),
        (learner, "task", task.pk, T, None),
        (learner, "puzzle", later.pk, T + timedelta(hours=3), None),
        (learner, "puzzle", tomorrow.pk, T + timedelta(days=1), None),
        (learner, "puzzle", learned.pk, T - timedelta(hours=1), T - timedelta(hours=1)),
        (learner, "puzzle", retired.pk, T + timedelta(hours=1), None),
        (learner, "task", gone.pk, T - MINUTE, None),
        (second_learner, "puzzle", later.pk, T + MINUTE, None),
    ]
    for user, kind, item, due, learned_at in made:
        Review.objects.create(user=user, kind=kind, item=item, due=due, learned_at=learned_at)
    Task.objects.filter(pk=gone.pk).delete()
    assert figures(learner, T - timedelta(days=2)) == (0, 0, T - timedelta(days=1), None)
    assert figures(learner, T - MINUTE) == (1, 2, T, overdue.pk)
    assert figures(learner, T) == (2, 1, T + timedelta(hours=3), overdue.pk)
    assert figures(learner, T + timedelta(hours=12)) == (3, 0, T + timedelta(days=1), overdue.pk)
    assert figures(learner, T + timedelta(days=2)) == (4, 0, None, overdue.pk)
    assert figures(second_learner, T) == (0, 1, T + MINUTE, None)
    retired.active = True
    retired.save()
    assert figures(learner, T) == (2, 2, T + timedelta(hours=1), overdue.pk)  # back in the queue
