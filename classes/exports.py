"""The class's progress as a file that a spreadsheet opens as it is, in either language: UTF-8 with a byte
order mark (Excel takes a file for UTF-8 only then, and mangles "Kováč" otherwise), cells separated as the
language's spreadsheets expect (a semicolon where the decimal separator is a comma, so that "66,7" stays one
number in one cell), numbers as plain numbers in the language's notation (never "4/6", which Excel reads as a
date), each assignment named with its due date, the day of the export on the first line, and no cell that a
spreadsheet would run as a formula."""

import csv
import io
import re
import unicodedata
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from django.utils import formats
from django.utils.translation import gettext as _

from classes.models import Assignment, SchoolClass
from classes.selectors import Cell, progress_table
from classes.table_columns import Column

#: Characters that make a spreadsheet read a cell as a formula: a name must stay a name.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: What no file name may hold on the common systems: double quotes become single ones, the rest hyphens.
NOT_IN_FILE_NAMES = re.compile(r"[\\/:*?<>|]")
#: A class's name in a file name is cut to this many characters.
FILE_NAME_LENGTH = 60


def safe_cell(value: object) -> str:
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def delimiter() -> str:
    """The separator of cells for the active language: where a comma separates decimals, a semicolon."""
    return ";" if formats.get_format("DECIMAL_SEPARATOR") == "," else ","


def number(value: int | Decimal) -> str:
    """A number in the active language's notation, without thousands' separators (a spreadsheet reads them
    as text): 66.7 in English, 66,7 in Slovak."""
    return formats.number_format(value, use_l10n=True)


def due_words(assignment: Assignment) -> str:
    """When the assignment is due, in words ("due 1 December 2026", "due 1 December 2026 at 14:30"), or
    nothing when it is not: as the pages say it (classes/_due.html)."""
    if assignment.due_on is None:
        return ""
    date = formats.date_format(assignment.due_on, "DATE_FORMAT")
    if assignment.due_time is None:
        return _("due %(date)s") % {"date": date}
    return _("due %(date)s at %(time)s") % {"date": date, "time": formats.time_format(assignment.due_time)}


def _success_rate(solved: int, tries: int) -> str:
    """The share of the set's tries that were solved, in per cent to a tenth; nothing before the first."""
    if not tries:
        return ""
    share = Decimal(100 * solved) / Decimal(tries)
    return number(share.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


class _Figures:
    """What the cells of a file repeat, each put in words (and made safe: `safe_cell`) once for the file: a
    status, a number in the language's notation, a success rate. A class of 60 by a dozen assignments is
    hundreds of cells."""

    def __init__(self) -> None:
        self.statuses: dict[tuple[str, bool], str] = {}
        self.numbers: dict[int, str] = {}
        self.rates: dict[tuple[int, int], str] = {}

    def status(self, cell: Cell) -> str:
        key = (cell.status, cell.finished_late)
        found = self.statuses.get(key)
        if found is None:
            found = self.statuses[key] = safe_cell(cell.status_name)
        return found

    def number(self, value: int) -> str:
        found = self.numbers.get(value)
        if found is None:
            found = self.numbers[value] = safe_cell(number(value))
        return found

    def rate(self, cell: Cell) -> str:
        key = (cell.solved_attempts, cell.attempts)
        found = self.rates.get(key)
        if found is None:
            found = self.rates[key] = safe_cell(_success_rate(*key))
        return found


def _puzzles_to_solve(column: Column) -> int:
    if column.assignment.kind == Assignment.Kind.PUZZLES:
        return len(column.chosen)
    return column.assignment.puzzle_count


def _headings(column: Column) -> list[str]:
    due = due_words(column.assignment)
    title = f"{column.title} ({due})" if due else column.title
    if column.assignment.is_course:
        total = len(column.tasks)
        words = [
            _("status"),
            _("tasks done (of %(total)d)") % {"total": total},
            _("stars (of %(most)d)") % {"most": 3 * total},
        ]
    else:
        words = [
            _("status"),
            _("puzzles solved (of %(total)d)") % {"total": _puzzles_to_solve(column)},
            _("tries solved, in per cent"),
            _("solved only with help, not counted"),
        ]
    return [f"{title}: {word}" for word in words]


def _cells(course: bool, cell: Cell, figures: _Figures) -> list[str]:
    if course:
        return [figures.status(cell), figures.number(cell.done), figures.number(cell.stars)]
    return [figures.status(cell), figures.number(cell.done), figures.rate(cell), figures.number(cell.helped)]


def progress_rows(school_class: SchoolClass, *, today: date) -> list[list[str]]:
    """The export's lines: the class and the day, the headings, then a line for each student."""
    columns, rows = progress_table(school_class)
    exported = _("exported on %(date)s") % {"date": formats.date_format(today, "DATE_FORMAT")}
    header = [_("username"), _("first name"), _("last name")]
    for column in columns:
        header += _headings(column)
    lines = [[safe_cell(value) for value in line] for line in ([school_class.name, exported], header)]
    figures = _Figures()
    courses = [column.assignment.is_course for column in columns]
    for row in rows:
        student = row.student
        line = [safe_cell(student.username), safe_cell(student.first_name), safe_cell(student.last_name)]
        for course, cell in zip(courses, row.cells, strict=True):
            line += _cells(course, cell, figures)
        lines.append(line)
    return lines


def progress_csv(school_class: SchoolClass, *, today: date) -> bytes:
    text = io.StringIO()
    csv.writer(text, delimiter=delimiter()).writerows(progress_rows(school_class, today=today))
    return text.getvalue().encode("utf-8-sig")


def _file_character(char: str) -> str:
    """Spaces of every kind and control characters become a space; invisible ones (formatting such as a
    right-to-left override, private or unassigned code points) are dropped."""
    kind = unicodedata.category(char)
    if kind == "Cc" or kind.startswith("Z"):
        return " "
    if kind.startswith("C"):
        return ""
    return "'" if char == '"' else char


def file_name(school_class: SchoolClass, *, today: date) -> str:
    """The file's name, e.g. "Grade 7 chess club, progress 2026-12-01.csv": the class's name without what a
    file name cannot hold (slashes, quotes, control and invisible characters such as a right-to-left
    override), cut short."""
    name = "".join(_file_character(char) for char in unicodedata.normalize("NFC", school_class.name))
    name = " ".join(NOT_IN_FILE_NAMES.sub("-", name).split())[:FILE_NAME_LENGTH].strip(" .")
    words = _("%(class)s, progress %(date)s") % {"class": name or _("class"), "date": today.isoformat()}
    return f"{words}.csv"
