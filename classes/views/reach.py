"""What a signed-in request of the classes' pages reaches: its user, a class it teaches, a student of that
class and an assignment set in it. Anything else is a 404, as if it did not exist. Every page family of the
classes needs these, so they live here and not in one family's module."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from classes import access
from classes.models import Assignment, SchoolClass

#: The methods of a page that asks first (GET) and acts on the answer (POST).
GET_OR_POST = ["GET", "HEAD", "POST"]


def user_of(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # every view of the classes is behind @login_required
    return request.user


def taught_class(request: HttpRequest, class_id: int) -> SchoolClass:
    return access.class_for_teacher(user_of(request), class_id)


def student_of(school_class: SchoolClass, student_id: int) -> User:
    return get_object_or_404(User, pk=student_id, class_memberships__school_class=school_class)


def assignment_of(school_class: SchoolClass, assignment_id: int) -> Assignment:
    return get_object_or_404(Assignment, pk=assignment_id, school_class=school_class)
