"""The course's task checker: a pure function that replays a learner's moves on a task and says where they
stand. The engine decides what is legal and how a game or a werera round ends; a task adds a goal (collect
stars, capture marked men, give check, reach a result, play one of some moves, castle, play a werera choice,
foil the other side's werera choice) and the opponent's part (pass, take what hangs, scripted replies, a
hidden werera choice). A result may be reached by the opponent's scripted reply too (a stalemate the
opponent cannot avoid).

A drill may be for one man alone (`collector`): a legal move of any other man is refused like an illegal
one, but it is no mistake, since it says nothing about how the learner moves the man the drill is for. A
wrong move of a one-move task says which of the aims its accepted moves share it misses (course.aims)."""

from collections.abc import Sequence
from dataclasses import dataclass, field

from course.aims import Aim, missed
from senterej.engine import NEGUS, WAIT, WHITE, Position, square_name
from senterej.engine.game import CHECKMATE, ONGOING, Game, Judgement
from senterej.engine.notation import IllegalMoveError, coordinate, parse_coordinate, parse_move
from senterej.engine.position import move_from, move_to
from senterej.engine.squares import SQUARE_OF_NAME
from senterej.engine.werera import BLOCKED, RoundReport

GOALS = ("stars", "capture", "check", "status", "moves", "castle", "played", "foil", "question")
OPPONENTS = ("pass", "capture", "scripted")
#: Opponents that otherwise pass: the position is a drill for one side's men, not a game to judge.
PASSING = ("pass", "capture")

SOLVED, FAILED, CONTINUE, ILLEGAL = "solved", "failed", "continue", "illegal"
#: A legal move of a man the drill is not for: refused, and it changes nothing.
REFUSED = "refused"


class TaskError(ValueError):
    """A task that cannot be played as written, or a stored line of moves that does not fit it."""


@dataclass(frozen=True)
class TaskRules:
    fen: str
    side: int
    goal: str
    squares: tuple[str, ...] = ()  # stars to collect, or enemy men to capture
    collector: str = ""  # for drills: the square of the one man the drill is for (it alone moves), if one
    status: str = ""  # the result to reach, for goal "status"
    accept: tuple[str, ...] = ()  # the moves that solve it, for goal "moves" (and "played": the choices)
    opponent: str = "pass"
    replies: dict[str, str] = field(default_factory=dict)  # learner's moves so far, space-joined -> reply
    werera_choice: str = "0000"  # the opponent's hidden choice in a werera task
    history: tuple[str, ...] = ()  # moves played before the task begins (repetition tasks)
    max_moves: int = 1
    par: int = 1
    answer: int = -1  # the right option, for goal "question"

    def __post_init__(self) -> None:
        if self.goal not in GOALS:
            raise TaskError(f"unknown goal {self.goal!r}")
        if self.opponent not in OPPONENTS:
            raise TaskError(f"unknown opponent {self.opponent!r}")
        if self.goal == "status" and self.opponent in PASSING:
            raise TaskError("a result is only reached in a real game: the opponent cannot pass")
        if self.collector and self.collector not in SQUARE_OF_NAME:
            raise TaskError(f"the collecting man's square {self.collector!r} is not a square")


@dataclass(frozen=True)
class Answer:
    """The opponent's answer to a learner's wrong move, as the game would go on (course.refutation)."""

    move: str  # in coordinates
    man: int  # the kind of the man that moves
    taken: int | None = None  # the kind of the learner's man it takes, if any
    check: bool = False
    mate: bool = False
    draw: str = ""  # the rule that draws the game after the answer (R7, R8), if one does


@dataclass
class Verdict:
    state: str  # SOLVED, FAILED, CONTINUE, ILLEGAL or REFUSED (the last move was refused, changing nothing)
    reason: str = ""  # why it failed, or what the reply did
    params: dict[str, str] = field(default_factory=dict)
    position: Position | None = None
    last_move: tuple[int, ...] = ()
    reply: str = ""  # the opponent's answer in coordinates, if any
    report: RoundReport | None = None  # a werera round's report
    collected: frozenset[str] = frozenset()
    moves: int = 0  # the learner's moves that counted
    answer: Answer | None = None  # the answer that refutes a wrong move, once looked for
    missed: tuple[Aim, ...] = ()  # what a wrong move of a one-move task fails to do

    @property
    def over(self) -> bool:
        return self.state in (SOLVED, FAILED)


@dataclass(frozen=True)
class Score:
    """The stars of a solution and what cost the missing ones."""

    stars: int
    extra_moves: int = 0
    mistakes: int = 0
    hint: bool = False


def start(rules: TaskRules) -> Game:
    try:
        game = Game(rules.fen)
        for move in rules.history:
            game.play(move)
    except ValueError as error:
        raise TaskError(f"the task's position or history is not playable: {error}") from error
    if game.is_over and rules.opponent not in PASSING:
        raise TaskError("the task starts in a finished game")
    if rules.collector:
        man = game.position.piece_at(SQUARE_OF_NAME[rules.collector])
        if man is None or man.colour != rules.side:
            raise TaskError(f"no man of the learner's stands on {rules.collector}")
    return game


def replay(rules: TaskRules, moves: Sequence[str]) -> Verdict:
    """Where the learner stands after `moves`. Only the last move may be illegal (it is refused); an earlier
    one, or any move after the task ended, means the stored line was tampered with."""
    game = start(rules)
    verdict = Verdict(CONTINUE, position=game.position)
    trail = _Trail(SQUARE_OF_NAME[rules.collector] if rules.collector else None)
    collected = trail.collected
    for index, text in enumerate(moves):
        if verdict.over:
            raise TaskError("a move after the task ended")
        position = game.position
        try:
            move = WAIT if text == "0000" and game.in_werera else parse_move(position, text, rules.side)
        except IllegalMoveError as error:
            if index == len(moves) - 1:
                return Verdict(ILLEGAL, "illegal", {"move": text}, position, collected=frozenset(collected))
            raise TaskError(f"move {index + 1} ({text}) is not legal") from error
        if trail.refuses(move):
            if index == len(moves) - 1:
                named = position.board[trail.man] & 7 if trail.man is not None else 0
                params = {"man": str(named)}
                return Verdict(REFUSED, "other-man", params, position, collected=frozenset(collected))
            raise TaskError(f"move {index + 1} ({text}) is not a move of the man the drill is for")
        verdict = _step(rules, game, move, trail, moves[: index + 1])
    return verdict


@dataclass
class _Trail:
    """What the learner's moves have done so far: the stars collected, and where the drill's man is."""

    man: int | None  # the square of the man the drill is for, None when any man may move
    collected: set[str] = field(default_factory=set)

    def refuses(self, move: int) -> bool:
        return move != WAIT and self.man is not None and move_from(move) != self.man

    def follow(self, rules: TaskRules, move: int) -> None:
        if move == WAIT:
            return
        if self.man is not None:
            self.man = move_to(move)
        if square_name(move_to(move)) in rules.squares:
            self.collected.add(square_name(move_to(move)))


def _step(rules: TaskRules, game: Game, move: int, trail: _Trail, line: Sequence[str]) -> Verdict:
    position = game.position
    learner = rules.side
    castling = move != WAIT and position.board[move_from(move)] & 7 == NEGUS
    castling = castling and abs(move_to(move) - move_from(move)) == 2
    report = None
    before = position.copy() if rules.accept and move != WAIT else None
    if game.in_werera:
        white, black = (move, parse_coordinate(rules.werera_choice))[:: 1 if learner == WHITE else -1]
        try:
            report = game.play_round(white, black)
        except IllegalMoveError as error:
            raise TaskError(
                f"the opponent's werera choice {rules.werera_choice} is not legal here"
            ) from error
    elif rules.opponent in PASSING:
        position.push(move, learner)
        position.turn = learner  # the other side passes: the task is about one side's men
    else:
        game.play(move)
    squares = () if move == WAIT else (move_from(move), move_to(move))
    trail.follow(rules, move)
    verdict = Verdict(
        CONTINUE,
        position=game.position,
        last_move=squares,
        report=report,
        collected=frozenset(trail.collected),
        moves=len(line),
    )
    _judge_goal(rules, game, move, castling, verdict)
    if verdict.reason == "not-the-move" and before is not None:
        verdict.missed = missed(before, learner, _accepted(rules, before), move)
    if verdict.state == CONTINUE:
        _reply(rules, game, line, verdict)
    if verdict.state == CONTINUE and len(line) >= rules.max_moves:
        verdict.state, verdict.reason = FAILED, "out-of-moves"
        verdict.params = {"moves": str(rules.max_moves)}
    return verdict


#: Goals decided by the learner's first move, and the reason when it misses.
ONE_MOVE_GOALS = {
    "check": "no-check",
    "moves": "not-the-move",
    "castle": "no-castling",
    "played": "not-the-move",
    "foil": "still-fits",
}


def _judge_goal(rules: TaskRules, game: Game, move: int, castling: bool, verdict: Verdict) -> None:
    ended = Judgement(ONGOING) if rules.opponent in PASSING else game.judgement
    if ended.status != ONGOING and not (rules.goal == "status" and _reached(rules, ended)):
        verdict.state, verdict.reason = FAILED, ended.status
        verdict.params = {"result": ended.result}
        return
    if _goal_met(rules, game, move, castling, verdict, ended):
        verdict.state = SOLVED
    elif rules.goal in ONE_MOVE_GOALS:
        verdict.state, verdict.reason = FAILED, ONE_MOVE_GOALS[rules.goal]
        report = verdict.report
        if report is not None and move == WAIT:
            verdict.reason = "waited"
        elif (
            report is not None
            and not _played(report, rules.side, move)
            and (castling or rules.goal != "castle")
        ):
            verdict.reason = "dropped"
        elif rules.goal == "foil" and report is not None and _foiled_otherwise(report, rules.side):
            verdict.reason = "not-the-move"


def _goal_met(
    rules: TaskRules, game: Game, move: int, castling: bool, verdict: Verdict, ended: Judgement
) -> bool:
    position = game.position
    goal = rules.goal
    if goal == "stars":
        return set(rules.squares) <= verdict.collected
    if goal == "capture":
        return not _remaining(rules, position, rules.side)
    if goal == "check":
        return position.is_check(rules.side ^ 1)
    if goal == "status":
        return _reached(rules, ended)
    if goal == "moves":
        return coordinate(move) in rules.accept
    if goal == "castle":
        # in the werera the castling must also survive the round (R5.5 checks it again)
        return castling and (verdict.report is None or _played(verdict.report, rules.side, move))
    if goal == "foil":
        # R5.5: the opponent's slower choice no longer fits after the learner's quicker move
        report = verdict.report
        return report is not None and any(
            dropped.side != rules.side and dropped.reason == BLOCKED for dropped in report.dropped
        )
    # "played": the learner's werera choice survived the round (R5.3-R5.5)
    accepted = not rules.accept or coordinate(move) in rules.accept
    return _played(verdict.report, rules.side, move) and accepted


def _accepted(rules: TaskRules, position: Position) -> list[int]:
    """The task's accepted moves, in the position they answer."""
    try:
        return [parse_move(position, text, rules.side) for text in rules.accept]
    except IllegalMoveError as error:
        raise TaskError(f"an accepted move is not legal in the task's position: {error}") from error


def _foiled_otherwise(report: RoundReport, side: int) -> bool:
    """The opponent's choice was dropped, but by the learner's capture or check, not by R5.5."""
    return any(dropped.side != side for dropped in report.dropped)


def _played(report: RoundReport | None, side: int, move: int) -> bool:
    return report is not None and any(s == side and m == move for s, m in report.played)


def _reached(rules: TaskRules, judgement: Judgement) -> bool:
    if judgement.status != rules.status:
        return False
    return judgement.status != CHECKMATE or judgement.winner == rules.side


def _remaining(rules: TaskRules, position: Position, learner: int) -> list[str]:
    remaining = []
    for name in rules.squares:
        man = position.piece_at(SQUARE_OF_NAME[name])
        if man is not None and man.colour != learner:
            remaining.append(name)
    return remaining


def _reply(rules: TaskRules, game: Game, line: Sequence[str], verdict: Verdict) -> None:
    position = game.position
    learner = rules.side
    if rules.opponent == "capture":
        # The opponent takes any of the learner's men that hangs: "do it without losing your piece".
        for move in sorted(position.legal_moves(learner ^ 1)):
            target = position.piece_at(move_to(move))
            if target is not None and target.colour == learner and position.is_capture(move):
                verdict.reply = coordinate(move)
                verdict.last_move = (move_from(move), move_to(move))
                position.push(move, learner ^ 1)
                position.turn = learner
                verdict.state, verdict.reason = FAILED, "taken"
                verdict.params = {
                    "from": square_name(move_from(move)),
                    "square": square_name(move_to(move)),
                    "taken": str(target.kind),
                }
                return
    elif rules.opponent == "scripted" and not game.in_werera and game.position.turn == learner ^ 1:
        reply = rules.replies.get(" ".join(line), rules.replies.get("*", ""))
        if not reply:
            verdict.state, verdict.reason = FAILED, "off-script"
            return
        try:
            record = game.play(reply)
        except IllegalMoveError as error:
            raise TaskError(f"the scripted reply {reply} after {' '.join(line)} is not legal") from error
        verdict.reply = coordinate(record.move)
        verdict.last_move = (move_from(record.move), move_to(record.move))
        if rules.goal == "status" and _reached(rules, game.judgement):
            verdict.state = (
                SOLVED  # the opponent's only answer reaches the result (a stalemate it must accept)
            )
        elif game.is_over:
            verdict.state, verdict.reason = FAILED, game.status
            verdict.params = {"result": game.result}


def answer(rules: TaskRules, choice: int) -> Verdict:
    if rules.goal != "question":
        raise TaskError("this task is played on the board")
    if choice == rules.answer:
        return Verdict(SOLVED)
    return Verdict(FAILED, "wrong-answer", {"option": str(choice)})


def score(rules: TaskRules, moves: int, mistakes: int, hint: bool = False) -> Score:
    """Three stars for a clean solution within par, without a hint; one less per mistake, per extra move and
    for a hint, never below one."""
    extra = max(0, moves - rules.par)
    return Score(3 - min(2, mistakes + extra + hint), extra, mistakes, hint)
