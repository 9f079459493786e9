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
from .speech import _
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
            raise RecordError(_("tag name %(name)s: use letters, digits and _ only") % {"name": repr(name)})
        if not isinstance(value, str) or "\n" in value or "\r" in value:
            raise RecordError(_("tag %(name)s: the value must be text on one line") % {"name": name})
        _check_tag(name, value, None)
    _check_start(game, tags)
    result, termination = _settle(game, tags.get("Result"), tags.get("Termination"), None)
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
            raise RecordError(_("FEN tag: %(error)s") % {"error": error}) from None
        if not same:
            raise RecordError(
                _("FEN tag %(fen)s is not where the game started (%(start)s)")
                % {"fen": repr(tags["FEN"]), "start": game.start_fen}
            )
    if tags.get("SetUp") == "0" and game.start_fen != START_FEN:
        raise RecordError(_('SetUp tag "0", but the game started from %(start)s') % {"start": game.start_fen})


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
        raise RecordError(_("a record is text"))
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(_("the record is longer than %(limit)s characters") % {"limit": MAX_RECORD_CHARS})
    lines = text.removeprefix("\ufeff").split("\n")
    tags, tag_lines, first_move_line = _read_tags(lines)
    game = _start_game(tags, tag_lines)
    movetext = "\n".join(lines[first_move_line - 1 :])
    result = _replay(game, _tokens(movetext, first_move_line), min(first_move_line, len(lines)))
    if tags.get("Result", result.text) != result.text:
        raise RecordError(
            _(
                "line %(line)s: the moves end with %(result)s, "
                "but the Result tag on line %(tag_line)s says %(tag)s"
            )
            % {
                "line": result.line,
                "result": result.text,
                "tag_line": tag_lines["Result"],
                "tag": tags["Result"],
            }
        )
    final, termination = _settle(game, result.text, tags.get("Termination"), result.line)
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
                    _('line %(line)s: a tag is written [Name "value"], the value in double quotes')
                    % {"line": number}
                )
            name, value = match[1], _unescape(match[2], number)
            if name in tags:
                raise RecordError(
                    _("line %(line)s: a second %(name)s tag (the first is on line %(first)s)")
                    % {"line": number, "name": name, "first": tag_lines[name]}
                )
            _check_tag(name, value, number)
            tags[name], tag_lines[name] = value, number
            position = match.end()
    return tags, tag_lines, len(lines) + 1


def _unescape(value: str, line: int) -> str:
    def replace(match: re.Match[str]) -> str:
        if match[1] not in '"\\':
            raise RecordError(
                _('line %(line)s: %(escape)s in a tag value; only \\" and \\\\ are escapes')
                % {"line": line, "escape": "\\" + match[1]}
            )
        return match[1]

    return _ESCAPE.sub(replace, value)


def _at(line: int | None, problem: str) -> str:
    """`problem`, said of a record being read from its `line`, or of tags being written (no line)."""
    if line is None:
        return problem
    return _("line %(line)s: %(problem)s") % {"line": line, "problem": problem}


def _check_tag(name: str, value: str, line: int | None) -> None:
    """The tags whose values have a syntax: the same checks for writing and reading (from `line`)."""
    if name == "Result" and value not in RESULTS:
        problem = _("Result %(value)s is not one of %(results)s")
        raise RecordError(_at(line, problem % {"value": repr(value), "results": ", ".join(RESULTS)}))
    if name == "Termination" and value not in TERMINATIONS:
        problem = _("Termination %(value)s is not one of %(terminations)s")
        raise RecordError(
            _at(line, problem % {"value": repr(value), "terminations": ", ".join(TERMINATIONS)})
        )
    if name == "Date" and not _DATE.fullmatch(value):
        problem = _("Date %(value)s is not YYYY.MM.DD (with ? for what is not known)")
        raise RecordError(_at(line, problem % {"value": repr(value)}))
    if name == "Variant" and value != VARIANT:
        problem = _("Variant %(value)s: only %(variant)s is played here")
        raise RecordError(_at(line, problem % {"value": repr(value), "variant": VARIANT}))
    if name == "SetUp" and value not in ("0", "1"):
        raise RecordError(_at(line, _("SetUp %(value)s is not 0 or 1") % {"value": repr(value)}))


def _start_game(tags: Mapping[str, str], tag_lines: Mapping[str, int]) -> Game:
    if "FEN" not in tags:
        if tags.get("SetUp") == "1":
            raise RecordError(
                _('line %(line)s: SetUp "1" needs a FEN tag with the start position')
                % {"line": tag_lines["SetUp"]}
            )
        return Game()
    line = tag_lines["FEN"]
    try:
        game = Game(tags["FEN"])
    except FenError as error:
        raise RecordError(_("line %(line)s: FEN tag: %(error)s") % {"line": line, "error": error}) from None
    if tags.get("SetUp") == "0" and game.start_fen != START_FEN:
        raise RecordError(
            _('line %(line)s: a FEN tag with SetUp "0": write SetUp "1" for a game from another position')
            % {"line": line}
        )
    return game


def _tokens(movetext: str, line: int) -> Iterator[_Token]:
    """Rounds, move numbers, moves and results; comments and annotations are dropped."""
    for match in _LEXEME.finditer(movetext):
        lexeme = match.group()
        if lexeme == "{":
            raise RecordError(
                _("line %(line)s: a comment opened with { is never closed with }") % {"line": line}
            )
        if lexeme == "}":
            raise RecordError(_("line %(line)s: a } that closes no comment") % {"line": line})
        if not lexeme[0].isspace() and lexeme[0] not in "{;":
            yield from _split_word(lexeme, line)
        line += lexeme.count("\n")


def _split_word(word: str, line: int) -> Iterator[_Token]:
    if word[0] in "()":
        raise RecordError(
            _("line %(line)s: variations in ( ) are not read; keep one line of play") % {"line": line}
        )
    if word[0] == "[":
        raise RecordError(_("line %(line)s: a tag among the moves; tags go at the top") % {"line": line})
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
        if result is not None:
            raise RecordError(
                _("line %(line)s: %(token)s after the result %(result)s, which ends the record")
                % {"line": line, "token": token.text, "result": result.text}
            )
        if round_tokens:
            if token.kind != MOVE:
                raise RecordError(
                    _(
                        "line %(line)s: %(token)s inside round %(round)s "
                        "before both choices, White's then Black's (-- to wait)"
                    )
                    % {"line": line, "token": token.text, "round": round_tokens[0].text}
                )
            round_tokens.append(token)
            if len(round_tokens) == 3:
                _play_round(game, round_tokens)
                round_tokens = []
        elif number is not None and token.kind != MOVE:
            raise RecordError(_no_move_after(line, number))
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
        raise RecordError(
            _("line %(line)s: the record stops inside round %(round)s")
            % {"line": line, "round": round_tokens[0].text}
        )
    if number is not None:
        raise RecordError(_no_move_after(line, number))
    if result is None:
        raise RecordError(
            _("line %(line)s: the record does not end with a result (%(results)s)")
            % {"line": line, "results": ", ".join(RESULTS)}
        )
    return result


def _no_move_after(line: int, number: _Token) -> str:
    return _("line %(line)s: move number %(number)s with no move after it") % {
        "line": line,
        "number": number.text,
    }


def _check_not_over(game: Game, token: _Token) -> None:
    if game.is_over:
        raise RecordError(
            _("line %(line)s: %(token)s after the end of the game (%(status)s, %(result)s)")
            % {"line": token.line, "token": token.text, "status": game.status, "result": game.result}
        )


def _check_round(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    expected = game.position.werera
    if expected is None:
        raise RecordError(
            _(
                "line %(line)s: round %(round)s where turns alternate: the werera is over, "
                "so number the moves (%(next)s ...)"
            )
            % {"line": token.line, "round": token.text, "next": _next_number(game)}
        )
    if token.text != f"W{expected}.":
        raise RecordError(
            _("line %(line)s: round %(round)s where round %(expected)s comes next")
            % {"line": token.line, "round": token.text, "expected": f"W{expected}."}
        )


def _check_number(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    values = {"line": token.line, "number": token.text}
    if game.position.werera is not None:
        raise RecordError(
            _(
                "line %(line)s: move number %(number)s during the werera: round %(round)s comes next, "
                "with both sides' choices"
            )
            % {**values, "round": f"W{game.position.werera}."}
        )
    expected = _next_number(game)
    if token.text == expected:
        return
    if token.text == f"{game.position.fullmove}.":
        raise RecordError(
            _("line %(line)s: move number %(number)s before a Black move: write %(expected)s")
            % {**values, "expected": expected}
        )
    raise RecordError(
        _("line %(line)s: move number %(number)s where %(expected)s comes next")
        % {**values, "expected": expected}
    )


def _next_number(game: Game) -> str:
    return f"{game.position.fullmove}{'.' if game.position.turn == WHITE else '...'}"


def _play_move(game: Game, token: _Token) -> None:
    _check_not_over(game, token)
    position = game.position
    values = {"line": token.line, "token": token.text}
    if position.turn is None:
        raise RecordError(
            _(
                "line %(line)s: %(token)s outside a werera round: "
                "write %(round)s then White's and Black's choices"
            )
            % {**values, "round": f"W{position.werera}."}
        )
    if token.text in WAIT_TEXTS:
        raise RecordError(
            _("line %(line)s: %(token)s (a wait) is a werera choice; the werera is over") % values
        )
    try:
        move = parse_move(position, token.text)
    except IllegalMoveError as error:
        problem = (
            _("line %(line)s, move %(number)s, White: %(error)s")
            if position.turn == WHITE
            else _("line %(line)s, move %(number)s, Black: %(error)s")
        )
        raise RecordError(
            problem % {"line": token.line, "number": position.fullmove, "error": error}
        ) from None
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
            problem = (
                _(
                    "line %(line)s, round %(round)s: White's choice: %(error)s "
                    "(a choice is written for the position at the start of its round)"
                )
                if side == WHITE
                else _(
                    "line %(line)s, round %(round)s: Black's choice: %(error)s "
                    "(a choice is written for the position at the start of its round)"
                )
            )
            raise RecordError(
                problem % {"line": token.line, "round": marker.text[:-1], "error": error}
            ) from None
    game.play_round(*choices)


# --- the result ---


def _settle(
    game: Game, result: str | None, termination: str | None, line: int | None
) -> tuple[str, str | None]:
    """The result and termination of `game` given those written (read from `line`, if read): the engine's when
    it ended the game, otherwise a site outcome (R8.3) or `*`."""
    values = {"result": result, "termination": repr(termination)}
    if game.is_over:
        ended = {**values, "status": game.status, "game_result": game.result}
        if result is not None and result != game.result:
            problem = _(
                "the result %(result)s contradicts the moves: the game ended by %(status)s, %(game_result)s"
            )
            raise RecordError(_at(line, problem % ended))
        if termination is not None and termination != game.status:
            problem = _(
                "Termination %(termination)s contradicts the moves: "
                "the game ended by %(status)s, %(game_result)s"
            )
            raise RecordError(_at(line, problem % ended))
        return game.result, game.status
    if result is None or result == "*":
        if termination is not None:
            problem = _("Termination %(termination)s for a game that is not over (result *)")
            raise RecordError(_at(line, problem % values))
        return "*", None
    if termination is None:
        problem = _(
            "the result %(result)s, but the game is not over after its moves: say how it ended with "
            '[Termination "%(resignation)s"] or [Termination "%(agreement)s"]'
        )
        raise RecordError(_at(line, problem % {**values, "resignation": RESIGNATION, "agreement": AGREEMENT}))
    if termination in ENGINE_ENDS:
        problem = _("Termination %(termination)s, but the moves end in no %(ending)s")
        raise RecordError(_at(line, problem % {**values, "ending": termination}))
    if termination == RESIGNATION and result == "1/2-1/2":
        raise RecordError(_at(line, _("a resignation gives 1-0 or 0-1, not 1/2-1/2")))
    if termination == AGREEMENT and result != "1/2-1/2":
        raise RecordError(_at(line, _("an agreement is a draw, 1/2-1/2, not %(result)s") % values))
    return result, termination
