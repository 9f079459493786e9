"""Where a learner goes on in the course: the first task without a star after the task they last solved for
the first time (that is where they stopped), or, when every task after it has a star, the first one without
a star from the start. It reads the learner's progress (`services.progress_of`): a signed-in learner's from
the database, so that they go on where they stopped on any device, a visitor's from their session."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from django.utils.dateparse import parse_datetime

from course import content
from course.services import Progress

#: A star without the date of its first solution counts as the oldest.
_UNDATED = datetime.min.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Resume:
    started: bool  # some task has a star
    task: content.TaskEntry | None  # where to go on, None when every task has a star


def where(progress: Mapping[int, Progress]) -> Resume:
    solved = {task_id: _first_solved(entry) for task_id, entry in progress.items() if entry.stars}
    tasks = content.all_tasks()
    if not solved:
        return Resume(False, tasks[0] if tasks else None)
    last = max(solved, key=lambda task_id: solved[task_id])
    place = next((index for index, task in enumerate(tasks) if task.pk == last), -1)
    after = [task for task in tasks[place + 1 :] if task.pk not in solved]
    before = [task for task in tasks[: place + 1] if task.pk not in solved]
    unsolved = after or before
    return Resume(True, unsolved[0] if unsolved else None)


def _first_solved(entry: Progress) -> datetime:
    return (parse_datetime(entry.completed_at) if entry.completed_at else None) or _UNDATED
