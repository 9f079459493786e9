"""The engine's answer to a wrong puzzle move, worked out once for everyone rather than once a process.

A turn-based puzzle's wrong first moves are answered in advance and kept on the puzzle (`Puzzle.refutations`):
the shipped puzzles' in the fixture (`manage.py fill_refutations`), a new or edited puzzle's by a task on the
jobs queue once the puzzle is written (`fill_later`). Any other wrong move (later in a line, or one the
puzzle's answers lack) is searched the first time anyone plays it, with no transaction open, and kept in a
table (`Refutation`, keyed by the position and the budget) that every player and every process reads.

An answer is what a fresh search bounded by REFUTATION_NODES gives in the position after the wrong move: a
count of nodes, not seconds, so it is the same on every machine and under any load, whoever worked it out.
A move that ends the game at once needs no answer: the rules judge it (`trainer.judging`)."""

import hashlib
from collections.abc import Iterable, Sequence
from functools import partial
from typing import Any

from django.db import transaction

from senterej.engine import Position
from senterej.engine.game import ONGOING, judge
from senterej.engine.notation import coordinate, parse_coordinate
from senterej.engine.search import search
from trainer.lines import PuzzleLine
from trainer.models import Puzzle, Refutation

#: How far the engine may look to show why a wrong move fails (about a tenth of a second here).
REFUTATION_NODES = 8000


def searched(position: Position) -> tuple[str, bool]:
    """A fresh search's answer in `position`: the reply in coordinates ("" for none) and whether it mates."""
    found = search(position, max_nodes=REFUTATION_NODES)
    return (coordinate(found.move) if found.move else ""), found.mate_in is not None and found.mate_in > 0


def answer_key(position: Position) -> str:
    """What names an answer in the shared table: the position (its FEN holds all that the search reads) and
    the budget, so that another budget is never answered from this one's rows."""
    return hashlib.sha256(f"{position.fen()} {REFUTATION_NODES}".encode()).hexdigest()


def answer(position: Position, known: Sequence[Any] | None = None) -> tuple[int, bool]:
    """The opponent's best answer in `position`, reached by a wrong move (0 for none), and whether it mates:
    `known` (the puzzle's answer kept in advance), else the shared table's, else searched now and kept there
    (the first to write it wins a race; both searched the same answer)."""
    if known is None:
        key = answer_key(position)
        known = Refutation.objects.filter(key=key).values_list("reply", "mates").first()
        if known is None:
            known = searched(position)
            row = Refutation(key=key, reply=known[0], mates=known[1])
            Refutation.objects.bulk_create([row], ignore_conflicts=True)
    reply, mates = known
    return (parse_coordinate(reply) if reply else 0), bool(mates)


def first_answers(fen: str, stored: dict[str, Any] | None) -> dict[str, list[Any]]:
    """A puzzle's stored answers to its wrong first moves (`Puzzle.refutations`) by move, if they were worked
    out for its position `fen` and today's budget (none otherwise: an edit of the position leaves them
    answering another)."""
    if not stored or stored.get("fen") != fen or stored.get("nodes") != REFUTATION_NODES:
        return {}
    answers: dict[str, list[Any]] = stored["answers"]
    return answers


def wrong_first_moves(line: PuzzleLine) -> list[int]:
    """The legal first moves that the line does not accept and that leave the game going on: each of them
    is answered by the engine."""
    position = line.at(0)
    wrong = []
    for move in position.legal_moves():
        if line.accepts(0, move):
            continue
        position.push(move)
        if judge(position).status == ONGOING:
            wrong.append(move)
        position.pop()
    return wrong


def worked_out(fen: str, moves: str, stored: dict[str, Any] | None) -> dict[str, Any] | None:
    """A turn-based puzzle's answers to its wrong first moves as `Puzzle.refutations` keeps them (None for a
    werera puzzle, whose choices the round judges): the stored ones for this position and budget kept, the
    missing ones searched."""
    line = PuzzleLine.of(fen, moves)
    if line.start.turn is None:
        return None
    known = dict(first_answers(fen, stored))
    answers = {}
    for move in wrong_first_moves(line):
        text = coordinate(move)
        if text not in known:
            position = line.at(0)
            position.push(move)
            known[text] = list(searched(position))
        answers[text] = known[text]
    return {"fen": fen, "nodes": REFUTATION_NODES, "answers": dict(sorted(answers.items()))}


def fill(puzzle_id: int) -> None:
    """Works out the puzzle's missing answers, with no transaction open, and writes them if the puzzle still
    has the position and line they answer (an edit meanwhile has queued a fill of its own)."""
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        return
    found = worked_out(puzzle.fen, puzzle.moves, puzzle.refutations)
    if found is not None and found != puzzle.refutations:
        Puzzle.objects.filter(pk=puzzle_id, fen=puzzle.fen, moves=puzzle.moves).update(refutations=found)


def fill_later(puzzle_ids: Iterable[int]) -> None:
    """Queues the working out of each puzzle's answers (`trainer.tasks.fill_refutations`, on the jobs queue)
    once the transaction that wrote the puzzles has committed, at once when none is open."""
    from trainer.tasks import fill_refutations  # the task module runs `fill` from here

    for puzzle_id in puzzle_ids:
        transaction.on_commit(partial(fill_refutations.enqueue, puzzle_id))
