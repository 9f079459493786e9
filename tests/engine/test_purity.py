"""The engine runs with no install: it imports nothing outside the standard library and itself."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "senterej" / "engine"


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add((node.module or "").split(".")[0])
    return modules


def test_engine_imports_only_the_standard_library():
    sources = sorted(ENGINE.rglob("*.py"))
    assert len(sources) >= 5
    foreign = {
        f"{path.relative_to(ENGINE)}: {module}"
        for path in sources
        for module in imported_modules(path)
        if module not in sys.stdlib_module_names
    }
    assert foreign == set()
