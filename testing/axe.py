"""axe-core's judgement of a page in the browser tests. The script is npm's axe-core, pinned in the Makefile,
which `make test` installs beside the virtual environment ($AXE_CORE names another copy). A missing copy fails
the test: an accessibility check that silently does not run would prove nothing."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

#: The two screens the accessibility tests look at a page on: a desktop and a phone.
SIZES = {"desktop": (1280, 900), "phone": (390, 844)}

AXE = Path(
    os.environ.get(
        "AXE_CORE", Path(__file__).resolve().parent.parent / ".venv/axe/node_modules/axe-core/axe.min.js"
    )
)


def axe_violations(page: Page) -> list[str]:
    """What axe-core faults on the page as it now stands (every rule it runs by default: WCAG 2.1 A and AA
    and its best practices), one line per element: the rule and where."""
    if not AXE.exists():
        pytest.fail(f"axe-core is not at {AXE}: `make test` installs it")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [f"{rule['id']}: {node['target']}" for rule in found for node in rule["nodes"]]
