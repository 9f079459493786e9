"""Whole games as text: a PGN-like record of a Senterej game, written by `write_record` and read back by
`read_record`, which replays every move and werera round through the engine.

    [Event "Club night"]
    [Date "2026.11.29"]
    [White "Abebe"]
    [Black "Almaz"]
    [Result "0-1"]
    [Variant "Senterej"]
    [Termination "resignation"]

    W1. e3 Nf6 W2. e4 -- W3. e5 Nxe4 {Black's Nxe4 played alone; White's e5 dropped:
    capture first; the werera ends, White to move} 1. d3 Nc5 2. Nf3 e6 0-1

Tags come first, one `[Name "value"]` a line, with `"` and `\\` escaped by a backslash as in PGN. Result,
Termination, Variant, and SetUp with FEN (for a game that did not start from `START_FEN`) are kept in step
with the game; any other tag is kept as it is. Termination is the engine's word for how the game ended
(checkmate, stalemate, bare-king, counting, repetition, seventy-moves) or, for a game the engine still sees
as going on, resignation or agreement (R8.3).

Then the moves, in SAN (R9.3). A werera round is `W<n>.` and both sides' choices, White's first, `--` for a
wait (R5.1, R5.10). Each choice is written as the move it is in the position at the start of the round, for
its own side, and both are written even when one was dropped, so that reading the record resolves the
round again (R5.3-R5.7). A round in which a move was dropped or the werera ended carries a comment saying
what happened; comments are for people and are ignored when reading. Turn-based moves are numbered as in
PGN, from the position's full-move number: `1. Nf3 Nf6 2. ...`, or `1... fxe6` when Black moves first after
the werera. A game that ends in the werera has no numbered moves. The record ends with its result:
`1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over.

Reading also takes coordinate notation (`e2e3`, `0000` for a wait), moves without numbers, extra
whitespace, `{...}` and `;` comments, check marks, `!?` and `$1` annotations. Anything else is a
`RecordError` that says what is wrong and on which line.
"""

import re
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from .fen import FenError
from .game import BARE_KING, CHECKMATE, COUNTING, REPETITION, SEVENTY_MOVE_RULE, STALEMATE, Game
from .notation import IllegalMoveError, parse_move, san
from .pieces import BLACK, WHITE
from .position import START_FEN, WAIT, Position
from .werera import BLOCKED, CAPTURE_FIRST, CHECK, ENDED_AFTER_TWENTY, RoundReport

VARIANT = "Senterej"
RESIGNATION = "resignation"
AGREEMENT = "agreement"
ENGINE_ENDS = (CHECKMATE, STALEMATE, BARE_KING, COUNTING, REPETITION, SEVENTY_MOVE_RULE)
TERMINATIONS = (*ENGINE_ENDS, RESIGNATION, AGREEMENT)
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
WAIT_TEXT = "--"
WAIT_TEXTS = (WAIT_TEXT, "0000")
#: The order tags are written in: PGN's seven first, then ours; any others follow in the order given.
TAG_ORDER = (
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "Termination",
)
LINE_WIDTH = 80
#: A record from the site's import form; a long game is a few kilobytes.
MAX_RECORD_CHARS = 200_000
SIDE_NAMES = ("White", "Black")
REASONS = {CAPTURE_FIRST: "capture first", CHECK: "check", BLOCKED: "blocked"}

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPE = re.compile(r"\\(.)")
_DATE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")
#: Matches at every position, so that nothing in the moves is skipped unseen.
_LEXEME = re.compile(r"\s+|\{[^}]*\}|;[^\n]*|[^\s{};]+|[{}]")
_MARKER = re.compile(r"(?P<round>W[0-9]{1,3}\.)|[0-9]{1,7}\.(?:\.\.)?")
_NAG = re.compile(r"\$[0-9]{1,3}")

ROUND, NUMBER, MOVE, RESULT = "round", "number", "move", "result"


class RecordError(ValueError):
    """A record that cannot be read, or tags that cannot be written, with what is wrong and where."""


class _Token(NamedTuple):
    kind: str
    text: str
    line: int


# --- writing ---


def write_record(game: Game, tags: Mapping[str, str]) -> str:
    """The record of `game` with `tags`. Result and Termination come from the game when the engine ended it,
    otherwise from the tags (`*` when not given); tags that contradict the game are a RecordError."""
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise RecordError(f"tag name {name!r}: use letters, digits and _ only")
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise RecordError(f"tag {name}: the value must be text on one line")
        _check_tag(name, value, "")
    _check_start(game, tags)
    result, termination = _settle(game, tags.get("Result"), tags.get("Termination"), "")
    final = {**tags, "Result": result, "Variant": VARIANT}
    final.pop("Termination", None)
    final.pop("FEN", None)
    final.pop("SetUp", None)
    if termination is not None:
        final["Termination"] = termination
    if game.start_fen != START_FEN:
        final["SetUp"], final["FEN"] = "1", game.start_fen
    names = [name for name in TAG_ORDER if name in final] + [name for name in final if name not in TAG_ORDER]
    lines = [f'[{name} "{_escape(final[name])}"]' for name in names]
    return "\n".join(lines) + "\n\n" + _wrap([*_movetext(game), result]) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _check_start(game: Game, tags: Mapping[str, str]) -> None:
    """The FEN and SetUp tags describe the game's start; given ones must agree with it."""
    if "FEN" in tags:
        try:
            same = Position.from_fen(tags["FEN"]).fen() == game.start_fen
        except FenError as error:
            raise RecordError(f"FEN tag: {error}") from None
        if not same:
            raise RecordError(f"FEN tag {tags['FEN']!r} is not where the game started ({game.start_fen})")
    if tags.get("SetUp") == "0" and game.start_fen != START_FEN:
        raise RecordError(f'SetUp tag "0", but the game started from {game.start_fen}')


def _movetext(game: Game) -> list[str]:
    """The moves as units that stay on one line, replayed from the start so each SAN is that of its own
    position: a werera choice in the position at the start of its round, for its own side (R9.3)."""
    replay = Game(game.start_fen)
    units: list[str] = []
    black_needs_number = True
    for entry in game.history:
        position = replay.position
        if isinstance(entry, RoundReport):
            texts = [
                WAIT_TEXT if move == WAIT else san(position, move, side)
                for side, move in enumerate(entry.choices)
            ]
            units += [f"W{entry.number}. {texts[WHITE]}", texts[BLACK]]
            report = replay.play_round(*entry.choices)
            units += _round_comment(report, texts, replay).split()
            black_needs_number = True
            continue
        side, number = position.turn, position.fullmove
        notation = replay.play(entry.move).san
        if side == WHITE:
            units.append(f"{number}. {notation}")
        else:
            units.append(f"{number}... {notation}" if black_needs_number else notation)
        black_needs_number = False
    return units


def _round_comment(report: RoundReport, texts: list[str], replay: Game) -> str:
    """R5.10: what was played and what was dropped and why, and how the werera or the game ended;
    nothing for a plain round."""
    parts = []
    if report.dropped:
        side = report.played[0][0]
        parts.append(f"{SIDE_NAMES[side]}'s {texts[side]} played alone")
    for dropped in report.dropped:
        parts.append(f"{SIDE_NAMES[dropped.side]}'s {texts[dropped.side]} dropped: {REASONS[dropped.reason]}")
    if replay.is_over:
        parts.append(f"the game ends: {replay.status}")
    elif report.ended == ENDED_AFTER_TWENTY:
        parts.append(f"the werera ends after round 20, {SIDE_NAMES[WHITE]} to move")  # R5.6
    elif report.ended_by is not None:
        parts.append(f"the werera ends, {SIDE_NAMES[report.ended_by ^ 1]} to move")  # R5.7
    return "{" + "; ".join(parts) + "}" if parts else ""


def _wrap(units: list[str]) -> str:
    lines: list[str] = []
    line = ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > LINE_WIDTH:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    return "\n".join([*lines, line])


# --- reading ---


def read_record(text: str) -> tuple[dict[str, str], Game]:
    """The tags and the game of a record, every move re-checked by the engine. The tags are those written,
    with Result, and Termination for a game the engine ended, filled in when missing."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is longer than {MAX_RECORD_CHARS} characters")
    lines = text.removeprefix("\ufeff").split("\n")
    tags, tag_lines, first_move_line = _read_tags(lines)
    game = _start_game(tags, tag_lines)
    movetext = "\n".join(lines[first_move_line - 1 :])
    result = _replay(game, _tokens(movetext, first_move_line), min(first_move_line, len(lines)))
    where = f"line {result.line}: "
    if tags.get("Result", result.text) != result.text:
        raise RecordError(
            f"{where}the moves end with {result.text}, but the Result tag on line {tag_lines['Result']} "
            f"says {tags['Result']}"
        )
    final, termination = _settle(game, result.text, tags.get("Termination"), where)
    tags["Result"] = final
    if termination is not None:
        tags["Termination"] = termination
    return tags, game


def _read_tags(lines: list[str]) -> tuple[dict[str, str], dict[str, int], int]:
    """The tags, the line of each, and the line the moves start on (lines count from 1)."""
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    for index, line in enumerate(lines):
        number = index + 1
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        if not stripped.startswith("["):
            return tags, tag_lines, number
        position = 0
        while (rest := line[position:].strip()) and not rest.startswith(";"):
            match = _TAG.match(line, position)
            if not match:
                raise RecordError(
                    f'line {number}: a tag is written [Name "value"], the value in double quotes'
                )
            name, value = match[1], _unescape(match[2], number)
            if name in tags:
                raise RecordError(
                    f"line {number}: a second {name} tag (the first is on line {tag_lines[name]})"
                )
            _check_tag(name, value, f"line {number}: ")
            tags[name], tag_lines[name] = value, number
            position = match.end()
    return tags, tag_lines, len(lines) + 1


def _unescape(value: str, line: int) -> str:
    def replace(match: re.Match[str]) -> str:
        if match[1] not in '"\\':
            raise RecordError(f'line {line}: \\{match[1]} in a tag value; only \\" and \\\\ are escapes')
        return match[1]

    return _ESCAPE.sub(replace, value)


def _check_tag(name: str, value: str, where: str) -> None:
    """The tags whose values have a syntax: the same checks for writing and reading."""
    if name == "Result" and value not in RESULTS:
        raise RecordError(f"{where}Result {value!r} is not one of {', '.join(RESULTS)}")
    if name == "Termination" and value not in TERMINATIONS:
        raise RecordError(f"{where}Termination {value!r} is not one of {', '.join(TERMINATIONS)}")
    if name == "Date" and not _DATE.fullmatch(value):
        raise RecordError(f"{where}Date {value!r} is not YYYY.MM.DD (with ? for what is not known)")
    if name == "Variant" and value != VARIANT:
        raise RecordError(f"{where}Variant {value!r}: only {VARIANT} is played here")
    if name == "SetUp" and value not in ("0", "1"):
        raise RecordError(f"{where}SetUp {value!r} is not 0 or 1")


def _start_game(tags: Mapping[str, str], tag_lines: Mapping[str, int]) -> Game:
    if "FEN" not in tags:
        if tags.get("SetUp") == "1":
            raise RecordError(f'line {tag_lines["SetUp"]}: SetUp "1" needs a FEN tag with the start position')
        return Game()
    where = f"line {tag_lines['FEN']}: "
    try:
        game = Game(tags["FEN"])
    except FenError as error:
        raise RecordError(f"{where}FEN tag: {error}") from None
    if tags.get("SetUp") == "0" and game.start_fen != START_FEN:
        raise RecordError(
            f'{where}a FEN tag with SetUp "0": write SetUp "1" for a game from another position'
        )
    return game


def _tokens(movetext: str, line: int) -> Iterator[_Token]:
    """Rounds, move numbers, moves and results; comments and annotations are dropped."""
    for match in _LEXEME.finditer(movetext):
        lexeme = match.group()
        if lexeme == "{":
            raise RecordError(f"line {line}: a comment opened with {{ is never closed with }}")
        if lexeme == "}":
            raise RecordError(f"line {line}: a }} that closes no comment")
        if not lexeme[0].isspace() and lexeme[0] not in "{;":
            yield from _split_word(lexeme, line)
        line += lexeme.count("\n")


def _split_word(word: str, line: int) -> Iterator[_Token]:
    if word[0] in "()":
        raise RecordError(f"line {line}: variations in ( ) are not read; keep one line of play")
    if word[0] == "[":
        raise RecordError(f"line {line}: a tag among the moves; tags go at the top")
    while word:
        if word in RESULTS:
            yield _Token(RESULT, word, line)
            return
        marker = _MARKER.match(word)
        if marker is None:
            if not _NAG.fullmatch(word):
                yield _Token(MOVE, word, line)
            return
        yield _Token(ROUND if marker["round"] else NUMBER, marker.group(), line)
        word = word[marker.end() :]


def _replay(game: Game, tokens: Iterator[_Token], line: int) -> _Token:
    """Plays the tokens on `game` and returns the result token that ends them; `line` is where they start."""
    round_tokens: list[_Token] = []
    number: _Token | None = None
    result: _Token | None = None
    for token in tokens:
        line = token.line
        where = f"line {token.line}: "
        if result is not None:
            raise RecordError(f"{where}{token.text} after the result {result.text}, which ends the record")
        if round_tokens:
            if token.kind != MOVE:
                raise RecordError(
                    f"{where}{token.text} inside round {round_tokens[0].text} "
                    "before both choices, White's then Black's (-- to wait)"
                )
            round_tokens.append(token)
            if len(round_tokens) == 3:
                _play_round(game, round_tokens)
                round_tokens = []
        elif number is not None and token.kind != MOVE:
            raise RecordError(f"{where}move number {number.text} with no move after it")
        elif token.kind == RESULT:
            result = token
        elif token.kind == ROUND:
            _check_round(game, token)
            round_tokens = [token]
        elif token.kind == NUMBER:
            _check_number(game, token)
            number = token
        else:
            _play_move(game, token)
            number = None
    if round_tokens:
        raise RecordError(f"line {line}: the record stops inside round {round_tokens[0].text}")
    if number is not None:
        raise RecordError(f"line {line}: move number {number.text} with no move after it")
    if result is None:
        raise RecordError(f"line {line}: the record does not end with a result ({', '.join(RESULTS)})")
    return result


def _check_not_over(game: Game, token: _Token) -> None:
    if game.is_over:
        raise RecordError(
            f"line {token.line}: {token.text} after the end of the game ({game.status}, {game.result})"
        )


def _check_round(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    where = f"line {token.line}: "
    expected = game.position.werera
    if expected is None:
        raise RecordError(
            f"{where}round {token.text} where turns alternate: the werera is over, "
            f"so number the moves ({_next_number(game)} ...)"
        )
    if token.text != f"W{expected}.":
        raise RecordError(f"{where}round {token.text} where round W{expected}. comes next")


def _check_number(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    where = f"line {token.line}: "
    if game.position.werera is not None:
        raise RecordError(
            f"{where}move number {token.text} during the werera: round W{game.position.werera}. comes next, "
            "with both sides' choices"
        )
    expected = _next_number(game)
    if token.text == expected:
        return
    if token.text == f"{game.position.fullmove}.":
        raise RecordError(f"{where}move number {token.text} before a Black move: write {expected}")
    raise RecordError(f"{where}move number {token.text} where {expected} comes next")


def _next_number(game: Game) -> str:
    return f"{game.position.fullmove}{'.' if game.position.turn == WHITE else '...'}"


def _play_move(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    position = game.position
    where = f"line {token.line}: "
    if position.turn is None:
        raise RecordError(
            f"{where}{token.text} outside a werera round: write W{position.werera}. "
            "then White's and Black's choices"
        )
    if token.text in WAIT_TEXTS:
        raise RecordError(f"{where}{token.text} (a wait) is a werera choice; the werera is over")
    move_number = f"move {position.fullmove}, {SIDE_NAMES[position.turn]}"
    try:
        move = parse_move(position, token.text)
    except IllegalMoveError as error:
        raise RecordError(f"line {token.line}, {move_number}: {error}") from None
    game.play(move)


def _play_round(game: Game, tokens: list[_Token]) -> None:
    marker, *choice_tokens = tokens
    choices = []
    for side, token in zip((WHITE, BLACK), choice_tokens, strict=True):
        if token.text in WAIT_TEXTS:
            choices.append(WAIT)
            continue
        try:
            choices.append(parse_move(game.position, token.text, side))
        except IllegalMoveError as error:
            raise RecordError(
                f"line {token.line}, round {marker.text[:-1]}: {SIDE_NAMES[side]}'s choice: {error} "
                "(a choice is written for the position at the start of its round)"
            ) from None
    game.play_round(*choices)


# --- the result ---


def _settle(game: Game, result: str | None, termination: str | None, where: str) -> tuple[str, str | None]:
    """The result and termination of `game` given those written: the engine's when it ended the game,
    otherwise a site outcome (R8.3) or `*`."""
    if game.is_over:
        ended = f"the game ended by {game.status}, {game.result}"
        if result is not None and result != game.result:
            raise RecordError(f"{where}the result {result} contradicts the moves: {ended}")
        if termination is not None and termination != game.status:
            raise RecordError(f"{where}Termination {termination!r} contradicts the moves: {ended}")
        return game.result, game.status
    if result is None or result == "*":
        if termination is not None:
            raise RecordError(f"{where}Termination {termination!r} for a game that is not over (result *)")
        return "*", None
    if termination is None:
        raise RecordError(
            f"{where}the result {result}, but the game is not over after its moves: say how it ended with "
            f'[Termination "{RESIGNATION}"] or [Termination "{AGREEMENT}"]'
        )
    if termination in ENGINE_ENDS:
        raise RecordError(f"{where}Termination {termination!r}, but the moves end in no {termination}")
    if termination == RESIGNATION and result == "1/2-1/2":
        raise RecordError(f"{where}a resignation gives 1-0 or 0-1, not 1/2-1/2")
    if termination == AGREEMENT and result != "1/2-1/2":
        raise RecordError(f"{where}an agreement is a draw, 1/2-1/2, not {result}")
    return result, termination
