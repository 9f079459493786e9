from django.contrib.auth.models import User
from django.http import HttpRequest

from course.services import move_session_progress_to


def move_progress_on_log_in(sender: type, request: HttpRequest | None, user: User, **kwargs: object) -> None:
    """Progress made before signing up or logging in joins the account (sign-up logs the new user in)."""
    if request is not None and hasattr(request, "session"):
        move_session_progress_to(user, request.session)
