"""The two sides as the database and the pages name them, mapped to the engine's colours in this one place."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from senterej.engine.pieces import BLACK, COLOUR_NAMES, WHITE


class Side(models.TextChoices):
    WHITE = COLOUR_NAMES[WHITE], _("White")
    BLACK = COLOUR_NAMES[BLACK], _("Black")

    @property
    def colour(self) -> int:
        """The engine's colour of this side."""
        return COLOUR_NAMES.index(self.value)

    @property
    def other(self) -> "Side":
        return Side.of(self.colour ^ 1)

    @classmethod
    def of(cls, colour: int) -> "Side":
        return cls(COLOUR_NAMES[colour])
