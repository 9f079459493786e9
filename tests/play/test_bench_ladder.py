"""The ladder measured through the site (`manage.py bench_ladder`): two bots play one `Game` row through the
services and the bot's task, the seat handed to the side to act, and the table counts the games as the
engine's match does; it refuses a database that holds games of its own."""

import pytest
from django.core.management import CommandError, call_command

from play import bot_pace, services
from play.management.commands.bench_ladder import play_game
from play.models import Game
from senterej.engine import BLACK, WHITE, Position
from senterej.engine.match import Pairing

pytestmark = pytest.mark.django_db


def test_two_bots_play_a_game_row_through_the_services_and_the_row_is_removed():
    outcome = play_game(Pairing("beginner", "novice", 1, 0, max_plies=60))
    assert outcome.plies >= 60 or outcome.status != "ongoing"
    assert outcome.adjudicated == (outcome.status == "ongoing")
    assert outcome.result in ("1-0", "0-1", "1/2-1/2")
    assert not Game.objects.exists()


def test_the_werera_rounds_are_played_with_both_bots_choosing(monkeypatch):
    """R5.1: each side's choice comes from its own bot's task; the round is played once both have chosen."""
    rows: list[Game] = []
    delete = Game.delete

    def keep(self: Game, *args: object, **kwargs: object) -> tuple[int, dict[str, int]]:
        rows.append(Game.objects.get(pk=self.pk))
        return delete(self)

    monkeypatch.setattr(Game, "delete", keep)
    play_game(Pairing("casual", "novice", 0, 0, max_plies=8))
    (game,) = rows
    rounds = [step for step in game.steps if step["kind"] == "round"]
    assert game.steps[0]["kind"] == "round" and all(step["white"] and step["black"] for step in rounds)
    # Four rounds, unless a capture or a check ended the werera sooner (R5.7) and moves followed; a move
    # the site asks of the bot itself right after the last round may make it one more.
    assert sum(2 if step["kind"] == "round" else 1 for step in game.steps) in (8, 9)
    assert len(rounds) == 4 or Position.from_fen(game.fen).werera is None


def test_the_ladder_refuses_a_database_that_holds_games():
    services.start_game(mode=Game.Mode.HOTSEAT)
    with pytest.raises(CommandError, match="holds games"):
        call_command("bench_ladder", "--games", "1")
    assert Game.objects.count() == 1


def test_under_load_one_side_thinks_as_with_many_replies_waiting(monkeypatch):
    """The hurried side's task is told the replies waiting; the idle side's is told none."""
    told: list[float] = []
    pace = bot_pace.pace

    def recorded(waiting: int) -> float:
        told.append(waiting)
        return pace(waiting)

    monkeypatch.setattr(bot_pace, "pace", recorded)
    cpu: dict[int, list[float]] = {WHITE: [], BLACK: []}
    outcome = play_game(Pairing("casual", "novice", 0, 0, max_plies=12), {WHITE: 12}, cpu)
    # Each reply asked of White is told twelve wait, each of Black none (a reply the site asks of the same bot
    # right after a round that ends the werera is told as its side was).
    assert (
        set(told) == {0, 12}
        and told.count(12) >= len(cpu[WHITE]) > 0
        and told.count(0) >= len(cpu[BLACK]) > 0
    )
    assert min(cpu[WHITE] + cpu[BLACK]) >= 0
    assert outcome.plies >= 12 or outcome.status != "ongoing"


def test_the_load_match_prints_the_hurried_side_s_score_and_the_cpu_per_reply(capsys):
    call_command("bench_ladder", "--load", "12", "--games", "2", "--max-plies", "2")
    out = capsys.readouterr().out
    assert "Club with 12 replies waiting against Club idle, 2 games: 1 points (+0 =2 -0)" in out
    assert "CPU per reply, hurried: mean" in out and "CPU per reply, idle: mean" in out
