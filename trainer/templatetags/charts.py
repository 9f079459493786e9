"""The rating chart in templates: `{% rating_chart chart %}`, or for a teacher's view of a student's
`{% rating_chart chart about_student=True chart_id="student-chart-summary" %}`."""

from django import template
from django.utils.safestring import SafeString

from trainer.chart_geometry import Chart
from trainer.chart_markup import draw_chart

register = template.Library()


@register.simple_tag
def rating_chart(chart: Chart, about_student: bool = False, chart_id: str = "") -> SafeString:
    return draw_chart(chart, about_student=about_student, chart_id=chart_id)
