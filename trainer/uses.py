"""Where puzzles are used outside the trainer, asked before a curator disables one: the rooms above the
trainer (a class's assignments) register a counter here when the site starts (classes does, in its app
config's `ready`), since the trainer may not import them (its doors open downwards only, ARCHITECTURE.md).

A hook rather than the reverse relation: `Assignment.puzzles` has no reverse accessor (`related_name="+"`),
and reaching its through table by `apps.get_model` would bind the trainer to another room's tables and
fields without an import for the house to see; it would also miss the theme sets, which use a puzzle by its
theme and rating band, a meaning only classes knows. The counter keeps that knowledge in classes, and
without it the trainer simply counts no uses."""

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils.translation import ngettext

from trainer.models import Puzzle


@dataclass(frozen=True)
class Uses:
    assignments: int = 0
    classes: int = 0

    def __add__(self, other: "Uses") -> "Uses":
        return Uses(self.assignments + other.assignments, self.classes + other.classes)


#: Given some puzzles, how many assignments use any of them, in how many classes.
Counter = Callable[[QuerySet[Puzzle]], Uses]
_counters: list[Counter] = []


def register(counter: Counter) -> None:
    if counter not in _counters:
        _counters.append(counter)


def uses(puzzles: QuerySet[Puzzle]) -> Uses:
    return sum((counter(puzzles) for counter in _counters), Uses())


def warning(used: Uses, count: int = 1) -> str:
    """ "This puzzle is used by 2 assignments in 1 class", or of `count` puzzles; empty when none uses it."""
    if not used.assignments:
        return ""
    classes = ngettext("%(count)d class", "%(count)d classes", used.classes) % {"count": used.classes}
    names = {"count": used.assignments, "classes": classes}
    if count == 1:
        return (
            ngettext(
                "This puzzle is used by %(count)d assignment in %(classes)s.",
                "This puzzle is used by %(count)d assignments in %(classes)s.",
                used.assignments,
            )
            % names
        )
    return (
        ngettext(
            "These puzzles are used by %(count)d assignment in %(classes)s.",
            "These puzzles are used by %(count)d assignments in %(classes)s.",
            used.assignments,
        )
        % names
    )
