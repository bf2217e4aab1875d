"""docs/architecture.md names every module of lsp_server/ in one line, so any feature is one hop away.

The module map is the first code block of the page: a tree, two spaces per level, folders ending in `/`, each
module on a line of its own followed by what it owns. A module added without a line (or a line left behind
by a module that moved) fails here.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO

DOC = REPO / "docs" / "architecture.md"
PACKAGE = REPO / "lsp_server"


def documented_modules(text: str) -> dict[str, str]:
    """{path relative to lsp_server/: its description} from the module map."""
    block = text.split("```")[1]
    folders: list[tuple[int, str]] = []
    found: dict[str, str] = {}
    for line in block.splitlines():
        if not line.strip() or line.strip() == "lsp_server/":
            continue
        indent = len(line) - len(line.lstrip())
        name, _, description = line.strip().partition(" ")
        if not (name.endswith("/") or name.endswith(".py")):
            continue  # the continuation of the line above
        while folders and folders[-1][0] >= indent:
            folders.pop()
        if name.endswith("/"):
            folders.append((indent, name.rstrip("/")))
        else:
            found["/".join([f for _, f in folders] + [name])] = description.strip()
    return found


def test_the_parser_reads_nesting_and_descriptions():
    tree = "x\n```\nlsp_server/\n  a.py   owns a\n  pkg/   a package\n    b.py  owns b\n          more of b\n  c.py x\n```\n"
    assert documented_modules(tree) == {"a.py": "owns a", "pkg/b.py": "owns b", "c.py": "x"}


def test_every_module_has_a_line_and_every_line_a_module():
    documented = documented_modules(DOC.read_text(encoding="utf-8"))
    actual = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")}
    assert sorted(actual - set(documented)) == [], "modules missing from docs/architecture.md"
    assert sorted(set(documented) - actual) == [], "docs/architecture.md names modules that do not exist"
    assert all(documented.values()), "every module line says what the module owns"
