"""The rating chart's markup, byte for byte, in both languages: the files in golden/ were drawn by the
template (trainer/_chart.html) that the one-pass drawing replaced, for a player's own chart and a teacher's
view of a student's (their dates since written in each language's order, senterej/formats); and the
dashboard history's times, written as the date filter wrote them."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from trainer.chart_geometry import rating_chart

GOLDEN = Path(__file__).parent / "golden"
START = datetime(2026, 3, 4, 23, 30, tzinfo=UTC)
CASES = {
    "one": [1500.0],
    "two": [1500.0, 1562.37],
    "flat": [1500.0] * 5,
    "sixty": [1500 + 37 * ((i * 7) % 11) - 150 + i * 0.35 for i in range(60)],
    "many": [900 + (i * 53) % 1700 + i / 7 for i in range(400)],
}
OWN = Template("{% load charts %}{% rating_chart chart %}")
STUDENTS = Template(
    '{% load charts %}{% rating_chart chart about_student=True chart_id="student-chart-summary" %}'
)


def chart(name: str):
    return rating_chart([(START + timedelta(hours=7 * i), r) for i, r in enumerate(CASES[name])])


@pytest.mark.parametrize("language", ["en", "sk"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_chart_is_drawn_as_before(name, language):
    with translation.override(language):
        own = OWN.render(Context({"chart": chart(name)}))
        students = STUDENTS.render(Context({"chart": chart(name)}))
    assert own == (GOLDEN / f"chart_{name}.{language}.html").read_text()
    assert students == (GOLDEN / f"chart_{name}_student.{language}.html").read_text()


def test_the_dates_are_the_active_time_zones():
    with timezone.override("Africa/Addis_Ababa"), translation.override("en"):
        drawn = OWN.render(Context({"chart": chart("two")}))
    assert drawn == (GOLDEN / "chart_two_addis_ababa.en.html").read_text()


@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_history_writes_each_time_as_the_date_filter_did(language, learner):
    from testing.factories import AttemptFactory
    from trainer import selectors
    from trainer.chart_markup import draw_history_rows

    times = [START, START.replace(hour=0, minute=0), START.replace(hour=12, minute=5)]
    attempts = [AttemptFactory(user=learner, when=when) for when in times]
    template = Template('{{ when|date:"SHORT_DATETIME_FORMAT" }}')
    with translation.override(language), timezone.override("Africa/Addis_Ababa"):
        drawn = draw_history_rows(selectors.history_rows(learner, start=0, stop=20))
        for attempt in attempts:
            assert f"<td>{template.render(Context({'when': attempt.created}))}</td>" in drawn


@pytest.mark.parametrize("language", ["en", "sk"])
def test_a_rating_to_retry_is_written_as_the_floatformat_filter_wrote_it(language, settings):
    from django.template.defaultfilters import floatformat

    from trainer.chart_markup import whole_figure

    figures = [1234.5, 1235.5, 1234.49999, 987.4, 0.5, -0.5, -0.3, -2.5, -1234.5, 0.0, -0.0, 12345.5]
    figures += [1e6 + 0.5, 1023.5, 1024.5, 0.1 + 0.2, 2.675, 1500.0, 1499.999999999]
    for grouping in (False, True):
        settings.USE_THOUSAND_SEPARATOR = grouping
        with translation.override(language):
            assert [whole_figure(figure) for figure in figures] == [floatformat(f, 0) for f in figures]
