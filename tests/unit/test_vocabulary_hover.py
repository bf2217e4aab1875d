"""The hover of a name the unknown-symbol check's vocabulary pass flags (a near miss on a receiver nothing
types: a parameter): the suggested member's signature, never the diagnostic's own words again (editors show the
diagnostic beside the hover: repeating it showed the text twice), and nothing of the kind on a name the check does
not flag."""

from __future__ import annotations

import re

from lsp_server.knowledge.unknown_symbol import engine_member_hover
from lsp_server.providers import RequestContext
from tests.support.symbols_helpers import engine_workspace, symbol_findings

APP = """\
import { Document } from "@acme/layout";

export function fill(doc, table, thing) {
  doc.addPaeg();
  table.addRows({});
  thing.frobnicate();
  table.setColumnWidth([1]);
  thing.remove();
  return thing.id;
}
"""


def member_names(source: str) -> list[tuple[str, int]]:
    """Every `.name` after a receiver in the source, with its byte offset."""
    return [(m.group(1), m.start(1)) for m in re.finditer(r"\.([A-Za-z_]\w*)", source)]


def test_hover_and_diagnostic_agree_on_untyped_receivers(tmp_path):
    ws = engine_workspace(tmp_path, {"src/app.js": APP})
    findings = {f["name"]: f for f in symbol_findings(ws, "src/app.js")}
    assert {n: f["data"]["receiver"] for n, f in findings.items()} == {
        "addPaeg": "vocabulary", "addRows": "vocabulary", "setColumnWidth": "vocabulary"}, findings
    doc = ws.document(ws.root / "src" / "app.js")
    ctx = RequestContext(ws)
    for name, offset in member_names(APP):
        info = engine_member_hover(doc, offset + 1, ctx)
        if name not in findings:
            # no finding: the hover makes no such claim (a known member may show its signature, nothing more)
            assert info is None or ("no type in reach" not in info.markdown and "Did you mean" not in info.markdown), \
                (name, info)
            continue
        f = findings[name]
        assert info is not None, name
        assert APP.encode()[info.start:info.end].decode() == name
        # the diagnostic's sentence is the editor's to show: never again in the hover (shown twice in VS Code)
        assert f["message"] not in info.markdown and "no type in reach" not in info.markdown, (name, info.markdown)
        real = f["data"]["suggestions"][0]
        assert info.markdown.startswith(f"Did you mean `{real}`?"), info.markdown
        # the suggestion's signature, qualified by the type the message names
        assert f"{f['data']['type']}.{real}(" in info.markdown and "engine.d.ts:" in info.markdown, info.markdown


def test_the_hover_shows_the_suggested_members_declared_signature(tmp_path):
    ws = engine_workspace(tmp_path, {"src/app.js": APP})
    doc = ws.document(ws.root / "src" / "app.js")
    info = engine_member_hover(doc, APP.encode().index(b"addRows") + 2, RequestContext(ws))
    assert "```ts\nTable.addRow(options?: object): Row\n```" in info.markdown, info.markdown
    info = engine_member_hover(doc, APP.encode().index(b"addPaeg") + 2, RequestContext(ws))
    assert "```ts\nDocument.addPage(): Page\n```" in info.markdown, info.markdown
