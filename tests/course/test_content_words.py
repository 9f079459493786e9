"""The words of fixtures/course.json checked against the positions and the house's language: a text that says
which men a side has lost says what is missing from the board (R3.1), every wrong option of a question says
why it is wrong in both languages, and the Slovak names the men by their Senterej names (R1.2), with the chess
word only in brackets after one."""

import re

import pytest
from django.core.management import call_command

from course.models import Lesson, Task
from course.task_verdicts import task_ask
from senterej.engine import BLACK, DER, FERES, FERS, FIL, WHITE, Position

pytestmark = pytest.mark.django_db

START_COUNT = {FERS: 1, DER: 2, FIL: 2, FERES: 2}
KINDS = {"fers": FERS, "der": DER, "fil": FIL, "fils": FIL, "feres": FERES}
SIDES = {"White": WHITE, "Black": BLACK, "Biely": WHITE, "Čierny": BLACK}
#: English: "White has lost a der and a feres", "White has now lost both its der", "lost its fers".
LOST_EN = re.compile(r"\b(White|Black) (?:has|had) (?:now |already |just )?lost ([^.:;]+)")
ITEM_EN = re.compile(r"^(a|one|its|both|both its|two) (fers|der|fils|fil|feres)$")
#: Slovak: "Biely stratil jedného dera a jedného feresa", "Biely už stratil oboch derov".
LOST_SK = re.compile(r"\b(Biely|Čierny) (?:už |práve |teraz )?stratil ([^.:;]+)")
ITEM_SK = re.compile(r"^(jedného |oboch )?(fersa|dera|derov|fila|filov|feresa|feresov)$")
SLOVAK_KINDS = {"fers": FERS, "der": DER, "fil": FIL, "feres": FERES}
NOTHING_LOST = re.compile(r"\b(White|Black) still has every piece|\b(Biely|Čierny) má ešte všetky figúry")

#: The chess names of the men in Slovak, in any of their forms; allowed only in brackets after a Senterej
#: name, as the site's labels write them ("der (veža)").
CHESS_SK = re.compile(r"\b(kráľ|král|vež|jazd|pešia|pešiak)\w*", re.IGNORECASE)
SENTEREJ_WITH_BRACKETS = re.compile(r"\b(negus|der|feres|medeq|fers|fil)\w*\s*\([^)]*\)", re.IGNORECASE)


@pytest.fixture
def course() -> None:
    call_command("loaddata", "fixtures/course.json", verbosity=0)


def lost_men(position: Position, side: int) -> dict[int, int]:
    """R3.1: how many of each kind of piece a side has lost."""
    present = {kind: 0 for kind in START_COUNT}
    for sq in range(64):
        man = position.piece_at(sq)
        if man is not None and man.colour == side and man.kind in present:
            present[man.kind] += 1
    return {kind: START_COUNT[kind] - count for kind, count in present.items() if START_COUNT[kind] > count}


def said_lost(text: str) -> list[tuple[int, dict[int, int]]]:
    """Each side a text says has lost men, with the men it names, read from English or Slovak."""
    found = []
    for match in NOTHING_LOST.finditer(text):
        found.append((SIDES[match.group(1) or match.group(2)], {}))
    for match in LOST_EN.finditer(text):
        men: dict[int, int] = {}
        for item in re.split(r", and |, | and ", match.group(2).strip()):
            parsed = ITEM_EN.match(item.strip())
            assert parsed, f"cannot read {item!r} in {text!r}"
            how_many, kind = parsed.groups()
            kind_code = KINDS[kind]
            count = START_COUNT[kind_code] if how_many == "its" else 2 if how_many.startswith("both") else 1
            count = 2 if how_many == "two" else count
            men[kind_code] = men.get(kind_code, 0) + count
        found.append((SIDES[match.group(1)], men))
    for match in LOST_SK.finditer(text):
        men = {}
        for item in re.split(r", | a | aj ", match.group(2).strip()):
            parsed = ITEM_SK.match(item.strip())
            assert parsed, f"cannot read {item!r} in {text!r}"
            how_many, word = parsed.groups()
            kind_code = SLOVAK_KINDS[re.sub(r"(a|ov)$", "", word)]
            men[kind_code] = men.get(kind_code, 0) + (2 if how_many == "oboch " else 1)
        found.append((SIDES[match.group(1)], men))
    return found


def texts(task: Task) -> list[str]:
    return [task.prompt, task.prompt_sk, task.hint, task.hint_sk, task.success, task.success_sk]


def test_the_reading_of_lost_men_reads_the_patterns_it_must_catch():
    assert said_lost("Black has lost its der and a fil.") == [(BLACK, {DER: 2, FIL: 1})]
    assert said_lost("Check, as White has now lost both its der.") == [(WHITE, {DER: 2})]
    assert said_lost("Biely už stratil oboch derov, oboch filov aj jedného feresa.") == [
        (WHITE, {DER: 2, FIL: 2, FERES: 1})
    ]
    assert said_lost("White still has every piece it started with.") == [(WHITE, {})]


def test_r3_1_a_text_that_names_lost_men_names_the_men_missing_from_the_board(course):
    checked = 0
    for task in Task.objects.all():
        position = Position.from_fen(task.fen)
        for text in texts(task):
            for side, men in said_lost(text):
                assert men == lost_men(position, side), f"{task}: {text}"
                checked += 1
    assert checked >= 8  # the promotion tasks say it in both languages


def test_every_wrong_option_says_why_it_is_wrong_in_both_languages(course):
    questions = Task.objects.filter(goal="question")
    assert questions.count() >= 15
    for task in questions:
        for index, option in enumerate(task.options):
            if index == task.answer:
                assert not option.get("why") and not option.get("why_sk"), task
            else:
                assert option.get("why") and option.get("why_sk"), f"{task}: option {index}"
                assert option["why"] != option["why_sk"], f"{task}: option {index}"


def slovak_texts(obj: Lesson | Task) -> list[str]:
    found = [value for name, value in vars(obj).items() if name.endswith("_sk") and isinstance(value, str)]
    if isinstance(obj, Task):
        found += [option.get(key, "") for option in obj.options for key in ("sk", "why_sk")]
    return found


def test_r1_2_the_slovak_course_names_the_men_by_their_senterej_names(course):
    objects: list[Lesson | Task] = [*Lesson.objects.all(), *Task.objects.all()]
    for obj in objects:
        for text in slovak_texts(obj):
            assert not chess_words(text), f"{obj}: {chess_words(text)} in {text!r}"
    assert chess_words("Der (veža) ťahá ako veža, negusa (kráľa) kryje pešiak.") == ["veža", "pešiak"]


def chess_words(text: str) -> list[str]:
    return [match.group(0) for match in CHESS_SK.finditer(SENTEREJ_WITH_BRACKETS.sub("", text))]


def test_the_last_sentence_of_every_prompt_says_what_the_task_asks(course):
    for task in Task.objects.filter(goal__in=("moves", "played")):  # the goals whose miss quotes it
        for prompt in (task.prompt, task.prompt_sk):
            ask = task_ask(prompt)
            assert prompt.endswith(ask) and ask.endswith((".", "?")), f"{task}: {ask!r}"
            assert len(ask.split()) >= 3 and ask[0].isupper(), f"{task}: {ask!r}"
    assert task_ask("Round 7: you are quicker. Give check this round.") == "Give check this round."
    assert task_ask("7. kolo: si rýchlejší. Daj šach.") == "Daj šach."
