"""The task workers as production runs them, through faults: a database that goes away for ten seconds while a
bot's reply waits, and a worker killed outright under the process supervisor, between tasks and in the middle
of a bot's reply, an evaluation and a curator's job, whose work is then done within 30 s with no person
acting. Each test starts its own servers (a private PostgreSQL cluster, or supervisord with the site's own
configuration) and stops them."""

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from testing.site_process import manage, scratch_site

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
# The start position with the werera over (R4): White to move, turn by turn; the bot plays White.
TURNS = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 0/0"
# A middlegame the engine thinks about for a while (turn by turn, R4).
MIDDLEGAME = "r1bk1bnr/pp1qpppp/2np4/2p5/4P3/2NP1N2/PPP1QPPP/R1B1KB1R w - - 0 1 0/0"
START_BOT_GAME = (
    "from play import services; from play.models import Game; from senterej.engine import BLACK; "
    f"print(services.start_game(mode=Game.Mode.BOT, human=BLACK, bot_level='novice', fen='{TURNS}').id)"
)
COUNT_STEPS = "from play.models import Game; import sys; print(len(Game.objects.get(pk=sys.argv[1]).steps))"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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


class Supervised:
    """The site under supervisord with its own configuration, on a SQLite file: the web server, a worker on
    each queue and the clock."""

    def __init__(self, folder: Path) -> None:
        self.database = folder / "site.sqlite3"
        self.environment = {
            **scratch_site(folder),
            "WEB_COMMAND": f"{PYTHON} manage.py runserver 127.0.0.1:{free_port()} --noreload",
            "WORKER_OPTIONS": "--interval=0.2",
            "PYTHON": PYTHON,
            "BOT_WORKERS": "1",
            "SUPERVISOR_DIR": str(folder),
        }
        manage(self.environment, "migrate", "--no-input")
        supervisord = shutil.which("supervisord", path=str(Path(PYTHON).parent))
        self.supervisor = subprocess.Popen(
            [str(supervisord), "-c", "school/supervisord.conf"],
            cwd=ROOT,
            env=self.environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def pid(self, process: str) -> int:
        control = [
            str(Path(PYTHON).parent / "supervisorctl"),
            "-c",
            "school/supervisord.conf",
            "pid",
            process,
        ]
        answer = subprocess.run(control, cwd=ROOT, env=self.environment, capture_output=True)
        return int(answer.stdout) if answer.stdout.strip().isdigit() else 0

    def shell(self, script: str) -> str:
        return manage(self.environment, "shell", "--no-imports", "-c", script)

    def read(self, query: str, *parameters: object) -> list[tuple[object, ...]]:
        """Straight from the database file, in a few milliseconds, so that a task's run is not missed."""
        with sqlite3.connect(self.database, timeout=5) as connection:
            return connection.execute(query, parameters).fetchall()

    def running(self, task: str) -> bool:
        rows = self.read(
            "SELECT 1 FROM django_tasks_database_dbtaskresult WHERE status = 'RUNNING' AND task_path LIKE ?",
            f"%{task}",
        )
        return bool(rows)

    def runs(self, task: str) -> list[int]:
        """How many workers took each of the task's rows (a row lost with its worker is taken again)."""
        rows = self.read(
            "SELECT worker_ids FROM django_tasks_database_dbtaskresult WHERE task_path LIKE ?", f"%{task}"
        )
        return sorted(len(json.loads(str(ids))) for (ids,) in rows)

    def kill_mid(self, process: str, task: str) -> None:
        """Kills the process (-9) while it runs the task, as soon as the task's row says it has begun (its pid
        asked of the supervisor before, which takes a while), and checks that the task was still running."""
        assert until(lambda: self.pid(process) > 0, 30)
        pid = self.pid(process)
        assert until(lambda: self.running(task), 30), f"{task} never ran"
        os.kill(pid, signal.SIGKILL)
        assert self.running(task), f"{task} ended before its worker was killed"

    def stop(self) -> None:
        self.supervisor.terminate()
        self.supervisor.wait(timeout=30)


@pytest.fixture
def supervised(tmp_path) -> Iterator[Supervised]:
    site = Supervised(tmp_path)
    try:
        yield site
    finally:
        site.stop()


def test_a_killed_worker_is_started_again_by_the_supervisor_and_plays_the_next_reply(supervised):
    assert until(lambda: supervised.pid("bots:bots-0") > 0, 20)
    first = supervised.pid("bots:bots-0")
    os.kill(first, signal.SIGKILL)
    assert until(lambda: supervised.pid("bots:bots-0") not in (0, first), 20)
    game_id = supervised.shell(START_BOT_GAME)
    assert until(lambda: steps_of(supervised.environment, game_id) == 1, 30)


def test_a_reply_lost_with_its_worker_killed_mid_search_is_played_within_30_s(supervised):
    """The Club player thinks 1.5 s: the worker is killed in the middle of it. R4: White moves first."""
    game_id = supervised.shell(START_BOT_GAME.replace("bot_level='novice'", "bot_level='club'"))
    supervised.kill_mid("bots:bots-0", "bot_reply")
    killed = time.monotonic()
    assert until(lambda: steps_of(supervised.environment, game_id) == 1, 30)
    assert time.monotonic() - killed < 30
    assert supervised.runs("bot_reply") == [2]  # killed mid-search, then taken again


def test_an_evaluation_lost_with_its_worker_is_answered_within_30_s(supervised):
    ask = (
        "from analysis import evaluations; "
        f"print(evaluations.ask(fen='{MIDDLEGAME}', seen=[], budget=evaluations.BUDGET).pk)"
    )
    evaluation = int(supervised.shell(ask))
    supervised.kill_mid("analysis", "evaluate")

    def answered() -> bool:
        return supervised.read("SELECT done FROM analysis_evaluation WHERE id = ?", evaluation) == [(1,)]

    assert until(answered, 30)
    assert supervised.runs("evaluate") == [2]


def test_a_job_lost_with_its_worker_goes_on_within_30_s_and_ends(supervised):
    """A re-validation of the site's 26 hardest puzzles (the longest proofs), two chunks; the worker is killed
    in the middle of the first, which another takes within 30 s and proves again."""
    manage(supervised.environment, "loaddata", str(ROOT / "fixtures" / "puzzles.jsonl"))
    start = (
        "from trainer import jobs; from trainer.models import CurationJob, Puzzle; "
        "hardest = Puzzle.objects.filter(active=True).order_by('-rating'); "
        "ids = list(hardest.values_list('pk', flat=True)[:26]); "
        "print(jobs.start(kind=CurationJob.Kind.REVALIDATE, user=None, payload=ids).pk)"
    )
    job = int(supervised.shell(start))
    supervised.kill_mid("jobs", "curation_job")

    def state() -> tuple[object, ...]:
        return supervised.read("SELECT status, saved FROM trainer_curationjob WHERE id = ?", job)[0]

    assert until(lambda: 2 in supervised.runs("curation_job"), 30)
    assert until(lambda: state() == ("done", 26), 150)
    (result,) = supervised.read("SELECT result FROM trainer_curationjob WHERE id = ?", job)[0]
    assert json.loads(str(result))["proved"] == 26
    assert supervised.runs("curation_job") == [1, 2]
