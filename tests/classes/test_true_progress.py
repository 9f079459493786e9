"""The numbers a teacher reads, checked against the students' real tries made through the trainer's and the
course's own pages: a puzzle solved after its solution was seen, or with a hint, is shown as such and does not
count; a puzzle the curators disabled is flagged and left out; and each task or puzzle shows who solved it at
the first try, each student's first wrong move (drawn on the board), their time and their hints."""

import html
import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.urls import reverse

from classes import results, selectors, services
from classes.models import Assignment
from testing.factories import LADDER, PuzzleFactory
from trainer.models import HELP_LASTS, Attempt

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def offered(page: str) -> dict:
    return {
        name: html.unescape(re.search(rf'name="{name}" value="([^"]*)"', page)[1])
        for name in ("token", "ply", "shown")
    }


class Solver:
    """A student at the trainer's own pages."""

    def __init__(self, client, puzzle):
        self.client, self.puzzle = client, puzzle
        self.state = offered(self.client.get(reverse("trainer:puzzle", args=[puzzle.pk])).content.decode())

    def post(self, name: str, **data):
        return self.client.post(
            reverse(f"trainer:{name}", args=[self.puzzle.pk]), {**self.state, **data}, **HTMX
        )

    def move(self, text: str, ply: int = 0):
        return self.post("move", move=text, ply=ply)

    def solve(self):
        self.move("h1d1")
        self.move("d1d8", ply=2)

    def again(self):
        self.client.post(reverse("trainer:again", args=[self.puzzle.pk]), **HTMX)
        page = self.client.get(reverse("trainer:puzzle", args=[self.puzzle.pk])).content.decode()
        self.state = offered(page)


def a_day_ago(assignment) -> None:
    """As if the set and every try at it were made a day and a bit ago."""
    back = HELP_LASTS + timedelta(hours=1)
    Assignment.objects.filter(pk=assignment.pk).update(created=F("created") - back - back)
    Attempt.objects.update(created=F("created") - back)
    assignment.refresh_from_db()


def table_cell(page: str, student: str) -> str:
    row = re.search(rf"{student}</a>.*?</tr>", page, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row))


@pytest.fixture
def three(school_class):
    puzzles = [PuzzleFactory(line=LADDER) for _ in range(3)]
    return puzzles, services.create_assignment(school_class=school_class, kind="puzzles", puzzles=puzzles)


def test_a_solution_seen_then_replayed_is_shown_as_such_and_not_counted(
    school_class, almaz, selam, three, make
):
    """The issue's figure: view the solution, try again, replay it read "1/3 · 50 %"."""
    (first, _second, _third), assignment = three
    solver = Solver(make.logged_in(selam), first)
    solver.post("solution")
    solver.again()
    solver.solve()

    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.total, cell.attempts, cell.success_rate, cell.helped) == (0, 3, 2, 0, 1)
    teacher = make.logged_in(almaz)
    table = teacher.get(reverse("classes:class", args=[school_class.pk])).content.decode()
    assert "0/3 · 0 % · 1 only with help" in table_cell(table, "Selam Tesfaye")
    page = make.logged_in(selam).get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    assert "solved with help (a hint or the solution, in that try or in the day before it)" in page
    assert "0 of 3 solved" in page and "1 solved only with a hint or the solution, not counted" in page

    answer = teacher.get(reverse("classes:assignment_results", args=[school_class.pk, assignment.pk]))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", answer.content.decode()))
    assert "Selam Tesfaye 2 solved only with help – " in text  # two tries, no wrong move: the solution
    assert re.search(r"Selam Tesfaye 2 solved only with help – \d+ s 0 yes", text)

    solver.again()  # replayed again at once: still what was just shown
    solver.solve()
    assert selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)].done == 0
    a_day_ago(assignment)
    solver.again()  # found again a day later: now it counts
    solver.solve()
    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.helped, cell.attempts, cell.solved_attempts) == (1, 0, 4, 1)


def test_a_second_try_with_a_hint_and_its_replay_are_not_counted_but_one_alone_a_day_later_is(
    school_class, selam, three, make
):
    (first, _second, _third), assignment = three
    solver = Solver(make.logged_in(selam), first)
    solver.move("h1g1")  # wrong: the first try is a rated miss
    solver.again()
    solver.post("hint", ply=0)
    solver.solve()
    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.helped) == (0, 1)
    solver.again()  # the line the hint showed, replayed at once: not found alone
    solver.solve()
    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.helped, cell.attempts, cell.solved_attempts) == (0, 1, 3, 0)
    a_day_ago(assignment)
    solver.again()
    solver.solve()
    cell = selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)]
    assert (cell.done, cell.helped, cell.attempts, cell.solved_attempts) == (1, 0, 4, 1)


def test_a_disabled_puzzle_is_flagged_to_the_teacher_and_left_out(school_class, almaz, selam, three, make):
    (first, second, third), assignment = three
    Solver(make.logged_in(selam), first).solve()
    second.active = False
    second.save()
    cell = selectors.cells(selectors.with_items(school_class.assignments.all()), [selam.pk])[
        (assignment.pk, selam.pk)
    ]
    assert (cell.done, cell.total, cell.next_puzzle_id) == (1, 2, third.pk)
    flag = f"Puzzle {second.pk} was disabled by the curators: it is left out of this set."
    teacher = make.logged_in(almaz)
    assert flag in teacher.get(reverse("classes:class", args=[school_class.pk])).content.decode()
    answer = teacher.get(reverse("classes:assignment_results", args=[school_class.pk, assignment.pk]))
    assert flag in answer.content.decode() and f"Puzzle {second.pk}<" not in answer.content.decode()
    student = make.logged_in(selam)
    page = student.get(reverse("classes:assignment", args=[assignment.pk])).content.decode()
    assert f"/train/{second.pk}/" not in page and f"/train/{third.pk}/" in page  # no link to a 404
    assert "1 of 2 solved" in page
    Solver(student, third).solve()
    assert selectors.cells([assignment], [selam.pk])[(assignment.pk, selam.pk)].status == "done"


def test_a_puzzle_disabled_after_a_student_solved_it_stays_solved_for_them(
    school_class, selam, dawit, three, make
):
    (first, _second, _third), assignment = three
    Solver(make.logged_in(selam), first).solve()
    first.active = False
    first.save()
    grid = selectors.cells(selectors.with_items(school_class.assignments.all()), [selam.pk, dawit.pk])
    assert (grid[(assignment.pk, selam.pk)].done, grid[(assignment.pk, selam.pk)].total) == (1, 3)
    assert (grid[(assignment.pk, dawit.pk)].done, grid[(assignment.pk, dawit.pk)].total) == (0, 2)


def test_a_theme_set_whose_band_lost_puzzles_counts_what_is_left_and_says_so(
    school_class, almaz, selam, dawit, make
):
    puzzles = [make.puzzle(rating=1000.0 + 10 * i, themes="fork") for i in range(3)]
    assignment = services.create_assignment(
        school_class=school_class, kind="theme", theme="fork", puzzle_count=3, rating_min=900, rating_max=1100
    )
    make.attempt(selam, puzzles[0], solved=True, when=assignment.created + timedelta(seconds=1))
    for gone in puzzles[:2]:
        gone.active = False
        gone.save()
        gone.sync_themes()
    assert selectors.set_size(assignment) == 1
    page = make.logged_in(almaz).get(reverse("classes:class", args=[school_class.pk])).content.decode()
    assert "Only 1 puzzle of this theme is left in the band: it is the whole set now." in page
    # Selam's solve of a puzzle disabled since stays hers: her set is it and the one left; Dawit's is one.
    grid = selectors.cells([assignment], [selam.pk, dawit.pk])
    assert (grid[(assignment.pk, selam.pk)].done, grid[(assignment.pk, selam.pk)].total) == (1, 2)
    assert (grid[(assignment.pk, dawit.pk)].done, grid[(assignment.pk, dawit.pk)].total) == (0, 1)


def test_the_results_show_first_tries_first_wrong_moves_on_the_board_and_times(
    school_class, almaz, selam, dawit, three, make
):
    """Two students, one wrong move each on the same puzzle: Selam's Rg1 on the first move, Dawit's Rd7 on
    the second (the line is Rd1 Nf3 Rd8#); a third student, Hana, is not in the class and never shown."""
    (first, second, _third), assignment = three
    selam_at = Solver(make.logged_in(selam), first)
    selam_at.move("h1g1")
    selam_at.again()
    selam_at.solve()
    dawit_at = Solver(make.logged_in(dawit), first)
    dawit_at.move("h1d1")
    dawit_at.move("d1d7", ply=2)
    Solver(make.logged_in(dawit), second).solve()

    [one, two, _three] = results.results(assignment, selectors.students_of(school_class))
    assert one.first_try_names == [] and two.first_try_names == ["Dawit Haile"]
    answers = {answer.student.username: answer for answer in one.answers}
    assert (answers["selam"].tries, answers["selam"].solved, answers["selam"].first_try) == (2, True, False)
    assert (answers["dawit"].tries, answers["dawit"].solved) == (1, False)
    # The board shows the position most wrong moves were played in; with one each, the first played there:
    # the start, with Selam's h1-g1 (squares 7 and 6).
    assert one.board is not None and one.board.arrows == ((7, 6, 1),)
    assert one.board.position.fen() == first.fen

    page = (
        make.logged_in(almaz)
        .get(reverse("classes:assignment_results", args=[school_class.pk, assignment.pk]))
        .content.decode()
    )
    assert page.count('<svg class="board__arrows"') == 1  # only the first puzzle has wrong moves
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Solved at the first try: nobody yet" in text and "Solved at the first try: Dawit Haile" in text
    # Each move is said in words (for a screen reader) beside its image and square.
    assert "First wrong moves: der to g1 g1 ×1 Selam Tesfaye der to d7 d7 ×1 Dawit Haile" in text
    assert re.search(r"Selam Tesfaye 2 solved der to g1 g1 \d+ s 0 no", text)
    assert re.search(r"Dawit Haile 1 not solved der to d7 d7 \d+ s 0 no", text)

    student_page = make.logged_in(almaz).get(reverse("classes:student", args=[school_class.pk, selam.pk]))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", student_page.content.decode()))
    assert re.search(rf"Solution seen Puzzle {first.pk} 2 solved der to g1 g1 \d+ s 0 no Puzzle", text)
    assert student_page.content.decode().count('<svg class="board__arrows"') == 1


def test_a_task_assignment_shows_first_tries_and_wrong_options(
    school_class, almaz, selam, dawit, lesson, make
):
    make.assign_lesson(school_class, lesson)
    first = lesson.tasks.get(order=1)  # a question answered by its second option ("e1")
    url = reverse("course:task_answer", args=[lesson.slug, first.order])
    make.logged_in(selam).post(url, {"option": "1"})
    dawit_client = make.logged_in(dawit)
    dawit_client.post(url, {"option": "0"})
    dawit_client.post(reverse("course:task_retry", args=[lesson.slug, first.order]))
    dawit_client.post(url, {"option": "1"})
    assignment = school_class.assignments.get()
    page = (
        make.logged_in(almaz)
        .get(reverse("classes:assignment_results", args=[school_class.pk, assignment.pk]))
        .content.decode()
    )
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Solved at the first try: Selam Tesfaye" in text
    assert "First wrong moves: d1 ×1 Dawit Haile" in text
    assert re.search(r"Dawit Haile 2 solved d1 \d+ s 0 ", text)


def test_a_task_solved_before_tries_were_kept_shows_as_solved(school_class, almaz, selam, lesson, make):
    make.assign_lesson(school_class, lesson)
    make.stars(selam, lesson.tasks.get(order=2), 3)  # recorded once, with no try kept
    [_first, second] = results.results(school_class.assignments.get(), [selam])
    answer = second.answers[0]
    assert (answer.tries, answer.solved, answer.first_try, answer.first_wrong) == (1, True, False, "")


@pytest.mark.parametrize("assignment_id", ["0", "99999999999", "-1"])
def test_results_of_an_unknown_or_foreign_assignment_are_not_found(
    school_class, other_class, almaz, bekele, selam, make, assignment_id
):
    foreign = services.create_assignment(school_class=other_class, kind="theme", theme="fork", puzzle_count=1)
    teacher = make.logged_in(almaz)
    for class_id, number in (
        (school_class.pk, assignment_id),
        (school_class.pk, foreign.pk),
        (other_class.pk, foreign.pk),
    ):
        assert teacher.get(f"/classes/{class_id}/assignments/{number}/").status_code == 404
    assert (
        make.logged_in(selam).get(f"/classes/{other_class.pk}/assignments/{foreign.pk}/").status_code == 404
    )
    assert (
        make.logged_in(bekele).get(f"/classes/{other_class.pk}/assignments/{foreign.pk}/").status_code == 200
    )
