"""The MCP `check_symbols` tool reads names as they are written (`new X.Y`, `X.y` on the class, `x.y` / `X#y` on an
instance), reports a namesake on the other side, and its answers (with `read_as`, `other_side`, `note`) match the
tool's outputSchema: `footprint-ls mcp` over stdio on the CLI test's package workspace."""

from __future__ import annotations

from tests.e2e.cli.test_symbols_context_cli import shapekit_workspace
from tests.e2e.mcp.conftest import call, mcp_session


async def test_check_symbols_reads_the_written_form(tmp_path):
    root = shapekit_workspace(tmp_path)
    async with mcp_session(root) as s:
        out = await call(s, "check_symbols", {"names": ["Shape.load", "shape.load", "new Kit.Stagee()", "Kit.Stagee"]})
    on_class, on_instance, made, read = out["results"]
    assert (on_class["kind"], on_class["read_as"]) == ("static method", "static"), on_class
    assert on_class["other_side"]["signature"] == "Shape.load(): void"
    assert (on_instance["kind"], on_instance["read_as"]) == ("method", "instance"), on_instance
    assert on_instance["other_side"]["kind"] == "static method" and "`shape` taken as a `Shape`" in on_instance["note"]
    assert made["read_as"] == "new" and made["suggestions"][0] == "Kit.Stage", made
    assert read["suggestions"][0] == "Kit.stages", read
    assert "also a method: Shape.load(): void" in out["_text"], out["_text"]
