"""Move-level results of an assignment, read from the students' own tries (trainer.Attempt for puzzles,
course.TaskTry for tasks): for each task or puzzle, who solved it at the first try, each student's first wrong
move, their time, hints and solutions seen, and the class's most frequent wrong moves, drawn on the board.

A puzzle's tries count from the day the set was assigned, as its progress does; a task's tries are all the
student's, as its stars are. "At the first try" means the first try was solved alone: without a mistake, a
hint or the solution."""

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from html import escape

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classes import chosen_order, puzzle_answers
from classes.models import Assignment
from classes.name_order import Named, full_name
from classes.selectors import SetPool, column_of, pool, set_attempts, tasks_of
from classes.table_columns import Column
from course.models import Task, TaskProgress, TaskTry
from senterej.board.san_markup import move_html, sentence, waiting_html
from senterej.board.view import BoardView
from senterej.engine import Position
from senterej.engine.notation import IllegalMoveError, parse_coordinate, san
from senterej.engine.position import WAIT, move_from, move_to
from trainer.models import Puzzle

#: A theme set's results show at most this many of the puzzles its students tried, the most tried first.
THEME_PUZZLES_SHOWN = 30
#: The board draws at most this many of the class's wrong moves in its position.
ARROWS_DRAWN = 5


@dataclass(slots=True)
class Answer:
    """One student's work on one task or puzzle (with slots: a results page makes one for each student and
    item)."""

    student: Named
    name: str  # as the page names the student (`_names`)
    tries: int = 0
    first_try: bool = False  # the first try was solved alone
    solved: bool = False  # solved alone at some try
    helped: bool = False  # solved only with a hint or after seeing the solution
    first_wrong: str = ""  # the first wrong move as drawn (`_said`), or a question's wrong option
    seconds: int = 0
    hints: int = 0  # tries with a hint
    solution_seen: bool = False


def listed(names: list[str]) -> SafeString:
    """Names one after another, each escaped, as the template's `join` filter writes them, in one pass."""
    return mark_safe(", ".join([escape(name) for name in names]))  # made of escaped names only


@dataclass
class WrongMove:
    words: str  # the move as drawn (`_said`), or a question's wrong option
    count: int
    names: list[str]

    @property
    def names_listed(self) -> SafeString:
        return listed(self.names)


@dataclass
class ItemResult:
    """A task or a puzzle of the assignment, with each student's answer and the class's wrong moves: those
    played in the position most wrong moves were played in are drawn on its board."""

    title: str
    url: str
    answers: list[Answer]
    wrong_moves: list[WrongMove] = field(default_factory=list)
    board: BoardView | None = None
    is_task: bool = False

    @cached_property
    def first_try_names(self) -> list[str]:
        return [answer.name for answer in self.answers if answer.first_try]

    @property
    def first_try_listed(self) -> SafeString:
        return listed(self.first_try_names)

    @cached_property
    def tried(self) -> int:
        """How many students tried it (the page asks three times an item)."""
        return sum(1 for answer in self.answers if answer.tries)


def display_name(student: Named) -> str:
    return full_name(student) or student.username


def _names(students: Sequence[Named]) -> dict[int, str]:
    """Each student as the results name them: by full name, with the username beside a name that two
    students of the class share (two Šimon Kováč, simon.kovac and simon.kovac2)."""
    counts = Counter(display_name(student) for student in students)
    return {
        student.pk: display_name(student)
        if counts[display_name(student)] == 1
        else f"{display_name(student)} ({student.username})"
        for student in students
    }


def _said(position: Position, text: str, side: int) -> SafeString:
    """A wrong move as the pages draw it (SAN with the men's images), or as it was typed and said to be
    illegal when it was refused."""
    try:
        move = parse_coordinate(text)
    except (IllegalMoveError, ValueError):
        move = None
    if move == WAIT:
        return waiting_html()
    if move is None or move not in position.legal_moves(side):
        return sentence(_("%(move)s (illegal)"), move=text)
    return move_html(san(position, move, side), side)


def _drawn(position: Position, orientation: int, moves: Counter[str]) -> BoardView:
    arrows = []
    for text, count in moves.most_common(ARROWS_DRAWN):
        try:
            move = parse_coordinate(text)
        except ValueError:
            continue
        if move_from(move) != move_to(move):
            arrows.append((move_from(move), move_to(move), count))
    return BoardView(position, orientation=orientation, arrows=tuple(arrows))


def _wrong_moves(
    played: dict[tuple[str, str], list[str]], words: dict[tuple[str, str], str]
) -> tuple[list[WrongMove], str | None, Counter[str]]:
    """The wrong moves, the most played first; the place most were played at, and its moves by count."""
    by_place: Counter[str] = Counter()
    for (place, _text), names in played.items():
        by_place[place] += len(names)
    listed = sorted(played.items(), key=lambda item: (-len(item[1]), item[0]))
    moves = [WrongMove(words[key], len(names), names) for key, names in listed]
    if not by_place:
        return moves, None, Counter()
    place = by_place.most_common(1)[0][0]
    return moves, place, Counter({text: len(names) for (at, text), names in played.items() if at == place})


def _puzzle_results(
    column: Column, students: Sequence[Named], chosen: dict[int, Puzzle] | None
) -> list[ItemResult]:
    """The set's puzzles with the students' answers: the chosen ones a student can still open (`chosen`,
    in the teacher's order), or a theme set's most tried."""
    assignment = column.assignment
    ids = [student.pk for student in students]
    if chosen is not None:
        puzzles = chosen
        wanted = list(puzzles)
    else:
        # The most tried first; of those tried as often, the one tried first first.
        tries = Counter(
            set_attempts(column, ids).order_by("created", "id").values_list("puzzle_id", flat=True)
        )
        wanted = [pk for pk, _count in tries.most_common(THEME_PUZZLES_SHOWN)]
        puzzles = Puzzle.objects.in_bulk(wanted)
    lines = {pk: puzzles[pk].line for pk in wanted}
    tried = puzzle_answers.answers(
        {pk: len(line.moves) for pk, line in lines.items()}, ids, assignment.created
    )
    names = _names(students)
    results = []
    for pk in wanted:
        line = lines[pk]
        answers = {student.pk: Answer(student, names[student.pk]) for student in students}
        firsts = []
        for student in students:
            one = tried.get((student.pk, pk))
            if one is None:
                continue
            answer = answers[student.pk]
            answer.tries, answer.first_try, answer.solved = one.tries, one.first_try, one.solved
            answer.helped = one.solved_any and not one.solved
            answer.seconds, answer.hints, answer.solution_seen = one.seconds, one.hints, one.solution_seen
            if one.wrong is not None and one.wrong_at is not None:
                firsts.append((one.wrong_at, answer, one.wrong))
        played: dict[tuple[str, str], list[str]] = defaultdict(list)
        words: dict[tuple[str, str], str] = {}
        # The first wrong moves in the order they were played, as the board and the list count them.
        for _at, answer, (ply, wrong) in sorted(firsts, key=lambda first: first[0]):
            key = (str(ply), wrong)
            if key not in words:
                position = line.at(ply)
                words[key] = _said(position, wrong, line.side_at(position))
            answer.first_wrong = words[key]
            played[key].append(answer.name)
        moves, place, drawn = _wrong_moves(played, words)
        board = _drawn(line.at(int(place)), line.solver, drawn) if place is not None else None
        results.append(
            ItemResult(
                _("Puzzle %(number)d") % {"number": pk},
                reverse("trainer:puzzle", args=[pk]),
                list(answers.values()),
                moves,
                board,
            )
        )
    return results


#: What the results read of each task try.
TASK_TRY_FIELDS = (
    "user_id",
    "task_id",
    "solved",
    "mistakes",
    "hinted",
    "seconds",
    "wrong_option",
    "wrong_move",
    "wrong_fen",
)


@dataclass(frozen=True)
class _TaskTry:
    """A task try as the results read it (TASK_TRY_FIELDS)."""

    user_id: int
    solved: bool
    mistakes: int
    hinted: bool
    seconds: int
    wrong_option: int | None
    wrong_move: str
    wrong_fen: str


def _task_results(tasks: Sequence[Task], students: Sequence[Named]) -> list[ItemResult]:
    """Each task's answers from its tries; a student's standing kept from before tries were (TaskProgress:
    solved or not, how many tries) stands where no try says more."""
    ids = [student.pk for student in students]
    task_ids = [task.pk for task in tasks]
    rows = (
        TaskTry.objects.filter(user_id__in=ids, task_id__in=task_ids)
        .order_by("created", "id")
        .values_list(*TASK_TRY_FIELDS)
    )
    by_item: dict[int, list[_TaskTry]] = defaultdict(list)
    for user_id, task_id, *rest in rows:
        by_item[task_id].append(_TaskTry(user_id, *rest))
    standing = {
        (user_id, task_id): (stars, attempts)
        for user_id, task_id, stars, attempts in TaskProgress.objects.filter(
            user_id__in=ids, task_id__in=task_ids
        ).values_list("user_id", "task_id", "best_stars", "attempts")
    }
    names = _names(students)
    results = []
    for task in tasks:
        result = _task_result(task, students, names, by_item[task.pk])
        for answer in result.answers:
            stars, attempts = standing.get((answer.student.pk, task.pk), (0, 0))
            answer.solved = answer.solved or stars > 0
            answer.tries = max(answer.tries, attempts)
        results.append(result)
    return results


def _task_result(
    task: Task, students: Sequence[Named], names: dict[int, str], tries: Iterable[_TaskTry]
) -> ItemResult:
    answers = {student.pk: Answer(student, names[student.pk]) for student in students}
    played: dict[tuple[str, str], list[str]] = defaultdict(list)
    words: dict[tuple[str, str], str] = {}
    options = task.local_options()
    for one in tries:
        answer = answers[one.user_id]
        alone = one.solved and not one.mistakes and not one.hinted
        if not answer.tries:
            answer.first_try = alone
        answer.tries += 1
        answer.solved = answer.solved or one.solved
        answer.seconds += one.seconds
        answer.hints += one.hinted
        if answer.first_wrong:
            continue
        if one.wrong_option is not None and 0 <= one.wrong_option < len(options):
            answer.first_wrong = options[one.wrong_option]
            key = ("", f"option:{one.wrong_option}")
            words[key] = answer.first_wrong
            played[key].append(answer.name)
        elif one.wrong_move:
            key = (one.wrong_fen, one.wrong_move)
            if key not in words:
                words[key] = _task_move_words(one.wrong_fen, one.wrong_move, task.learner)
            answer.first_wrong = words[key]
            played[key].append(answer.name)
    moves, place, drawn = _wrong_moves(played, words)
    board = None
    if place:
        try:
            board = _drawn(Position.from_fen(place), task.learner, drawn)
        except ValueError:
            board = None
    title = f"{task.lesson.order}.{task.order} {task.local_title}"
    url = reverse("course:task", args=[task.lesson.slug, task.order])
    return ItemResult(title, url, list(answers.values()), moves, board, is_task=True)


def _task_move_words(fen: str, text: str, side: int) -> SafeString:
    try:
        position = Position.from_fen(fen)
    except ValueError:
        return sentence(_("%(move)s (illegal)"), move=text)
    return _said(position, text, side)


def results(assignment: Assignment, students: Sequence[Named]) -> list[ItemResult]:
    """Each task or puzzle of the assignment (loaded with its items by `with_items`, or read now) with the
    students' answers, in the assignment's order."""
    if assignment.is_course:
        return _task_results(tasks_of(assignment), students)
    chosen = (
        {puzzle.pk: puzzle for puzzle in chosen_order.chosen(assignment) if puzzle.active}
        if assignment.kind == Assignment.Kind.PUZZLES
        else None
    )
    return _puzzle_results(column_of(assignment), students, chosen)


def column_results(column: Column, students: Sequence[Named]) -> list[ItemResult]:
    """`results` of a column as the progress table reads it (table_columns), its tasks or chosen puzzles
    read whole here, in one query, for what the results draw of them (a task's options, a puzzle's line)."""
    if column.assignment.is_course:
        whole = Task.objects.select_related("lesson").in_bulk([task.pk for task in column.tasks])
        return _task_results([whole[task.pk] for task in column.tasks], students)
    if column.assignment.kind != Assignment.Kind.PUZZLES:
        return _puzzle_results(column, students, None)
    openable = [pk for pk in column.chosen if pk not in column.disabled]
    found = Puzzle.objects.in_bulk(openable)
    return _puzzle_results(column, students, {pk: found[pk] for pk in openable})


def warning(column: Column, set_pool: SetPool | None = None) -> str:
    """What the teacher must know of a puzzle set that the curators have changed since it was made: the
    chosen puzzles disabled (left out of the set), or a theme's band holding fewer puzzles than the set asks
    for (the set counts what is left). Empty when nothing is amiss. A theme set's pool is read unless
    given."""
    assignment = column.assignment
    if assignment.kind == Assignment.Kind.PUZZLES:
        gone = [pk for pk in column.chosen if pk in column.disabled]
        if not gone:
            return ""
        return ngettext(
            "Puzzle %(numbers)s was disabled by the curators: it is left out of this set.",
            "Puzzles %(numbers)s were disabled by the curators: they are left out of this set.",
            len(gone),
        ) % {"numbers": ", ".join(str(pk) for pk in gone)}
    if assignment.kind == Assignment.Kind.THEME:
        left = (set_pool or pool(column)).size
        if left >= assignment.puzzle_count:
            return ""
        if not left:
            return _("No puzzle of this theme is left in the band: the curators have disabled them.")
        return ngettext(
            "Only %(count)d puzzle of this theme is left in the band: it is the whole set now.",
            "Only %(count)d puzzles of this theme are left in the band: they are the whole set now.",
            left,
        ) % {"count": left}
    return ""
