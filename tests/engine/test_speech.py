"""The engine's error messages reach the site's users (an imported game, a FEN to start from, a typed move, a
curator's puzzle file), who read English or Slovak. The engine imports only the standard library, so it
cannot call Django's gettext; it sends every such message through `speech._`, and the site installs its
translator with `speech.use_translator`. Here stand-in translators show that the messages go through it,
whole sentences with their values put in after translation, and that English is the default."""

from collections.abc import Callable, Iterator

import pytest

from senterej.engine import speech
from senterej.engine.fen import FenError, parse_fen
from senterej.engine.game import Game
from senterej.engine.notation import IllegalMoveError
from senterej.engine.record import RecordError
from senterej.engine.record.reading import read_record

Install = Callable[[speech.Translator | None], None]

SLOVAK = {
    "bad FEN %(field)s: %(problem)s": "chybný FEN, pole %(field)s: %(problem)s",
    "expected 4 or 7 fields, got %(count)s": "čakajú sa 4 alebo 7 polí, je ich %(count)s",
    "%(move)s is not a legal move here": "%(move)s tu nie je povolený ťah",
    "line %(line)s: the record stops inside round %(round)s": (
        "riadok %(line)s: záznam končí uprostred kola %(round)s"
    ),
}


def slovak(text: str) -> str:
    return SLOVAK.get(text, text)


def marked(text: str) -> str:
    """Marks every translated message, so that a test sees which parts went through the translator."""
    return f"«{text}»"


@pytest.fixture
def install() -> Iterator[Install]:
    """Installs translators for one test, and puts back the one that was there before it afterwards."""
    replaced: list[speech.Translator] = []

    def install(function: speech.Translator | None) -> None:
        replaced.append(speech.use_translator(function))

    yield install
    if replaced:
        speech.use_translator(replaced[0])


def test_a_fen_error_is_said_in_the_installed_language(install: Install) -> None:
    install(slovak)
    with pytest.raises(FenError) as raised:
        parse_fen("8/8/8/8/8/8/8/8 w")
    assert str(raised.value) == "chybný FEN, pole position: čakajú sa 4 alebo 7 polí, je ich 2"
    assert raised.value.field == "position"  # data, not words: never translated
    assert raised.value.problem == "čakajú sa 4 alebo 7 polí, je ich 2"


def test_an_illegal_move_is_said_in_the_installed_language(install: Install) -> None:
    install(slovak)
    with pytest.raises(IllegalMoveError, match="^e2e5 tu nie je povolený ťah$"):
        Game().play_round("e2e5", "0000")


def test_a_record_error_is_said_in_the_installed_language(install: Install) -> None:
    install(slovak)
    with pytest.raises(RecordError, match="^riadok 1: záznam končí uprostred kola W1[.]$"):
        read_record("W1. e3")


def test_a_message_that_holds_another_is_translated_whole_and_so_is_the_one_inside(install: Install) -> None:
    install(marked)
    with pytest.raises(RecordError) as raised:
        read_record("W1. e2e5 --")
    assert str(raised.value) == (
        "«line 1, round W1: White's choice: «e2e5 is not a legal move here» "
        "(a choice is written for the position at the start of its round)»"
    )


def test_without_a_translator_the_messages_are_english(install: Install) -> None:
    install(None)
    with pytest.raises(FenError) as raised:
        parse_fen("8/8/8/8/8/8/8/8 w")
    assert str(raised.value) == "bad FEN position: expected 4 or 7 fields, got 2"


def test_installing_a_translator_gives_back_the_one_it_replaces(install: Install) -> None:
    install(marked)
    install(slovak)
    assert speech.use_translator(marked) is slovak
    assert speech._("not text") == "«not text»"
