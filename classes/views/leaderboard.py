"""A class's leaderboard page: its teacher and co-teachers reach it as they reach the class's pages
(`access.class_for_teacher`), and so do its students while the class is open, since the board is made to be
shown to them on the classroom's projector; anyone else is answered 404, as if the class did not exist."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from classes import access, leaderboard, table_markup
from classes.models import SchoolClass


def _class_for_reader(user: User, class_id: int) -> tuple[SchoolClass, bool]:
    """The class and whether the reader teaches it; a student of an open class who does not teach it may
    read it too. Its teacher is known from the class alone."""
    school_class = get_object_or_404(SchoolClass.objects.select_related("teacher"), pk=class_id)
    if (
        not access.teaches(school_class, user)
        and not school_class.archived
        and school_class.memberships.filter(student=user).exists()
    ):
        return school_class, False
    return access.taught(school_class, user), True


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
