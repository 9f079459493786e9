"""R1.2: the Slovak site names the men by their Senterej names (negus, fers, fil, der, feres, medeq). A chess
name of a man (kráľ, dáma, veža, strelec, jazdec, kôň, pešiak, in any form) may stand only in brackets after
a Senterej name, "der (veža)", as the gloss set beside a name ("negus" with "kráľ" under it), or where the
text speaks of chess itself: "šachový jazdec", "v šachu dáma", "veža, rovnako ako v šachu"."""

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

from tools.i18n_lint import visible_text

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "sk" / "LC_MESSAGES" / "django.po"

CHESS_NAME = re.compile(
    r"\b(?:kráľ\w*|král\w*|dám(?:a|y|u|ou)|vež\w*|strel(?:ec|c\w*)|jazd(?:ec|c\w*)|kôň|koň\w*|kone|koni"
    r"|pešia\w*)\b",
    re.IGNORECASE,
)
SENTEREJ_NAME = r"\b(?:negus|fers|fil|der|feres|medeq)\w*"
#: "der (veža", "feresy (jazdce, doslova „kone": inside brackets opened right after a Senterej name.
IN_BRACKETS = re.compile(SENTEREJ_NAME + r"\s*\([^()]*$", re.IGNORECASE)
#: "šachový jazdec", "šachová dáma", "kde v šachu strelci": the chess word is said to be chess's.
AFTER_CHESS = re.compile(r"(?:\bšachov\w*|\bv šachu)\s+$", re.IGNORECASE)
#: "veža, rovnako ako v šachu", "kôň, v šachu jazdec": the word glossed as chess's own.
BEFORE_CHESS = re.compile(r",\s+(?:rovnak\w*\s+)?(?:ako\s+)?v šachu\b", re.IGNORECASE)
#: The gloss under a name, a piece of text of its own right after it: "negus (kráľ)", then "kráľ".
AFTER_NAME = re.compile(SENTEREJ_NAME + r"(?:\s*\([^()]*\))?\s*\n$", re.IGNORECASE)
GLOSS_ENDS = re.compile(r"\s*(?:,|\n|$)")
#: The engines' unit, the centipawn, keeps its chess name in Slovak as in English: "v stotinách pešiaka".
CENTIPAWN = re.compile(r"\bstotin\w*\s+$", re.IGNORECASE)


def chess_names(text: str) -> list[str]:
    """The chess names of men in a Slovak text that stand where its Senterej name should."""
    found = []
    for match in CHESS_NAME.finditer(text):
        before, after = text[: match.start()], text[match.end() :]
        bracketed = IN_BRACKETS.search(before) and ")" in after
        gloss = AFTER_NAME.search(before) and GLOSS_ENDS.match(after)
        chess = AFTER_CHESS.search(before) or BEFORE_CHESS.match(after) or CENTIPAWN.search(before)
        if not (bracketed or gloss or chess):
            found.append(match.group(0))
    return found


def test_r1_2_the_reading_catches_chess_names_and_lets_brackets_and_chess_comparisons_pass():
    # What the rules page said before its men were given their Senterej names.
    assert chess_names("Napadnutý kráľ je v šachu. Žiadny ťah nesmie nechať tvojho kráľa napadnutého.") == [
        "kráľ",
        "kráľa",
    ]
    assert chess_names("Tu Biely stratil vežu a jazdca. Pešiak na e7 môže postúpiť na e8 ako veža.") == [
        "vežu",
        "jazdca",
        "Pešiak",
        "veža",
    ]
    assert chess_names("V 2. kole mieria obaja jazdci na d4; dvaja pešiaci a kôň.") == [
        "jazdci",
        "pešiaci",
        "kôň",
    ]
    assert chess_names("Je to blízky strážca kráľa, nie dravý útočník, akým sa stala dáma v šachu.") == [
        "kráľa",
        "dáma",
    ]
    assert chess_names("Základné postavenie: králi krížom. Stojí tam, kde strelci a kráľovná.") == [
        "králi",
        "strelci",
        "kráľovná",
    ]
    assert chess_names("Negus\nkráľ je napadnutý") == ["kráľ"]
    # Brackets after a Senterej name, the gloss under a name, and chess spoken of as chess.
    assert chess_names("negus (kráľ), dva feresy (jazdce, doslova „kone“) a medeq (pešiak)") == []
    assert chess_names("negus (kráľ)\nkráľ\nDer\nveža, rovnaká ako v šachu\nkôň, v šachu jazdec") == []
    assert chess_names("Skok šachového jazdca. Šachový pešiak sa premení. Stojí tam, kde v šachu dáma.") == []
    assert chess_names("Feres skáče ako šachový jazdec. Zisk v stotinách pešiaka.") == []
    # Words that only look like chess names.
    assert chess_names("Koniec partie: dám ti mat, konečne. Strela, jazda, peší vojak, slon.") == []


def test_r1_2_the_slovak_rules_page_names_the_men_by_their_senterej_names(client):
    response = client.get("/sk/rules/")
    assert response.status_code == 200
    text = visible_text(response.text)
    assert chess_names(text) == []
    # The page is read: it speaks of chess where it compares, and names the men as Senterej does.
    assert "Skok šachového jazdca" in text
    assert "Biely negus stojí na e1" in text
    assert "Napadnutý negus je v šachu." in text


@pytest.fixture(scope="module")
def catalogue() -> polib.POFile:
    return polib.pofile(str(CATALOGUE))


def is_gloss(entry: polib.POEntry) -> bool:
    """A label set beside a man's Senterej name to say what it is in chess: "the rook", in Slovak "veža"."""
    return bool(re.fullmatch(r"the \w+", entry.msgid)) and len(entry.msgstr.split()) == 1


def test_r1_2_every_slovak_message_names_the_men_by_their_senterej_names(catalogue):
    wrong = {}
    for entry in catalogue:
        if is_gloss(entry):
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if chess_names(text):
                wrong[entry.msgid] = chess_names(text)
    assert wrong == {}
    assert any(is_gloss(entry) and entry.msgstr == "veža" for entry in catalogue)
