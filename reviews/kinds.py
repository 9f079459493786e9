"""Which reviewed items still stand: this room knows no puzzle and no task, so the rooms that own them say,
from their app configs, which of a list of ids are still there to review (a puzzle still active, a task not
deleted). An item that no longer stands is skipped and not counted; its card stays, should it come back."""

from collections.abc import Callable, Collection, Iterable

Standing = Callable[[Collection[int]], Iterable[int]]

_STANDING: dict[str, Standing] = {}


def register(kind: str, standing: Standing) -> None:
    _STANDING[kind] = standing


def standing(kind: str, items: Collection[int]) -> set[int]:
    """The items of this kind that can be reviewed (none of a kind that no room registered)."""
    check = _STANDING.get(kind)
    if check is None or not items:
        return set()
    return set(check(items))
