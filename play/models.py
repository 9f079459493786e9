import secrets
import uuid

from django.conf import settings
from django.contrib.auth.models import User
from django.db import models
from django.utils.translation import gettext_lazy as _

from play.game_words import ABORTED, LEVEL_NAMES
from senterej.board.sides import Side
from senterej.engine import START_FEN, WHITE
from senterej.engine.bots import LEVELS
from senterej.engine.game import (
    BARE_KING,
    CHECKMATE,
    COUNTING,
    ONGOING,
    REPETITION,
    SEVENTY_MOVE_RULE,
    STALEMATE,
)
from senterej.engine.record import ABANDONED, AGREEMENT, RESIGNATION, TIME_FORFEIT


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Game(models.Model):
    """A game played on the site. Its moves are kept as the engine plays them: werera rounds with both choices
    and their report (R5.10), then turn-based moves, so the game replays exactly from `start_fen`."""

    class Mode(models.TextChoices):
        HOTSEAT = "hotseat", _("a friend on this device")
        ONLINE = "online", _("a friend online")
        BOT = "bot", _("a bot")
        IMPORTED = "imported", _("an imported game")

    class Status(models.TextChoices):
        """How a game stands: the engine's judgements (R7, R8), and the two ends the players choose."""

        ONGOING = ONGOING, _("ongoing")
        CHECKMATE = CHECKMATE, _("checkmate")
        STALEMATE = STALEMATE, _("stalemate")
        BARE_KING = BARE_KING, _("bare king")
        COUNTING = COUNTING, _("the count ran out")
        REPETITION = REPETITION, _("repetition")
        SEVENTY_MOVES = SEVENTY_MOVE_RULE, _("seventy moves")
        RESIGNATION = RESIGNATION, _("resignation")
        AGREEMENT = AGREEMENT, _("agreement")
        TIME = TIME_FORFEIT, _("time ran out")
        ABANDONED = ABANDONED, _("abandoned")
        ABORTED = ABORTED, _("aborted")

    id = models.UUIDField(_("ID"), primary_key=True, default=uuid.uuid4, editable=False)
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    start_fen = models.CharField(_("starting position (FEN)"), max_length=100, default=START_FEN)
    fen = models.CharField(_("position (FEN)"), max_length=100, default=START_FEN)
    steps = models.JSONField(_("moves"), default=list, blank=True)
    # A werera choice waits here, hidden from the other side, until both sides have chosen.
    white_choice = models.CharField(_("werera choice of White"), max_length=8, blank=True)
    black_choice = models.CharField(_("werera choice of Black"), max_length=8, blank=True)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.ONGOING)
    result = models.CharField(_("result"), max_length=7, default="*")
    draw_offer = models.CharField(_("draw offered by"), max_length=5, choices=Side.choices, blank=True)
    bot_level = models.CharField(
        _("bot level"), max_length=12, choices=[(level, LEVEL_NAMES[level]) for level in LEVELS], blank=True
    )
    bot_colour = models.CharField(_("bot's colour"), max_length=5, choices=Side.choices, blank=True)
    white_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("player of White"),
    )
    black_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("player of Black"),
    )
    # Seats are held by whoever has the seat's token in their session (or is the seat's user).
    white_token = models.CharField(_("seat token of White"), max_length=40, default=new_token)
    black_token = models.CharField(_("seat token of Black"), max_length=40, default=new_token)
    # An online game's invitation: the link's code, the side it offers, and whether it has been taken.
    invite_code = models.CharField(_("invitation code"), max_length=40, blank=True, db_index=True)
    guest_colour = models.CharField(_("guest's colour"), max_length=5, choices=Side.choices, blank=True)
    joined = models.BooleanField(_("guest joined"), default=False)
    # Grows with every change; a form carries it, so a stale or replayed request changes nothing.
    version = models.PositiveIntegerField(_("version"), default=0)
    # The draw offer of this side was declined: told to the side until the next change.
    draw_declined = models.CharField(_("draw declined for"), max_length=5, choices=Side.choices, blank=True)
    # Clocks, kept by the server: each side's time left, and since when the running clocks run.
    clock_seconds = models.PositiveIntegerField(_("minutes on the clock, in seconds"), null=True, blank=True)
    clock_increment = models.PositiveIntegerField(_("seconds added per move"), default=0)
    round_seconds = models.PositiveIntegerField(_("seconds per werera round"), null=True, blank=True)
    white_time = models.FloatField(_("time left to White, in seconds"), null=True, blank=True)
    black_time = models.FloatField(_("time left to Black, in seconds"), null=True, blank=True)
    clock_since = models.DateTimeField(_("clocks running since"), null=True, blank=True)
    # When each seat's player last had the game open: an opponent away too long may be claimed against.
    white_seen = models.DateTimeField(_("White last seen"), null=True, blank=True)
    black_seen = models.DateTimeField(_("Black last seen"), null=True, blank=True)
    # A read-only link to watch the game.
    watch_code = models.CharField(_("watching code"), max_length=40, default=new_token, db_index=True)
    rematch_of = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch",
        verbose_name=_("rematch of"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)
    finished = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-updated"]
        # My games reads a person's games newest first along each seat's index, the two merged.
        indexes = [
            models.Index(fields=["white_user", "-updated", "id"], name="game_white_recent"),
            models.Index(fields=["black_user", "-updated", "id"], name="game_black_recent"),
        ]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.get_mode_display()} {self.created:%Y-%m-%d} {self.result}"

    @property
    def is_over(self) -> bool:
        return self.status != Game.Status.ONGOING

    @property
    def bot_side(self) -> int | None:
        """The engine's colour the bot plays, in a game against a bot."""
        return Side(self.bot_colour).colour if self.bot_colour else None

    @property
    def guest_side(self) -> int:
        """The engine's colour an online game's invitation offers."""
        return Side(self.guest_colour).colour

    def choice(self, side: int) -> str:
        """The werera choice a side has fixed this round, hidden from the other ("" while it has none)."""
        return self.white_choice if side == WHITE else self.black_choice

    def set_choice(self, side: int, choice: str) -> None:
        if side == WHITE:
            self.white_choice = choice
        else:
            self.black_choice = choice

    def set_user(self, side: int, user: User | None) -> None:
        if side == WHITE:
            self.white_user = user
        else:
            self.black_user = user
