"""Usernames from names: plain ASCII that a child can type, made from the name's letters, never cut inside a
word, and `student` for a name with no Latin letter."""

import re

import pytest

from classes.usernames import USERNAME_LENGTH, username_base

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
        ("ሰላም ታደሰ", "student"),
        ("Иван Петров", "student"),
        ("!!!", "student"),
        ("Selam ታደሰ", "selam"),
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
