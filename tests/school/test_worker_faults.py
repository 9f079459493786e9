"""The task workers as production runs them, through faults: a database that goes away for ten seconds while a
bot's reply waits, and a worker killed outright under the process supervisor. Each test starts its own
servers (a private PostgreSQL cluster, or supervisord with the site's own configuration) and stops them."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
# The start position with the werera over (R4): White to move, turn by turn; the bot plays White.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
START_BOT_GAME = (
    "from play import services; from play.models import Game; from senterej.engine import BLACK; "
    f"print(services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level='novice', fen='{TURNS}').id)"
)
COUNT_STEPS = "from play.models import Game; import sys; print(len(Game.objects.get(pk=sys.argv[1]).steps))"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def manage(environment: dict[str, str], *arguments: str) -> str:
    finished = subprocess.run(
        [PYTHON, "manage.py", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return finished.stdout.strip().splitlines()[-1] if finished.stdout.strip() else ""


def steps_of(environment: dict[str, str], game_id: str) -> int:
    script = COUNT_STEPS.replace("sys.argv[1]", repr(game_id))
    return int(manage(environment, "shell", "--no-imports", "-c", script))


def until(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether the condition came true within so many seconds, asked every tenth of a second."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def cluster() -> Iterator[tuple[dict[str, str], Callable[[str], None]]]:
    """A PostgreSQL cluster of the test's own (tools/postgres), migrated, and a way to stop and start it. Its
    folder's parent is open to the postgres user, which runs the server."""
    parent = Path(tempfile.mkdtemp(prefix="senterej-faults-"))
    parent.chmod(0o755)
    where = {"SENTEREJ_PG_DIR": str(parent / "postgres"), "SENTEREJ_PG_PORT": str(free_port())}
    tools = {**os.environ, **where}

    def postgres(action: str) -> None:
        subprocess.run([str(ROOT / "tools" / "postgres"), action], env=tools, check=True, capture_output=True)

    url = subprocess.run(
        [str(ROOT / "tools" / "postgres"), "start"], env=tools, check=True, capture_output=True, text=True
    ).stdout.strip()
    environment = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "school.settings"}
    environment.pop("TASK_BACKEND", None)
    try:
        manage(environment, "migrate", "--no-input")
        yield environment, postgres
    finally:
        postgres("stop")
        shutil.rmtree(parent, ignore_errors=True)


def test_a_bots_reply_comes_when_the_database_is_back_from_ten_seconds_away(cluster):
    environment, postgres = cluster
    worker = subprocess.Popen(
        [PYTHON, "manage.py", "task_worker", "--queue-name=bots", "--no-reload", "--interval=0.2"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # The worker waits while the game is made, so that the reply is still waiting when the database goes.
        worker.send_signal(signal.SIGSTOP)
        game_id = manage(environment, "shell", "--no-imports", "-c", START_BOT_GAME)
        assert steps_of(environment, game_id) == 0
        postgres("stop")
        worker.send_signal(signal.SIGCONT)
        away = time.monotonic()
        while time.monotonic() - away < 10:  # the outage itself, not a wait for anything
            assert worker.poll() is None, "the worker died with the database"
            time.sleep(0.5)
        postgres("start")
        assert until(lambda: steps_of(environment, game_id) == 1, 15)
        assert worker.poll() is None
    finally:
        worker.kill()
        worker.wait()


def test_a_killed_worker_is_started_again_by_the_supervisor_and_plays_the_next_reply(tmp_path):
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "WEB_COMMAND": f"{PYTHON} manage.py runserver 127.0.0.1:{free_port()} --noreload",
        "WORKER_OPTIONS": "--interval=0.2",
        "PYTHON": PYTHON,
        "BOT_WORKERS": "1",
        "SUPERVISOR_DIR": str(tmp_path),
    }
    environment.pop("TASK_BACKEND", None)
    manage(environment, "migrate", "--no-input")
    supervisord = shutil.which("supervisord", path=str(Path(PYTHON).parent))
    control = [str(Path(PYTHON).parent / "supervisorctl"), "-c", "school/supervisord.conf"]
    supervisor = subprocess.Popen(
        [str(supervisord), "-c", "school/supervisord.conf"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def worker_pid() -> int:
        answer = subprocess.run(
            [*control, "pid", "bots:bots-0"], cwd=ROOT, env=environment, capture_output=True
        )
        return int(answer.stdout) if answer.stdout.strip().isdigit() else 0

    try:
        assert until(lambda: worker_pid() > 0, 20)
        first = worker_pid()
        os.kill(first, signal.SIGKILL)
        assert until(lambda: worker_pid() not in (0, first), 20)
        game_id = manage(environment, "shell", "--no-imports", "-c", START_BOT_GAME)
        assert until(lambda: steps_of(environment, game_id) == 1, 30)
    finally:
        supervisor.terminate()
        supervisor.wait(timeout=30)
