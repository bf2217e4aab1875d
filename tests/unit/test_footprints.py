"""Footprints on small JavaScript samples: one test per rule of what a footprint holds, how scopes resolve,
and what deleting it leaves behind."""

from __future__ import annotations

import textwrap

import pytest

from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import (
    Footprint, apply_edits, compute_footprint, deletion_edits, plan_deletions, remaining_entangled,
    verify_deletion,
)
from lsp_server.providers import TextEdit


def parse(src: str) -> ParsedDocument:
    return ParsedDocument.create("file:///tmp/sample.js", textwrap.dedent(src).lstrip("\n"))


def at(doc: ParsedDocument, needle: str, nth: int = 0, shift: int = 0) -> int:
    i = -1
    for _ in range(nth + 1):
        i = doc.text.index(needle, i + 1)
    return len(doc.text[:i].encode("utf-8")) + shift


def fp_of(src: str, needle: str, nth: int = 0, dependents: bool = True) -> tuple[ParsedDocument, Footprint]:
    doc = parse(src)
    fp = compute_footprint(doc, at(doc, needle, nth), dependents=dependents)
    assert fp is not None, f"no binding at {needle!r}"
    return doc, fp


def lines_of(doc: ParsedDocument, fp: Footprint) -> list[int]:
    """1-based first lines of the footprint's statements."""
    return [doc.lines.line_of(s.start) + 1 for s in fp.statements]


def delete(doc: ParsedDocument, fp: Footprint, with_dependents: bool = True) -> str:
    edits = deletion_edits(doc, fp, with_dependents)
    verdict = verify_deletion(doc, fp, edits, with_dependents)
    assert verdict.ok, verdict.reason
    return apply_edits(doc.source, edits).decode("utf-8")


BOX = """
    import { Block } from "@acme/layout";
    function build(page) {
      var box = new Block();
      box.width = 200;
      box.style.color = c;
      box["x"] = 1;
      box.x += 1;
      delete box.y;
      box.count++;
      box.addRow().setHeight(3);
      page.add(box);
      return page;
    }
    """


# --- what a footprint holds --------------------------------------------------------------------------
def test_declaration_assignments_calls_and_wiring():
    doc, fp = fp_of(BOX, "box")
    assert fp.name == "box" and fp.kind == "var"
    assert lines_of(doc, fp) == [3, 4, 5, 6, 7, 8, 9, 10, 11]
    roles = [s.role for s in fp.statements]
    assert roles == ["declaration", "assign", "assign", "assign", "assign", "assign", "assign", "call", "wire"]
    assert fp.entangled == () and fp.dependents == ()


def test_any_reference_finds_the_same_binding():
    doc = parse(BOX)
    a = compute_footprint(doc, at(doc, "box", 0))
    b = compute_footprint(doc, at(doc, "box", 6, shift=1))  # inside `box` of `box.count++`
    c = compute_footprint(doc, at(doc, "box)", shift=3))  # right after the name: `box|)`
    assert a.statements == b.statements == c.statements


def test_deleting_removes_whole_lines_and_keeps_the_rest():
    doc, fp = fp_of(BOX, "box")
    assert delete(doc, fp) == textwrap.dedent("""\
        import { Block } from "@acme/layout";
        function build(page) {
          return page;
        }
        """)


def test_multi_line_statements_and_chains_are_whole():
    doc, fp = fp_of("""
        const box = make({
          width: 1,
        });
        box
          .addRow()
          .setHeight(3);
        box.style = {
          color: "red",
        };
        keep();
        """, "box")
    assert lines_of(doc, fp) == [1, 4, 7]
    assert delete(doc, fp) == "keep();\n"


def test_entangled_uses_are_reported_not_deleted():
    doc, fp = fp_of("""
        function f(a) {
          const box = make();
          box.width = 1;
          if (box.visible) {
            show();
          }
          const total = render(a, box) + 1;
          return box;
        }
        """, "box", dependents=False)
    assert [(u.line + 1, u.text) for u in fp.entangled] == [(4, "if (box.visible) {"), (8, "return box;")]
    assert [(u.line + 1, u.text) for u in fp.initialises] == [(7, "const total = render(a, box) + 1;")]
    plain = plan_deletions(doc, fp)[0]
    assert plain.disabled == "2 uses inside larger statements: line 4 if (box.visible) {; line 8 return box;"


def test_call_with_the_binding_inside_a_larger_expression_is_entangled():
    doc, fp = fp_of("""
        const box = make();
        page.add(box);
        console.log(render(a, box));
        page.add(box, other());
        """, "box")
    assert lines_of(doc, fp) == [1, 2]
    assert [u.line + 1 for u in fp.entangled] == [3, 4]


def test_wiring_by_assignment_into_another_object():
    doc, fp = fp_of("const box = make();\npage.header = box;\nlet x;\nx = box;\n", "box")
    assert [s.role for s in fp.statements] == ["declaration", "wire"]
    assert [u.line + 1 for u in fp.entangled] == [4]


def test_dependents_are_transitive_each_with_its_own_footprint():
    doc, fp = fp_of("""
        const box = page.addBlock();
        const row = box.addRow();
        row.height = 3;
        const cell = row.addCell();
        cell.text = "x";
        const { width, height } = box.size;
        if (width > 1) done();
        """, "box")
    assert [d.name for d in fp.all_dependents()] == ["row", "cell", "width", "height"]
    row = fp.dependents[0]
    assert lines_of(doc, row) == [2, 3] and [d.name for d in row.dependents] == ["cell"]
    plans = plan_deletions(doc, fp)
    assert plans[0].title == "Delete footprint of `box` (1 line)"
    assert "initialises other bindings" in plans[0].disabled
    assert plans[1].title == "Delete footprint of `box` and its dependents `row`, `cell`, `width`, `height` (6 lines)"
    # A use of a dependent inside a larger statement is entangled too.
    assert plans[1].disabled == "1 use inside larger statements: line 7 if (width > 1) done();"


def test_delete_with_dependents():
    doc, fp = fp_of("""
        function f(page) {
          const box = page.addBlock();
          const row = box.addRow();
          row.height = 3;
          const cell = row.addCell();
          cell.text = "x";
          return page;
        }
        """, "row")
    doc, fp = fp_of(doc.text, "box")
    assert delete(doc, fp) == "function f(page) {\n  return page;\n}\n"


# --- declarations --------------------------------------------------------------------------------------
@pytest.mark.parametrize("src, needle, expected", [
    ("var a = 1, box = new Block(), c = 2;\nbox.x = 1;\nuse(a, c);\n", "box", "var a = 1, c = 2;\nuse(a, c);\n"),
    ("var box = new Block(), c = 2;\nbox.x = 1;\nuse(c);\n", "box", "var c = 2;\nuse(c);\n"),
    ("let a = 1,\n    box = 2;\nbox++;\nuse(a);\n", "box", "let a = 1;\nuse(a);\n"),
    ("let a = 1,\n    box = 2,\n    c = 3;\nuse(a, c);\n", "box", "let a = 1,\n    c = 3;\nuse(a, c);\n"),
])
def test_declarator_lists_lose_one_declarator_and_its_comma(src, needle, expected):
    doc = ParsedDocument.create("file:///t.js", src)
    fp = compute_footprint(doc, at(doc, needle))
    assert delete(doc, fp) == expected


def test_destructured_names():
    doc, fp = fp_of("const { a, box, c: [d, e] } = load();\nbox.x = 1;\nuse(a, d, e);\n", "box")
    assert fp.kind == "const"
    assert delete(doc, fp) == "const { a, c: [d, e] } = load();\nuse(a, d, e);\n"
    doc, fp = fp_of("const { a, c: [d, e] } = load();\nuse(a, e);\n", "d")
    assert delete(doc, fp) == "const { a, c: [, e] } = load();\nuse(a, e);\n"
    doc, fp = fp_of("const { box } = load();\nbox.x = 1;\nnext();\n", "box")
    assert delete(doc, fp) == "next();\n"


def test_function_and_class_declarations():
    doc, fp = fp_of("function helper() {\n  return 1;\n}\nhelper();\nclass Box {}\nnew Box();\n", "helper")
    assert fp.kind == "function" and lines_of(doc, fp) == [1, 4]
    assert delete(doc, fp) == "class Box {}\nnew Box();\n"
    doc, fp = fp_of("class Box {}\nconst b = new Box();\nb.x = 1;\n", "Box")
    assert fp.kind == "class" and [d.name for d in fp.dependents] == ["b"]
    assert delete(doc, fp) == ""


def test_import_bindings():
    src = 'import Def, { a, box as bx, c } from "m";\nimport * as ns from "n";\nbx.x = 1;\nuse(Def, a, c, ns);\n'
    doc = ParsedDocument.create("file:///t.js", src)
    fp = compute_footprint(doc, at(doc, "bx", 0))
    assert fp.kind == "import"
    assert delete(doc, fp) == 'import Def, { a, c } from "m";\nimport * as ns from "n";\nuse(Def, a, c, ns);\n'
    doc = ParsedDocument.create("file:///t.js", 'import Def, { a } from "m";\nuse(a);\n')
    assert delete(doc, compute_footprint(doc, at(doc, "Def"))) == 'import { a } from "m";\nuse(a);\n'
    doc = ParsedDocument.create("file:///t.js", 'import { a } from "m";\na.go();\nnext();\n')
    assert delete(doc, compute_footprint(doc, at(doc, "a"))) == "next();\n"


def test_parameters_keep_the_signature():
    doc, fp = fp_of("function f(box, n) {\n  box.width = n;\n  return n;\n}\n", "box")
    assert fp.kind == "param" and fp.declaration_kept
    assert delete(doc, fp) == "function f(box, n) {\n  return n;\n}\n"


def test_exported_declaration_goes_with_its_export_keyword():
    doc, fp = fp_of("export const box = make();\nbox.x = 1;\nexport function f() {}\n", "box")
    assert fp.exported
    plans = plan_deletions(doc, fp)
    assert plans[0].title.endswith(" — exported")
    assert delete(doc, fp) == "export function f() {}\n"
    doc, fp = fp_of("const box = 1, y = 2;\nexport { y, box };\n", "box")
    assert fp.exported and delete(doc, fp) == "const y = 2;\nexport { y };\n"


# --- scopes ---------------------------------------------------------------------------------------------
def test_shadowing_keeps_inner_bindings_apart():
    doc, fp = fp_of("""
        const box = outer();
        box.a = 1;
        function f() {
          const box = inner();
          box.b = 2;
        }
        {
          let box = 3;
          box++;
        }
        box.c = 3;
        """, "box")
    assert lines_of(doc, fp) == [1, 2, 11]
    inner = compute_footprint(doc, at(doc, "box.b"))
    assert lines_of(doc, inner) == [4, 5]


def test_closures_see_outer_bindings():
    doc, fp = fp_of("""
        const box = make();
        button.onClick(() => {
          box.hide();
        });
        items.forEach(function (item) { box.add(item); });
        """, "box")
    assert lines_of(doc, fp) == [1, 3, 5]


def test_var_is_hoisted_to_the_function_let_is_not():
    doc, fp = fp_of("""
        function f() {
          box.early = 1;
          if (x) {
            var box = make();
          }
          box.late = 2;
        }
        """, "box = make")
    assert lines_of(doc, fp) == [2, 4, 6]
    doc, fp = fp_of("""
        function f() {
          if (x) {
            let box = make();
            box.a = 1;
          }
          box.late = 2;
        }
        """, "box = make")
    assert lines_of(doc, fp) == [3, 4]
    assert compute_footprint(doc, at(doc, "box.late")) is None  # a global


def test_catch_parameters_are_scoped_to_the_clause():
    doc, fp = fp_of("""
        let err = 1;
        try { run(); } catch (err) {
          err.logged = true;
          report(err);
        }
        err++;
        """, "err) {")
    assert fp.kind == "catch" and lines_of(doc, fp) == [3, 4]
    outer = compute_footprint(doc, at(doc, "err"))
    assert lines_of(outer, outer) if False else lines_of(doc, outer) == [1, 6]


def test_labels_and_properties_are_not_variables():
    doc, fp = fp_of("""
        const box = 1;
        box: for (;;) { break box; }
        o.box = 2;
        const p = { box: 3 };
        use(p);
        """, "box")
    assert lines_of(doc, fp) == [1]
    assert fp.references == ((6, 9),)


def test_named_function_expression_and_for_of_variables():
    doc, fp = fp_of("const f = function g() { g.calls++; };\n", "g.calls")
    assert fp.kind == "function" and fp.declaration_kept and lines_of(doc, fp) == [1]
    doc, fp = fp_of("for (const item of items) {\n  item.done = true;\n}\n", "item.done")
    assert fp.kind == "const" and fp.declaration_kept
    assert delete(doc, fp) == "for (const item of items) {\n}\n"


def test_statement_body_without_braces_becomes_an_empty_block():
    doc, fp = fp_of("const box = make();\nif (ready) box.show();\nelse box.hide();\nnext();\n", "box")
    assert delete(doc, fp) == "if (ready) {}\nelse {}\nnext();\n"


# --- deletion hygiene -------------------------------------------------------------------------------------
def test_no_stray_blank_lines_and_leading_comments_go_with_the_declaration():
    doc, fp = fp_of("""
        function f() {
          first();

          // the preview box
          const box = make();
          box.x = 1;

          last();
        }
        """, "box =")
    assert delete(doc, fp) == "function f() {\n  first();\n\n  last();\n}\n"


def test_verification_rejects_edits_that_leave_references_or_syntax_errors():
    doc, fp = fp_of("const box = make();\nbox.x = 1;\n", "box")
    only_declaration = [TextEdit(0, len("const box = make();\n"), "")]
    verdict = verify_deletion(doc, fp, only_declaration, False)
    assert not verdict.ok and verdict.reason == "the edit would leave `box` referenced at line 1"
    broken = [TextEdit(0, len("const box"), "")]
    verdict = verify_deletion(doc, fp, broken, False)
    assert not verdict.ok and "syntax error" in verdict.reason


def test_uses_inside_deleted_statements_are_not_entangled():
    doc, fp = fp_of("const box = make();\npage.add(box, box.size);\nbox.a = box.b = 0;\n", "box")
    assert remaining_entangled(fp, False) == []
    assert delete(doc, fp) == ""


def test_globals_and_non_names_have_no_footprint():
    doc = parse("console.log('box');\n// box\nconst o = { box: 1 };\n")
    for needle in ("console", "box'", "box\n", "box:"):
        assert compute_footprint(doc, at(doc, needle)) is None


def test_non_ascii_text_keeps_byte_offsets_right():
    doc, fp = fp_of('const 中 = "😀";\nconst box = make("é😀");\nbox.title = "中文";\nnext(中);\n', "box")
    assert delete(doc, fp) == 'const 中 = "😀";\nnext(中);\n'


# --- more rules, providers, robustness ----------------------------------------------------------------------
def test_calls_with_callbacks_are_not_wiring():
    doc, fp = fp_of("const box = make();\nsendfile(box, opts, function (err) { done(err); });\npage.add(box, 2);\n",
                    "box")
    assert [s.role for s in fp.statements] == ["declaration", "wire"]
    assert [u.line + 1 for u in fp.entangled] == [2]


def test_commonjs_exports_mark_the_binding_exported():
    doc, fp = fp_of("function helper() {}\nmodule.exports = { helper };\n", "helper")
    assert fp.exported and [u.line + 1 for u in fp.entangled] == [2]
    doc, fp = fp_of("const helper = 1;\nexports.helper = helper;\n", "helper")
    assert fp.exported and [s.role for s in fp.statements] == ["declaration", "wire"]


def test_reason_lists_each_statement_once():
    doc, fp = fp_of("const n = 1;\nif (n > 0 && n < 9) go();\nreturn_(n);\n", "n = 1")
    assert plan_deletions(doc, fp)[0].disabled == "2 uses inside larger statements: line 2 if (n > 0 && n < 9) go();"


def test_providers_offer_actions_and_highlights(tmp_path):
    from lsp_server.features.footprints import footprint_actions, footprint_highlights
    from lsp_server.providers import RequestContext
    from lsp_server.workspace import Workspace

    doc = parse(BOX)
    ctx = RequestContext(Workspace(tmp_path))
    (action,) = footprint_actions(doc, at(doc, "box.width"), at(doc, "box.width"), ctx)
    assert action.title == "Delete footprint of `box` (9 lines)" and action.kind == "refactor.rewrite"
    assert action.disabled is None and action.edits
    assert footprint_actions(doc, at(doc, "return"), at(doc, "return"), ctx) == []
    spans = footprint_highlights(doc, at(doc, "box.width"), ctx)
    assert [(doc.lines.line_of(s.start) + 1, s.kind) for s in spans] == [
        (3, "write"), (4, "write"), (5, "write"), (6, "write"), (7, "write"), (8, "write"), (9, "write"),
        (10, "read"), (11, "read")]


def test_never_raises_on_broken_code():
    src = "const box = make(;\nbox.width = \nfunction (a, {b = box}) => { box.x( }\nclass { m() { box } \nlet [x, = y;\n"
    doc = ParsedDocument.create("file:///broken.js", src)
    assert doc.has_syntax_errors
    for offset in range(len(doc.source) + 1):
        fp = compute_footprint(doc, offset, dependents=True)
        if fp is not None:
            for plan in plan_deletions(doc, fp):
                if plan.disabled is None:
                    new = ParsedDocument.create("file:///broken.js", apply_edits(doc.source, list(plan.edits)).decode())
                    assert verify_deletion(doc, fp, list(plan.edits), True).ok
                    assert new.tree is not None


def test_every_offset_of_the_example_app_is_safe():
    from tests.conftest import EXAMPLES

    src = (EXAMPLES / "layout-app" / "src" / "app.js").read_text(encoding="utf-8")
    doc = ParsedDocument.create("file:///app.js", src)
    names = set()
    for offset in range(0, len(doc.source), 3):
        fp = compute_footprint(doc, offset, dependents=True)
        if fp is not None:
            names.add(fp.name)
    assert {"box", "page", "doc", "reports", "invoices", "buildPreview", "warmUp", "Document"} <= names


def test_for_header_declarations_stay():
    doc, fp = fp_of("for (let i = 0, n = 3; ; ) {\n  log.push(i);\n}\n", "i = 0")
    assert fp.declaration_kept and lines_of(doc, fp) == [2]
    assert delete(doc, fp) == "for (let i = 0, n = 3; ; ) {\n}\n"
