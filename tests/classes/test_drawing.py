"""The progress table's rows, drawn in Python: each student's links are the ones `reverse` gives (also under
a language's prefix), names are escaped, and each cell says its status and figures."""

import pytest
from django.urls import reverse
from django.utils import translation

from classes import results, selectors, services, table_markup
from testing.factories import LADDER, PuzzleFactory

pytestmark = pytest.mark.django_db


def test_each_row_links_to_its_own_student_in_each_language(school_class, selam, dawit, lesson, make):
    make.assign_lesson(school_class, lesson)
    _assignments, rows = selectors.progress_table(school_class)
    for language in ("en", "sk"):
        with translation.override(language):
            html = table_markup.draw_rows(school_class, rows)
            for student in (selam, dawit):
                assert f'href="{reverse("classes:student", args=[school_class.pk, student.pk])}"' in html
                remove = reverse("classes:student_remove", args=[school_class.pk, student.pk])
                assert f'href="{remove}"' in html
    with translation.override("sk"):
        assert "/sk/classes/" in table_markup.draw_rows(school_class, rows)


def test_names_are_escaped_and_cells_say_their_status(school_class, lesson, make):
    services.create_students(school_class=school_class, names=["<b>Bold</b> O'Hara"])
    make.assign_lesson(school_class, lesson)
    _assignments, rows = selectors.progress_table(school_class)
    html = table_markup.draw_rows(school_class, rows)
    assert "<b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in html
    assert html.count('<td class="progress-cell progress-cell--not_started">') == 3
    assert '<span class="status-badge status-badge--not_started">not started</span>' in html
    assert "★ 0/6" in html


def test_the_class_pages_blank_forms_are_kept_per_language(school_class, almaz, make):
    teacher = make.logged_in(almaz)
    url = reverse("classes:class", args=[school_class.pk])
    for _round in range(2):  # drawn, then kept: each language keeps its own words
        assert '<label for="id_username">Username:</label>' in teacher.get(url).content.decode()
        slovak = teacher.get("/sk" + url).content.decode()
        assert '<label for="id_username">Používateľské meno:</label>' in slovak
    refused = teacher.post(reverse("classes:invite", args=[school_class.pk]), {"username": "nobody"})
    assert refused.status_code == 400 and 'value="nobody"' in refused.content.decode()  # a bound form stays


def test_the_answers_say_their_results_in_slovak(school_class, selam, make):
    puzzle = PuzzleFactory(line=LADDER)
    assignment = services.create_assignment(school_class=school_class, kind="puzzles", puzzles=[puzzle])
    make.attempt(selam, puzzle, solved=False)
    [item] = results.results(assignment, selectors.students_of(school_class))
    with translation.override("sk"):
        html = table_markup.draw_answers(item)
    assert '<span class="trainer-result--missed">nevyriešené</span>' in html
    assert '<span class="muted">neskúšané</span>' in html
