"""The three kinds of simulated student: on the course's tasks, on puzzles, against the Club player. Each
logs in, then acts with 3-5 s of thinking between actions (its own seeded random), and writes down in its
ledger what the site said it completed, for the database check afterwards."""

import random
import re
import threading
import time
from dataclasses import dataclass
from typing import Any

from tools.classroom.client import Browser, Log, Response, Sample, hidden, legal_moves, men

THINK = (3.0, 5.0)
#: The share of tasks and puzzle tries where the student plays one wrong move.
WRONG = 0.3
#: The game page polls this often while the bot thinks, and gives up after BOT_PATIENCE.
POLL = 1.0
BOT_PATIENCE = 30.0

#: The class's groups in proportion: on the course, on puzzles, against the Club player.
SHARES = (2, 2, 1)

PUZZLE_MOVE = re.compile(r'action="(/train/(\d+)/move/)"')
PUZZLE_STATE = re.compile(r'id="puzzle" class="[^"]*" data-state="(\w+)"')
GAME_STATUS = re.compile(r'data-status="(\w+)"')
SINCE = re.compile(r"\?since=(\d+)")


def groups(students: int) -> tuple[int, int, int]:
    """How many of the class work on the course, on puzzles and against the Club player: SHARES of the whole,
    the seats left over by the rounding down given to the largest remainders (the first group on a tie)."""
    if students < 0:
        raise ValueError("a class has no fewer than no students")
    whole = sum(SHARES)
    exact = [students * share for share in SHARES]  # in `whole`ths of a student
    counts = [part // whole for part in exact]
    left = students - sum(counts)
    by_remainder = sorted(range(len(SHARES)), key=lambda i: (-(exact[i] % whole), i))
    for i in by_remainder[:left]:
        counts[i] += 1
    course, puzzles, club = counts
    return course, puzzles, club


@dataclass(frozen=True)
class CourseTask:
    pk: int
    lesson: str
    number: int
    goal: str
    solution: tuple[str, ...]

    @property
    def path(self) -> str:
        return f"/learn/{self.lesson}/{self.number}/"


class Student:
    kind = ""

    def __init__(
        self,
        number: int,
        browser: Browser,
        seed: int,
        password: str,
        ledger: dict[str, Any],
        seated: threading.Barrier,
    ) -> None:
        self.number, self.browser, self.password = number, browser, password
        self.rng = random.Random(seed * 1000 + number)
        self.ledger, self.seated = ledger, seated
        self.log: Log = browser.log

    @property
    def deadline(self) -> float:
        return self.log.deadline

    def think(self) -> bool:
        """Thinks for 3-5 s; False when the run is over by then."""
        pause = self.rng.uniform(*THINK)
        if time.monotonic() + pause >= self.deadline:
            time.sleep(max(0.0, self.deadline - time.monotonic()))
            return False
        time.sleep(pause)
        return True

    def run(self) -> None:
        """Logs in, waits for the whole class to have logged in (the lesson's clock starts then), works."""
        time.sleep(self.rng.uniform(0, THINK[1]))  # the class does not sit down all at once
        self.browser.request("login page", "GET", "/accounts/login/")
        answer = self.browser.request(
            "log in",
            "POST",
            "/accounts/login/",
            {
                "username": self.browser.name,
                "password": self.password,
                "csrfmiddlewaretoken": self.browser.csrf,
            },
            expect=(302,),
        )
        try:
            self.seated.wait(timeout=120)
        except threading.BrokenBarrierError:
            return
        if answer.status == 302:
            self.work()

    def work(self) -> None:
        raise NotImplementedError


class CourseStudent(Student):
    kind = "course"

    def __init__(self, *args: Any, tasks: list[CourseTask], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.tasks = tasks
        self.ledger.setdefault("tasks", {})
        self.ledger.setdefault("unsure_tasks", [])

    def work(self) -> None:
        index = self.rng.randrange(len(self.tasks))
        while self.think():
            self.browser.request("course map", "GET", "/learn/")
            task = self.tasks[index]
            if not self.think():
                return
            page = self.browser.request("task page", "GET", task.path)
            if page.status == 200 and not self.solve(task, page):
                return
            index = (index + 1) % len(self.tasks)

    def _finished(self, task: CourseTask, answer: Response) -> bool:
        """Notes a finished try (the page offers to try again); True when it was solved."""
        if answer.status == 0:
            self.ledger["unsure_tasks"].append(task.pk)
            return False
        if f'{task.path}retry/"' not in answer.body:
            return False
        solved = 'class="success"' in answer.body
        seen = self.ledger["tasks"].setdefault(str(task.pk), {"finished": 0, "solved": False})
        seen["finished"] += 1
        seen["solved"] = seen["solved"] or solved
        return solved

    def solve(self, task: CourseTask, page: Response) -> bool:
        """Plays the task until solved (a wrong move first, now and then); False when the run is over."""
        wrong = self.rng.random() < WRONG
        if task.goal == "question":
            right = int(task.solution[0])
            count = len(re.findall(r'name="option" value="', page.body))
            options = [option for option in range(count) if option != right]
            while True:
                if not self.think():
                    return False
                option = self.rng.choice(options) if wrong and options else right
                answer = self.browser.request(
                    "course answer", "POST", f"{task.path}answer/", {"option": str(option)}, htmx=True
                )
                if answer.status != 200 or self._finished(task, answer) or not wrong:
                    return True
                wrong = False
                if not self.think():
                    return False
                if self.retry(task).status != 200:
                    return True
        step, wrong_at = 0, self.rng.randrange(len(task.solution)) if wrong else -1
        while step < len(task.solution):
            if not self.think():
                return False
            move = task.solution[step]
            if step == wrong_at:
                others = [m for m in legal_moves(page.body) if m != move]
                move = self.rng.choice(others) if others else move
            page = self.browser.request(
                "course move", "POST", f"{task.path}move/", {"move": move}, htmx=True, expect=(200, 400)
            )
            if page.status not in (200, 400) or self._finished(task, page):
                return True
            if step == wrong_at:
                step, wrong_at = 0, -1
                if not self.think():
                    return False
                page = self.retry(task)
                if page.status != 200:
                    return page.status != 0
                continue
            step += 1
        return True

    def retry(self, task: CourseTask) -> Response:
        return self.browser.request("course retry", "POST", f"{task.path}retry/", {}, htmx=True)


class PuzzleStudent(Student):
    kind = "puzzles"

    def __init__(self, *args: Any, solutions: dict[int, list[str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.solutions = solutions
        self.ledger.setdefault("tries", [])
        self.ledger.setdefault("unsure_tries", [])

    def work(self) -> None:
        while self.think():
            page = self.browser.request("train page", "GET", "/train/")
            found = PUZZLE_MOVE.search(page.body)
            if found is None:
                continue  # no puzzle served: the request's own error, if any, is logged
            path, solution = found.group(1), self.solutions[int(found.group(2))]
            token = hidden(page.body, "token")
            wrong_at = self.rng.randrange(0, len(solution), 2) if self.rng.random() < WRONG else -1
            while True:
                if not self.think():
                    return
                ply = int(hidden(page.body, "ply") or 0)
                move, action = solution[ply], "puzzle move"
                if ply == wrong_at:
                    others = [m for m in legal_moves(page.body) if m != move]
                    move, action = (
                        (self.rng.choice(others), "puzzle move: wrong") if others else (move, action)
                    )
                page = self.browser.request(
                    action, "POST", path, {"move": move, "token": token, "ply": str(ply)}, htmx=True
                )
                state = PUZZLE_STATE.search(page.body)
                if page.status == 0:
                    self.ledger["unsure_tries"].append(token)
                if state is None or state.group(1) != "live":
                    if state is not None and state.group(1) in ("solved", "failed"):
                        self.ledger["tries"].append(token)
                    break


class BotStudent(Student):
    kind = "club"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ledger.setdefault("games", [])

    def work(self) -> None:
        while self.think():
            self.browser.request("play page", "GET", "/play/")
            if not self.think():
                return
            side = self.rng.choice(["white", "black"])
            started = self.browser.request(
                "start bot game",
                "POST",
                "/play/",
                {"mode": "bot", "level": "club", "colour": side},
                expect=(302,),
            )
            if started.status != 302:
                continue
            path = started.location
            page = self.browser.request("game page", "GET", path)
            if page.status != 200:
                continue
            game: dict[str, Any] = {"id": path.rstrip("/").rsplit("/", 1)[1], "side": side, "moves": []}
            self.ledger["games"].append(game)
            if not self.play(path, page, game):
                return

    def play(self, path: str, page: Response, game: dict[str, Any]) -> bool:
        """Plays one game to its end; False when the run is over first."""
        while _ongoing(page.body):
            legal = legal_moves(page.body)
            if not legal:
                page = self.await_reply(path, page, time.monotonic(), "bot reply: move")
                if not legal_moves(page.body):
                    return time.monotonic() < self.deadline  # the reply never came: a new game
                continue
            if not self.think():
                return False
            in_werera = 'name="move" value="0000"' in page.body
            move = self.choose(page.body, legal, game["side"], in_werera)
            form = {
                "move": move,
                "version": hidden(page.body, "version"),
                "steps": hidden(page.body, "steps"),
            }
            sent = time.monotonic()
            answer = self.browser.request("game move", "POST", f"{path}move/", form, htmx=True)
            if answer.status == 0:
                game["unsure"] = move
                return True
            if answer.status != 200:
                page = self.browser.request("game page", "GET", path)
                continue
            game["moves"].append(move)
            page = answer
            if _ongoing(page.body) and not legal_moves(page.body):
                page = self.await_reply(
                    path, page, sent, "bot reply: werera" if in_werera else "bot reply: move"
                )
        return True

    def choose(self, body: str, legal: list[str], side: str, in_werera: bool) -> str:
        """A capture when there is one; in the werera now and then a wait, else a man sent forward (so that
        the werera ends, by a capture or a check, and the bot's searches begin); after it, any legal move."""
        board = men(body)
        captures = [m for m in legal if board.get(m[2:4], side) != side]
        if captures:
            return self.rng.choice(captures)
        if not in_werera:
            return self.rng.choice(legal)
        if self.rng.random() < 0.15:
            return "0000"
        ahead = 1 if side == "white" else -1
        best = max((int(m[3]) - int(m[1])) * ahead for m in legal)
        return self.rng.choice([m for m in legal if (int(m[3]) - int(m[1])) * ahead == best])

    def await_reply(self, path: str, page: Response, sent: float, action: str) -> Response:
        """Polls as the page does (every second, `?since=` its version) until the board takes a move again
        or the game is over: the reply's time is from the move's POST to that poll."""
        wall = time.time() - (time.monotonic() - sent)
        while time.monotonic() - sent < BOT_PATIENCE:
            if time.monotonic() + POLL >= self.deadline:
                return page
            time.sleep(POLL)
            since = SINCE.search(page.body)
            query = f"?since={since.group(1)}" if since else ""
            poll = self.browser.request("game poll", "GET", path + query, htmx=True, expect=(200, 204))
            if poll.status == 200:
                page = poll
            if legal_moves(page.body) or not _ongoing(page.body):
                self.log.add(Sample(action, sent - self.log.began, time.monotonic() - sent, 200, True, wall))
                return page
        self.log.add(
            Sample(action, sent - self.log.began, time.monotonic() - sent, 0, False, wall),
            f"{self.browser.name} {path}: no reply in {BOT_PATIENCE:.0f} s",
        )
        return page


def _ongoing(body: str) -> bool:
    found = GAME_STATUS.search(body)
    return found is not None and found.group(1) == "ongoing"
