"""The house (ARCHITECTURE.md): each top-level folder of code is a room, and a room imports only the rooms
below it. From the top: the project (`school/`), classes, the four training rooms (course, trainer, endings,
analysis), play, accounts and reviews, and the shared rules app (`senterej/`: the engine and the board).
Developers' tools may drive any room, and no room imports them. Every module's name says what it holds
without its folder."""

import ast
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 500

#: Each room, from the top of the house down, and the rooms it may import (besides itself, Django, libraries
#: and the standard library). The engine, inside `senterej/`, imports the standard library alone
#: (tests/engine/test_purity.py).
DOORS: dict[str, set[str]] = {
    "school": {
        "classes",
        "course",
        "trainer",
        "endings",
        "analysis",
        "play",
        "accounts",
        "reviews",
        "senterej",
    },
    "classes": {"course", "trainer", "play", "accounts", "reviews", "senterej"},
    "course": {"play", "accounts", "reviews", "senterej"},
    "trainer": {"play", "accounts", "reviews", "senterej"},
    "endings": {"play", "accounts", "senterej"},
    "analysis": {"play", "accounts", "senterej"},
    "play": {"accounts", "senterej"},
    "accounts": {"senterej"},
    "reviews": set(),
    "senterej": set(),
}
#: Developers' tools (benchmarks, the translation lint, the tests' servers) stand beside the house.
TOOLS = "tools"
#: The template libraries each room owns; Django's and the libraries' own belong to no room.
LIBRARIES = {
    "board": "senterej",
    "roles": "accounts",
    "charts": "trainer",
    "classes": "classes",
    "frame": "school",
}
#: File names that Django's conventions give to a module of every app, which may repeat from room to room.
CONVENTIONAL = {
    "__init__",
    "__main__",
    "models",
    "views",
    "urls",
    "admin",
    "apps",
    "forms",
    "tasks",
    "services",
}
CONVENTIONAL |= {"selectors", "signals"}
#: Folders whose modules Django names by what they are for: a `views/` package's pages, the formats of a
#: language, a command's name, a migration.
NAMED_BY_FOLDER = {"views", "formats", "en", "sk", "commands", "migrations"}


def code_folders() -> list[str]:
    """The top-level folders of Python packages of the site's code (not the tests and their helpers)."""
    return sorted(
        path.parent.name
        for path in ROOT.glob("*/__init__.py")
        if path.parent.name not in ("tests", "testing", "typings")
    )


def sources(*, migrations: bool = False) -> list[Path]:
    return sorted(
        path
        for folder in code_folders()
        for path in (ROOT / folder).rglob("*.py")
        if migrations or "migrations" not in path.parts
    )


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room_of_module(name: str) -> str | None:
    top = name.split(".")[0]
    return top if top in DOORS or top == TOOLS else None


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def wrong_doors(modules: list[tuple[str, Path]]) -> list[str]:
    """Each import, of the modules given (name, file), that opens a door the wrong way."""
    wrong = []
    for name, path in modules:
        room = room_of_module(name)
        assert room is not None, name
        for target_name in imported(path):
            target = room_of_module(target_name)
            if target is None or target == room or room == TOOLS:
                continue
            if target == TOOLS or target not in DOORS[room]:
                wrong.append(f"{name} ({room}) imports {target_name} ({target})")
    return wrong


def architecture_rooms() -> list[str]:
    """The rooms as ARCHITECTURE.md's table lists them, from the top down."""
    text = (ROOT / "ARCHITECTURE.md").read_text()
    return re.findall(r"^\| `(\w+)/` \|", text, flags=re.MULTILINE)


def test_the_top_level_folders_are_the_rooms_of_the_architecture_in_its_order():
    """A new top-level package must be given a room here and in ARCHITECTURE.md, or no door would see it."""
    assert sorted(code_folders()) == sorted([*DOORS, TOOLS])
    assert architecture_rooms() == list(DOORS)


def test_each_room_may_use_only_rooms_below_it():
    """The table itself opens no door upwards: a room's doors lead only to rooms listed after it."""
    order = list(DOORS)
    for room, below in DOORS.items():
        assert all(order.index(other) > order.index(room) for other in below), room


def test_every_door_opens_the_allowed_way():
    assert wrong_doors([(module_name(path), path) for path in sources(migrations=True)]) == []


def test_the_door_check_sees_a_door_the_wrong_way(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from play import models\nimport trainer.lines\nimport tools.bench_pages\nfrom . import near\n"
    )
    assert imported(sample) == {"play", "trainer.lines", "tools.bench_pages"}
    assert sorted(wrong_doors([("senterej.board.sample", sample)])) == [
        "senterej.board.sample (senterej) imports play (play)",
        "senterej.board.sample (senterej) imports tools.bench_pages (tools)",
        "senterej.board.sample (senterej) imports trainer.lines (trainer)",
    ]
    assert wrong_doors([("classes.sample", sample)]) == [
        "classes.sample (classes) imports tools.bench_pages (tools)"
    ]
    assert wrong_doors([("tools.sample", sample)]) == []


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_500_lines(path):
    assert len(path.read_text().splitlines()) <= MOST_LINES


def shared_names(paths: list[Path]) -> dict[str, list[str]]:
    """The file names that more than one module has, outside Django's conventional names and folders."""
    found = defaultdict(list)
    for path in paths:
        conventional = path.stem in CONVENTIONAL or NAMED_BY_FOLDER & set(path.relative_to(ROOT).parts[:-1])
        if not conventional:
            found[path.name].append(str(path.relative_to(ROOT)))
    return {name: where for name, where in found.items() if len(where) > 1}


def test_no_two_modules_share_a_file_name():
    assert shared_names(sources(migrations=True) + sorted((ROOT / "testing").glob("*.py"))) == {}


def test_the_name_check_sees_two_modules_of_one_name():
    paths = [ROOT / "course/notes.py", ROOT / "trainer/notes.py", ROOT / "trainer/views/notes.py"]
    paths += [ROOT / "course/models.py", ROOT / "trainer/models.py", ROOT / "play/migrations/0001_initial.py"]
    assert shared_names(paths) == {"notes.py": ["course/notes.py", "trainer/notes.py"]}


def template_room(path: Path) -> str:
    relative = path.relative_to(ROOT)
    folder = relative.parts[1] if len(relative.parts) > 2 else ""
    if folder == "admin":
        folder = relative.parts[2]
    return {"registration": "accounts"}.get(folder, folder or "school")


def test_templates_load_only_the_libraries_of_rooms_they_may_use():
    templates = list((ROOT / "templates").rglob("*.html"))
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
    script = (
        "import django, sys; django.setup(); "
        "from django.urls import resolve; import school.urls, trainer.admin, trainer.jobs; "
        "resolve('/train/'); print(sorted(m for m in sys.modules if m.startswith('trainer.generate')))"
    )
    environment = {"DJANGO_SETTINGS_MODULE": "school.settings", "PATH": "/usr/bin:/bin"}
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=environment, check=True
    )
    assert output.stdout.strip() == "[]"
