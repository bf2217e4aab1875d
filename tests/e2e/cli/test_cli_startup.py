"""Lazy start: a `footprint-ls` verb imports only what it uses (the figures: `python -m benchmarks.core`, rows
"process: ..."). Each test runs the real command in a process of its own, as `run_cli` does, and reads the
modules that process had loaded when it exited (`python -X importtime` cannot tell: it does not see modules
loaded through importlib.import_module, as plugins.load loads the areas)."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import REPO

APP = REPO / "examples" / "layout-app"
# Heavy libraries, each used by some verb or feature only: the LSP transport, the docs index (whoosh; its
# small porter stemmer is the analyzer's), an answer generator's HTTP client, the import graph's process pool.
NEVER_FOR_CHECK = ("pygls", "lsprotocol", "whoosh.index", "whoosh.analysis", "whoosh.query", "whoosh.fields",
                   "http.client", "multiprocessing", "asyncio")
# Registered by the areas, but no check uses them: hover, code-action and reference providers, the docs index
# and docs lookup; the check verb loads the modules that register checks (plugins.CHECK_MODULES) only. Nor
# what only a grammar's own bundled queries need (languages.grammar_binding), nor the schemas of config
# sections the example's footprint.toml does not have ([limits] loop guards, [rag]: plugins.CONFIG_SECTIONS).
NOT_FOR_CHECK = ("lsp_server.features", "lsp_server.knowledge.docs_index", "lsp_server.knowledge.lookup",
                 "lsp_server.knowledge.chunker", "lsp_server.graph.references", "lsp_server.conventions.reports",
                 "whoosh", "importlib.resources", "lsp_server.guards", "lsp_server.knowledge.generators")


# `python -m lsp_server ARGS`, plus a note of sys.modules at exit (after main() returned and sys.exit ran).
RUN_AND_LIST = ("import atexit, os, runpy, sys\n"
                "atexit.register(lambda: open(os.environ['MODULES_OUT'], 'w').write('\\n'.join(sys.modules)))\n"
                "runpy.run_module('lsp_server', run_name='__main__', alter_sys=True)\n")


def imported(tmp_path, *args: str) -> tuple[set[str], str]:
    """(every module `footprint-ls ARGS` had imported when it exited, its stdout)."""
    listing = tmp_path / "modules.txt"
    proc = subprocess.run([sys.executable, "-c", RUN_AND_LIST, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO), "MODULES_OUT": str(listing)})
    assert listing.is_file(), proc.stderr[-2000:]
    return set(listing.read_text().split()), proc.stdout


def _loaded(modules: set[str], package: str) -> list[str]:
    return sorted(m for m in modules if m == package or m.startswith(package + "."))


def test_version_imports_no_area_no_parser_and_no_transport(tmp_path):
    modules, stdout = imported(tmp_path, "--version")
    assert stdout.startswith("footprint-ls ")
    for package in ("lsp_server.features", "lsp_server.knowledge", "lsp_server.conventions", "lsp_server.graph",
                    "lsp_server.checks", "lsp_server.workspace", "lsp_server.surfaces.cli.core",
                    "tree_sitter", "pygls", "lsprotocol", "whoosh", "pathspec", "regex"):
        assert not _loaded(modules, package), f"--version imported {_loaded(modules, package)}"


def test_check_imports_the_checks_but_not_the_server_the_docs_index_or_a_generator(tmp_path):
    modules, stdout = imported(tmp_path, "check", str(APP / "src" / "app.js"))
    assert "unknown-symbol" in stdout  # it did check: the example's two findings are printed
    # every area's checks are registered (they all run) ...
    assert {"lsp_server.knowledge.unknown_symbol", "lsp_server.conventions.diagnostics",
            "lsp_server.graph.checks"} <= modules
    # ... but nothing only another verb, the server or an index build needs
    for package in NEVER_FOR_CHECK + NOT_FOR_CHECK + ("lsp_server.surfaces.lsp", "lsp_server.surfaces.hooks",
                                      "lsp_server.surfaces.cli.knowledge", "lsp_server.surfaces.cli.graph"):
        assert not _loaded(modules, package), f"check imported {_loaded(modules, package)}"
