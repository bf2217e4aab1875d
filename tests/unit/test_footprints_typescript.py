"""Footprints on small TypeScript and TSX samples: type-only bindings, enums, namespaces, overloads, `declare`,
parameter properties, `as` / `!` / `satisfies` chains, and JSX uses; every deletion verified by re-parse."""

from __future__ import annotations

import textwrap

from lsp_server.document import ParsedDocument
from lsp_server.features.footprints import (
    Footprint, apply_edits, compute_footprint, deletion_edits, plan_deletions, verify_deletion,
)


def parse(src: str, ext: str = "ts") -> ParsedDocument:
    doc = ParsedDocument.create(f"file:///tmp/sample.{ext}", textwrap.dedent(src).lstrip("\n"))
    assert not doc.tree.root_node.has_error
    return doc


def fp_at(doc: ParsedDocument, needle: str, nth: int = 0) -> Footprint:
    i = -1
    for _ in range(nth + 1):
        i = doc.text.index(needle, i + 1)
    fp = compute_footprint(doc, len(doc.text[:i].encode()), dependents=True)
    assert fp is not None, needle
    return fp


def delete(doc: ParsedDocument, fp: Footprint, with_dependents: bool = True) -> str:
    edits = deletion_edits(doc, fp, with_dependents)
    verdict = verify_deletion(doc, fp, edits, with_dependents)
    assert verdict.ok, verdict.reason
    return apply_edits(doc.source, edits).decode()


def test_an_unused_interface_and_type_alias_delete_alone():
    doc = parse("""
        interface Props { title: string }
        type Size = "s" | "m";
        export const x = 1;
        """)
    props = fp_at(doc, "Props")
    assert props.kind == "interface"
    assert delete(doc, props) == 'type Size = "s" | "m";\nexport const x = 1;\n'
    assert fp_at(doc, "Size").kind == "type"


def test_a_type_used_in_an_annotation_is_entangled_and_never_deleted_blindly():
    doc = parse("""
        type Size = "s" | "m";
        function area(s: Size): number { return 1; }
        """)
    fp = fp_at(doc, "Size")
    assert [doc.source[u.start:u.end].decode() for u in fp.entangled] == ["Size"]
    plans = plan_deletions(doc, fp)
    assert plans and all(p.disabled for p in plans)


def test_an_enum_goes_with_the_bindings_it_initialises():
    doc = parse("""
        enum Color { Red, Green = 2 }
        const c: Color = Color.Red;
        console.log(1);
        """)
    fp = fp_at(doc, "Color")
    assert fp.kind == "enum" and [d.name for d in fp.dependents] == ["c"]
    plans = plan_deletions(doc, fp)
    assert plans[0].disabled  # `c` would lose its type and value
    assert plans[-1].disabled is None
    assert delete(doc, fp) == "console.log(1);\n"


def test_overload_signatures_and_the_implementation_are_one_binding():
    doc = parse("""
        function area(s: string): number;
        function area(s: number): number;
        function area(s: any): number { return 1; }
        const keep = 1;
        """)
    fp = fp_at(doc, "area", 1)
    assert len([s for s in fp.statements if s.role == "declaration"]) == 3
    assert delete(doc, fp) == "const keep = 1;\n"


def test_declare_and_export_go_with_the_declaration():
    doc = parse("""
        export declare const version: string;
        declare function ambient(x: number): void;
        namespace Shapes { export const unit = 1; }
        const keep = 1;
        """)
    assert delete(doc, fp_at(doc, "version")).startswith("declare function ambient")
    assert "ambient" not in delete(doc, fp_at(doc, "ambient"))
    ns = fp_at(doc, "Shapes")
    assert ns.kind == "namespace" and "Shapes" not in delete(doc, ns)


def test_calls_through_as_non_null_and_satisfies_belong_to_the_footprint():
    doc = parse("""
        function build(page: any) {
          const box = page.addBox();
          box!.setWidth(10);
          (box as any).hide();
          (<any>box).show();
          page.render();
        }
        """)
    fp = fp_at(doc, "box")
    assert [s.role for s in fp.statements] == ["declaration", "call", "call", "call"]
    assert fp.entangled == ()
    out = delete(doc, fp)
    assert "box" not in out and "page.render();" in out


def test_a_parameter_property_stays_and_its_uses_go():
    doc = parse("""
        class Widget {
          constructor(private page: Page, size: number) {
            page.add(size);
            this.page.show();
          }
        }
        """)
    fp = fp_at(doc, "page")
    assert fp.kind == "param" and fp.declaration_kept
    out = delete(doc, fp)
    assert "private page: Page" in out and "page.add" not in out and "this.page.show();" in out


def test_generic_type_parameters_are_kept_declarations():
    doc = parse("function first<T>(xs: T[]): T { return xs[0]; }\n")
    fp = fp_at(doc, "T")
    assert fp.kind == "type-param" and fp.declaration_kept and len(fp.references) == 3
    assert plan_deletions(doc, fp) == []


def test_jsx_element_and_attribute_uses_count():
    doc = parse("""
        const Button = (p: { label: string }) => <b>{p.label}</b>;
        const title = "hi";
        export function App() {
          return <div><Button label={title} /></div>;
        }
        export const Other = () => <Button label="x" />;
        """, "tsx")
    button = fp_at(doc, "Button")
    assert [doc.source[u.start:u.end].decode() for u in button.entangled] == ["Button"]
    assert [d.name for d in button.dependents] == ["Other"]  # initialised from a JSX use
    title = fp_at(doc, "title")
    assert [doc.source[u.start:u.end].decode() for u in title.entangled] == ["title"]
    assert all(p.disabled for p in plan_deletions(doc, title))


def test_decorators_are_uses():
    doc = parse("""
        import { sealed } from "./decorators";
        @sealed
        class Widget {}
        """)
    fp = fp_at(doc, "sealed")
    assert len(fp.references) == 2 and fp.entangled
