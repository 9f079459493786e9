"""Clocks kept whether anyone looks or not (`manage.py keep_time`, run beside the web server by supervisord):
a side whose time runs out while nobody has the game open loses on time at the moment the flag fell, and
both players' lists say so."""

import subprocess
import sys
import time
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from freezegun import freeze_time

from play.models import Game
from testing import site_process
from testing.games import move, online_pair
from testing.site_process import scratch_site

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
# The werera costs no clock time (R4): these choices bring an online game to turns, Black to move.
TO_TURNS = (("g1f3", "0000"), ("f3d4", "0000"), ("d4e6", "0000"))


def test_a_flag_that_falls_while_nobody_looks_ends_the_game_at_its_deadline_in_both_lists(log_in, learner):
    with freeze_time("2026-12-01 10:00:00") as frozen:
        host, guest, game = online_pair(clock="5+3")
        for white, black in TO_TURNS:
            move(host, game, white)
            move(guest, game, black)
        game.refresh_from_db()
        deadline = game.clock_since + timedelta(seconds=game.black_time)
        frozen.tick(timedelta(seconds=340))  # 40 s past Black's flag, and nobody opened the game
        call_command("keep_time", "--once")
    game.refresh_from_db()
    assert (game.status, game.result, game.black_time) == (Game.Status.TIME, "1-0", 0.0)
    assert game.finished == deadline
    rows = {}
    for name, client in (("host", host), ("guest", guest)):
        page = client.get(reverse("my_games")).content.decode()
        rows[name] = "Win" in page, "Loss" in page, "Time ran out" in page
    assert rows == {"host": (True, False, True), "guest": (False, True, True)}


def test_the_real_scheduler_settles_a_flag_as_it_falls(tmp_path):
    """`keep_time` as supervisord runs it, in a process of its own, on a database of its own."""
    environment = scratch_site(tmp_path)
    manage = partial(site_process.manage, environment)
    manage("migrate", "--no-input")
    make = (
        "from datetime import timedelta; from django.utils import timezone; "
        "from play import services; from play.models import Game; "
        "g = services.start_game(mode=Game.Mode.ONLINE, clock='5+3', "
        "fen='rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0'); "
        "g = services.join(invite_code=g.invite_code); now = timezone.now(); "
        "Game.objects.filter(pk=g.pk).update(white_time=2.0, clock_since=now); "
        "print(g.pk, (now + timedelta(seconds=2)).isoformat())"
    )
    game_id, falls = manage("shell", "--no-imports", "-c", make).split()
    read = (
        "from play.models import Game; g = Game.objects.get(pk='%s'); "
        "print(g.status, g.result, g.finished.isoformat() if g.finished else '-')"
    )
    keeper = subprocess.Popen(
        [sys.executable, "manage.py", "keep_time", "--interval=0.2"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        state = manage("shell", "--no-imports", "-c", read % game_id)
        while state.startswith("ongoing") and time.monotonic() < deadline:
            time.sleep(0.2)
            state = manage("shell", "--no-imports", "-c", read % game_id)
    finally:
        keeper.terminate()
        keeper.wait(timeout=10)
    assert state == f"{Game.Status.TIME} 0-1 {falls}"
