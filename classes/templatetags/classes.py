"""Template tags of the classes pages."""

from django import template
from django.utils.safestring import SafeString

from classes import assignment_words, table_markup
from classes.models import Assignment
from classes.results import Answer, ItemResult

register = template.Library()


@register.simple_tag
def assignment_title(assignment: Assignment) -> str:
    return assignment_words.assignment_title(assignment)


@register.simple_tag
def answer_cells(answer: Answer, item: ItemResult) -> SafeString:
    return table_markup.answer_cells(answer, item.is_task)


@register.simple_tag
def answer_rows(item: ItemResult) -> SafeString:
    return table_markup.draw_answers(item)
