"""The rating chart's markup, drawn in one pass in Python: the template language drew its few hundred points
one tag at a time. `charts.py` does the geometry; this module writes it as SVG, exactly
as the template `trainer/_chart.html` drew it before (tests/trainer/golden), which the styles rely on.

Every figure is written as the template wrote it with localisation off (an int or a float by `str`), the
dates in the active language's short format and the active time zone."""

from collections.abc import Callable
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from urllib.parse import quote

from django.conf import settings
from django.utils import dateformat
from django.utils.formats import get_format, number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import is_aware, localtime
from django.utils.translation import get_language, gettext, ngettext

from trainer import page_links
from trainer.chart_geometry import Chart
from trainer.puzzle_words import theme_name
from trainer.selectors import HistoryEntry, ThemeResult


def _summary(chart: Chart, about_student: bool) -> str:
    count = len(chart.points)
    if about_student:
        words = ngettext(
            "The student's puzzle rating after their last rated puzzle, on a scale from %(low)s to %(high)s.",
            "The student's puzzle rating after each of their last %(counter)s rated puzzles, on a scale from "
            "%(low)s to %(high)s.",
            count,
        )
    else:
        words = ngettext(
            "Your puzzle rating after your last rated puzzle, on a scale from %(low)s to %(high)s.",
            "Your puzzle rating after each of your last %(counter)s rated puzzles, on a scale from "
            "%(low)s to %(high)s.",
            count,
        )
    return words % {"counter": count, "low": chart.low, "high": chart.high}


def _date(value: datetime, format: str = "SHORT_DATE_FORMAT") -> str:
    """As the template's date filter wrote it: an aware time in the active time zone."""
    return _date_writer(get_format(format))(value)


@lru_cache(maxsize=64)
def _date_pieces(pattern: str) -> tuple[tuple[bool, str], ...]:
    """A date format's pattern as the date filter's formatter reads it: its letters, and its text between
    them with the escapes taken out. The patterns are few (the languages' formats), so each is read once."""
    return tuple(
        (True, piece) if index % 2 else (False, dateformat.re_escaped.sub(r"\1", piece))
        for index, piece in enumerate(dateformat.re_formatchars.split(pattern))
        if piece
    )


def _date_writer(pattern: str) -> Callable[[datetime], str]:
    """`_date` for many dates of one pattern: the pattern read once, where the date filter's formatter reads
    it again for each date (which cost more than the rest of writing one)."""
    pieces = _date_pieces(pattern)

    def write(value: datetime) -> str:
        if settings.USE_TZ and is_aware(value):
            value = localtime(value)
        formatter = dateformat.DateFormat(value)
        return escape(
            "".join(str(getattr(formatter, piece)()) if letter else piece for letter, piece in pieces)
        )

    return write


def _puzzle_address() -> Callable[[int], str]:
    """Each puzzle's address, escaped, from its parts around the puzzle's number (trainer.page_links, which
    reverses it once per language)."""
    before, after = (escape(part) for part in page_links.puzzle_address())
    return lambda number: f"{before}{number}{after}"


def draw_chart(chart: Chart, *, about_student: bool = False, chart_id: str = "") -> SafeString:
    """The chart as a figure: the player's own, or with `about_student` a teacher's view of a student's."""
    chart_id = escape(chart_id or "chart-summary")
    left, right, top, bottom = chart.left, chart.right, chart.top, chart.bottom
    caption = escape(
        gettext("The rating after each rated puzzle, oldest on the left.")
        if about_student
        else gettext("Your rating after each rated puzzle, oldest on the left.")
    )
    parts = [
        '<figure class="trainer-chart">\n'
        f'  <svg class="trainer-chart__svg" viewBox="0 0 {chart.width} {chart.height}" role="img" '
        f'aria-labelledby="{chart_id}">\n'
        f'    <title id="{chart_id}">{_summary(chart, about_student)}</title>\n'
        "    "
    ]
    for tick in chart.ticks:
        parts.append(
            "\n"
            f'      <line class="trainer-chart__grid" x1="{left}" x2="{right}" y1="{tick.y}" y2="{tick.y}">'
            "</line>\n"
            f'      <text class="trainer-chart__label" x="{left - 6}" y="{tick.y}" text-anchor="end" '
            f'dominant-baseline="middle">{tick.value}</text>\n'
            "    "
        )
    parts.append(
        "\n"
        f'    <line class="trainer-chart__axis" x1="{left}" x2="{left}" y1="{top}" y2="{bottom}"></line>\n'
        f'    <line class="trainer-chart__axis" x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}">'
        "</line>\n"
        f'    <polyline class="trainer-chart__line" points="{chart.polyline}" fill="none"></polyline>\n'
        "    "
    )
    parts.extend(
        f'<circle class="trainer-chart__dot" cx="{x}" cy="{y}" r="3"></circle>' for x, y in chart.dots
    )
    parts.append(
        "\n"
        f'    <text class="trainer-chart__label" x="{left}" y="{chart.label_y}">{_date(chart.first)}</text>\n'
        f'    <text class="trainer-chart__label" x="{right}" y="{chart.label_y}" text-anchor="end">'
        f"{_date(chart.last)}</text>\n"
        "  </svg>\n"
        f"  <figcaption>{caption}</figcaption>\n"
        "</figure>\n"
    )
    return mark_safe("".join(parts))


_ONE = Decimal(1)


def whole_figure(value: float) -> str:
    """`floatformat(value, 0)` as the filter writes a float: its shortest decimal form rounded half away
    from zero, in the active language's number format; without the filter's general case, which cost as
    much as the rest of a row."""
    return number_format(str(int(Decimal(repr(value)).quantize(_ONE, ROUND_HALF_UP))), 0, use_l10n=True)


def draw_retry_items(misses: list[tuple[int, float]]) -> SafeString:
    """The dashboard's puzzles to retry, each a link to its puzzle with its rating, as the template's loop
    drew them (its blank lines too): a translation as it stands, the figures in it escaped."""
    puzzle, rated = gettext("Puzzle %(number)s"), gettext("rated %(rating)s")
    address = _puzzle_address()
    return mark_safe(
        "".join(
            f'\n              <li><a href="{address(number)}">'
            f"{puzzle % {'number': number}}</a> "
            f'<span class="muted">{rated % {"rating": whole_figure(rating)}}</span></li>\n'
            "            "
            for number, rating in misses
        )
    )


#: Each theme's words as its row writes them (its name, its address's query and its button's label, escaped),
#: by language and theme: the themes are few, and their words change only with the language.
_THEME_WORDS: dict[tuple[str | None, str], tuple[str, str, str]] = {}
#: Themes come from the puzzles' rows; past this many kept, the words are worked out afresh.
THEME_WORDS_KEPT = 1000


def _theme_words(language: str | None, theme: str) -> tuple[str, str, str]:
    key = (language, theme)
    found = _THEME_WORDS.get(key)
    if found is None:
        if len(_THEME_WORDS) >= THEME_WORDS_KEPT:
            _THEME_WORDS.clear()
        name = theme_name(theme)
        label = gettext("Train: %(theme)s") % {"theme": name}
        found = _THEME_WORDS[key] = (escape(name), escape(quote(theme, safe="/")), escape(label))
    return found


def draw_theme_rows(results: list[ThemeResult]) -> SafeString:
    """The rows of the dashboard's themes, weakest first: the theme, its first tries, the share solved and a
    button to train it."""
    train, button, language = escape(page_links.links()["train"]), escape(gettext("Train")), get_language()
    parts = []
    for result in results:
        name, query, label = _theme_words(language, result.theme)
        parts.append(
            "\n                <tr>\n"
            f'                  <th scope="row">{name}</th>\n'
            f"                  <td>{result.attempts}</td>\n"
            f"                  <td>{result.percent} %</td>\n"
            f'                  <td><a class="button button--quiet" href="{train}?theme={query}" '
            f'aria-label="{label}">{button}</a></td>\n'
            "                </tr>\n"
            "              "
        )
    return mark_safe("".join(parts))


def draw_history_rows(rows: list[HistoryEntry]) -> SafeString:
    """The rows of the dashboard's history as the template's loop drew them: when, the puzzle (a link while
    it is active), the result (and whether a hint helped), the change of rating."""
    solved = '<span class="trainer-result trainer-result--solved">' + escape(gettext("Solved")) + "</span>"
    missed = '<span class="trainer-result trainer-result--missed">' + escape(gettext("Missed")) + "</span>"
    not_rated = '<span class="muted">' + escape(gettext("not rated")) + "</span>"
    hinted = ' <span class="muted">' + escape(gettext("with a hint")) + "</span>"
    parts, address, when = [], _puzzle_address(), _date_writer(get_format("SHORT_DATETIME_FORMAT"))
    for attempt in rows:
        number, change = attempt.puzzle_id, attempt.change
        helped = hinted if attempt.hinted else ""
        puzzle = f'<a href="{address(number)}">{number}</a>' if attempt.active else str(number)
        parts.append(
            "\n                <tr>\n"
            f"                  <td>{when(attempt.created)}</td>\n"
            f"                  <td>{puzzle}</td>\n"
            f"                  <td>{solved if attempt.solved else missed}{helped}</td>\n"
            f"                  <td>{escape(change) if change else not_rated}</td>\n"
            "                </tr>\n"
            "              "
        )
    return mark_safe("".join(parts))
