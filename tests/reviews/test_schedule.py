"""The spaced schedule alone (reviews/schedule.py): a miss brings an item back in 10 minutes; each
right answer when it is due sends it a step further (a day, 3 days, a week, a month), and after the last it
is learned; a right answer before it is due changes nothing; a miss, at any time, starts again."""

from datetime import UTC, datetime, timedelta

from reviews.schedule import INTERVALS, answered, first_miss

T = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def test_the_intervals_are_ten_minutes_a_day_three_days_a_week_and_a_month():
    waits = [INTERVALS[0] / timedelta(minutes=1)] + [wait / timedelta(days=1) for wait in INTERVALS[1:]]
    assert waits == [10, 1, 3, 7, 30]


def test_right_answers_on_the_due_moments_walk_the_steps_to_learned():
    card = first_miss(T)
    assert (card.step, card.due, card.misses, card.reviews, card.last_seen) == (0, T + 10 * MINUTE, 1, 0, T)
    now = T
    expected_due = [
        T + timedelta(minutes=10) + timedelta(days=1),
        T + timedelta(minutes=10, days=1 + 3),
        T + timedelta(minutes=10, days=1 + 3 + 7),
        T + timedelta(minutes=10, days=1 + 3 + 7 + 30),
    ]
    for step, due in enumerate(expected_due, start=1):
        now = card.due
        card = answered(card, True, now)
        assert (card.step, card.due, card.reviews, card.last_seen, card.learned_at) == (
            step,
            due,
            step,
            now,
            None,
        )
    now = card.due
    card = answered(card, True, now)
    assert (card.step, card.reviews, card.misses, card.learned_at) == (5, 5, 1, now)


def test_a_right_answer_a_minute_early_changes_nothing():
    card = first_miss(T)
    assert answered(card, True, card.due - MINUTE) == card
    later = answered(card, True, card.due)
    assert answered(later, True, later.due - MINUTE) == later


def test_a_miss_in_the_middle_starts_again_from_ten_minutes():
    card = first_miss(T)
    for _ in range(3):
        card = answered(card, True, card.due)
    assert card.step == 3
    missed_at = card.due - timedelta(days=2)  # before it is due: a miss counts at any time
    card = answered(card, False, missed_at)
    assert (card.step, card.due, card.misses, card.reviews) == (0, missed_at + 10 * MINUTE, 2, 4)
    card = answered(card, True, card.due)
    assert (card.step, card.due) == (1, missed_at + 10 * MINUTE + timedelta(days=1))


def test_a_learned_card_stays_learned_until_a_miss_brings_it_back():
    card = first_miss(T)
    for _ in INTERVALS:
        card = answered(card, True, card.due)
    learned = card
    assert learned.learned_at is not None
    assert answered(learned, True, learned.due + timedelta(days=400)) == learned
    back = answered(learned, False, T + timedelta(days=400))
    assert (back.step, back.learned_at, back.due) == (0, None, T + timedelta(days=400, minutes=10))
