"""The Slovak catalogue is complete and current: makemessages finds no string it lacks and none it no
longer needs, every message is translated and none is fuzzy, plurals have Slovak's three forms, and the
compiled catalogue says what the source says."""

import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "sk" / "LC_MESSAGES" / "django.po"
COMPILED = CATALOGUE.with_suffix(".mo")
# What makemessages reads: the code and templates, not the environment, data or history.
NOT_READ = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.sqlite3", "fixtures", "static")


def entries(po: polib.POFile) -> set[tuple[str | None, str, str]]:
    return {(entry.msgctxt, entry.msgid, entry.msgid_plural) for entry in po if not entry.obsolete}


@pytest.fixture(scope="module")
def catalogue() -> polib.POFile:
    return polib.pofile(str(CATALOGUE))


def test_makemessages_finds_exactly_the_messages_of_the_catalogue(tmp_path, catalogue):
    copy = tmp_path / "site"
    shutil.copytree(ROOT, copy, ignore=NOT_READ)
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    command = [sys.executable, "manage.py", "makemessages", "-l", "sk", "--no-obsolete"]
    command.append("--add-location=file")
    subprocess.run(command, cwd=copy, env=environment, check=True, capture_output=True)
    fresh = polib.pofile(str(copy / "locale" / "sk" / "LC_MESSAGES" / "django.po"))
    missing = entries(fresh) - entries(catalogue)
    unused = entries(catalogue) - entries(fresh)
    assert (missing, unused) == (set(), set()), "run: python manage.py makemessages -l sk --no-obsolete"


def test_every_slovak_message_is_translated_and_none_is_fuzzy(catalogue):
    assert len(catalogue) > 500
    assert [entry.msgid for entry in catalogue.untranslated_entries()] == []
    assert [entry.msgid for entry in catalogue.fuzzy_entries()] == []
    assert [entry.msgid for entry in catalogue.obsolete_entries()] == []


def test_slovak_plurals_have_three_forms(catalogue):
    # One form for 1, one for 2 to 4, one for 0 and 5 and more: 1 ťah, 2 ťahy, 5 ťahov.
    slovak = "nplurals=3; plural=(n == 1) ? 0 : (n >= 2 && n <= 4) ? 1 : 2;"
    assert catalogue.metadata["Plural-Forms"] == slovak
    plurals = [entry for entry in catalogue if entry.msgid_plural]
    assert plurals
    for entry in plurals:
        assert sorted(entry.msgstr_plural) == [0, 1, 2] and all(entry.msgstr_plural.values()), entry.msgid


def test_the_compiled_catalogue_matches_its_source(tmp_path):
    fresh = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(fresh), str(CATALOGUE)], check=True, capture_output=True)
    with fresh.open("rb") as source, COMPILED.open("rb") as compiled:
        expected = gettext.GNUTranslations(source)._catalog  # type: ignore[attr-defined]
        actual = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    assert actual == expected, "run: python manage.py compilemessages"
