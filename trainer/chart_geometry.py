"""The rating chart, drawn on the server as SVG: this module does the geometry (no Django, no ORM),
`trainer/chart_markup.py` writes it. One point per rated attempt, oldest on the left, evenly spaced:
a player's history is a sequence of tries, and sessions of many tries would bunch up on a time axis."""

import math
from dataclasses import dataclass
from datetime import datetime

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
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = RIGHT
    top: int = TOP
    bottom: int = BOTTOM

    @property
    def polyline(self) -> str:
        return " ".join(f"{x},{y}" for x, y in self.points)

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


def rating_chart(series: list[tuple[datetime, float]]) -> Chart | None:
    """`series`: (when, rating after) of each rated attempt, oldest first; None when there is nothing."""
    if not series:
        return None
    ratings = [rating for _, rating in series]
    step = _step(max(max(ratings) - min(ratings), 1))
    low = math.floor(min(ratings) / step) * step
    high = math.ceil(max(ratings) / step) * step
    if high == low:
        low, high = low - step, high + step

    def y(value: float) -> float:
        return BOTTOM - (value - low) / (high - low) * (BOTTOM - TOP)

    count = len(ratings)
    if count == 1:
        xs = [(LEFT + RIGHT) / 2]
    else:
        xs = [LEFT + i * (RIGHT - LEFT) / (count - 1) for i in range(count)]
    return Chart(
        points=[(round(x, 1), round(y(rating), 1)) for x, rating in zip(xs, ratings, strict=True)],
        ticks=[Tick(value, round(y(value), 1)) for value in range(low, high + 1, step)],
        first=series[0][0],
        last=series[-1][0],
        low=low,
        high=high,
    )
