"""Students in the reader's alphabet by last name, then first name: a letter with a diacritic sorts with its
base in English; Slovak's own letters (ä č ô ř š ž, ch) sort right after their bases; case decides last."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from classes import services
from classes.name_order import collation_key
from classes.selectors import students_of

pytestmark = pytest.mark.django_db

NAMES = ["Wolfeschlegelsteinhausen", "Šťastná", "Sýkora", "Szabó", "Chovan", "Hudák", "Čierna", "Cyril",
         "Ábel", "Adam", "Äbel", "Ôsmy", "Ondrej", "Žilka", "Zoltán", "sebo", "Sebo"]  # fmt: skip


def test_slovak_puts_its_own_letters_after_their_bases():
    assert sorted(NAMES, key=lambda name: collation_key(name, "sk")) == [
        "Ábel", "Adam", "Äbel", "Cyril", "Čierna", "Hudák", "Chovan", "Ondrej", "Ôsmy", "sebo", "Sebo",
        "Sýkora", "Szabó", "Šťastná", "Wolfeschlegelsteinhausen", "Zoltán", "Žilka",
    ]  # fmt: skip


def test_english_sorts_a_letter_with_a_diacritic_with_its_base():
    assert sorted(NAMES, key=lambda name: collation_key(name, "en")) == [
        "Ábel", "Äbel", "Adam", "Chovan", "Čierna", "Cyril", "Hudák", "Ondrej", "Ôsmy", "sebo", "Sebo",
        "Šťastná", "Sýkora", "Szabó", "Wolfeschlegelsteinhausen", "Žilka", "Zoltán",
    ]  # fmt: skip


@pytest.fixture
def named_class(school_class):
    """The class's two students (Selam Tesfaye, Dawit Haile) and three more."""
    services.create_students(
        school_class=school_class, names=["Jana Šťastná", "Karl Wolfeschlegelsteinhausen", "Ema Sýkora"]
    )
    return school_class


def last_names(school_class, language):
    with translation.override(language):
        return [student.last_name for student in students_of(school_class)]


def test_a_class_s_students_are_in_the_language_s_alphabet(named_class):
    assert last_names(named_class, "sk") == [
        "Haile",
        "Sýkora",
        "Šťastná",
        "Tesfaye",
        "Wolfeschlegelsteinhausen",
    ]
    assert last_names(named_class, "en") == [
        "Haile",
        "Šťastná",
        "Sýkora",
        "Tesfaye",
        "Wolfeschlegelsteinhausen",
    ]


def test_the_first_name_decides_between_the_same_last_names(school_class):
    services.create_students(
        school_class=school_class, names=["Zuzana Sýkora", "Šimon Sýkora", "Sára Sýkora"]
    )
    with translation.override("sk"):
        firsts = [s.first_name for s in students_of(school_class) if s.last_name == "Sýkora"]
    assert firsts == ["Sára", "Šimon", "Zuzana"]


def test_the_progress_table_and_the_cards_list_the_students_in_order(named_class, almaz, make):
    client = make.logged_in(almaz)
    with translation.override("sk"):
        page = client.get(reverse("classes:class", args=[named_class.pk])).content.decode()
        cards = client.get(reverse("classes:cards", args=[named_class.pk])).content.decode()
    order = [name for name in re.findall(r"Jana Šťastná|Karl Wolfeschlegelsteinhausen|Ema Sýkora", page)]
    assert list(dict.fromkeys(order)) == ["Ema Sýkora", "Jana Šťastná", "Karl Wolfeschlegelsteinhausen"]
    order = [name for name in re.findall(r"Jana Šťastná|Karl Wolfeschlegelsteinhausen|Ema Sýkora", cards)]
    assert list(dict.fromkeys(order)) == ["Ema Sýkora", "Jana Šťastná", "Karl Wolfeschlegelsteinhausen"]
