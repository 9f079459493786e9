"""A class's leaderboard page: its teacher and co-teachers reach it as they reach the class's pages
(`access.class_for_teacher`), and so do its students while the class is open, since the board is made to be
shown to them on the classroom's projector; anyone else is answered 404, as if the class did not exist."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from classes import access, leaderboard, table_markup
from classes.models import SchoolClass


def _class_for_reader(user: User, class_id: int) -> tuple[SchoolClass, bool]:
    """The class and whether the reader teaches it; a student of an open class may read it too."""
    as_student = SchoolClass.objects.filter(pk=class_id, memberships__student=user, archived_at=None).first()
    if as_student is not None and not access.teaches(as_student, user):
        return as_student, False
    return access.class_for_teacher(user, class_id), True


@login_required
@require_safe
def class_leaderboard(request: HttpRequest, class_id: int) -> HttpResponse:
    assert isinstance(request.user, User)  # behind @login_required
    school_class, teaching = _class_for_reader(request.user, class_id)
    since = leaderboard.week_start()
    board = leaderboard.rows(school_class, since)
    context = {
        "school_class": school_class,
        "teaching": teaching,
        "since": since,
        "rows": board,
        "board_rows": table_markup.draw_board(board),
    }
    return render(request, "classes/leaderboard.html", context)
