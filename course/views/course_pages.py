"""The course: the map of lessons, a lesson's explanation, and its tasks played on the board. The checker
decides every move on the server; the page only shows where the learner stands."""

from django import forms
from django.contrib.auth.models import User
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST, require_safe

from accounts.requests import HtmxHttpRequest
from course import aim_words, content, resume, services, task_verdicts
from course.checkers import CONTINUE, FAILED, ILLEGAL, PASSING, REFUSED, SOLVED, TaskError, Verdict
from course.models import Task
from play.game_words import round_sentences
from reviews import queue, under_review
from senterej.board import shown_at as shown_stamp
from senterej.board.counters import draw_counters
from senterej.board.explain import illegal_move_message
from senterej.board.sides import Side
from senterej.board.view import STAR, TARGET, BoardView
from senterej.engine import WAIT, Position
from senterej.engine.notation import san
from senterej.engine.squares import SQUARE_OF_NAME
from senterej.engine.werera import RoundReport


class ShownForm(forms.Form):
    """When the task's page was shown (`senterej.board.shown_at`), from which a try counts its time."""

    shown = forms.CharField(max_length=100, required=False)


class MoveForm(ShownForm):
    move = forms.CharField(max_length=20)


class AnswerForm(ShownForm):
    option = forms.IntegerField(min_value=0, max_value=20)


def _task(lesson_slug: str, number: int) -> Task:
    return get_object_or_404(Task.objects.select_related("lesson"), lesson__slug=lesson_slug, order=number)


@require_safe
def course_map(request: HtmxHttpRequest) -> HttpResponse:
    progress = services.progress_of(request.session, request.user)
    figures = {}
    for lesson in content.outline():
        done = [task for task in lesson.tasks if progress.get(task.pk, services.Progress()).stars]
        figures[lesson.pk] = {
            "done": str(len(done)),
            "stars": str(sum(progress[task.pk].stars for task in done)),
            "state": " is-done" if len(done) == len(lesson.tasks) else "",
        }
    context = {
        "lesson_items": content.map_items(figures),
        "next": resume.where(progress).task,
    }
    return render(request, "course/map.html", context)


@require_safe
def continue_course(request: HtmxHttpRequest) -> HttpResponse:
    """Where the learner stopped (`course.resume`): on any device, once signed in."""
    task = resume.where(services.progress_of(request.session, request.user)).task
    if task is None:
        return redirect("course:map")
    return redirect("course:task", lesson=task.lesson_slug, number=task.order)


@require_safe
def lesson_page(request: HtmxHttpRequest, lesson: str) -> HttpResponse:
    text = content.lesson_text(lesson)
    if text is None:
        raise Http404("No such lesson.")
    progress = services.progress_of(request.session, request.user)
    tasks = [(task, progress.get(task.pk, services.Progress())) for task in text.entry.tasks]
    return render(request, "course/lesson.html", {"lesson": text.entry, "text": text.html, "tasks": tasks})


@require_safe
def task_page(request: HtmxHttpRequest, lesson: str, number: int) -> HttpResponse:
    task = content.task(lesson, number)
    if task is None:
        raise Http404("No such task.")
    return _draw(request, task, services.current(request.session, task))


@require_POST
def task_move(request: HtmxHttpRequest, lesson: str, number: int) -> HttpResponse:
    task = _task(lesson, number)
    form = MoveForm(request.POST)
    if not form.is_valid() or task.goal == "question":
        return _draw(request, task, services.current(request.session, task), status=400)
    try:
        verdict = services.play(
            session=request.session,
            user=request.user,
            task=task,
            text=form.cleaned_data["move"],
            shown=form.cleaned_data["shown"],
        )
    except TaskError:
        return _draw(request, task, services.current(request.session, task), status=409)
    if verdict.state == ILLEGAL:
        position = services.current(request.session, task).position
        assert position is not None
        message = illegal_move_message(position, form.cleaned_data["move"], task.learner)
        return _draw(request, task, services.current(request.session, task), error=message, status=400)
    if verdict.state == REFUSED:
        message = aim_words.other_man(int(verdict.params["man"]))
        return _draw(request, task, services.current(request.session, task), error=message, status=400)
    return _after_post(request, task, verdict)


@require_POST
def task_answer(request: HtmxHttpRequest, lesson: str, number: int) -> HttpResponse:
    task = _task(lesson, number)
    form = AnswerForm(request.POST)
    if task.goal != "question" or not form.is_valid() or form.cleaned_data["option"] >= len(task.options):
        return _draw(request, task, services.current(request.session, task), status=400)
    try:
        verdict = services.choose(
            session=request.session,
            user=request.user,
            task=task,
            option=form.cleaned_data["option"],
            shown=form.cleaned_data["shown"],
        )
    except TaskError:
        return _draw(request, task, services.current(request.session, task), status=409)
    return _after_post(request, task, verdict, answered=form.cleaned_data["option"])


@require_POST
def task_hint(request: HtmxHttpRequest, lesson: str, number: int) -> HttpResponse:
    """The hint is shown once asked for, and it costs a star: a POST, recorded for the learner."""
    task = _task(lesson, number)
    form = ShownForm(request.POST)
    shown = form.cleaned_data["shown"] if form.is_valid() else ""
    try:
        services.take_hint(session=request.session, user=request.user, task=task, shown=shown)
    except TaskError:
        return _draw(request, task, services.current(request.session, task), status=409)
    return _after_post(request, task, services.current(request.session, task))


@require_POST
def task_retry(request: HtmxHttpRequest, lesson: str, number: int) -> HttpResponse:
    task = _task(lesson, number)
    services.reset(request.session, task)
    if under_review.marked(request.session, "task", task.pk):
        under_review.unmark(request.session)  # the review was answered: another try is practice
    return _after_post(request, task, services.current(request.session, task))


def _after_post(
    request: HtmxHttpRequest, task: Task, verdict: Verdict, answered: int | None = None
) -> HttpResponse:
    if request.htmx:
        return _draw(request, task, verdict, answered=answered)
    return redirect("course:task", lesson=task.lesson.slug, number=task.order)


def _draw(
    request: HtmxHttpRequest,
    task: Task,
    verdict: Verdict,
    error: str = "",
    status: int = 200,
    answered: int | None = None,
) -> HttpResponse:
    if answered is None:
        answered = services.attempt_state(request.session, task).get("answer")
    rules = task.rules()
    start = Position.from_fen(task.fen)
    in_werera = start.werera is not None
    position = verdict.position or start
    marks = set(rules.squares) - set(verdict.collected) if task.goal == "stars" else set()
    if task.goal == "capture":
        marks = {
            name
            for name in rules.squares
            if (man := position.piece_at(SQUARE_OF_NAME[name])) and man.colour != task.learner
        }
    solved = verdict.state == SOLVED
    progress = services.task_progress(request.session, request.user, task)
    show_hint = progress.hint and not solved
    live = verdict.state in (CONTINUE, ILLEGAL) and task.goal != "question"
    board = BoardView(
        position,
        side=task.learner if live else None,
        orientation=task.learner,
        form_id="task-form",
        last_move=verdict.last_move,
        marks=frozenset(SQUARE_OF_NAME[name] for name in marks),
        hint=SQUARE_OF_NAME[task.hint_square] if show_hint and task.hint_square else None,
        mark=TARGET if task.goal == "capture" else STAR,
    )
    place = content.task_siblings(task)
    assert place is not None  # the task was just read, and any change to the course renews the outline
    entry, index = place
    siblings = entry.tasks
    result = services.solved_score(request.session, task) if solved else None
    report = None
    if verdict.report is not None:
        report = round_sentences(verdict.report.as_dict(), _choice_words(task, verdict.report))
    reviewer = request.user if isinstance(request.user, User) else None
    reviewing = reviewer is not None and under_review.marked(request.session, "task", task.pk)
    context = {
        "task": task,
        "lesson": task.lesson,
        "reviewing": reviewing,
        "review_left": queue.of(reviewer).count if reviewer and reviewing and verdict.over else None,
        "next_review_url": under_review.next_url(),
        "board": board,
        "shown": shown_stamp.stamp(),
        "verdict": verdict,
        "solved": solved,
        "failed": verdict.state == FAILED,
        "message": error or (task_verdicts.verdict_message(task, verdict) if verdict.state == FAILED else ""),
        "report": report,
        "counters": _counters(task, board, answered),
        "reply_words": task_verdicts.reply_sentence(verdict)
        if verdict.reply and verdict.state != FAILED
        else "",
        "stars_earned": result.stars if result else progress.stars,
        "best_stars": progress.stars,
        "lost_stars": task_verdicts.score_reasons(task, result) if result else [],
        "shortest_way": task_verdicts.shortest_way(task) if result and result.extra_moves else "",
        "show_hint": show_hint,
        "place": task_verdicts.task_of(index + 1, len(siblings)),
        "next_task": siblings[index + 1] if index + 1 < len(siblings) else None,
        "next_lesson": content.next_lesson(entry),
        "in_werera": in_werera and task.goal != "question",
        "options": list(enumerate(task.local_options())),
        "answered": answered,
    }
    template = "course/task.html#task" if request.htmx else "course/task.html"
    return render(request, template, context, status=status)


def _counters(task: Task, board: BoardView, answered: int | None) -> SafeString:
    """The rules' counters beside the task's board. A question shows them once answered, since the count
    or the quicker side may be the very answer it asks for; a question on the start position is about the
    setup, so it says nothing of the werera's first round. A drill whose opponent passes judges no end, so
    it tells only the werera's round."""
    if task.goal == "question":
        if answered is None:
            return mark_safe("")
        return draw_counters(board.position, werera=board.position.werera != 1)
    return draw_counters(board.position, judged=task.opponent not in PASSING)


def _choice_words(task: Task, report: RoundReport) -> dict[str, str]:
    """Each side's werera choice in SAN, in the task's position (a werera task is one round)."""
    start = Position.from_fen(task.fen)
    return {
        side.value: "" if choice == WAIT else san(start, choice, side.colour)
        for side, choice in zip(Side, report.choices, strict=True)
    }
