"""The syntax layer sits below the areas: lsp_server/syntax imports only state modules, never an area or a
surface (the import-linter contract says the same; this test names the offending import)."""

from __future__ import annotations

import ast
from pathlib import Path

import lsp_server.syntax

ALLOWED = {"lsp_server.document", "lsp_server.positions", "lsp_server.queries", "lsp_server.languages"}
FORBIDDEN_PACKAGES = {"pygls", "lsprotocol"}


def imported_modules(source: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "lsp_server":
            out.extend(f"lsp_server.{a.name}" for a in node.names)  # `from lsp_server import queries`
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


def violations(source: str) -> list[str]:
    bad = []
    for name in imported_modules(source):
        if name.split(".")[0] in FORBIDDEN_PACKAGES:
            bad.append(name)
        elif name.startswith("lsp_server.") and not name.startswith("lsp_server.syntax") and name not in ALLOWED:
            bad.append(name)
    return bad


def test_the_syntax_layer_imports_no_area_and_no_surface():
    package = Path(lsp_server.syntax.__file__).parent
    found = {p.name: violations(p.read_text(encoding="utf-8")) for p in sorted(package.glob("*.py"))}
    assert len(found) >= 5
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_the_check_sees_area_and_surface_imports():
    assert violations("from lsp_server.knowledge.types import Val\nfrom lsp_server import cli, queries\n"
                      "import pygls.server\nfrom lsp_server.document import ParsedDocument\n") == [
        "lsp_server.knowledge.types", "lsp_server.cli", "pygls.server"]
