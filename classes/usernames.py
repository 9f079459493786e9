"""Usernames for accounts made from a list of names: plain ASCII that a child can type on any keyboard,
made from the name's letters (š→s, ä→a, ß→ss, ł→l; Ge'ez, Cyrillic and Greek written in Latin letters first
as their bearers spell them, classes.transliteration), at most USERNAME_LENGTH characters and never cut
inside a word. A name in any other script becomes `student`, numbered when taken.

What a list of names holds is first made visible (`visible`): characters that show nothing (format
characters such as the zero-width space and joiner, the byte order mark and the bidi controls; fillers that
draw a blank) and combining marks with no letter to sit on are dropped, so that no line makes an account
with an invisible name."""

import re
import unicodedata

from classes.transliteration import latin

USERNAME_LENGTH = 30
FALLBACK = "student"
#: Latin letters that Unicode does not decompose into a base letter and a mark.
UNDECOMPOSED = str.maketrans(
    {
        "ß": "ss",
        "ø": "o",
        "ł": "l",
        "đ": "d",
        "ð": "d",
        "þ": "th",
        "æ": "ae",
        "œ": "oe",
        "ı": "i",
        "ħ": "h",
        "ŧ": "t",
        "ŀ": "l",
        "ŋ": "n",
        "ə": "e",
        "ɛ": "e",
        "ɔ": "o",
        "ſ": "s",
    }
)
#: Letters that draw nothing though Unicode counts them as letters or symbols: the Hangul fillers, the
#: blank braille pattern.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Apostrophes join what they stand between: O'Neil is oneil, Ge'ez is geez.
APOSTROPHES = re.compile(r"['’ʼ‘`´]")


def visible(name: str) -> str:
    """The name without what shows nothing: format characters (category Cf), blank fillers, and combining
    marks that follow no letter (at its start or after a space); its ends stripped."""
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", name):
        if unicodedata.category(char) == "Cf" or char in BLANKS:
            continue
        if unicodedata.category(char).startswith("M") and (not kept or kept[-1].isspace()):
            continue
        kept.append(char)
    return "".join(kept).strip()


def ascii_letters(text: str) -> str:
    """The text in lower case with every Latin letter reduced to plain ASCII and the rest dropped, except
    for the characters that separate words (kept, for the caller to split on)."""
    lowered = APOSTROPHES.sub("", text.lower()).translate(UNDECOMPOSED)
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(char if char.isascii() else " " for char in decomposed if not unicodedata.combining(char))


def _parts(name: str) -> list[list[str]]:
    """The name's parts (between spaces), each as its ASCII pieces: "Šťastná-Horváthová" is one part of
    two pieces, which a username keeps or drops together. The whole name is transliterated at once, since
    its letters together tell a Ukrainian name from a Russian one."""
    parts = [re.findall(r"[a-z0-9]+", ascii_letters(part)) for part in latin(name).split()]
    return [pieces for pieces in parts if pieces]


def _initial(part: list[str]) -> list[str]:
    return [part[0][0]]


def _candidates(parts: list[list[str]]) -> list[list[list[str]]]:
    """Shorter and shorter forms of the name, whole words each: all of it; the middle names as initials;
    first and last name; the first name's initial and the last name; the first and the last name's first
    piece; that piece with the initial; the last name; the first name."""
    first, last = parts[0], parts[-1]
    if len(parts) == 1:
        return [[first], [first[:1]]]
    middles = [_initial(part) for part in parts[1:-1]]
    return [
        parts,
        [first, *middles, last],
        [first, last],
        [_initial(first), last],
        [first, last[:1]],
        [_initial(first), last[:1]],
        [last],
        [first[:1]],
    ]


def _joined(parts: list[list[str]]) -> str:
    return ".".join(piece for part in parts for piece in part)


def username_base(name: str) -> str:
    """A username from a person's name: its words in ASCII, lower case, joined by dots, within
    USERNAME_LENGTH. A long name loses whole words (the middle names, then part of a double surname, then
    the first name becomes an initial) rather than letters; only a single word longer than the limit is
    cut, since nothing shorter is left of it."""
    parts = _parts(name)
    if not parts:
        return FALLBACK
    for candidate in _candidates(parts):
        joined = _joined(candidate)
        if len(joined) <= USERNAME_LENGTH:
            return joined
    return parts[0][0][:USERNAME_LENGTH]
