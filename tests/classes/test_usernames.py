"""Usernames from names: plain ASCII that a child can type, made from the name's letters, never cut inside a
word; Ge'ez, Cyrillic and Greek names written in Latin letters as their bearers spell them, and `student`
for a name in any other script. What shows nothing is dropped from a name first."""

import re
import unicodedata

import pytest

from classes.usernames import USERNAME_LENGTH, username_base, visible

LONG_NAME = "Maria Magdalena Josefina Alexandra von Hohenzollern-Sigmaringen"


@pytest.mark.parametrize(
    ("name", "base"),
    [
        ("Šimon Kováč", "simon.kovac"),
        ("Ľudmila Šťastná-Horváthová", "ludmila.stastna.horvathova"),
        ("Jürgen Groß", "jurgen.gross"),
        ("Łukasz Żółć", "lukasz.zolc"),
        ("Søren Ødegård", "soren.odegard"),
        ("Þóra Æsa Đorđević", "thora.aesa.dordevic"),
        ("ĲSBRAND", "ijsbrand"),
        ("Abebe Bikila", "abebe.bikila"),
        ("  Tirunesh   DIBABA ", "tirunesh.dibaba"),
        ("Marie-Claire O'Neil", "marie.claire.oneil"),
        ("Runner 7", "runner.7"),
        ("ሰላም ታደሰ", "selam.tadese"),
        ("Иван Петров", "ivan.petrov"),
        ("!!!", "student"),
        ("李小龍", "student"),
        ("محمد علي", "student"),
        ("Selam ታደሰ", "selam.tadese"),
    ],
)
def test_usernames_are_plain_ascii_from_the_names_letters(name, base):
    assert username_base(name) == base
    assert base.isascii()


def test_a_long_name_loses_whole_words_not_letters():
    assert len(LONG_NAME) == 63
    # All of it (60 letters) and the middle names as initials (38) are too long; first and last name fit.
    assert username_base(LONG_NAME) == "maria.hohenzollern.sigmaringen"
    assert len(username_base(LONG_NAME)) == USERNAME_LENGTH


@pytest.mark.parametrize(
    ("name", "base"),
    [
        ("Mulugeta Ge'ez Tesfaye-Mariam Wolde-Giorgis Haile", "mulugeta.g.t.w.haile"),
        ("Wolde-Giorgis Habtemariam Tesfamichael-Gebreyesus", "w.tesfamichael.gebreyesus"),
        ("Alexandrina Konstantinopolitanska-Wolkonska", "a.konstantinopolitanska"),
        (LONG_NAME, "maria.hohenzollern.sigmaringen"),
    ],
)
def test_shorter_forms_keep_whole_words_or_initials(name, base):
    made = username_base(name)
    assert made == base and len(made) <= USERNAME_LENGTH
    words = re.findall(r"[a-z]+", name.lower().replace("'", ""))
    assert all(len(word) == 1 or word in words for word in made.split("."))


def test_only_a_single_word_longer_than_the_limit_is_cut():
    assert username_base("A" * 50) == "a" * USERNAME_LENGTH


@pytest.mark.parametrize(
    ("name", "base"),
    [
        # The well-known names as they are spelt in Latin letters; the first order ä is e (Bekele), ቀ is k
        # (Bikila), the sixth order ə silent (Selam) or i where it is heard (Tirunesh, Tigist), ይ after a
        # vowel i (Haile).
        ("አበበ ቢቂላ", "abebe.bikila"),
        ("ጥሩነሽ ዲባባ", "tirunesh.dibaba"),
        ("ቀነኒሳ በቀለ", "kenenisa.bekele"),
        ("ሰላም ተስፋዬ", "selam.tesfaye"),
        ("ትዕግስት", "tigist"),
        ("ዳዊት", "dawit"),
        ("ዮናስ", "yonas"),
        ("አልማዝ", "almaz"),
        ("መሰረት", "meseret"),
        ("መንግስቱ", "mengistu"),
        ("ደሳለኝ", "desalegn"),
        ("እሸቱ", "eshetu"),
        ("ሀብታሙ", "habtamu"),
        ("ጸጋዬ", "tsegaye"),
        # The script writes no doubled consonant: Gebrselassie's spelling doubles the s, ours cannot.
        ("ኃይሌ ገብረሥላሴ", "haile.gebreslase"),
        # Labialised forms keep their w: ጓ is gwa, ሏ lwa.
        ("ጓደኛ", "gwadenya"),
        # The Ethiopic wordspace separates words like a space.
        ("አበበ፡ቢቂላ", "abebe.bikila"),
    ],
)
def test_geez_names_are_written_as_their_bearers_spell_them(name, base):
    assert username_base(name) == base


@pytest.mark.parametrize(
    ("name", "base"),
    [
        # Russian and Bulgarian by BGN/PCGN without apostrophes: я ya, й y, щ shch, ж zh, х kh.
        ("Мария Иванова", "mariya.ivanova"),
        ("Юрий Щербаков", "yuriy.shcherbakov"),
        ("Жанна Хохлова", "zhanna.khokhlova"),
        ("Стоян Ъглов", "stoyan.aglov"),
        # A name with a letter only Ukrainian has by Ukraine's system: г h, и y, є ye, ї yi.
        ("Євгенія Гнатюк", "yevheniya.hnatyuk"),
        ("Їжакевич Ігор", "yizhakevych.ihor"),
        # Greek by ELOT 743.
        ("Γιώργος Παπαδόπουλος", "giorgos.papadopoulos"),
        ("Ευάγγελος Ελευθερίου", "evangelos.eleftheriou"),
        ("Μπάμπης Ντόκος", "bampis.dokos"),
        ("Αικατερίνη Ταΰγετου", "aikaterini.taygetou"),
    ],
)
def test_cyrillic_and_greek_names_are_transliterated(name, base):
    assert username_base(name) == base


def test_a_transliterated_name_keeps_the_length_rule_in_whole_words():
    name = "ወልደጊዮርጊስ ሀብተማርያም ተስፋሚካኤል ገብረየሱስ"
    made = username_base(name)
    assert len(made) <= USERNAME_LENGTH and made == "weldegiyorgis.h.t.gebreyesus"


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("\u200b", ""),
        ("\ufeff", ""),
        ("\u0301", ""),
        (" \u0308 \u200d\u2066\u202e\u2069 ", ""),
        ("\u3164\u2800", ""),
        ("\ufeffAbebe Bikila\u200b", "Abebe Bikila"),
        ("\u202eSelam\u202c Tesfaye", "Selam Tesfaye"),
        ("Jose\u0301 \u0301Kova\u0301c\u030c", "José Kovác\u030c"),
    ],
)
def test_what_shows_nothing_is_dropped_from_a_name(line, name):
    assert visible(line) == unicodedata.normalize("NFC", name)
