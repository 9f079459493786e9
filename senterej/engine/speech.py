"""The engine's messages for people, in the reader's language.

What the engine says about bad input (a FEN it cannot read, a record with a mistake on line 12, a move that
is not legal, why a puzzle is not sound) reaches the site's users, who read English or Slovak. The engine
imports nothing outside the standard library, so it cannot call Django's gettext itself. Instead, every such
message goes through `_`, which hands it to a replaceable translator: the site installs Django's `gettext`
when it starts (`SenterejConfig.ready`), so a message comes out in the language of the request that caused
it; without one, on the command line and in the engine's own tests, `_` gives the English back unchanged.

A message with values is written `_("... %(name)s ...") % {"name": value}`: the literal stands directly
inside `_(...)` so that Django's makemessages finds it, and the named placeholders let a translation put
the values in another order. A message is translated when it is raised, never at import time, so that it
follows the language in force at that moment.
"""

from collections.abc import Callable

Translator = Callable[[str], str]


def _identity(text: str) -> str:
    return text


_translator: Translator = _identity


def _(text: str) -> str:
    """`text`, an English message, in the reader's language: as the installed translator gives it."""
    return _translator(text)


def use_translator(function: Translator | None) -> Translator:
    """Installs `function` as the translator of the engine's messages (None puts back the default, which
    leaves them in English) and returns the one it replaces, so that a caller can restore it."""
    global _translator
    previous = _translator
    _translator = _identity if function is None else function
    return previous
