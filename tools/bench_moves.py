"""CPU time of a puzzle move, for `tools.bench_pages`: a right first move beside a first wrong one, each
posted as the page posts it (htmx, answered with the puzzle's fragment) by a player signed in, on the
scratch database the page benchmark seeds.

Each move is the first of a try at a puzzle that its player has never tried (both tries rated), a different
puzzle each time: a right move by one player, a wrong one by another, at the same puzzles. The wrong move is
one the engine answers (a move that ends the game at once needs no answer), chosen at random. Before each
move the default cache is emptied, as in a process that has seen neither the puzzle nor the move, and the
try is offered (the serving token, as the puzzle's page gives it); only the request is timed
(time.process_time: its CPU in this process, its database work on SQLite included). The figure is the
median over the puzzles; a wrong first move costs at most TARGET_WRONG times a right one. For comparison, a
few wrong moves at puzzles whose answers are set aside show what the engine's search would cost.

Imported once Django is set up (`tools.bench_pages.configure`)."""

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tools.bench_report import check_response, verdict
from trainer import offers
from trainer.models import Puzzle
from trainer.refutations import first_answers

#: A first wrong move costs at most this many right first moves.
TARGET_WRONG = 3.0
#: The name of the figures in the list of misses.
LABEL = "puzzle move (wrong/right)"
#: Puzzles with their answers set aside, for the comparison.
SEARCHED = 8


@dataclass(frozen=True)
class MoveFigures:
    """Median CPU milliseconds of a right first move, a first wrong one, and a wrong one searched."""

    right: float
    wrong: float
    searched: float

    @property
    def ratio(self) -> float:
        return self.wrong / self.right

    @property
    def met(self) -> bool:
        return self.ratio <= TARGET_WRONG


def table(figures: MoveFigures, count: int) -> list[str]:
    return [
        f"{'puzzle move':<36} {'ms/move':>7}  (median of {count} puzzles)",
        f"{'right first move':<36} {figures.right:>7.2f}",
        f"{'first wrong move':<36} {figures.wrong:>7.2f}",
        f"{'wrong/right':<36} {figures.ratio:>7.2f}  ≤ {TARGET_WRONG}×  {verdict(figures.met)}",
        f"{'first wrong move, searched':<36} {figures.searched:>7.2f}  (no answers kept, {SEARCHED} puzzles)",
    ]


def measure(count: int, seed: int = 1) -> MoveFigures:
    """The medians over `count` puzzles, chosen at random among the active turn-based puzzles with their
    answers kept (and a few more to warm up with, and SEARCHED more for the comparison)."""
    rng = random.Random(seed)
    kept = [
        puzzle
        for puzzle in Puzzle.objects.filter(active=True, refutations__isnull=False).order_by("pk")
        if first_answers(puzzle.fen, puzzle.refutations)
    ]
    chosen = rng.sample(kept, count + 5 + SEARCHED)
    warm, timed, searched = chosen[:5], chosen[5 : 5 + count], chosen[5 + count :]
    right, wrong = _player("bench-mover-right"), _player("bench-mover-wrong")
    for puzzle in warm:
        right(puzzle, puzzle.solution[0], True)
        wrong(puzzle, _wrong_move(puzzle, rng), False)
    rights = [right(puzzle, puzzle.solution[0], True) for puzzle in timed]
    wrongs = [wrong(puzzle, _wrong_move(puzzle, rng), False) for puzzle in timed]
    moves = {puzzle.pk: _wrong_move(puzzle, rng) for puzzle in searched}
    Puzzle.objects.filter(pk__in=moves).update(refutations=None)
    slow = [wrong(puzzle, moves[puzzle.pk], False) for puzzle in searched]
    return MoveFigures(statistics.median(rights), statistics.median(wrongs), statistics.median(slow))


def _wrong_move(puzzle: Puzzle, rng: random.Random) -> str:
    return rng.choice(sorted(first_answers(puzzle.fen, puzzle.refutations)))


def _player(username: str) -> Callable[[Puzzle, str, bool], float]:
    """A new player's first tries: a function that plays one move at a puzzle, as its first, and answers
    its CPU milliseconds; it stops the benchmark unless the move was judged as meant (right or wrong)."""
    user = User.objects.create_user(username)
    client = Client()
    client.force_login(user)

    def move(puzzle: Puzzle, text: str, right: bool) -> float:
        label = f"puzzle move {text} at #{puzzle.pk}"
        state = offers.offer(client.session, user, puzzle)
        data = {"token": state["token"], "move": text, "ply": 0, "shown": ""}
        address = reverse("trainer:move", args=[puzzle.pk])
        cache.clear()
        start = time.process_time()
        response = client.post(address, data, headers={"HX-Request": "true"})
        spent = (time.process_time() - start) * 1000
        check_response(label, response, 200)
        after = offers.current(client.session)
        if after is None or after["token"] != state["token"] or (after["ply"] > 0) != right:
            raise SystemExit(f"benchmark stopped: {label} was not judged {'right' if right else 'wrong'}")
        return spent

    return move
