"""axe-core finds nothing to fault on the front door and the way in (the home page, logging in, signing up),
for a visitor and for a signed-in learner, on a desktop and on a phone with the menu open and closed, in
English and in Slovak (axe-core as testing/axe.py runs it)."""

import pytest
from playwright.sync_api import expect

from testing.axe import SIZES, axe_violations
from testing.factories import PlayerRatingFactory

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = ["/", "/accounts/login/?next=/learn/", "/accounts/signup/"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_the_way_in_has_no_violation(live_server, open_page, size, language):
    page = open_page(size)
    for address in PAGES:
        page.goto(f"{live_server.url}{language}{address}")
        assert axe_violations(page) == [], address
        if size == "phone":
            page.locator(".site-menu__toggle").click()
            assert axe_violations(page) == [], f"{address}, the menu open"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["", "/sk"])
def test_a_signed_in_home_page_has_no_violation(live_server, signed_in, open_page, learner, size, language):
    PlayerRatingFactory(user=learner, rating=1550.0)
    page = open_page(size)
    signed_in(page, learner)
    page.goto(f"{live_server.url}{language}/")
    expect(page.locator(".next-steps")).to_be_visible()
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["", "/sk"])
def test_every_other_kind_of_page_has_no_violation(
    live_server, signed_in, open_page, learner, teacher, curator, language
):
    """The pages the other browser tests do not judge: the course's map and a lesson, the rules, the lobby
    and the import of a game, the themes, the dashboard, the profile, a student's and a teacher's classes,
    a class with its table, the form of an assignment, and the curators' queue."""
    from django.core.management import call_command

    from course.models import Lesson
    from testing.factories import AssignmentFactory, AttemptFactory, MembershipFactory, SchoolClassFactory

    call_command("loaddata", "fixtures/course.json", verbosity=0)
    lesson = Lesson.objects.order_by("order").first()
    school_class = SchoolClassFactory(teacher=teacher)
    MembershipFactory(school_class=school_class, student=learner)
    AssignmentFactory(school_class=school_class, lesson=lesson)
    AttemptFactory(user=learner, solved=False, rating_after=1480.0)
    visits = {
        None: ["/learn/", f"/learn/{lesson.slug}/", "/rules/", "/play/", "/play/import/", "/train/themes/"],
        learner: ["/train/dashboard/", "/accounts/profile/", "/classes/"],
        teacher: [
            "/classes/",
            f"/classes/{school_class.pk}/",
            f"/classes/{school_class.pk}/assignments/new/",
        ],
        curator: ["/curate/reports/"],
    }
    faults = {}
    for user, addresses in visits.items():
        page = open_page("desktop")
        if user is not None:
            signed_in(page, user)
        for address in addresses:
            response = page.goto(f"{live_server.url}{language}{address}")
            assert response is not None and response.status == 200, address
            faults[f"{user or 'visitor'} {address}"] = axe_violations(page)
    assert faults == dict.fromkeys(faults, [])
