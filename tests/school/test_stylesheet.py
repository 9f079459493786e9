"""The site's stylesheet holds no rule nested in another by mistake: a brace left open once made every rule
after it (the runs' figures, their history, the choice boxes) a nested rule that browsers read as part of the
one before, and so applied to nothing. Rules nest only inside at-rules (@media, @supports)."""

import re
from pathlib import Path

from django.conf import settings

STYLESHEET = Path(settings.BASE_DIR) / "static" / "senterej" / "site.css"
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def blocks(text: str) -> list[tuple[int, str, str]]:
    """Each block opened: its line, its prelude (the selector or at-rule) and its parent's prelude."""
    opened: list[tuple[int, str, str]] = []
    stack: list[str] = []
    prelude_start = 0
    for index, char in enumerate(text):
        if char == "{":
            prelude = " ".join(text[prelude_start:index].split())
            opened.append((text.count("\n", 0, index) + 1, prelude, stack[-1] if stack else ""))
            stack.append(prelude)
            prelude_start = index + 1
        elif char == "}":
            assert stack, f"a brace closes nothing at line {text.count(chr(10), 0, index) + 1}"
            stack.pop()
            prelude_start = index + 1
        elif char == ";":
            prelude_start = index + 1
    assert not stack, f"{len(stack)} block(s) left open: {stack}"
    return opened


def test_every_block_of_the_stylesheet_is_closed_and_rules_nest_only_in_at_rules():
    text = COMMENT.sub(lambda comment: "\n" * comment.group().count("\n"), STYLESHEET.read_text())
    nested = [block for block in blocks(text) if block[2] and not block[2].startswith("@")]
    assert nested == []


def test_the_check_finds_a_brace_left_open():
    opened = blocks(".a {\n  margin: 0;\n.b {\n  color: red;\n}\n}\n")
    assert opened[1] == (3, ".b", ".a")
