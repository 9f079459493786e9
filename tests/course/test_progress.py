"""The course pages and progress: moves checked on the server, stars, retries, the session moved to the
account on sign-up or log-in, and tampered ids."""

import pytest
from django.test import Client
from django.urls import reverse

from course.models import TaskProgress
from testing.factories import PASSWORD
from testing.page_text import heard, seen

pytestmark = pytest.mark.django_db


def url(name, number=1, slug="der"):
    return reverse(f"course:{name}", args=[slug, number])


def test_the_map_and_the_lesson_show_the_course(client, lesson):
    page = client.get(reverse("course:map")).content.decode()
    assert "The der" in page and "0 of 3 tasks" in page
    page = client.get(reverse("course:lesson", args=["der"])).content.decode()
    assert "It slides." in page and "Far." in page and "Two stars" in page


def test_r2_2_a_task_is_solved_on_the_server_with_stars(client, lesson):
    assert client.get(url("task")).status_code == 200
    assert client.post(url("task_move"), {"move": "a1a5"}).status_code == 302
    page = client.get(url("task")).content.decode()
    assert "Solved!" not in page
    client.post(url("task_move"), {"move": "Ra5e5"})
    page = client.get(url("task")).content.decode()
    assert "Solved!" in page and "The der slides." in page and "★★★" in page
    assert "1 of 3 tasks" in client.get(reverse("course:map")).content.decode()


def test_an_illegal_move_is_explained_and_costs_a_star(client, lesson):
    response = client.post(url("task_move"), {"move": "a1b2"})
    assert response.status_code == 400
    assert "A der cannot move from a1 to b2." in response.content.decode()
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    assert "★★☆" in client.get(url("task")).content.decode()


def test_a_move_after_the_task_is_solved_is_refused_until_a_retry(client, lesson):
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    assert client.post(url("task_move"), {"move": "e5e6"}).status_code == 409
    client.post(url("task_retry"))
    assert client.post(url("task_move"), {"move": "a1a5"}).status_code == 302


def test_r5_3_a_werera_task_shows_the_round_report(client, lesson):
    response = client.post(url("task_move", 3), {"move": "Nxe4"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert response.status_code == 200 and "Solved!" in page
    assert "Round 3: White chose e5, Black chose [feres]xe4." in seen(page)
    assert "Round 3: White chose medeq to e5, Black chose feres takes e4." in heard(page)
    assert "a capture is played first, and alone." in page


def test_a_question_is_answered_once(client, lesson):
    response = client.post(url("task_answer", 2), {"option": 0}, HTTP_HX_REQUEST="true")
    assert "White is quicker in the odd rounds only." in response.content.decode()  # why that option is wrong
    assert client.post(url("task_answer", 2), {"option": 1}).status_code == 409
    client.post(url("task_retry", 2))
    client.post(url("task_answer", 2), {"option": 1})
    assert "Solved!" in client.get(url("task", 2)).content.decode()


@pytest.mark.parametrize(
    "path",
    ["/learn/nothing/", "/learn/der/9/", "/learn/der/0/", "/learn/nothing/1/move/"],
)
def test_tampered_ids_are_not_found(client, lesson, path):
    response = client.post(path, {"move": "a1a5"}) if path.endswith("move/") else client.get(path)
    assert response.status_code == 404


def test_bad_forms_are_refused_and_change_nothing(client, lesson):
    assert client.post(url("task_move"), {}).status_code == 400
    assert client.post(url("task_answer", 2), {"option": 7}).status_code == 400
    assert client.post(url("task_answer", 1), {"option": 0}).status_code == 400
    assert client.post(url("task_move", 2), {"move": "a1a5"}).status_code == 400
    assert "0 of 3 tasks" in client.get(reverse("course:map")).content.decode()


def test_progress_moves_to_the_account_on_sign_up(client, lesson):
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    response = client.post(
        reverse("signup"), {"username": "almaz", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    row = TaskProgress.objects.get(user__username="almaz")
    assert (row.best_stars, row.attempts, row.completed_at is not None) == (3, 1, True)
    assert "1 of 3 tasks" in client.get(reverse("course:map")).content.decode()


def test_progress_moves_on_log_in_keeping_the_best(lesson, second_learner):
    user = second_learner
    task = lesson.tasks.get(order=1)
    TaskProgress.objects.create(user=user, task=task, best_stars=1, attempts=4)
    client = Client()
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    client.post(reverse("login"), {"username": user.username, "password": PASSWORD})
    row = TaskProgress.objects.get(user=user, task=task)
    assert (row.best_stars, row.attempts) == (3, 5)
    client.post(reverse("logout"))
    assert "0 of 3 tasks" in client.get(reverse("course:map")).content.decode()  # the session was emptied


def test_signed_in_progress_is_stored_per_task(learner_client, learner, lesson):
    user = learner
    learner_client.post(url("task_answer", 2), {"option": 1})
    row = TaskProgress.objects.get(user=user)
    assert (row.task.order, row.best_stars, row.attempts) == (2, 3, 1)


def test_continue_resumes_at_the_first_unfinished_task(client, lesson):
    client.post(url("task_move"), {"move": "a1a5"})
    client.post(url("task_move"), {"move": "a5e5"})
    assert client.get(reverse("course:continue")).url == url("task", 2)
