"""Students in the order of the reader's alphabet, by last name and first name. The database orders by code
point, which puts Šťastná after Wolfeschlegelsteinhausen; this sorts in Python, after the query.

A letter with a diacritic sorts with its base letter (á with a), the diacritic deciding only between names
otherwise the same, as in English dictionaries. Slovak takes as letters of their own, each right after its
base, ä č ô ř š ž and the digraph ch (after h), as the Slovak standard collation (CLDR's sk) does: Sýkora,
Szabó, Šimko, Tóth. Case decides last."""

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from typing import Protocol, TypeVar

from django.utils.translation import get_language

#: A language's letters of their own, each with the letter it sorts right after.
OWN_LETTERS = {"sk": {"ä": "a", "č": "c", "ô": "o", "ř": "r", "š": "s", "ž": "z", "ch": "h"}}

Key = tuple[tuple[tuple[str, int], ...], tuple[str, ...], tuple[bool, ...]]


def _letters(text: str) -> list[str]:
    """The text's letters, each a base character with its combining marks."""
    letters: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if letters and unicodedata.combining(char):
            letters[-1] += char
        else:
            letters.append(char)
    return letters


def collation_key(text: str, language: str | None = None) -> Key:
    """The text's place in the language's alphabet: its letters' bases (a letter of the language's own
    just after its base), then their diacritics, then their case."""
    return _key(text, (language or get_language() or "").split("-")[0])


@lru_cache(maxsize=4096)
def _key(text: str, language: str) -> Key:
    """`collation_key`, kept for the names read again and again (every page of a class sorts its students;
    a few thousand names are a few hundred kilobytes)."""
    own = OWN_LETTERS.get(language, {})
    letters = _letters(text)
    primary: list[tuple[str, int]] = []
    secondary: list[str] = []
    tertiary: list[bool] = []
    index = 0
    while index < len(letters):
        letter = letters[index]
        lower = unicodedata.normalize("NFC", letter.casefold())
        pair = lower + letters[index + 1].casefold() if index + 1 < len(letters) else ""
        if pair in own:
            primary.append((own[pair], 1))
            secondary.append("")
            index += 1
        elif lower in own:
            primary.append((own[lower], 1))
            secondary.append("")
        else:
            primary.append((letter[0].casefold(), 0))
            secondary.append(letter[1:])
        tertiary.append(not letter[0].islower())
        index += 1
    return tuple(primary), tuple(secondary), tuple(tertiary)


class Named(Protocol):
    """A student as their number and names: an account, or the names read alone (selectors.Name)."""

    @property
    def pk(self) -> int: ...
    @property
    def username(self) -> str: ...
    @property
    def first_name(self) -> str: ...
    @property
    def last_name(self) -> str: ...


N = TypeVar("N", bound=Named)


def full_name(student: Named) -> str:
    """The first and last names, as an account gives them (User.get_full_name)."""
    return f"{student.first_name} {student.last_name}".strip()


def by_name(students: Iterable[N]) -> list[N]:
    """The students by last name, then first name, in the active language's alphabet; by username when
    both are the same."""
    language = get_language()
    return sorted(
        students,
        key=lambda student: (
            collation_key(student.last_name, language),
            collation_key(student.first_name, language),
            student.username,
        ),
    )
