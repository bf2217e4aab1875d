"""docs/security.md's MCP section names the test that proves each defence: every name it cites exists, so a
renamed or deleted test cannot leave a defence unproven on paper."""

from __future__ import annotations

import ast
import re

from tests.conftest import REPO


def test_every_test_the_mcp_section_cites_exists():
    text = (REPO / "docs" / "security.md").read_text(encoding="utf-8")
    section = text[text.index("### The MCP server"):]
    section = section[:section.index("\n### ")]
    cited = set(re.findall(r"\btest_\w+", section)) - {"test_mcp_http", "test_mcp_stdio", "test_mcp_workspace",
                                                       "test_mcp_http_sessions", "test_mcp_progress_cancel",
                                                       "test_guards"}
    defined = set()
    for path in [*(REPO / "tests" / "e2e" / "mcp").glob("test_*.py"), REPO / "tests" / "unit" / "test_guards.py"]:
        defined |= {node.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")}
    assert len(cited) >= 10
    assert cited <= defined, sorted(cited - defined)
