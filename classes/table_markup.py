"""The progress table's rows and the results' answers, drawn in one pass in Python: a class of 60 students by
a dozen assignments is hundreds of cells, and a template tag and an include per cell cost more than the rest
of the page. Every word is escaped where it is put in (with the standard library's html.escape, which
Django's escape wraps); the markup is the one the tables' styles and script rely on."""

from html import escape as _escape

from django.urls import reverse
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext, pgettext

from classes.models import SchoolClass
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
            f"{_escape(student.get_full_name() or student.username)}</a>"
            f' <span class="muted">{_escape(student.username)}</span></th>'
            + "".join([_cell(cell, badges, helped_words) for cell in row.cells])
            + f'<td><a href="{leave_before}{pk}{leave_after}" aria-label="{label}">{remove}</a></td></tr>\n'
        )
    return mark_safe("".join(parts))  # made of escaped words only


def _result(answer: Answer) -> str:
    """The answer's result in words, in the class its colour goes by (the words outside the f-strings, where
    the catalogue's extraction finds them)."""
    if not answer.tries:
        words, kind = gettext("not tried"), "muted"
    elif answer.first_try:
        words, kind = gettext("at the first try"), "trainer-result--solved"
    elif answer.solved:
        words, kind = pgettext("result", "solved"), "trainer-result--solved"
    elif answer.helped:
        return escape(gettext("solved only with help"))
    else:
        words, kind = gettext("not solved"), "trainer-result--missed"
    return f'<span class="{kind}">{escape(words)}</span>'


def duration(seconds: int) -> str:
    """A try's time as a teacher reads it: "45 s", "3 min 05 s"."""
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return gettext("%(seconds)d s") % {"seconds": rest}
    return gettext("%(minutes)d min %(seconds)02d s") % {"minutes": minutes, "seconds": rest}


def answer_cells(answer: Answer, is_task: bool) -> SafeString:
    """One student's answer on one task or puzzle: tries, result, first wrong move, time, hints, and for a
    puzzle whether the solution was seen."""
    cells = [
        str(answer.tries),
        _result(answer),
        conditional_escape(answer.first_wrong) if answer.first_wrong else "–",
        escape(duration(answer.seconds)) if answer.tries else "–",
        str(answer.hints),
    ]
    if not is_task:
        cells.append(escape(gettext("yes") if answer.solution_seen else gettext("no")))
    return mark_safe("".join(f"<td>{cell}</td>" for cell in cells))  # made of escaped words only


def draw_answers(item: ItemResult) -> SafeString:
    """The rows of a task's or a puzzle's answers, one a student, named."""
    return mark_safe(  # made of escaped words only
        "".join(
            f'<tr><th scope="row">{escape(answer.name)}</th>{answer_cells(answer, item.is_task)}</tr>\n'
            for answer in item.answers
        )
    )
