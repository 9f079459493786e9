"""The engine's evaluation of a position on the analysis board: asked for, found by a background task
(`analysis.tasks.evaluate`) within a budget of nodes and of time, stored, and reused for the same question.

A turn-based position is searched by `senterej.engine.search` (its score, mate, depth, nodes and best
line). A werera position has no line to search: both sides choose at once (R5.1), so the engine suggests a
choice for each side, weighed against the other's likely choices (`senterej.engine.werera_policy`), within
the same time; nodes do not bound that policy, the breadth of its style does.

No search runs inside a transaction: the row is written first, the task searches with none open, and the
answer is written by one update."""

import hashlib
import json
from dataclasses import dataclass, replace
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from analysis.models import Evaluation
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.search import Searcher
from senterej.engine.werera_policy import WereraStyle, choose_werera


@dataclass(frozen=True)
class Budget:
    nodes: int
    seconds: float


#: What one evaluation may spend: the nodes keep it the same on every machine, the seconds keep a busy
#: machine from making the reader wait long.
BUDGET = Budget(nodes=100_000, seconds=5.0)
#: The werera's choices, weighed as the strongest bot weighs them, each side in half the time.
WERERA_STYLE = WereraStyle(width=12, replies=10, depth=1)
#: A question still open after this long was lost with its worker: asking again enqueues it again.
PATIENCE = timedelta(seconds=30)


def question_key(fen: str, seen: list[list[int]], budget: Budget) -> str:
    text = json.dumps([fen, seen, budget.nodes, budget.seconds], separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=32).hexdigest()


def stored(fen: str, seen: list[list[int]], budget: Budget) -> Evaluation | None:
    """The evaluation already asked for this question, if any. Every board reads it, and the ORM took three
    times as long to write this one lookup of a unique key as the database took to answer it."""
    quote = connection.ops.quote_name
    found = Evaluation.objects.raw(
        f"SELECT * FROM {quote(Evaluation._meta.db_table)} WHERE {quote('key')} = %s",
        [question_key(fen, seen, budget)],
    )
    return next(iter(found), None)


def ask(*, fen: str, seen: list[list[int]], budget: Budget, asker: str = "") -> Evaluation:
    """The evaluation of the question, stored or new; a new one (or one whose task was lost) is enqueued,
    after its row is written and with no transaction open, as the bots' replies are. A new one is held by
    `asker` (see `waiting`) until it is answered."""
    from analysis.tasks import evaluate  # the task module runs `found` from here

    evaluation, created = Evaluation.objects.get_or_create(
        key=question_key(fen, seen, budget),
        defaults={
            "fen": fen,
            "seen": seen,
            "max_nodes": budget.nodes,
            "seconds": budget.seconds,
            "asker": asker,
        },
    )
    if created:
        evaluate.enqueue(evaluation.pk)
        evaluation.refresh_from_db()
        return evaluation
    return ask_again(evaluation)


def waiting(asker: str) -> int:
    """How many of the asker's questions wait for the engine: open, and not yet past PATIENCE (a question
    lost with its worker holds no one back). One read of the index of the open questions."""
    since = timezone.now() - PATIENCE
    return Evaluation.objects.filter(asker=asker, done=False, asked__gt=since).count()


def is_lost(evaluation: Evaluation) -> bool:
    """Whether the question is still open after PATIENCE: its task was lost with its worker, as far as
    anyone can tell."""
    return not evaluation.done and timezone.now() - evaluation.asked > PATIENCE


def ask_again(evaluation: Evaluation) -> Evaluation:
    """Enqueues a lost question again (once, however many ask at the same moment: the first to move its
    time on enqueues it); an answered or a fresh question is left as it is."""
    from analysis.tasks import evaluate

    if is_lost(evaluation):
        moved = Evaluation.objects.filter(pk=evaluation.pk, asked=evaluation.asked).update(
            asked=timezone.now()
        )
        if moved:
            evaluate.enqueue(evaluation.pk)
    evaluation.refresh_from_db()
    return evaluation


def found(evaluation: Evaluation) -> dict[str, object]:
    """The engine's answer to the question, as the row's fields (outside any transaction: it searches)."""
    position = Position.from_fen(evaluation.fen)
    if position.werera is not None:
        style = replace(WERERA_STYLE, seconds=evaluation.seconds / 2)
        choices = [choose_werera(position.copy(), side, style) for side in (WHITE, BLACK)]
        return {"white_choice": coordinate(choices[WHITE]), "black_choice": coordinate(choices[BLACK])}
    seen = [tuple(key) for key in evaluation.seen]
    result = Searcher().search(
        position, max_nodes=evaluation.max_nodes, time_limit=evaluation.seconds, seen=seen
    )
    return {
        "score": result.score,
        "mate_in": result.mate_in,
        "depth": result.depth,
        "nodes": result.nodes,
        "line": " ".join(coordinate(move) for move in result.pv),
    }


def finish(evaluation_id: int) -> None:
    """Answers an open question once: a repeated or late task changes nothing. The answer is everyone's,
    so whoever asked it is forgotten."""
    evaluation = Evaluation.objects.filter(pk=evaluation_id, done=False).first()
    if evaluation is None:
        return
    answer = found(evaluation)
    Evaluation.objects.filter(pk=evaluation_id, done=False).update(
        **answer, done=True, finished=timezone.now(), asker=""
    )


def line_moves(evaluation: Evaluation) -> list[int]:
    return [parse_coordinate(text) for text in evaluation.line.split()]
