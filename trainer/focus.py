"""What a player trains: the themes chosen (a puzzle of any of them), a band of puzzle ratings, the run
through the missed puzzles, or a review on the spaced schedule (`reviews`). The address carries it
(/train/?theme=fork&theme=mateIn2&min=900&max=1300, checked by `forms.FocusForm`), then the serving token
and the try, so that "Next puzzle" keeps it."""

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from reviews import under_review
from trainer.models import RATING_RANGE, Puzzle
from trainer.puzzle_words import theme_name


@dataclass(frozen=True)
class Focus:
    themes: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    missed: bool = False
    review: bool = False

    @classmethod
    def of(cls, query: str) -> "Focus":
        """The focus a try keeps, as `query` wrote it (it comes from a signed token: no need to check it)."""
        pairs = parse_qsl(query)
        values = dict(pairs)
        return cls(
            themes=tuple(value for key, value in pairs if key == "theme"),
            low=int(values["min"]) if "min" in values else None,
            high=int(values["max"]) if "max" in values else None,
            missed="missed" in values,
            review="review" in values,
        )

    @property
    def query(self) -> str:
        """The focus as a query string: letters, digits, "=" and "&", so that a token's fields (separated by
        dots) keep it whole."""
        pairs: list[tuple[str, object]] = [("theme", theme) for theme in self.themes]
        pairs += [(key, value) for key, value in (("min", self.low), ("max", self.high)) if value is not None]
        if self.missed:
            pairs.append(("missed", 1))
        if self.review:
            pairs.append(("review", 1))
        return urlencode(pairs)

    @property
    def band(self) -> tuple[float, float] | None:
        if self.low is None and self.high is None:
            return None
        low, high = RATING_RANGE
        return (low if self.low is None else self.low, high if self.high is None else self.high)

    def fits(self, puzzle: Puzzle) -> bool:
        """Whether the puzzle is one this focus could choose (its rating as it is now)."""
        if self.themes and not set(self.themes) & set(puzzle.theme_list):
            return False
        band = self.band
        return band is None or band[0] <= puzzle.rating <= band[1]

    @property
    def next_url(self) -> str:
        if self.review:
            return under_review.next_url()
        if self.missed:
            return reverse("trainer:missed")
        query = self.query
        return reverse("trainer:train") + (f"?{query}" if query else "")

    @property
    def words(self) -> str:
        """What is trained, in words ("" for any puzzle near the player's rating)."""
        parts = [", ".join(theme_name(theme) for theme in self.themes)] if self.themes else []
        if self.low is not None and self.high is not None:
            parts.append(_("rated %(low)s to %(high)s") % {"low": self.low, "high": self.high})
        elif self.low is not None:
            parts.append(_("rated %(low)s or more") % {"low": self.low})
        elif self.high is not None:
            parts.append(_("rated up to %(high)s") % {"high": self.high})
        return " · ".join(parts)
