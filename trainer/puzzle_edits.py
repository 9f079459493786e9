"""A curator's changes to puzzles: enabling and disabling them, proving them again with the engine (each
proof outside any transaction, so that no row waits on the engine), and saving an edit made in the admin
(proved by the admin's form before it is saved, `PROVED_FIELDS`). Each change is recorded on its puzzle
(`trainer.puzzle_history`)."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.db import transaction

from trainer import refutations
from trainer.models import Puzzle, PuzzleChange, PuzzleReport
from trainer.puzzle_history import Curator, differences, record, values
from trainer.puzzle_proofs import validate

#: What a curator edits in the admin; a change to any of them is recorded with its old and new value.
EDITED_FIELDS = ("fen", "moves", "themes", "rating", "source", "rounds", "active")
#: The fields the engine's proof depends on.
PROVED_FIELDS = frozenset({"fen", "moves", "themes", "rounds"})
#: The fields the engine's answers to the wrong first moves depend on (`trainer.refutations`).
ANSWERED_FIELDS = frozenset({"fen", "moves"})

#: Told how many items a long piece of work has done so far.
Progress = Callable[[int], None]


def set_active(
    *, puzzles: Iterable[Puzzle], active: bool, user: Curator, report: PuzzleReport | None = None
) -> list[Puzzle]:
    """Enables or disables the puzzles (their theme rows follow); returns those whose status changed."""
    ids = [puzzle.pk for puzzle in puzzles]
    changed = []
    with transaction.atomic():
        for puzzle in Puzzle.objects.select_for_update().filter(pk__in=ids).order_by("pk"):
            if puzzle.active == active:
                continue
            puzzle.active = active
            puzzle.save(update_fields=["active"])
            kind = PuzzleChange.Kind.ENABLED if active else PuzzleChange.Kind.DISABLED
            record(puzzle=puzzle, user=user, kind=kind, report=report)
            changed.append(puzzle)
    return changed


@dataclass(frozen=True)
class Verdict:
    puzzle: Puzzle
    #: None for a sound puzzle, else the engine's reason.
    reason: str | None
    disabled: bool = False


def revalidate(
    *,
    puzzles: Iterable[Puzzle],
    user: Curator,
    disable_failing: bool = False,
    progress: Progress | None = None,
) -> list[Verdict]:
    """Proves each puzzle again from scratch, its themes included, and records the verdict; a failing
    puzzle is disabled too if asked. Each puzzle is written in a transaction of its own, after its proof,
    so that no transaction is held open while the engine thinks."""
    verdicts = []
    for done, puzzle in enumerate(puzzles, start=1):
        reason = validate(puzzle.fen, puzzle.moves, puzzle.themes, puzzle.rounds)
        with transaction.atomic():
            record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.VALIDATED, note=reason or "")
            disabled = False
            if reason is not None and disable_failing:
                disabled = bool(set_active(puzzles=[puzzle], active=False, user=user))
        verdicts.append(Verdict(puzzle, reason, disabled))
        if progress is not None:
            progress(done)
    return verdicts


def save_puzzle(*, puzzle: Puzzle, user: Curator) -> PuzzleChange | None:
    """Saves a curator's edit of a puzzle (or a new one) and records what changed, old and new. The
    theme rows are rewritten when the themes change; a new position or line has its wrong first moves
    answered by the engine afterwards (`refutations.fill_later`)."""
    with transaction.atomic():
        if puzzle._state.adding:
            puzzle.save()
            refutations.fill_later([puzzle.pk])
            return record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.CREATED)
        stored = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        fields = differences(values(stored, EDITED_FIELDS), values(puzzle, EDITED_FIELDS))
        puzzle.refutations = stored.refutations  # a task may have written them since the form read the puzzle
        puzzle.save()
        if "themes" in fields:
            puzzle.sync_themes()
        if ANSWERED_FIELDS & fields.keys():
            refutations.fill_later([puzzle.pk])
        if not fields:
            return None
        return record(puzzle=puzzle, user=user, kind=PuzzleChange.Kind.EDITED, fields=fields)
