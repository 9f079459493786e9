"""Progress read from the students' own work: stars on a lesson's tasks, puzzle sets solved since they were
set, the statuses (not started, in progress, done, late, done late) and the success rate."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone

from classes import selectors, services, student_selectors
from classes.assignment_words import DONE, IN_PROGRESS, LATE, NOT_STARTED

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def cell(assignment, student, now=NOW):
    loaded = selectors.with_items(type(assignment).objects.filter(pk=assignment.pk))
    return selectors.cells(loaded, [student.pk], now=now)[(assignment.pk, student.pk)]


def test_a_lesson_goes_from_not_started_to_done(school_class, lesson, selam, make):
    first, second = lesson.tasks.all()
    assignment = make.assign_lesson(school_class, lesson)
    assert cell(assignment, selam).status == NOT_STARTED
    assert cell(assignment, selam).next_task == first
    make.stars(selam, first, 0)  # tried and failed
    assert cell(assignment, selam).status == IN_PROGRESS
    selam.task_progress.filter(task=first).update(best_stars=2, completed_at=timezone.now())
    make.stars(selam, second, 3, when=timezone.now())
    done = cell(assignment, selam)
    assert (done.status, done.done, done.total, done.stars, done.max_stars) == (DONE, 2, 2, 5, 6)
    assert done.next_task is None and not done.finished_late


def test_chosen_tasks_count_only_themselves(school_class, lesson, selam, make):
    first, second = lesson.tasks.all()
    assignment = services.create_assignment(school_class=school_class, kind="tasks", tasks=[second])
    make.stars(selam, first, 3, when=timezone.now())
    assert cell(assignment, selam).status == NOT_STARTED
    make.stars(selam, second, 1, when=timezone.now())
    assert cell(assignment, selam).status == DONE


def test_past_the_due_date_unfinished_work_is_late(school_class, lesson, selam, make):
    assignment = make.assign_lesson(school_class, lesson, due_on=date(2026, 3, 9))
    assert cell(assignment, selam, now=datetime(2026, 3, 9, 23, 59, tzinfo=UTC)).status == NOT_STARTED
    assert cell(assignment, selam).status == LATE


def test_work_finished_after_the_due_date_is_done_late(school_class, lesson, selam, make):
    assignment = make.assign_lesson(school_class, lesson, due_on=date(2026, 3, 9))
    on_time = datetime(2026, 3, 9, 23, 0, tzinfo=UTC)
    first, second = lesson.tasks.all()
    make.stars(selam, first, 3, when=on_time)
    make.stars(selam, second, 3, when=on_time + timedelta(hours=2))
    done = cell(assignment, selam)
    assert (done.status, done.finished_late, done.status_name) == (DONE, True, "done late")


def test_a_theme_set_counts_solved_puzzles_of_the_theme_in_the_band_since_it_was_set(
    school_class, selam, make
):
    assignment = services.create_assignment(
        school_class=school_class,
        kind="theme",
        theme="fork",
        puzzle_count=2,
        rating_min=1200,
        rating_max=1600,
    )
    fork, other_fork, hard_fork, mate = (
        make.puzzle(1300, "fork"),
        make.puzzle(1500, "fork"),
        make.puzzle(1900, "fork"),
        make.puzzle(1400, "mateIn1"),
    )
    make.attempt(selam, fork, solved=True, when=assignment.created - timedelta(days=1))  # before: not counted
    make.attempt(selam, hard_fork, solved=True)  # above the band
    make.attempt(selam, mate, solved=True)  # another theme
    assert cell(assignment, selam).status == NOT_STARTED
    make.attempt(selam, fork, solved=False)
    make.attempt(selam, fork, solved=True)
    make.attempt(selam, fork, solved=True)  # the same puzzle again counts once
    progress = cell(assignment, selam)
    assert (progress.status, progress.done, progress.total, progress.success_rate) == (IN_PROGRESS, 1, 2, 67)
    make.attempt(selam, other_fork, solved=True)
    progress = cell(assignment, selam)
    assert (progress.status, progress.done, progress.attempts, progress.success_rate) == (DONE, 2, 4, 75)


def test_a_set_of_chosen_puzzles_is_done_when_each_is_solved(school_class, selam, dawit, make):
    one, two = make.puzzle(), make.puzzle()
    assignment = services.create_assignment(school_class=school_class, kind="puzzles", puzzles=[one, two])
    make.attempt(selam, one, solved=True)
    make.attempt(dawit, make.puzzle(), solved=True)  # not in the set
    progress = cell(assignment, selam)
    assert (progress.status, progress.done, progress.total, progress.next_puzzle_id) == (
        IN_PROGRESS,
        1,
        2,
        two.pk,
    )
    make.attempt(selam, two, solved=True)
    assert cell(assignment, selam).status == DONE
    assert cell(assignment, dawit).status == NOT_STARTED
    assert student_selectors.student_puzzles(assignment, selam) == [(one.pk, "solved"), (two.pk, "solved")]


def test_the_table_has_a_row_per_student_and_a_cell_per_assignment(school_class, lesson, selam, dawit, make):
    make.assign_lesson(school_class, lesson)
    services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=3)
    make.stars(dawit, lesson.tasks.first(), 3, when=timezone.now())
    assignments, rows = selectors.progress_table(school_class)
    assert [row.student.username for row in rows] == ["dawit", "selam"]  # by last name: Haile, Tesfaye
    assert [[c.status for c in row.cells] for row in rows] == [[IN_PROGRESS, NOT_STARTED], [NOT_STARTED] * 2]


def test_the_table_takes_a_few_queries_whatever_the_class_size(
    school_class, lesson, make, django_assert_max_num_queries
):
    for i in range(30):
        services.create_students(school_class=school_class, names=[f"Runner {i}"])
    make.assign_lesson(school_class, lesson)
    services.create_assignment(school_class=school_class, kind="tasks", tasks=list(lesson.tasks.all()))
    services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=3)
    with django_assert_max_num_queries(9):  # a theme set counts what its band holds, then its tries
        selectors.progress_table(school_class)


def test_a_student_sees_open_classes_with_unfinished_work_first(
    school_class, other_class, lesson, selam, make
):
    done = make.assign_lesson(school_class, lesson)
    todo = services.create_assignment(school_class=school_class, kind="theme", theme="fork", puzzle_count=1)
    for task in lesson.tasks.all():
        make.stars(selam, task, 3, when=timezone.now())
    [entry] = student_selectors.classes_of_student(selam)
    assert entry.school_class == school_class
    assert [assignment for assignment, _cell in entry.assignments] == [todo, done]
    services.archive_class(school_class=school_class)
    assert student_selectors.classes_of_student(selam) == []


def test_the_course_map_has_every_task_with_its_stars(lesson, selam, make):
    make.stars(selam, lesson.tasks.first(), 2)
    [entry] = student_selectors.course_map(selam)
    assert [stars for _task, stars in entry.tasks] == [2, 0]
    assert (entry.done, entry.stars) == (1, 2)


def test_the_rating_series_is_the_rated_attempts_oldest_first(selam, make):
    puzzle = make.puzzle()
    for minutes, rating in ((3, 1480.0), (1, 1520.0)):
        attempt = make.attempt(selam, puzzle, solved=True, when=timezone.now() - timedelta(minutes=minutes))
        attempt.rated, attempt.rating_after = True, rating
        attempt.save()
    make.attempt(selam, puzzle, solved=True)  # not rated
    assert [rating for _when, rating in student_selectors.rating_series(selam)] == [1480.0, 1520.0]
