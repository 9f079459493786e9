"""Proofs for puzzles: forced mates found and checked move by move under the real rules, material won by
force, and one werera round won whatever the other side chooses.

A puzzle line alternates the solver's moves with the opponent's replies. It is sound when every solver move
but the last is the only move that still mates in the moves left (the last may be any mate: a mate in one
ends a puzzle however it is given), when no solver step allows a quicker mate than the line claims (so the
replies are the longest defence), and when the end is a win by the rules. Every node is judged in the order
of R7.5: a capture of the last piece draws even if it mates (R7.3), a mate comes before a run-out count
(R7.4) and before the seventy-move rule (R8.2).

The search is full width for the side that mates, because Senterej has quiet mates; the one sound shortcut
is that a mate in one must give check, so the last attacking move is looked for among the moves that may
give check, and a check the negus can step out of is given up before the replies are generated. The
defence tries first the reply that held this very position before, then the reply that refuted a sibling
(a killer), then captures (taking the last piece is a draw) and checks. A table keeps, for each position
met, the shortest mate proved and the longest depth proved mate-free (a reply whose position it answers is
not played out), and the move that decided it, tried first when the position comes back at another depth.
A proof refutes every other solver move at the full depth first; a quicker mate can then only be the
solution's own. Repetition (R8.1) is not looked at: a line that came back to a position would contain a
shorter mate, so it never decides whether a puzzle is sound.
"""

from dataclasses import dataclass

from .fen import COUNT_LIMIT, SEVENTY_MOVES
from .notation import coordinate, parse_coordinate
from .pieces import BLACK, DER, FERES, FERS, FIL, MEDEQ, NEGUS, WHITE
from .position import WAIT, Position
from .speech import _
from .squares import FERES_ATTACKS, FERS_ATTACKS, FIL_ATTACKS, MEDEQ_ATTACKS, NEGUS_ATTACKS, der_attacks
from .werera import play_round

MATED = "mated"  # the side to move is checkmated: the side that just moved has won
DRAWN = "drawn"
#: A mate proved for a table entry that has none yet.
NO_MATE_KNOWN = 1 << 30


def opponent_in_check() -> str:
    """The failure of a puzzle whose side not to move stands in check: the engine reads such positions (R9.1
    relaxed for conformance), but no game reaches them."""
    return _("the side not to move is in check")


def status(position: Position) -> tuple[str | None, list[int]]:
    """The rules' verdict on a turn-based position (R7.5: bare king, mate or stalemate, counting, seventy
    moves) and the legal moves of the side to move, which the verdict needs anyway."""
    if position.piece_count(WHITE) == 0 or position.piece_count(BLACK) == 0:
        return DRAWN, []
    moves = position.legal_moves()
    if not moves:
        return (MATED if position.is_check() else DRAWN), moves
    if position.counting[WHITE] >= COUNT_LIMIT or position.counting[BLACK] >= COUNT_LIMIT:
        return DRAWN, moves
    if position.halfmove >= SEVENTY_MOVES:
        return DRAWN, moves
    return None, moves


def checking_moves(position: Position, moves: list[int]) -> list[int]:
    """The moves among `moves` that give check. A cheap test picks the moves that might (the man lands where
    its kind would attack the negus, or leaves a line to it open) and each of those is played to be sure."""
    checks = []
    for move in _may_check(position, moves):
        position.push(move)
        if position.is_check():
            checks.append(move)
        position.pop()
    return checks


def _may_check(position: Position, moves: list[int]) -> list[int]:
    """The moves among `moves` that may give check: the man lands where its kind would attack the negus, or
    leaves a line to it open."""
    us = position.turn
    assert us is not None
    them = us ^ 1
    king = position.negus[them]
    board = position.board
    occupied = position.by_colour[WHITE] | position.by_colour[BLACK]
    der_lines = der_attacks(king, occupied)
    direct = {
        MEDEQ: MEDEQ_ATTACKS[them][king],
        FERES: FERES_ATTACKS[king],
        FIL: FIL_ATTACKS[king],
        FERS: FERS_ATTACKS[king],
        DER: der_lines,
        NEGUS: 0,
    }
    uncovering = der_lines & position.by_colour[us]
    return [
        move
        for move in moves
        if direct[move >> 12 or board[move & 63] & 7] >> (move >> 6 & 63) & 1 or uncovering >> (move & 63) & 1
    ]


def _mating_move(position: Position, moves: list[int]) -> int:
    """A move among `moves` that mates at once (0 if none): it must give check, and the negus must have no
    square to step to, before the rules judge the position (R7.5: taking the last piece is no mate)."""
    for move in _may_check(position, moves):
        position.push(move)
        mates = position.is_check() and not _has_flight(position) and status(position)[0] == MATED
        position.pop()
        if mates:
            return move
    return 0


def _has_flight(position: Position) -> bool:
    """Whether the negus of the side to move has a square to step to: then it is not mated (a cheap test
    before the legal moves are generated)."""
    us = position.turn
    assert us is not None
    them = us ^ 1
    king = position.negus[us]
    without_king = (position.by_colour[WHITE] | position.by_colour[BLACK]) ^ 1 << king
    squares = NEGUS_ATTACKS[king] & ~position.by_colour[us] & ~position.by_kind[NEGUS]
    while squares:
        low = squares & -squares
        squares ^= low
        if not position.attackers(them, low.bit_length() - 1, without_king):
            return True
    return False


def _table_key(position: Position) -> tuple[object, ...]:
    quiet = position.halfmove if position.halfmove >= SEVENTY_MOVES - 20 else 0
    return (position.placement_key(), position.counting, quiet)


class SearchLimitError(Exception):
    """The search met its node limit before it could answer."""


class MateSearch:
    """Proves or refutes forced mates. The table is kept between calls; `nodes` counts attacking nodes, and
    past `max_nodes` of them a question is given up with `SearchLimitError` (the table stays sound).

    With `checks_only` the side that mates only ever gives check: much faster, and a mate it finds is a
    mate, but a mate it does not find may still exist (quiet moves), so it only finds candidates."""

    def __init__(self, max_nodes: int | None = None, checks_only: bool = False) -> None:
        self.checks_only = checks_only
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}
        self.killers: dict[int, int] = {}
        #: For each position met, the move that decided it last time: the attacker's mating move, or the
        #: defender's reply that held. It is tried first when the position comes back at another depth.
        self.best: dict[tuple[object, ...], int] = {}
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62

    def mates_within(self, position: Position, moves: int) -> bool:
        """Whether the side to move can force mate in at most `moves` of its moves."""
        verdict, legal = status(position)
        return verdict is None and self._attack(position, moves, legal)

    def distance(self, position: Position, limit: int) -> int | None:
        """The fewest moves in which the side to move forces mate, if at most `limit`."""
        verdict, legal = status(position)
        if verdict is not None:
            return None
        for moves in range(1, limit + 1):
            if self._attack(position, moves, legal):
                return moves
        return None

    def mating_moves(self, position: Position, moves: int, first: int = 0, limit: int = 99) -> list[int]:
        """The moves that mate in at most `moves` (every legal move tried), stopping after `limit` are found.
        `first` is tried first, so that a uniqueness test that will fail fails quickly."""
        verdict, legal = status(position)
        if verdict is not None:
            return []
        if first in legal:
            legal.remove(first)
            legal.insert(0, first)
        found = []
        for move in legal:
            if self.move_mates_within(position, move, moves):
                found.append(move)
                if len(found) >= limit:
                    break
        return found

    def move_mates_within(self, position: Position, move: int, moves: int) -> bool:
        """Whether `move` mates at once or leaves the opponent no defence against mate within `moves`."""
        position.push(move)
        try:
            verdict, replies = status(position)
            if verdict == MATED:
                return True
            return verdict is None and moves > 1 and self._defend(position, moves - 1, replies)
        finally:
            position.pop()

    def _attack(self, position: Position, moves: int, legal: list[int]) -> bool:
        key = _table_key(position)
        known_mate, known_free = self.table.get(key, (NO_MATE_KNOWN, 0))
        if known_mate <= moves:
            return True
        if known_free >= moves:
            return False
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        if moves == 1:
            # the last move must mate, so it gives check: only the moves that may give check are played
            mate = _mating_move(position, legal)
            if mate:
                self.table[key] = (1, known_free)
            else:
                self.table[key] = (known_mate, 1)
            return bool(mate)
        if self.checks_only:
            candidates = checking_moves(position, legal)
        else:
            candidates = self._attacking_order(position, legal)
        best = self.best.get(key)
        if best is not None and best in candidates and candidates[0] != best:
            candidates.remove(best)
            candidates.insert(0, best)
        found = False
        for move in candidates:
            position.push(move)
            verdict, replies = status(position)
            if verdict == MATED:
                found = True
            elif verdict is None and moves > 1:
                found = self._defend(position, moves - 1, replies)
            position.pop()
            if found:
                self.best[key] = move
                break
        if found:
            self.table[key] = (moves, known_free)
        else:
            self.table[key] = (known_mate, moves)
        return found

    def _known(self, position: Position, moves: int) -> bool | None:
        """What the table already says about a mate within `moves`, without generating a move: a position
        gets an entry only once the rules have let the game go on there (no verdict)."""
        known_mate, known_free = self.table.get(_table_key(position), (NO_MATE_KNOWN, 0))
        if known_mate <= moves:
            return True
        if known_free >= moves:
            return False
        return None

    def _defend(self, position: Position, moves: int, legal: list[int]) -> bool:
        """Whether every reply still loses to a mate within `moves`."""
        key = _table_key(position)
        first = self.best.get(key, 0)
        killer = self.killers.get(moves, 0)
        for reply in self._defending_order(position, legal, first, killer):
            position.push(reply)
            known = self._known(position, moves)
            if known is None:
                verdict, answers = status(position)
                held = verdict is not None or not self._attack(position, moves, answers)
            else:
                held = not known
            position.pop()
            if held:
                self.killers[moves] = reply
                self.best[key] = reply
                return False
        return True

    @staticmethod
    def _attacking_order(position: Position, legal: list[int]) -> list[int]:
        checks = checking_moves(position, legal)
        chosen = set(checks)
        board = position.board
        forcing = [m for m in legal if m not in chosen and (board[m >> 6 & 63] or m >> 12)]
        chosen.update(forcing)
        return checks + forcing + [m for m in legal if m not in chosen]

    @staticmethod
    def _defending_order(position: Position, legal: list[int], best: int, killer: int) -> list[int]:
        board = position.board
        first = [m for m in dict.fromkeys((best, killer)) if m in legal]
        captures = [m for m in legal if m not in first and board[m >> 6 & 63] and m & 63 != m >> 6 & 63]
        taken = set(first) | set(captures)
        checks = [m for m in _may_check(position, legal) if m not in taken]
        taken.update(checks)
        return first + captures + checks + [m for m in legal if m not in taken]


@dataclass(frozen=True)
class MateProof:
    """What proving a mate line found: `failure` is None for a sound line, else the reason it is not."""

    failure: str | None
    nodes: int = 0
    failed_tries: int = 0  # the solver's checks and captures at the start that do not mate in time


def prove_mate_line(fen: str, moves: list[str], search: MateSearch | None = None) -> MateProof:
    """Checks a mate puzzle: legal moves, the only mating move at every solver step but the last (which
    must mate), and no quicker mate than the line claims at any step."""
    search = search or MateSearch()
    start_nodes = search.nodes
    position = Position.from_fen(fen)
    if position.turn is None:
        return MateProof(_("a mate line is played turn by turn; this is a werera position"))
    if position.is_check(position.turn ^ 1):
        return MateProof(opponent_in_check())
    if len(moves) % 2 == 0:
        return MateProof(_("the line must end with the solver's move"))
    total = (len(moves) + 1) // 2
    failed_tries = 0
    for index, text in enumerate(moves):
        step = {"number": index + 1, "move": text}
        try:
            move = parse_coordinate(text)
        except ValueError as error:
            return MateProof(_("move %(number)s: %(error)s") % {**step, "error": error})
        verdict, legal = status(position)
        if verdict is not None:
            return MateProof(
                _("move %(number)s (%(move)s): the game is already over (%(verdict)s)")
                % {**step, "verdict": verdict}
            )
        if move not in legal:
            return MateProof(_("move %(number)s (%(move)s) is not legal") % step)
        if index % 2 == 0:
            left = total - index // 2
            if left > 1:
                # every move but the solution is refuted at the full depth first: then a quicker mate, if
                # there is one, can only be the solution's, and only its own shorter search is left to do
                mating = search.mating_moves(position, left, first=move, limit=2)
                if (
                    mating == [move]
                    and search.move_mates_within(position, move, left - 1)
                    or (mating != [move] and search.mates_within(position, left - 1))
                ):
                    return MateProof(
                        _("move %(number)s: there is a mate in %(moves)s or less")
                        % {**step, "moves": left - 1}
                    )
                if move not in mating:
                    return MateProof(
                        _("move %(number)s (%(move)s) does not mate in %(moves)s") % {**step, "moves": left}
                    )
                if mating != [move]:
                    others = " ".join(coordinate(m) for m in mating if m != move)
                    return MateProof(
                        _("move %(number)s (%(move)s) is not the only mate in %(moves)s: %(others)s")
                        % {**step, "moves": left, "others": others}
                    )
            elif not search.move_mates_within(position, move, 1):
                return MateProof(_("move %(number)s (%(move)s) does not mate") % step)
            if index == 0:
                failed_tries = _failed_tries(search, position, move, left)
        position.push(move)
    return MateProof(None, search.nodes - start_nodes, failed_tries)


def _failed_tries(search: MateSearch, position: Position, solution: int, left: int) -> int:
    """The natural tries that fail: the solver's checks and captures other than the solution."""
    legal = position.legal_moves()
    board = position.board
    natural = set(checking_moves(position, legal))
    natural.update(m for m in legal if board[m >> 6 & 63] and m & 63 != m >> 6 & 63)
    natural.discard(solution)
    if left == 1:
        return sum(1 for m in natural if not search.move_mates_within(position, m, 1))
    return len(natural)  # the proof of the solution's uniqueness has already shown they all fail


def best_defence(search: MateSearch, position: Position, left: int) -> list[int]:
    """After a solver move that mates in `left`: the replies that put the mate off longest (none allows a
    mate in fewer than `left` solver moves)."""
    verdict, legal = status(position)
    if verdict is not None:
        return []
    longest = []
    for reply in legal:
        position.push(reply)
        quicker = left > 1 and search.mates_within(position, left - 1)
        position.pop()
        if not quicker:
            longest.append(reply)
    return longest


def werera_round_wins(position: Position, side: int, choice: int) -> bool:
    """Whether `choice` of `side` in this werera round mates whatever the other side chooses (R5)."""
    them = side ^ 1
    for reply in [WAIT, *position.legal_moves(them)]:
        after = position.copy()
        play_round(after, *((choice, reply) if side == WHITE else (reply, choice)))
        if after.turn != them or status(after)[0] != MATED:
            return False
    return True


def werera_winning_choices(position: Position, side: int, limit: int = 99) -> list[int]:
    """The choices (waiting included) of `side` that mate in this round whatever the other side chooses."""
    found = []
    for choice in [WAIT, *position.legal_moves(side)]:
        if _mates_if_they_wait(position, side, choice) and werera_round_wins(position, side, choice):
            found.append(choice)
            if len(found) >= limit:
                break
    return found


def _mates_if_they_wait(position: Position, side: int, choice: int) -> bool:
    """A quick first test: a choice that does not mate against a waiting opponent cannot win every time."""
    if choice == WAIT:
        return False
    after = position.copy()
    play_round(after, *((choice, WAIT) if side == WHITE else (WAIT, choice)))
    return after.turn == side ^ 1 and status(after)[0] == MATED


def prove_werera_choice(fen: str, moves: list[str]) -> str | None:
    """Checks a werera puzzle (one round): the solver's one choice mates whatever the opponent chooses, and
    no other choice does. The solver is the side whose man the choice moves."""
    position = Position.from_fen(fen)
    if position.werera is None:
        return _("not a werera position")
    if len(moves) != 1:
        return _("a werera puzzle is one choice")
    choice = parse_coordinate(moves[0])
    sides = [side for side in (WHITE, BLACK) if choice != WAIT and choice in position.legal_moves(side)]
    if len(sides) != 1:
        return _("%(move)s is not a legal choice of exactly one side") % {"move": moves[0]}
    winning = werera_winning_choices(position, sides[0], limit=2)
    if winning != [choice]:
        others = " ".join(coordinate(m) for m in winning if m != choice) or _("none")
        return _("%(move)s is not the only choice that mates whatever the reply: %(others)s") % {
            "move": moves[0],
            "others": others,
        }
    return None


# --- material ---

#: Centipawns for the material search; its own, so that a puzzle's proof does not move with the bots' taste.
MATERIAL = {0: 0, MEDEQ: 100, FIL: 150, FERS: 180, FERES: 300, DER: 500, NEGUS: 0}
#: What a mate is worth inside a material search.
WON = 50_000
#: A material puzzle's solution wins at least this much, and every other move at least MARGIN less.
GAIN = 250
MARGIN = 200
#: A side down to one piece may run its count to a draw (R7.4): the loser must keep this many pieces.
KEPT_PIECES = 2


def material(position: Position, side: int) -> int:
    """The material balance from `side`'s view."""
    board = position.board
    score = 0
    for sq in range(64):
        code = board[sq]
        if code:
            value = MATERIAL[code & 7]
            score += value if code >> 3 == side else -value
    return score


class MaterialSearch:
    """A plain alpha-beta search on material, every node judged by the rules (a bare king is a draw, a mate
    is WON), with a quiescence search on captures and promotions (and every reply to a check)."""

    def __init__(self, max_nodes: int | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes if max_nodes is not None else 1 << 62

    def value(self, position: Position, depth: int, alpha: int = -2 * WON, beta: int = 2 * WON) -> int:
        """The value for the side to move of a search `depth` plies deep (fail-hard outside the window)."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise SearchLimitError(f"more than {self.max_nodes} nodes")
        verdict, legal = status(position)
        if verdict is not None:
            return -WON if verdict == MATED else 0
        if depth <= 0:
            return self._quiesce(position, alpha, beta, legal)
        for move in _capture_order(position, legal):
            position.push(move)
            score = -self.value(position, depth - 1, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def _quiesce(self, position: Position, alpha: int, beta: int, legal: list[int]) -> int:
        us = position.turn
        assert us is not None
        if position.is_check():
            moves = legal
        else:
            stand = material(position, us)
            if stand >= beta:
                return beta
            alpha = max(alpha, stand)
            board = position.board
            moves = [m for m in legal if m >> 12 or (board[m >> 6 & 63] and m & 63 != m >> 6 & 63)]
        for move in _capture_order(position, moves):
            position.push(move)
            score = -self.value(position, 0, -beta, -alpha)
            position.pop()
            if score >= beta:
                return beta
            alpha = max(alpha, score)
        return alpha

    def move_value(self, position: Position, move: int, depth: int, alpha: int, beta: int) -> int:
        position.push(move)
        try:
            return -self.value(position, depth - 1, -beta, -alpha)
        finally:
            position.pop()


def _capture_order(position: Position, moves: list[int]) -> list[int]:
    board = position.board

    def rank(move: int) -> int:
        frm, to = move & 63, move >> 6 & 63
        victim = board[to] & 7 if frm != to else 0
        return (
            -(10 * MATERIAL[victim] - MATERIAL[board[frm] & 7] // 10 + MATERIAL[move >> 12])
            if victim or move >> 12
            else 0
        )

    return sorted(moves, key=rank)


def material_step(search: MaterialSearch, position: Position, move: int, depth: int) -> str | None:
    """Why `move` is not the one move that wins material here, searched `depth` plies (None if it is): it
    must win GAIN or more without mating, and every other move must do at least MARGIN worse."""
    us = position.turn
    assert us is not None
    base = material(position, us)
    best = search.move_value(position, move, depth, -2 * WON, 2 * WON)
    if best >= WON // 2:
        return _("it mates: that is a mate puzzle")
    if best < base + GAIN:
        return _("it wins %(gain)s centipawns, less than %(needed)s") % {"gain": best - base, "needed": GAIN}
    bar = best - MARGIN
    for other in position.legal_moves():
        if other != move and search.move_value(position, other, depth, bar - 1, bar) >= bar:
            return _("%(move)s does nearly as well") % {"move": coordinate(other)}
    return None


def prove_material_line(fen: str, moves: list[str], search: MaterialSearch | None = None) -> str | None:
    """Checks a material puzzle: legal moves, the solver's one winning move at each step (searched two plies
    per solver move left), and the loser keeping enough pieces that the count cannot save it (R7.4)."""
    search = search or MaterialSearch()
    position = Position.from_fen(fen)
    if position.turn is None or len(moves) % 2 == 0:
        return _("a material line is played turn by turn and ends with the solver's move")
    if position.is_check(position.turn ^ 1):
        return opponent_in_check()
    solver = position.turn
    total = (len(moves) + 1) // 2
    for index, text in enumerate(moves):
        move = parse_coordinate(text)
        verdict, legal = status(position)
        if verdict is not None or move not in legal:
            return _("move %(number)s (%(move)s) is not legal") % {"number": index + 1, "move": text}
        if index % 2 == 0:
            failure = material_step(search, position, move, 2 * (total - index // 2))
            if failure is not None:
                return _("move %(number)s (%(move)s): %(failure)s") % {
                    "number": index + 1,
                    "move": text,
                    "failure": failure,
                }
        position.push(move)
    if position.piece_count(solver ^ 1) < KEPT_PIECES:
        return _("the loser is down to one piece: its count may draw (R7.4)")
    return None
