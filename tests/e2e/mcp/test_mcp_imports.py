"""The MCP surface costs nothing to the other verbs: building the CLI parser does not import the `mcp` SDK, and
the tool table imports no area module (each tool imports what it calls, at its first call)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import REPO


def loaded_after(code: str) -> list[str]:
    probe = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_other_verbs_do_not_import_the_sdk():
    modules = loaded_after("from lsp_server.surfaces.cli import build_parser\nbuild_parser()")
    assert "lsp_server.surfaces.cli.mcp" in modules  # the verb is registered...
    assert not [m for m in modules if m == "mcp" or m.startswith(("mcp.", "mcp_types", "lsp_server.surfaces.mcp"))]


def test_the_tool_table_imports_no_area():
    modules = loaded_after("import lsp_server.surfaces.mcp.tools")
    areas = ("lsp_server.features", "lsp_server.knowledge", "lsp_server.conventions", "lsp_server.graph",
             "lsp_server.checks", "lsp_server.workspace")
    assert not [m for m in modules if m.startswith(areas)]
    assert not [m for m in modules if m == "mcp" or m.startswith("mcp.")]
