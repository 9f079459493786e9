"""The rating chart, drawn on the server as SVG: this module does the geometry (no Django, no ORM),
`trainer/chart_markup.py` writes it. One point per rated attempt, oldest on the left, evenly spaced:
a player's history is a sequence of tries, and sessions of many tries would bunch up on a time axis."""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

WIDTH, HEIGHT = 640, 260
#: The plot area inside the drawing: room on the left for the rating labels, below for the dates.
LEFT, RIGHT, TOP, BOTTOM = 52, 628, 14, 226
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
MAX_TICKS = 5
#: Dots on each point only while they stay apart.
MAX_DOTS = 60


@dataclass(frozen=True)
class Tick:
    value: int
    y: float


@dataclass(frozen=True)
class Chart:
    points: list[tuple[float, float]]
    ticks: list[Tick]
    first: datetime
    last: datetime
    low: int
    high: int
    #: The points as the line's attribute writes them, "x,y x,y …".
    polyline: str
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM

    @property
    def dots(self) -> list[tuple[float, float]]:
        return self.points if len(self.points) <= MAX_DOTS else []

    @property
    def label_y(self) -> int:
        return self.bottom + 22


def _step(span: float) -> int:
    for step in STEPS:
        if span / step <= MAX_TICKS:
            return step
    return STEPS[-1] * math.ceil(span / (STEPS[-1] * MAX_TICKS))


@lru_cache(maxsize=256)
def _xs(count: int) -> tuple[tuple[float, ...], tuple[str, ...]]:
    """Where each of `count` points stands across the plot, evenly spaced, and each as the line writes it
    ("x,"): the same for every chart of as many points, so worked out once."""
    if count == 1:
        xs: tuple[float, ...] = (round((LEFT + RIGHT) / 2, 1),)
    else:
        xs = tuple(round(LEFT + index * (RIGHT - LEFT) / (count - 1), 1) for index in range(count))
    return xs, tuple(f"{x}," for x in xs)


def rating_chart(series: list[tuple[datetime, float]]) -> Chart | None:
    """`series`: (when, rating after) of each rated attempt, oldest first; None when there is nothing."""
    if not series:
        return None
    return ratings_chart([rating for _, rating in series], series[0][0], series[-1][0])


def ratings_chart(ratings: Sequence[float], first: datetime, last: datetime) -> Chart | None:
    """`ratings`: the rating after each rated attempt, oldest first, the first made at `first` and the last
    at `last`; None when there is nothing."""
    if not ratings:
        return None
    lowest, highest = min(ratings), max(ratings)
    step = _step(max(highest - lowest, 1))
    low = math.floor(lowest / step) * step
    high = math.ceil(highest / step) * step
    if high == low:
        low, high = low - step, high + step
    # Each rating's height as `y` writes it, inline: a few hundred points are drawn on every visit.
    span, plot = high - low, BOTTOM - TOP

    def y(value: float) -> float:
        return BOTTOM - (value - low) / span * plot

    xs, written = _xs(len(ratings))
    ys = [round(BOTTOM - (rating - low) / span * plot, 1) for rating in ratings]
    return Chart(
        points=list(zip(xs, ys, strict=True)),
        polyline=" ".join([x + repr(y) for x, y in zip(written, ys, strict=True)]),
        ticks=[Tick(value, round(y(value), 1)) for value in range(low, high + 1, step)],
        first=first,
        last=last,
        low=low,
        high=high,
    )
