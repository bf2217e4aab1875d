"""check_symbols (function, LSP command), hover, quick fixes, and the bundled example app (the CLI:
tests/e2e/cli/test_symbols_cli.py)."""

from __future__ import annotations

import shutil

import pytest

import lsp_server.knowledge.lookup  # noqa: F401  (registers the docs index the doc field comes from)
from lsp_server import plugins, providers
from lsp_server.checks import CheckContext, Phase, run_checks
from lsp_server.commands import CommandContext, CommandError
from lsp_server.config import load_settings
from lsp_server.knowledge.check_symbols import SymbolAnswer, check_symbols
from lsp_server.providers import RequestContext
from lsp_server.surfaces.commands import check_symbols_command
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES, trust_folder
from tests.support.symbols_helpers import engine_workspace, symbol_findings

APP = EXAMPLES / "layout-app"


def example_workspace() -> Workspace:
    plugins.load()
    return Workspace(APP, load_settings(APP))


def by_name(results):
    return {r.name: r for r in results}


def test_check_symbols_statuses():
    ws = example_workspace()
    r = by_name(check_symbols(ws, ["Document.setFontSize", "Document.fontSize", "Block.addTable", "addRow",
                                   "getCell", "addRows", "Table", "@acme/layout.Page", "@acme/layout.Pag",
                                   "Block.add", "Docment.create", "Align.Center", "Document.create", "Page.addBlock()",
                                   "Frobnicator"]))
    assert r["Document.setFontSize"].status == "unknown"
    assert r["Document.setFontSize"].suggestions[0] == "Document.fontSize"
    assert r["Document.fontSize"].status == "known"
    assert r["Document.fontSize"].kind == "property" and r["Document.fontSize"].signature == "Document.fontSize: number"
    assert r["Block.addTable"].signature == "Block.addTable(options: TableOptions): Table"
    assert (r["Block.addTable"].source.path.name, r["Block.addTable"].source.line + 1) == ("engine.d.ts", 460)
    assert r["addRow"].status == "known" and r["addRow"].qualified_name == "Table.addRow"
    assert r["getCell"].status == "ambiguous" and set(r["getCell"].candidates) == {"Row.getCell", "Table.getCell"}
    assert r["addRows"].status == "unknown" and "addRow" in r["addRows"].suggestions
    assert r["Table"].kind == "class" and r["Table"].signature == "class Table extends Node"
    assert r["@acme/layout.Page"].status == "known"
    assert r["@acme/layout.Pag"].suggestions == ("@acme/layout.Page",)
    assert r["Block.add"].qualified_name == "Container.add" and r["Block.add"].inherited_by == "Block"
    assert r["Docment.create"].suggestions[0] == "Document.create"
    assert r["Align.Center"].status == "known"
    assert r["Document.create"].kind == "static method"
    assert r["Page.addBlock()"].status == "known"
    assert r["Frobnicator"].status == "unknown"
    assert all(isinstance(item, SymbolAnswer) for item in r.values())


def test_known_symbols_are_answered_as_provided():
    ws = example_workspace()
    out = check_symbols(ws, ["Mine.thing", "Document.title"], known_symbols=["Mine.thing"])
    assert out[0].status == "known" and out[0].provided is True
    assert out[1].status == "known" and out[1].provided is False


def test_check_symbols_command_and_bad_arguments():
    ws = example_workspace()
    cmd = check_symbols_command
    ctx = CommandContext(ws)
    res = cmd(ctx, {"names": ["Table.addRows"], "turn_id": "t1"})
    assert res["turn_id"] == "t1" and res["budgeted"] is False
    assert res["results"][0]["suggestions"][0] == "Table.addRow"
    with pytest.raises(CommandError, match="names"):
        cmd(ctx, {})
    with pytest.raises(CommandError, match="names"):
        cmd(ctx, {"names": "Table"})
    with pytest.raises(CommandError, match="known_symbols"):
        cmd(ctx, {"names": ["A"], "known_symbols": 3})
    with pytest.raises(CommandError, match="turn_id"):
        cmd(ctx, {"names": ["A"], "turn_id": [1]})


def test_example_app_with_a_docs_only_model(tmp_path):
    """The same engine described only by its docs: the same invented calls, as warnings."""
    shutil.copytree(APP, tmp_path / "app", ignore=shutil.ignore_patterns("footprint.toml"))
    (tmp_path / "app" / "footprint.toml").write_text(
        f'[object_model]\nsources = [{{ path = "{(EXAMPLES / "layout-engine" / "docs").as_posix()}", module = "@acme/layout" }}]\n')
    trust_folder(tmp_path / "app")  # an untrusted folder's paths must stay inside it (docs/security.md)
    plugins.load()
    ws = Workspace(tmp_path / "app", load_settings(tmp_path / "app"))
    got = set()
    for path in ws.files():
        for f in symbol_findings(ws, path.relative_to(ws.root).as_posix()):
            got.add((path.relative_to(ws.root).as_posix(), f["line"], f["severity"]))
    assert got == {("src/services/InvoiceService.js", 25, "warning"), ("src/services/ReportService.js", 33, "warning"),
                   ("src/app.js", 51, "warning"), ("src/layout/footer.js", 18, "warning"),
                   # the example's TypeScript files: receivers typed by annotations, against the docs' model
                   ("src/reports/summary.ts", 32, "warning"), ("src/reports/summary.ts", 53, "warning"),
                   ("src/reports/SummaryCard.tsx", 22, "warning"),
                   # what the docs mark removed is an error whatever the source; deprecated stays a warning
                   ("src/layout/legacy.js", 8, "error"), ("src/layout/legacy.js", 10, "warning"),
                   ("src/reports/summary.ts", 65, "error")}


def hover_at(ws, rel, needle, occurrence=0):
    doc = ws.document(ws.root / rel)
    offset = -1
    for _ in range(occurrence + 1):
        offset = doc.source.index(needle.encode(), offset + 1)
    return providers.call_all(providers.HOVER, doc, offset + 1, RequestContext(ws))


def test_hover_signature_and_did_you_mean(tmp_path):
    ws = engine_workspace(tmp_path, {"app.js": '''import { Document } from "@acme/layout";
const doc = Document.create();
const box = doc.addPage().addBlock();
box.addTable({ columns: 1 });
doc.setFontSize(3);
'''})
    hovers = hover_at(ws, "app.js", "addTable")
    assert len(hovers) == 1
    text = hovers[0].markdown
    assert "Block.addTable(options: TableOptions): Table" in text
    assert "verified in object model" in text and "engine/engine.d.ts:" in text
    assert "](file://" in text and "#L" in text  # issue 20.11: the source is a link
    # Issue 20.11: the unknown member's hover shows the real member (the diagnostic already says what is wrong).
    hovers = hover_at(ws, "app.js", "setFontSize")
    assert hovers[0].markdown.startswith("Did you mean `fontSize`?"), hovers[0].markdown
    assert "fontSize" in hovers[0].markdown.split("```ts", 1)[1] and "has no member" not in hovers[0].markdown
    assert hover_at(ws, "app.js", "columns") == []


def test_quick_fix_and_fix_all_actions(tmp_path):
    ws = engine_workspace(tmp_path, {"app.js": '''import { Document } from "@acme/layout";
const doc = Document.create();
doc.setFontSize(3);
doc.addPag();
doc.addPage().addBlok();
function f(page) { page.footer.addBlock(); page.margins; page.addBlok(); }
'''})
    doc = ws.document(ws.root / "app.js")
    findings = [f for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code == "unknown-symbol"]
    assert len(findings) == 4
    ctx = RequestContext(ws, findings=findings)
    start = doc.source.index(b"setFontSize")
    actions = providers.quick_fixes_from_findings(doc, start, start, ctx)
    quick = [a for a in actions if a.kind == "quickfix"]
    assert quick[0].title == "Rename to `fontSize`" and quick[0].edits[0].text == "fontSize"
    fix_all = [a for a in actions if a.kind == "source.fixAll.footprint"][0]
    # the inferred receiver's fix is offered one by one, never applied in bulk
    assert [e.text for e in fix_all.edits] == ["fontSize", "addPage", "addBlock"]


def test_odd_names_and_broken_sources_never_crash(tmp_path):
    from tests.support.symbols_helpers import make_workspace

    ws = make_workspace(tmp_path, {
        "broken.d.ts": "export declare class Half { ok(): void; }\nexport interface {\n  garbage(: ;\n",
        "app.js": 'import { Half } from "half";\nnew Half().ok();\nnew Half().nope();\n',
    }, '[object_model]\nsources = [{ path = "broken.d.ts", module = "half" }, { path = "bin.json", module = "b" }]\n')
    (tmp_path / "bin.json").write_bytes(b"\x00\x01\x02")
    out = check_symbols(ws, ["", "....", "a.b.c.d", ".x", "x.", "Half.", "Half.ok", "half.Half.ok", "🙂", "x" * 500])
    assert [r.status for r in out][-4:] == ["known", "known", "unknown", "unknown"]
    assert out[0].error == "empty name"
    assert [(f["line"], f["name"]) for f in symbol_findings(ws, "app.js")] == [(3, "nope")]


def test_doc_field_points_at_the_documenting_chunk():
    ws = example_workspace()
    known, unknown = check_symbols(ws, ["Table.addRow", "Document.setFontSize"])
    assert known.doc.path.as_posix().endswith("docs/reference/table.md") and known.doc.path.is_absolute()
    assert "Table.addRow" in known.doc.heading and isinstance(known.doc.line, int)
    # for an invented name: the chunk documenting the real one
    assert unknown.doc.for_name == "Document.fontSize" and unknown.doc.path.name == "document.md"


def test_a_variable_owner_gets_the_real_member_not_the_invented_one():
    """Issue 20.6: `page.createBlock` (a variable, not a type) suggested `Page.createBlock`, the invented name
    itself, while the diagnostic on that line says `addBlock`."""
    ws = example_workspace()
    r = check_symbols(ws, ["page.createBlock"])[0]
    assert r.status == "unknown"
    assert r.suggestions and r.suggestions[0] == "Page.addBlock", r.suggestions
    assert not any(s.endswith(".createBlock") for s in r.suggestions), r.suggestions


def test_confident_rename_is_preferred_and_fix_all_stays_off_clean_lines(tmp_path):
    """Issue 20.12: Auto Fix applies the one confident rename (isPreferred); a line with no problem gets no
    "Fix all" entry, unless the client asks for source.fixAll (fix-all on save)."""
    ws = engine_workspace(tmp_path, {"app.js": '''import { Document } from "@acme/layout";
const doc = Document.create();
doc.setFontSize(3);
const clean = 1;
'''})
    doc = ws.document(ws.root / "app.js")
    findings = [f for f in run_checks(doc, CheckContext(ws), (Phase.TYPE,)) if f.code == "unknown-symbol"]
    ctx = RequestContext(ws, findings=findings)
    at = doc.source.index(b"setFontSize")
    rename = [a for a in providers.quick_fixes_from_findings(doc, at, at, ctx) if a.kind == "quickfix"][0]
    assert rename.title == "Rename to `fontSize`" and rename.preferred
    clean = doc.source.index(b"clean")
    assert providers.quick_fixes_from_findings(doc, clean, clean, ctx) == []
    asked = RequestContext(ws, findings=findings, only=["source.fixAll"])
    assert [a.kind for a in providers.quick_fixes_from_findings(doc, clean, clean, asked)] == ["source.fixAll.footprint"]
