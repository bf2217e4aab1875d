"""The hook runs after every write: `footprint-ls hook post-write` imports the conventions area and the config
schemas, not the other areas' features, the language server or the rest of the CLI (its time is the row of
`python -m benchmarks --only hooks`). Read from sys.modules at the exit of a real hook process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO
from tests.e2e.hooks.conftest import apply_write, payload

LIST_AT_EXIT = ("import atexit, os, runpy, sys\n"
                "atexit.register(lambda: open(os.environ['MODULES_OUT'], 'w').write('\\n'.join(sys.modules)))\n"
                "runpy.run_module('lsp_server', run_name='__main__', alter_sys=True)\n")
NOT_FOR_A_HOOK = ("lsp_server.features", "lsp_server.graph.service", "lsp_server.graph.checks",
                  "lsp_server.graph.rules",  # the [dependencies] schema is graph/settings.py
                  "lsp_server.conventions.remote",  # no remote rules configured
                  "lsp_server.knowledge.lookup", "lsp_server.knowledge.check_symbols", "lsp_server.knowledge.rag",
                  "lsp_server.knowledge.unknown_symbol", "lsp_server.surfaces.lsp", "lsp_server.surfaces.cli",
                  "lsp_server.scheduler", "pygls", "lsprotocol", "multiprocessing",
                  "importlib.resources",  # a grammar's bundled queries (languages.grammar_binding)
                  # the schemas of sections the app's footprint.toml lacks (plugins.CONFIG_SECTIONS)
                  "lsp_server.guards", "lsp_server.knowledge.generators", "lsp_server.checks")


def test_post_write_imports_only_what_it_needs(app: Path, tmp_path: Path):
    event = payload("claude", "post-tool-use-multiedit", app)
    apply_write(event, app)
    listing = tmp_path / "modules.txt"
    res = subprocess.run([sys.executable, "-c", LIST_AT_EXIT, "hook", "post-write"], cwd=app, input=json.dumps(event),
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(REPO), "MODULES_OUT": str(listing)})
    assert res.returncode == 2 and "layout/no-hex-colors" in res.stderr, res.stderr  # it did check
    modules = set(listing.read_text().split())
    assert {"lsp_server.conventions.service", "lsp_server.surfaces.hooks.decide"} <= modules
    for package in NOT_FOR_A_HOOK:
        loaded = sorted(m for m in modules if m == package or m.startswith(package + "."))
        assert not loaded, f"hook post-write imported {loaded}"


def test_a_write_that_is_not_source_loads_no_area(app: Path, tmp_path: Path):
    """The hook matches every write tool: a README costs an interpreter start, not an analysis."""
    event = payload("claude", "post-tool-use-write", app)
    event["tool_input"] = {"file_path": str(app / "README.md"), "content": "# notes\n"}
    listing = tmp_path / "modules.txt"
    res = subprocess.run([sys.executable, "-c", LIST_AT_EXIT, "hook", "post-write"], cwd=app, input=json.dumps(event),
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(REPO), "MODULES_OUT": str(listing)})
    assert (res.returncode, res.stdout, res.stderr) == (0, "", "")
    modules = set(listing.read_text().split())
    assert not [m for m in modules if m.startswith(("lsp_server.conventions", "lsp_server.config", "lsp_server.workspace"))]
