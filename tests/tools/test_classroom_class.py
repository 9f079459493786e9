"""The classroom benchmark's class: how a class of any size splits into its groups."""

import pytest

from tools.classroom.students import groups


@pytest.mark.parametrize(
    ("students", "split"),
    [
        (60, (24, 24, 12)),
        (30, (12, 12, 6)),
        (5, (2, 2, 1)),
        # 7 × 2/5 = 2.8, 7 × 1/5 = 1.4: 2, 2, 1 rounded down, the two seats left to the largest remainders
        (7, (3, 3, 1)),
        # 8 × 2/5 = 3.2, 8 × 1/5 = 1.6: the seat left goes to the Club player's group
        (8, (3, 3, 2)),
        # 4 × 2/5 = 1.6, 4 × 1/5 = 0.8: the Club group's 0.8 first, then the first of the tied 0.6s
        (4, (2, 1, 1)),
        (3, (1, 1, 1)),
        (2, (1, 1, 0)),
        (1, (1, 0, 0)),
        (0, (0, 0, 0)),
        (61, (25, 24, 12)),
        (99, (40, 39, 20)),
    ],
)
def test_a_class_splits_two_to_two_to_one(students, split):
    assert groups(students) == split


def test_every_class_size_is_seated_whole_and_close_to_its_shares():
    for students in range(0, 201):
        course, puzzles, club = groups(students)
        assert course + puzzles + club == students
        for count, share in ((course, 2 / 5), (puzzles, 2 / 5), (club, 1 / 5)):
            assert abs(count - students * share) < 1
        assert course >= puzzles  # a tie goes to the first group


def test_no_class_has_fewer_than_no_students():
    with pytest.raises(ValueError):
        groups(-1)
