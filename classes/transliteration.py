"""Names in Ge'ez, Cyrillic and Greek letters written in plain Latin ones, for usernames (classes.usernames):
the way the people who bear such names write them in Latin letters, not a scholar's reversible romanisation.

Ge'ez (Amharic, Tigrinya; the Ethiopic block U+1200–U+137F). Each letter is a consonant with one of seven
vowels, its orders: ä u i a e ə o (ሀ ሁ ሂ ሃ ሄ ህ ሆ), and labialised forms (ሏ lwa, ቈ kwe, ጓ gwa). The
consonants as names are commonly spelt: ቀ is k (Bikila, Bekele, Kenenisa), ኀ ሐ ሀ are h, ጸ ፀ are ts, ጠ t,
ጨ ch, ጰ p, ኘ ny (gn where it ends a word, as in Desalegn), the glottal and pharyngeal አ ዐ carry only their
vowel. The vowels: the first order ä is e (በቀለ Bekele), but a after h and as the glottal's own (ሀብታሙ
Habtamu, አበበ Abebe); the fourth a, the fifth e. The sixth order ə is mostly silent and written as a bare
consonant (ሰላም Selam, ዳዊት Dawit); it is written i where it is heard: in a word's first letter before
another (ጥሩነሽ Tirunesh, ግርማ Girma), and before two consonants with no vowel between them (ትዕግስት
Tigist, መንግስቱ Mengistu); ይ after a vowel is i (ኃይሌ Haile), እ ዕ begin a word with e (እሸቱ Eshetu) and
are silent inside one. Doubled consonants are not written in the script, so a spelling that doubles one
(Gebrselassie, Yohannes) comes out single: ገብረሥላሴ is gebreslase, ዮሐንስ yohans.

Cyrillic: Russian and Bulgarian by the BGN/PCGN system without its apostrophes and diacritics (Мария
Иванова is mariya ivanova, ж zh, х kh, ц ts, щ shch, ю yu, я ya, й y, ь nothing, ъ a as Bulgarian writes
it); a name holding a letter only Ukrainian has (і ї є ґ) by Ukraine's national system instead, in its forms
that begin a word (г h, и y, є ye, ї yi, ю yu, я ya).

Greek: by ELOT 743 (Γιώργος Παπαδόπουλος is giorgos papadopoulos): η ι υ i, θ th, χ ch, ψ ps, ου ou, αυ ευ
av ev before a vowel or a voiced consonant and af ef otherwise, γγ ng, μπ ντ b d at a word's start."""

import unicodedata

#: Ge'ez consonants by their Unicode names (ETHIOPIC SYLLABLE <consonant><vowel>), in Latin letters.
GEEZ_CONSONANTS = {
    "H": "h", "L": "l", "HH": "h", "M": "m", "SZ": "s", "R": "r", "S": "s", "SH": "sh", "Q": "k",
    "QW": "kw", "QH": "kh", "QHW": "khw", "B": "b", "V": "v", "T": "t", "C": "ch", "X": "h", "XW": "hw",
    "N": "n", "NY": "ny", "GLOTTAL": "", "K": "k", "KW": "kw", "KX": "kh", "KXW": "khw", "W": "w",
    "PHARYNGEAL": "", "Z": "z", "ZH": "zh", "Y": "y", "D": "d", "DD": "d", "J": "j", "G": "g", "GW": "gw",
    "GG": "ng", "TH": "t", "CH": "ch", "PH": "p", "TS": "ts", "TZ": "ts", "F": "f", "P": "p",
}  # fmt: skip
#: The vowels of the Unicode names; SIXTH is the sixth order ə, whose spelling depends on its neighbours.
SIXTH = "E"
GEEZ_VOWELS = {"A": "e", "U": "u", "I": "i", "AA": "a", "EE": "e", "O": "o", "OA": "wa", "WA": "wa",
               "WAA": "wa", "YA": "ya"}  # fmt: skip
#: Consonants whose first order is said, and so written, with a.
A_FIRST = {"H", "HH", "X", "GLOTTAL", "PHARYNGEAL"}
LARYNGEALS = {"GLOTTAL", "PHARYNGEAL"}

RUSSIAN = str.maketrans(
    dict(zip("абвгдезийклмнопрстуфыэ", "abvgdeziyklmnoprstufye", strict=True))
    | {
        "ё": "yo",
        "ж": "zh",
        "х": "kh",
        "ц": "ts",
        "ч": "ch",
        "ш": "sh",
        "щ": "shch",
        "ъ": "a",
        "ь": "",
        "ю": "yu",
        "я": "ya",
        "ѐ": "e",
        "ѝ": "i",
    }  # fmt: skip
)
UKRAINIAN = str.maketrans(
    dict(zip("абвгґдезиійклмнопрстуф", "abvhgdezyiyklmnoprstuf", strict=True))
    | {
        "є": "ye",
        "ж": "zh",
        "ї": "yi",
        "х": "kh",
        "ц": "ts",
        "ч": "ch",
        "ш": "sh",
        "щ": "shch",
        "ь": "",
        "ю": "yu",
        "я": "ya",
    }  # fmt: skip
)
ONLY_UKRAINIAN = set("іїєґ")

GREEK = str.maketrans(
    dict(zip("αβγδεζηικλμνξοπρσςτυφω", "avgdeziiklmnxoprsstyfo", strict=True))
    | {"θ": "th", "χ": "ch", "ψ": "ps"}
)
GREEK_PAIRS = {"ου": "ou", "γγ": "ng", "γκ": "gk", "γξ": "nx", "γχ": "nch"}
GREEK_VOICELESS = set("θκξπστφχψ")
DIAERESIS = "\u0308"


def _geez_letter(char: str) -> tuple[str, str] | None:
    """A Ge'ez letter's consonant and vowel as Unicode names them, or None for anything else."""
    name = unicodedata.name(char, "")
    if not name.startswith("ETHIOPIC SYLLABLE "):
        return None
    sound = name.removeprefix("ETHIOPIC SYLLABLE ")
    for length in range(len(sound) - 1, 0, -1):
        consonant, vowel = sound[:length], sound[length:].strip()
        if consonant in GEEZ_CONSONANTS and (vowel in GEEZ_VOWELS or vowel == SIXTH):
            return consonant, vowel
    return None


def _geez_word(letters: list[tuple[str, str]]) -> str:
    """One word of Ge'ez letters in Latin ones, by the rules of the module's docstring."""
    written = []
    for index, (consonant, vowel) in enumerate(letters):
        latin = GEEZ_CONSONANTS[consonant]
        if vowel != SIXTH:
            written.append(latin + ("a" if vowel == "A" and consonant in A_FIRST else GEEZ_VOWELS[vowel]))
            continue
        after = letters[index + 1 :]
        before_vowel = bool(written) and written[-1][-1:] in set("aeiou")
        if consonant in LARYNGEALS:
            written.append("" if written else "e")
        elif consonant == "Y" and before_vowel:
            written.append("i")
        elif consonant == "NY" and not after:
            written.append("gn")
        elif (not written and after) or _two_consonants_follow(after):
            written.append(latin + "i")
        else:
            written.append(latin)
    return "".join(written)


def _two_consonants_follow(after: list[tuple[str, str]]) -> bool:
    """Whether exactly two consonants come next before a vowel or the word's end: a sixth order there is
    heard, since three consonants never meet (ግስት of Tigist, ግስቱ of Mengistu)."""
    count = 0
    for consonant, vowel in after:
        if consonant not in LARYNGEALS:
            count += 1
        if vowel != SIXTH:
            break
    return count == 2


def _geez(text: str) -> str:
    out: list[str] = []
    word: list[tuple[str, str]] = []
    for char in text + " ":
        letter = _geez_letter(char)
        if letter is not None:
            word.append(letter)
            continue
        if word:
            out.append(_geez_word(word))
            word = []
        out.append(" " if "\u1360" <= char <= "\u137f" else char)
    return "".join(out)[:-1]


def _cyrillic(text: str) -> str:
    lowered = unicodedata.normalize("NFC", text.lower())
    table = UKRAINIAN if ONLY_UKRAINIAN & set(lowered) else RUSSIAN
    return lowered.translate(table)


def _greek(text: str) -> str:
    """Greek by ELOT 743, its accents dropped; a diaeresis splits a pair (Ταΰγετος is taygetos)."""
    letters: list[tuple[str, bool]] = []
    for char in unicodedata.normalize("NFD", text.lower()):
        if char == DIAERESIS and letters:
            letters[-1] = (letters[-1][0], True)
        elif not unicodedata.combining(char):
            letters.append((char, False))
    out = []
    index = 0
    while index < len(letters):
        char = letters[index][0]
        second, split = letters[index + 1] if index + 1 < len(letters) else ("", True)
        pair = "" if split else char + second
        third = letters[index + 2][0] if index + 2 < len(letters) else ""
        if pair in ("αυ", "ευ"):
            voiced = third.isalpha() and third not in GREEK_VOICELESS
            out.append(char.translate(GREEK) + ("v" if voiced else "f"))
        elif pair in ("μπ", "ντ") and (index == 0 or not letters[index - 1][0].isalpha()):
            out.append("b" if pair == "μπ" else "d")
        elif pair in GREEK_PAIRS:
            out.append(GREEK_PAIRS[pair])
        else:
            out.append(char.translate(GREEK))
            index += 1
            continue
        index += 2
    return "".join(out)


def latin(text: str) -> str:
    """The text with its Ge'ez, Cyrillic and Greek letters written in Latin ones; the rest as it was."""
    if any("\u1200" <= char <= "\u137f" for char in text):
        text = _geez(text)
    if any("\u0400" <= char <= "\u04ff" for char in text):
        text = _cyrillic(text)
    if any("\u0370" <= char <= "\u03ff" or "\u1f00" <= char <= "\u1fff" for char in text):
        text = _greek(text)
    return text
