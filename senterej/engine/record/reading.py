"""Reading a game's record, every move replayed through the engine (the format is described in the
package's docstring)."""

import re
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from ..fen import FenError
from ..game import Game
from ..notation import IllegalMoveError, parse_move
from ..pieces import BLACK, WHITE
from ..position import START_FEN, WAIT
from ..speech import _
from . import RESULTS, WAIT_TEXTS, RecordError, check_tag, settle

#: A record from the site's import form; a long game is a few kilobytes.
MAX_RECORD_CHARS = 200_000
_TAG = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPE = re.compile(r"\\(.)")
#: Matches at every position, so that nothing in the moves is skipped unseen.
_LEXEME = re.compile(r"\s+|\{[^}]*\}|;[^\n]*|[^\s{};]+|[{}]")
_MARKER = re.compile(r"(?P<round>W[0-9]{1,3}\.)|[0-9]{1,7}\.(?:\.\.)?")
_NAG = re.compile(r"\$[0-9]{1,3}")

ROUND, NUMBER, MOVE, RESULT = "round", "number", "move", "result"


class _Token(NamedTuple):
    kind: str
    text: str
    line: int


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
    final, termination = settle(game, result.text, tags.get("Termination"), result.line)
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
            check_tag(name, value, number)
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
