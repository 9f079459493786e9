from datetime import UTC, datetime
from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import timezone
from freezegun import freeze_time

from course.models import TaskProgress
from reviews.models import Review
from testing.factories import (
    AssignmentFactory,
    LessonFactory,
    MembershipFactory,
    PlayerRatingFactory,
    PuzzleFactory,
    SchoolClassFactory,
    TaskFactory,
)
from testing.review_cards import HEAVY, LIGHT, cards

# The home page reads the course's outline (kept in the cache once read) to lead into it.
pytestmark = pytest.mark.django_db

T = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

# The start position of RULES.md R1.3, square by square, as the board must label it.
BACK_RANK = ["der", "feres", "fil", None, None, "fil", "feres", "der"]
EXPECTED = {}
for file, name in zip("abcdefgh", BACK_RANK, strict=True):
    EXPECTED[f"{file}2"] = "White medeq"
    EXPECTED[f"{file}7"] = "Black medeq"
    if name:
        EXPECTED[f"{file}1"] = f"White {name}"
        EXPECTED[f"{file}8"] = f"Black {name}"
EXPECTED.update({"d1": "White fers", "e1": "White negus", "d8": "Black negus", "e8": "Black fers"})


class BoardParser(HTMLParser):
    """Collects each square's label and the label of the piece drawn in it."""

    def __init__(self):
        super().__init__()
        self.squares = {}
        self.pieces = {}
        self.shades = {}
        self.scripts = []
        self._square = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-square" in attrs:
            self._square = attrs["data-square"]
            self.squares[self._square] = attrs["aria-label"]
            self.shades[self._square] = "light" if "board__square--light" in attrs["class"] else "dark"
        elif tag == "svg" and self._square:
            self.pieces[self._square] = attrs["aria-label"]
        elif tag == "script":
            self.scripts.append(attrs.get("src"))

    def handle_endtag(self, tag):
        if tag == "div":
            self._square = None


def parse(response):
    parser = BoardParser()
    parser.feed(response.content.decode())
    return parser


def test_it_works(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Senterej" in response.content


def test_it_draws_64_squares(client):
    board = parse(client.get("/"))
    assert sorted(board.squares) == sorted(f + r for f in "abcdefgh" for r in "12345678")


def test_it_draws_the_start_position(client):
    board = parse(client.get("/"))
    assert board.pieces == EXPECTED
    assert board.squares["e1"] == "e1, White negus"
    assert board.squares["d8"] == "d8, Black negus"
    assert board.squares["d1"] == "d1, White fers"
    assert board.squares["e8"] == "e8, Black fers"
    assert board.squares["e4"] == "e4, empty"


def test_rank_8_is_drawn_first(client):
    board = parse(client.get("/"))
    names = list(board.squares)
    assert names[:8] == [f + "8" for f in "abcdefgh"]
    assert names[-8:] == [f + "1" for f in "abcdefgh"]


def test_a1_is_a_dark_square(client):
    board = parse(client.get("/"))
    assert (board.shades["a1"], board.shades["b1"], board.shades["h1"], board.shades["h8"]) == (
        "dark",
        "light",
        "light",
        "dark",
    )
    assert list(board.shades.values()).count("light") == 32


def test_it_serves_htmx_from_the_site(client):
    board = parse(client.get("/"))
    assert "/static/django_htmx/htmx-2.min.js" in board.scripts
    assert all(src is None or src.startswith("/static/") for src in board.scripts)
    assert finders.find("django_htmx/htmx-2.min.js")


def test_it_speaks_the_requested_language(client):
    assert b'<html lang="en">' in client.get("/").content
    slovak = client.get("/", headers={"accept-language": "sk"}, follow=True)
    assert slovak.redirect_chain == [("/sk/", 302)]
    assert b'<html lang="sk">' in slovak.content


def test_it_refuses_post(client):
    assert client.post("/").status_code == 405


# The front door: the site's menu, a way in to each room, and for a signed-in person what is next.


@pytest.fixture
def course():
    """Two lessons: two questions in the first, one in the second."""
    first = LessonFactory(slug="setup", order=1, title="The setup")
    second = LessonFactory(slug="der", order=2, title="The der")
    return [
        TaskFactory(lesson=first, order=1, title="White's negus"),
        TaskFactory(lesson=first, order=2, title="Black's negus"),
        TaskFactory(lesson=second, order=1, title="Along the lines"),
    ]


def main(page: str) -> str:
    return page[page.index("<main") : page.index("</main>")]


def site_nav(page: str) -> str:
    return page[page.index('<nav class="site-nav"') : page.index("</nav>")]


def test_the_site_menu_is_on_the_home_page(client):
    nav = site_nav(client.get("/").text)
    for name, address in [
        ("Learn", "/learn/"),
        ("Train", "/train/"),
        ("Play", "/play/"),
        ("Rules", "/rules/"),
        ("Log in", "/accounts/login/?next=/"),
        ("Sign up", "/accounts/signup/?next=/"),
    ]:
        assert f'<a href="{address}">{name}</a>' in nav, name
    assert "Log out" not in nav and "Profile" not in nav


def test_a_newcomer_finds_a_way_into_each_room(client, course):
    page = main(client.get("/").text)
    assert '<a class="button" href="/learn/setup/">Start the course</a>' in page
    assert '<a class="button button--quiet" href="/train/">Train with puzzles</a>' in page
    assert '<a class="button button--quiet" href="/play/">Play a game</a>' in page
    assert '<a href="/rules/">Read the rules</a>' in page
    assert '<a href="/accounts/signup/?next=%2F">Sign up</a>' in page
    assert '<a href="/accounts/login/?next=%2F">log in</a>' in page
    # The Learn and Train cards lead on too.
    assert page.count('href="/learn/setup/"') == 2 and page.count('href="/train/"') == 2
    assert "Your next steps" not in page


def answer(client, task) -> None:
    client.post(reverse("course:task_answer", args=[task.lesson.slug, task.order]), {"option": task.answer})


def test_a_visitor_who_has_started_continues_at_the_next_task(client, course):
    answer(client, course[0])
    page = main(client.get("/").text)
    assert '<a class="button" href="/learn/setup/2/">Continue the course</a>' in page
    assert "Next in the course: <strong>Black&#x27;s negus</strong> (The setup)" in page


def test_signed_in_the_home_page_says_what_is_next(learner_client, learner, course):
    answer(learner_client, course[0])
    answer(learner_client, course[1])
    PlayerRatingFactory(user=learner, rating=1623.4, rating_deviation=80.0)
    page = learner_client.get("/").text
    steps = main(page)
    assert "Your next steps" in steps
    assert "Next in the course: <strong>Along the lines</strong> (The der)" in steps
    assert '<a class="button" href="/learn/der/1/">Continue the course</a>' in steps
    assert "Your puzzle rating: 1623" in steps and "provisional" not in steps
    assert f'href="{reverse("trainer:dashboard")}"' in steps
    assert "Log out" in site_nav(page) and "Log in" not in site_nav(page)
    assert "assignment" not in steps  # in no class


def test_a_new_account_starts_the_course_and_is_told_how_a_rating_comes(learner_client, course):
    steps = main(learner_client.get("/").text)
    assert "The course starts with the board and its men, one task at a time." in steps
    assert '<a class="button" href="/learn/setup/">Start the course</a>' in steps
    assert "Your first puzzle gives you a puzzle rating." in steps


def test_a_task_tried_without_a_star_has_not_started_the_course(learner_client, learner, course):
    TaskProgress.objects.create(user=learner, task=course[0], best_stars=0, attempts=3)
    TaskProgress.objects.create(user=learner, task=course[2], best_stars=2, attempts=1)
    steps = main(learner_client.get("/").text)
    assert '<a class="button" href="/learn/setup/1/">Continue the course</a>' in steps
    TaskProgress.objects.filter(best_stars__gt=0).delete()
    assert '<a class="button" href="/learn/setup/">Start the course</a>' in main(learner_client.get("/").text)


def test_a_rating_of_few_puzzles_is_called_provisional(learner_client, learner):
    PlayerRatingFactory(user=learner, rating=1480.0, rating_deviation=290.0)
    steps = main(learner_client.get("/").text)
    assert "Your puzzle rating: 1480" in steps
    assert "(provisional until you have solved a few more puzzles)" in steps


def test_a_finished_course_is_said_so(learner_client, course):
    for task in course:
        answer(learner_client, task)
    steps = main(learner_client.get("/").text)
    assert "You have finished the course: every task has its star." in steps
    assert '<a class="button" href="/learn/">Go over the course</a>' in steps


def test_a_student_is_told_what_their_classes_ask(learner_client, learner, course):
    school_class = SchoolClassFactory()
    MembershipFactory(school_class=school_class, student=learner)
    AssignmentFactory(school_class=school_class, lesson=course[0].lesson)
    page = main(learner_client.get("/").text)
    assert "One assignment is waiting in your classes." in page
    assert '<a class="button button--quiet" href="#classes-home">Your classes</a>' in page
    assert 'id="classes-home-title"' in page


def test_a_visitor_s_home_page_reads_nothing(client, course, django_assert_num_queries):
    client.get("/")  # the course's outline, read once and kept
    with django_assert_num_queries(0):
        assert client.get("/").status_code == 200


def test_a_signed_in_home_page_reads_three_rows_beyond_who_is_asking(
    learner_client, learner, course, django_assert_num_queries
):
    learner_client.get("/")
    # The session and the user, as on every signed-in page; then the course progress, the rating and
    # classes together, and the reviews' figures.
    with django_assert_num_queries(5):
        assert learner_client.get("/").status_code == 200
    # With cards of both kinds, the same: the figures count only the items that still stand, in one query.
    due = timezone.now()
    Review.objects.create(user=learner, kind="puzzle", item=PuzzleFactory().pk, due=due)
    Review.objects.create(user=learner, kind="task", item=course[0].pk, due=due)
    Review.objects.create(user=learner, kind="puzzle", item=PuzzleFactory().pk, due=due)
    with django_assert_num_queries(5):
        assert "3 reviews are due." in learner_client.get("/").content.decode()


def test_r7_4_the_home_page_says_the_count_as_the_rules_do(client):
    english = main(client.get("/").text)
    assert (
        "once a side is down to one piece, each move of that piece is counted: when it makes its seventh "
        "without giving mate, the game is drawn, so the other side must mate before then."
        in " ".join(english.split())
    )
    slovak = " ".join(main(client.get("/sk/").text).split())
    assert "ak ňou urobí siedmy ťah a nedá ním mat, partia sa končí remízou" in slovak


def test_the_slovak_home_page_names_the_men_as_the_site_does(client):
    slovak = main(client.get("/sk/").text)
    for name, chess in [("Negus", "kráľ"), ("Der", "veža"), ("Feres", "jazdec"), ("Medeq", "pešiak")]:
        assert f'{name} <span class="man__aka">{chess}</span>' in slovak
    assert "kôň" not in slovak
    assert "negus Bieleho na e1 a jeho fers na d1, negus Čierneho na d8" in " ".join(slovak.split())


@pytest.mark.parametrize("count", [LIGHT, HEAVY])
def test_the_home_page_reads_as_much_for_3_review_cards_as_for_2000(
    client, learner, course, count, django_assert_num_queries
):
    with freeze_time(T):
        cards(learner, T, count)
        client.force_login(learner)
        client.get("/")
        with django_assert_num_queries(5):
            page = client.get("/").content.decode()
        assert ("500 reviews are due." if count == HEAVY else "One review is due.") in page
