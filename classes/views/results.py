"""The teacher's page of one assignment's results: each task or puzzle with who solved it at the first try,
each student's first wrong move, time, hints and solutions seen, and the class's wrong moves on the board."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from classes import results, selectors
from classes.table_columns import columns
from classes.views.reach import taught_class


@login_required
@require_safe
def assignment_results(request: HttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    school_class = taught_class(request, class_id)
    found = columns(school_class, assignment_id)
    if not found:
        raise Http404
    [column] = found
    students = selectors.students_of(school_class)
    context = {
        "school_class": school_class,
        "assignment": column.assignment,
        "title": column.title,
        "warning": results.warning(column),
        "items": results.column_results(column, students),
        "students": students,
    }
    return render(request, "classes/results.html", context)
