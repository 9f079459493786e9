"""The house: each room's modules stay small, and the doors between rooms open one way only (ARCHITECTURE.md):
classes → course and trainer → the site's rooms (play, board, accounts, reviews) → the engine. The project
package (settings, urls, the front door) stands above them all; developers' tools (benchmarks, the
translation lint) may drive any room, and no room imports them."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 500

#: Each room and the rooms it may import (besides itself, Django, libraries and the standard library).
DOORS = {
    "engine": set(),
    "board": {"engine"},
    "accounts": {"engine"},
    "reviews": set(),
    "play": {"board", "accounts", "engine"},
    "course": {"play", "board", "accounts", "reviews", "engine"},
    "trainer": {"play", "board", "accounts", "reviews", "engine"},
    "endings": {"play", "board", "accounts", "engine"},
    "analysis": {"play", "board", "accounts", "engine"},
    "classes": {"course", "trainer", "play", "board", "accounts", "reviews", "engine"},
    "tools": {
        "classes",
        "course",
        "trainer",
        "endings",
        "analysis",
        "play",
        "board",
        "accounts",
        "reviews",
        "engine",
        "project",
    },
    "project": {
        "classes",
        "course",
        "trainer",
        "endings",
        "analysis",
        "play",
        "board",
        "accounts",
        "reviews",
        "engine",
    },
}
#: The template libraries each room owns; Django's and the libraries' own belong to no room.
LIBRARIES = {
    "board": "board",
    "roles": "accounts",
    "charts": "trainer",
    "classes": "classes",
    "languages": "project",
}


def room_of_module(name: str) -> str | None:
    parts = name.split(".")
    if parts[0] == "senterej":
        if len(parts) > 1 and parts[1] in ("engine", "board", "accounts", "reviews", "play"):
            return parts[1]
        return "project"
    if parts[0] in ("course", "trainer", "endings", "classes", "analysis", "tools"):
        return parts[0]
    return None


def sources() -> list[Path]:
    roots = [
        ROOT / name for name in ("senterej", "course", "trainer", "endings", "classes", "analysis", "tools")
    ]
    return sorted(p for root in roots for p in root.rglob("*.py") if "migrations" not in p.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_rooms_are_known():
    """A new top-level package must be given a room here, or the doors below would not see it."""
    assert {module_name(p).split(".")[0] for p in sources()} == {
        "senterej",
        "course",
        "trainer",
        "endings",
        "classes",
        "analysis",
        "tools",
    }
    assert {room_of_module(module_name(p)) for p in sources()} == set(DOORS)


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_500_lines(path):
    assert len(path.read_text().splitlines()) <= MOST_LINES


def wrong_doors(modules: list[tuple[str, Path]]) -> list[str]:
    """Each import, of the modules given (name, file), that opens a door the wrong way."""
    wrong = []
    for name, path in modules:
        room = room_of_module(name)
        assert room is not None, name
        for target_name in imported(path):
            target = room_of_module(target_name)
            if target is not None and target != room and target not in DOORS[room]:
                wrong.append(f"{name} ({room}) imports {target_name} ({target})")
    return wrong


def test_every_door_opens_the_allowed_way():
    assert wrong_doors([(module_name(path), path) for path in sources()]) == []


def test_the_door_check_sees_a_door_the_wrong_way(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from senterej.play import models\nimport trainer.lines\nfrom . import near\n")
    assert imported(sample) == {"senterej.play", "trainer.lines"}
    assert sorted(wrong_doors([("senterej.board.sample", sample)])) == [
        "senterej.board.sample (board) imports senterej.play (play)",
        "senterej.board.sample (board) imports trainer.lines (trainer)",
    ]
    assert wrong_doors([("classes.sample", sample)]) == []


def template_room(path: Path) -> str:
    relative = path.relative_to(ROOT)
    if relative.parts[0] == "senterej":  # an app's own templates: senterej/<room>/templates/...
        return relative.parts[1]
    folder = relative.parts[1] if len(relative.parts) > 2 else ""
    if folder == "admin":
        folder = relative.parts[2]
    return {"senterej": "play", "play": "play", "registration": "accounts"}.get(folder, folder or "project")


def test_templates_load_only_the_libraries_of_rooms_they_may_use():
    templates = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "senterej").rglob("templates/**/*.html")]
    wrong = []
    for path in templates:
        room = template_room(path)
        for load in re.findall(r"{%\s*load\s+([^%]+?)\s*%}", path.read_text()):
            for library in load.split():
                owner = LIBRARIES.get(library)
                if owner is not None and owner != room and owner not in DOORS[room]:
                    wrong.append(f"{path.relative_to(ROOT)} ({room}) loads {library} ({owner})")
    assert templates and wrong == []


def test_the_site_never_loads_the_puzzle_generator():
    """The generator (bots, climbs, thousands of searches) is the worker's: the site's own modules, its
    admin included, load the proofs alone."""
    import subprocess
    import sys

    script = (
        "import django, sys; django.setup(); "
        "from django.urls import resolve; import senterej.urls, trainer.admin, trainer.jobs; "
        "resolve('/train/'); print(sorted(m for m in sys.modules if m.startswith('trainer.generate')))"
    )
    environment = {"DJANGO_SETTINGS_MODULE": "senterej.settings", "PATH": "/usr/bin:/bin"}
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment, check=True
    )
    assert output.stdout.strip() == "[]"
