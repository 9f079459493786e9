"""The progress table's rows, the results' answers and the leaderboard's rows, drawn in one pass in Python:
a class of 60 students by a dozen assignments is hundreds of cells, and a template tag and an include per
cell cost more than the rest of the page. Every word is escaped where it is put in (with the standard
library's html.escape, which Django's escape wraps); the markup is the one the tables' styles and script rely
on."""

from html import escape as _escape

from django.urls import reverse
from django.utils import formats
from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from classes import leaderboard
from classes.models import Assignment, SchoolClass
from classes.name_order import full_name
from classes.results import Answer, ItemResult
from classes.selectors import Cell, Row


def _detail(cell: Cell, helped_words: dict[int, str]) -> str:
    if cell.max_stars:
        return f"★ {cell.stars}/{cell.max_stars}"
    text = f"{cell.done}/{cell.total}"
    if cell.success_rate is not None:
        text += f" · {cell.success_rate} %"
    if cell.helped:
        words = helped_words.get(cell.helped)
        if words is None:
            helped = ngettext("%(counter)s only with help", "%(counter)s only with help", cell.helped)
            words = helped_words[cell.helped] = _escape(helped % {"counter": cell.helped})
        text += " · " + words
    return text


def _cell(cell: Cell, badges: dict[tuple[str, bool], str], helped_words: dict[int, str]) -> str:
    badge = badges.get((cell.status, cell.finished_late))
    if badge is None:
        late = " status-badge--late-done" if cell.finished_late else ""
        words = _escape(cell.status_name)
        badge = badges[(cell.status, cell.finished_late)] = (
            f'<td class="progress-cell progress-cell--{cell.status}">'
            f'<span class="status-badge status-badge--{cell.status}{late}">{words}</span> '
        )
    return f'{badge}<span class="progress-cell__detail">{_detail(cell, helped_words)}</span></td>'


#: A student's number as no student has it, put in an address once and replaced by each student's.
_SOMEONE = "2147483647"


def _addresses(name: str, school_class: SchoolClass) -> tuple[str, str]:
    """The address `name` takes for a student of the class, in two parts around the student's number: one
    reverse for the whole table, not one a row."""
    before, after = reverse(name, args=[school_class.pk, int(_SOMEONE)]).rsplit(_SOMEONE, 1)
    return before, after


def _due(assignment: Assignment) -> str:
    """When the assignment is due, in the table's short form ("due 04/05/2099 at 2:30 p.m."), as
    classes/_due.html says it."""
    assert assignment.due_on is not None
    date = _escape(formats.date_format(assignment.due_on, "SHORT_DATE_FORMAT"))
    if assignment.due_time is None:
        return gettext("due %(date)s") % {"date": date}
    time = _escape(formats.time_format(assignment.due_time, "TIME_FORMAT"))
    return gettext("due %(date)s at %(time)s") % {"date": date, "time": time}


def draw_columns(school_class: SchoolClass, columns: list[tuple[Assignment, str, str]]) -> SafeString:
    """The table's heading of each assignment (with its title and what the teacher must know of it): its
    title, a link to its results; the warning and when it is due, if any; and the links that edit, copy and
    delete it, each named for a screen reader with the assignment's title."""
    edit, copy, delete = _escape(gettext("Edit")), _escape(gettext("Copy")), _escape(gettext("Delete"))
    edit_label = gettext("Edit the assignment %(title)s")
    copy_label = gettext("Copy the assignment %(title)s to another class")
    delete_label = gettext("Delete the assignment %(title)s")
    results, editing, copying, deleting = (
        _addresses(f"classes:{name}", school_class)
        for name in ("assignment_results", "assignment_edit", "assignment_copy", "assignment_delete")
    )
    parts = []
    for assignment, title, warning in columns:
        pk, words = assignment.pk, {"title": _escape(title)}
        warned = f'<span class="progress-table__warning">{_escape(warning)}</span>\n' if warning else ""
        due = f'<span class="progress-table__due">{_due(assignment)}</span>\n' if assignment.due_on else ""
        parts.append(
            '<th scope="col" class="progress-table__assignment">\n'
            f'<a href="{results[0]}{pk}{results[1]}">{words["title"]}</a>\n{warned}{due}'
            '<span class="progress-table__tools">\n'
            f'<a href="{editing[0]}{pk}{editing[1]}" aria-label="{edit_label % words}">{edit}</a>\n'
            f'<a href="{copying[0]}{pk}{copying[1]}" aria-label="{copy_label % words}">{copy}</a>\n'
            f'<a href="{deleting[0]}{pk}{deleting[1]}" aria-label="{delete_label % words}">{delete}</a>\n'
            "</span>\n</th>\n"
        )
    return mark_safe("".join(parts))  # made of escaped words only


def draw_rows(school_class: SchoolClass, rows: list[Row]) -> SafeString:
    """One row a student: their name (a link to their page) and username, a cell per assignment, and the
    link that removes them after asking. The words the cells share (a status, "2 only with help") are
    translated once for the table."""
    remove = _escape(gettext("Remove"))
    remove_label = gettext("Remove %(username)s from the class")
    page_before, page_after = _addresses("classes:student", school_class)
    leave_before, leave_after = _addresses("classes:student_remove", school_class)
    badges: dict[tuple[str, bool], str] = {}
    helped_words: dict[int, str] = {}
    parts = []
    for row in rows:
        student = row.student
        pk = student.pk
        label = _escape(remove_label % {"username": student.username})
        parts.append(
            f'<tr><th scope="row"><a href="{page_before}{pk}{page_after}">'
            f"{_escape(full_name(student) or student.username)}</a>"
            f' <span class="muted">{_escape(student.username)}</span></th>'
            + "".join([_cell(cell, badges, helped_words) for cell in row.cells])
            + f'<td><a href="{leave_before}{pk}{leave_after}" aria-label="{label}">{remove}</a></td></tr>\n'
        )
    return mark_safe("".join(parts))  # made of escaped words only


class _AnswerWords:
    """The words a table of answers repeats, translated once for the table: the results (the words outside
    f-strings, where the catalogue's extraction finds them), yes and no, and the two forms of a time."""

    def __init__(self) -> None:
        untried, first_try = gettext("not tried"), gettext("at the first try")
        solved, missed = pgettext("result", "solved"), gettext("not solved")
        self.untried = f'<span class="muted">{_escape(untried)}</span>'
        self.first_try = f'<span class="trainer-result--solved">{_escape(first_try)}</span>'
        self.solved = f'<span class="trainer-result--solved">{_escape(solved)}</span>'
        self.helped = _escape(gettext("solved only with help"))
        self.missed = f'<span class="trainer-result--missed">{_escape(missed)}</span>'
        self.yes, self.no = _escape(gettext("yes")), _escape(gettext("no"))
        self.in_seconds, self.in_minutes = _time_words()
        self.times: dict[int, str] = {}
        self.untried_cells: dict[bool, str] = {}

    def result(self, answer: Answer) -> str:
        """The answer's result in words, in the class its colour goes by."""
        if not answer.tries:
            return self.untried
        if answer.first_try:
            return self.first_try
        if answer.solved:
            return self.solved
        return self.helped if answer.helped else self.missed

    def time(self, seconds: int) -> str:
        found = self.times.get(seconds)
        if found is None:
            found = self.times[seconds] = _escape(_duration(seconds, self.in_seconds, self.in_minutes))
        return found


def _time_words() -> tuple[str, str]:
    """A time in seconds, and in minutes and seconds."""
    return gettext("%(seconds)d s"), gettext("%(minutes)d min %(seconds)02d s")


def _duration(seconds: int, in_seconds: str, in_minutes: str) -> str:
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return in_seconds % {"seconds": rest}
    return in_minutes % {"minutes": minutes, "seconds": rest}


def duration(seconds: int) -> str:
    """A try's time as a teacher reads it: "45 s", "3 min 05 s"."""
    return _duration(seconds, *_time_words())


def _answer_cells(answer: Answer, is_task: bool, words: _AnswerWords) -> str:
    if not answer.tries:  # nothing tried: no wrong move, time, hint or solution either, the same for all
        found = words.untried_cells.get(is_task)
        if found is None:
            found = words.untried_cells[is_task] = _tried_cells(answer, is_task, words)
        return found
    return _tried_cells(answer, is_task, words)


def _tried_cells(answer: Answer, is_task: bool, words: _AnswerWords) -> str:
    wrong = answer.first_wrong  # drawn already (SafeString), or a question's option, which is escaped here
    first_wrong = (wrong if isinstance(wrong, SafeString) else _escape(wrong)) if wrong else "–"
    time = words.time(answer.seconds) if answer.tries else "–"
    cells = (
        f"<td>{answer.tries}</td><td>{words.result(answer)}</td><td>{first_wrong}</td>"
        f"<td>{time}</td><td>{answer.hints}</td>"
    )
    if is_task:
        return cells
    return f"{cells}<td>{words.yes if answer.solution_seen else words.no}</td>"


def answer_cells(answer: Answer, is_task: bool) -> SafeString:
    """One student's answer on one task or puzzle: tries, result, first wrong move, time, hints, and for a
    puzzle whether the solution was seen."""
    return mark_safe(_answer_cells(answer, is_task, _AnswerWords()))  # made of escaped words only


def draw_answers(item: ItemResult) -> SafeString:
    """The rows of a task's or a puzzle's answers, one a student, named."""
    words = _AnswerWords()
    return mark_safe(  # made of escaped words only
        "".join(
            [
                f'<tr><th scope="row">{_escape(answer.name)}</th>'
                f"{_answer_cells(answer, item.is_task, words)}</tr>\n"
                for answer in item.answers
            ]
        )
    )


def draw_board(rows: list[leaderboard.Row]) -> SafeString:
    """The leaderboard's rows, one a student: their name, their best streak and best storm of the week (the
    week's highest marked), or a dash that says they played none. Each figure is localized once."""
    top_streak, top_storm = leaderboard.tops(rows)
    none_this_week = _escape(gettext("none this week"))
    none = f'<span class="muted" aria-hidden="true">–</span><span class="sr-only">{none_this_week}</span>'
    figures: dict[int, str] = {}

    def cell(best: int | None, top: int) -> str:
        if best is None:
            return f"<td>{none}</td>"
        figure = figures.get(best)
        if figure is None:
            figure = figures[best] = _escape(str(localize(best)))
        return f'<td class="leaderboard__top">{figure}</td>' if best and best == top else f"<td>{figure}</td>"

    return mark_safe(  # made of escaped words only
        "".join(
            [
                f'<tr><th scope="row">{_escape(row.student.get_full_name() or row.student.username)}</th>'
                f"{cell(row.streak, top_streak)}{cell(row.storm, top_storm)}</tr>\n"
                for row in rows
            ]
        )
    )
