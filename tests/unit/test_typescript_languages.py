"""TypeScript in the language table: `.ts/.tsx/.mts/.cts` are sources, `.d.ts` stays typings (parsed as
TypeScript, never walked or checked as a source); the editors' languageIds map to our language names."""

from __future__ import annotations

import pytest

from lsp_server.config import load_settings
from lsp_server.languages import (
    LANGUAGE_IDS, SOURCE_LANGUAGES, is_source_path, is_typings_path, language_for_path,
)
from lsp_server.workspace import Workspace


@pytest.mark.parametrize("name, language, source", [
    ("a.js", "javascript", True), ("a.ts", "typescript", True), ("a.mts", "typescript", True),
    ("a.cts", "typescript", True), ("A.TSX", "tsx", True), ("types.d.ts", "typescript", False),
    ("x/index.D.TS", "typescript", False), ("a.json", None, False),
])
def test_sources_and_typings(name, language, source):
    assert language_for_path(name) == language
    assert is_source_path(name) is source
    assert is_typings_path(name) is name.lower().endswith(".d.ts")


def test_editor_language_ids():
    assert LANGUAGE_IDS["typescript"] == "typescript" and LANGUAGE_IDS["typescriptreact"] == "tsx"
    assert {"javascript", "typescript", "tsx"} == SOURCE_LANGUAGES


def test_the_walker_leaves_typings_out_of_the_sources(tmp_path):
    for rel in ("src/a.ts", "src/b.tsx", "src/c.js", "src/types.d.ts", "src/notes.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("export {};\n")
    ws = Workspace(tmp_path, load_settings(tmp_path))
    names = lambda files: sorted(p.name for p in files)  # noqa: E731
    assert names(ws.files()) == ["a.ts", "b.tsx", "c.js"]
    assert names(ws.files(tmp_path / "src" / "types.d.ts")) == []
    # by language, a .d.ts is TypeScript (the import graph walks declaration files as modules)
    assert names(ws.files(languages={"typescript"})) == ["a.ts", "types.d.ts"]
    assert "notes.md" in names(ws.files(languages=None))


@pytest.mark.parametrize("package, builder", [("tree_sitter_javascript", "language"),
                                              ("tree_sitter_typescript", "language_typescript"),
                                              ("tree_sitter_typescript", "language_tsx")])
def test_the_grammar_binding_is_the_packages_own(package, builder):
    """`grammar_binding` loads a grammar's compiled module without the package's __init__: the same language
    (same ABI version, same node kinds) as the package's own entry point."""
    import importlib

    from tree_sitter import Language

    from lsp_server.languages import grammar_binding

    ours = Language(getattr(grammar_binding(package), builder)())
    theirs = Language(getattr(importlib.import_module(package), builder)())
    assert (ours.abi_version, ours.node_kind_count, ours.name) == (theirs.abi_version, theirs.node_kind_count, theirs.name)
