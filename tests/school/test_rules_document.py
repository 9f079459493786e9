"""RULES.md is the rule book the code cites by number: every number cited must be defined there, and the
project's front pages must lead to it."""

import re
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "RULES.md"
SKIPPED_DIRS = {".venv", ".git", "node_modules", "staticfiles"}
SUFFIXES = {".py", ".html", ".md", ".js", ".po"}

# A citation in prose or code (`R5.11`), and one in a test's name (`test_r5_11_…` cites R5.11). The closing
# \b leaves out SAN such as `R1a3`; a FEN rank such as `R7` can only name a top-level rule, which exists.
CITATION = re.compile(r"\bR\d+(?:\.\d+)*\b")
TEST_NAME = re.compile(r"\bdef (test_\w+)")
TEST_NAME_CITATION = re.compile(r"(?<=_)r(\d+)(?:_(\d+))?(?=_|$)")
# A rule is defined by a heading (`## R5 The werera`) or by a bold label opening a paragraph (`**R5.11**`).
DEFINITION = re.compile(r"^(?:#+ |\*\*)(R\d+(?:\.\d+)*)(?=[ *])", re.MULTILINE)
LINK_TO_RULES = re.compile(r"\]\((?:\./)?RULES\.md(?:#[^)\s]*)?\)")


def source_files() -> list[Path]:
    here = Path(__file__).resolve()
    return [
        path
        for path in sorted(ROOT.rglob("*"))
        if path.suffix in SUFFIXES
        and path.is_file()
        and not SKIPPED_DIRS.intersection(path.relative_to(ROOT).parts)
        and path not in (RULES, here)
    ]


def citations(text: str) -> list[str]:
    found = CITATION.findall(text)
    for name in TEST_NAME.findall(text):
        for major, minor in TEST_NAME_CITATION.findall(name.removeprefix("test")):
            found.append(f"R{major}.{minor}" if minor else f"R{major}")
    return found


def cited_numbers() -> tuple[dict[str, set[str]], int]:
    """Each cited number with the files citing it, and the number of citations in all."""
    files_citing: dict[str, set[str]] = defaultdict(set)
    count = 0
    for path in source_files():
        found = citations(path.read_text(encoding="utf-8", errors="replace"))
        count += len(found)
        for number in found:
            files_citing[number].add(str(path.relative_to(ROOT)))
    return files_citing, count


def defined_numbers() -> list[str]:
    return DEFINITION.findall(RULES.read_text(encoding="utf-8"))


def test_every_rule_is_defined_once_and_the_top_level_rules_exist():
    """RULES.md defines R1 to R11, each number once."""
    defined = defined_numbers()
    assert len(defined) == len(set(defined)), sorted(n for n in set(defined) if defined.count(n) > 1)
    assert {f"R{n}" for n in range(1, 12)} <= set(defined)


def test_every_cited_rule_number_is_defined_in_rules_md():
    """Every R-number cited in the code, templates, tests and docs is a heading or label of RULES.md."""
    files_citing, count = cited_numbers()
    # The walk must really find the citations, or the check below would pass on nothing.
    assert count >= 100, f"only {count} citations found under {ROOT}"
    assert len(files_citing) >= 40, f"only {len(files_citing)} distinct numbers cited: {sorted(files_citing)}"
    undefined = files_citing.keys() - set(defined_numbers())
    assert not undefined, {number: sorted(files_citing[number]) for number in sorted(undefined)}


@pytest.mark.parametrize("document", ["README.md", "ARCHITECTURE.md"])
def test_the_front_documents_link_to_rules_md(document):
    """README.md and ARCHITECTURE.md each carry a Markdown link to RULES.md."""
    text = (ROOT / document).read_text(encoding="utf-8")
    assert LINK_TO_RULES.search(text), f"{document} has no link to RULES.md"
