"""The one scope model (lsp_server/syntax/scopes.py): shadowing, hoisting, closures, catch parameters, class
members, labels; the per-name search and the whole-file index must agree; one analysis per document."""

from __future__ import annotations

import gc
import textwrap
import weakref

import pytest

from lsp_server.document import ParsedDocument
from lsp_server.syntax import syntax_for
from lsp_server.syntax.scopes import NAME_TYPES, ScopeAnalysis, scopes_of


def _doc(src: str) -> ParsedDocument:
    return ParsedDocument.create("file:///t/a.js", textwrap.dedent(src))


def _analysis(doc: ParsedDocument, indexed: bool) -> ScopeAnalysis:
    analysis = ScopeAnalysis.of(doc)
    if indexed:
        analysis.index_all()
    return analysis


def _offset(doc: ParsedDocument, needle: str, nth: int = 0) -> int:
    pos = -1
    for _ in range(nth + 1):
        pos = doc.source.index(needle.encode(), pos + 1)
    return pos


def _declaring_line(doc: ParsedDocument, analysis: ScopeAnalysis, needle: str, nth: int = 0) -> int | None:
    """The line of the declaration the nth occurrence of `needle` resolves to (None: global/undeclared)."""
    binding = analysis.binding_at(_offset(doc, needle, nth))
    return None if binding is None else binding.declaration.node.start_point[0]


both = pytest.mark.parametrize("indexed", [False, True], ids=["per-name", "indexed"])


@both
def test_a_parameter_shadows_the_outer_binding(indexed):
    doc = _doc("""\
        const box = 1;
        function f(box) {
          return box;
        }
        box;
        """)
    a = _analysis(doc, indexed)
    assert _declaring_line(doc, a, "box", 2) == 1  # `return box` is the parameter
    assert _declaring_line(doc, a, "box", 3) == 0  # the last line is the const
    outer = a.binding_at(_offset(doc, "box"))
    assert [o.node.start_point[0] for o in a.occurrences(outer)] == [0, 4]


@both
def test_function_declarations_and_var_are_hoisted(indexed):
    doc = _doc("""\
        run();
        function run() {
          if (ready) { var late = 1; }
          return late;
        }
        """)
    a = _analysis(doc, indexed)
    assert _declaring_line(doc, a, "run") == 1  # used before its declaration
    assert _declaring_line(doc, a, "late", 1) == 2  # `var` in a block belongs to the function
    assert a.binding_at(_offset(doc, "late")).declaration.kind == "var"
    assert _declaring_line(doc, a, "ready") is None  # never declared: a global


@both
def test_let_and_const_stay_in_their_block(indexed):
    doc = _doc("""\
        { let inner = 1; inner; }
        inner;
        for (let i = 0; i < 3; i++) { i; }
        i;
        """)
    a = _analysis(doc, indexed)
    assert _declaring_line(doc, a, "inner", 1) == 0
    assert _declaring_line(doc, a, "inner", 2) is None
    assert _declaring_line(doc, a, "i;", 0) == 2  # inside the loop body
    assert _declaring_line(doc, a, "i;", 1) is None  # after the loop


@both
def test_closures_see_the_enclosing_function(indexed):
    doc = _doc("""\
        function outer() {
          let count = 0;
          return () => {
            count += 1;
            return function () { return count; };
          };
        }
        """)
    a = _analysis(doc, indexed)
    binding = a.binding_at(_offset(doc, "count"))
    assert binding.declaration.kind == "let"
    assert [o.node.start_point[0] for o in a.occurrences(binding)] == [1, 3, 4]


@both
def test_catch_parameters_are_scoped_to_the_catch_clause(indexed):
    doc = _doc("""\
        try { risky(); } catch (err) { report(err); }
        err;
        try { risky(); } catch ({ message }) { message; }
        """)
    a = _analysis(doc, indexed)
    caught = a.binding_at(_offset(doc, "err"))
    assert caught.declaration.kind == "catch" and caught.scope.type == "catch_clause"
    assert _declaring_line(doc, a, "err", 1) == 0
    assert _declaring_line(doc, a, "err", 2) is None
    assert a.binding_at(_offset(doc, "message", 1)).declaration.kind == "catch"


@both
def test_class_members_and_property_names_are_not_references(indexed):
    doc = _doc("""\
        const width = 3;
        class Box {
          width = 1;
          width() { return this.width + width; }
          static make() { return new Box(); }
        }
        const o = { width: 2 };
        """)
    a = _analysis(doc, indexed)
    binding = a.binding_at(_offset(doc, "width"))
    # the field, the method name, `this.width` and the object key are property names, not the const
    assert [o.node.start_point[0] for o in a.occurrences(binding)] == [0, 3]
    klass = a.binding_at(_offset(doc, "Box"))
    assert klass.declaration.kind == "class"
    assert [o.node.start_point[0] for o in a.occurrences(klass)] == [1, 4]


@both
def test_labels_are_not_bindings(indexed):
    doc = _doc("""\
        const outer = [];
        outer: for (const x of outer) { break outer; }
        """)
    a = _analysis(doc, indexed)
    assert a.binding_at(_offset(doc, "outer", 1)) is None  # the label
    assert a.binding_at(_offset(doc, "outer", 3)) is None  # `break outer`
    binding = a.binding_at(_offset(doc, "outer", 2))  # `of outer`
    assert binding is not None and binding.declaration.node.start_point[0] == 0


@both
def test_destructured_defaults_and_computed_keys_are_uses(indexed):
    doc = _doc("""\
        const key = "k", fallback = 0;
        const { [key]: value = fallback, ...rest } = source;
        """)
    a = _analysis(doc, indexed)
    assert a.binding_at(_offset(doc, "key", 1)).declaration.node.start_point[0] == 0
    assert a.binding_at(_offset(doc, "fallback", 1)).declaration.node.start_point[0] == 0
    assert a.binding_at(_offset(doc, "value")).declaration.kind == "const"
    assert a.binding_at(_offset(doc, "rest")).declaration.node.start_point[0] == 1


def test_the_index_and_the_per_name_search_agree_on_every_name():
    doc = _doc("""\
        import Def, { a as b, c } from "m";
        import * as ns from "n";
        var top = 1;
        function f(x, { y = top, z: [w] }, ...more) {
          const g = function named() { return named, x, y, w, more, b, c, ns; };
          class K { m() { let top = 2; return top + Def; } }
          for (const [k, v] of Object.entries(x)) { k; v; }
          try { g(); } catch (e) { e; } finally { top; }
          label: while (x) { break label; }
          return K;
        }
        f(top);
        """)
    lazy, indexed = _analysis(doc, False), _analysis(doc, True)
    names = []
    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in NAME_TYPES:
            names.append(node)
        stack.extend(node.children)
    assert len(names) >= 40
    for node in names:
        one, other = lazy.resolve(node), indexed.resolve(node)
        assert (one.key if one else None) == (other.key if other else None), doc.node_text(node)
        assert (lazy.declaration_of(node) is None) == (indexed.declaration_of(node) is None)
    assert "named" in indexed.declared_anywhere() and "label" not in indexed.declared_anywhere()


def test_one_analysis_per_document_and_it_goes_with_the_document():
    doc = _doc("let a = 1; a;")
    assert scopes_of(doc) is scopes_of(doc)
    assert syntax_for("javascript").scopes(doc) is scopes_of(doc)
    other = _doc("let a = 1; a;")
    assert scopes_of(other) is not scopes_of(doc)
    analysis = scopes_of(doc)
    gone = weakref.ref(doc)
    del doc, other
    gc.collect()
    assert gone() is None  # the cached analysis does not keep its document alive...
    assert analysis.key_of(analysis.name_at(4))[0] is not None  # ...and still resolves `a` for whoever holds it


def test_only_source_languages_have_a_syntax():
    assert syntax_for("javascript") is not None
    assert syntax_for("typescript").language == "typescript" and syntax_for("tsx").language == "tsx"
    assert syntax_for("css") is None and syntax_for(None) is None


TS_SOURCE = """\
    import { Page } from "engine";
    interface Props<T> { page: Page; item: T; [key: string]: unknown }
    type Size = "s" | "m";
    type Pick2<T> = { [P in keyof T]: T[P] };
    enum Color { Red }
    namespace Shapes { export const unit = 1; }
    function area(s: Size): number;
    function area(s: any): number { return Shapes.unit; }
    class Box<T> implements Props<T> {
      page!: Page;
      item!: T;
      [key: string]: unknown;
      constructor(private frame: Page, size: Size = "s") { frame.add(size); }
      map<U>(f: (t: T) => U): U { return f(this.item); }
    }
    const c: Color = Color.Red;
    let ns: Shapes.Unit;
    """


def _ts(src: str, ext: str = "ts") -> ParsedDocument:
    return ParsedDocument.create(f"file:///t/a.{ext}", textwrap.dedent(src))


@pytest.mark.parametrize("indexed", [False, True])
def test_typescript_names_resolve_across_types_and_values(indexed):
    doc = _ts(TS_SOURCE)
    assert doc.language == "typescript" and not doc.tree.root_node.has_error
    analysis = _analysis(doc, indexed)
    assert _declaring_line(doc, analysis, "Page;") == 0  # a type annotation uses the import
    assert _declaring_line(doc, analysis, "Size)") == 2  # a type alias, used in an overload signature
    assert _declaring_line(doc, analysis, "T; [") == 1  # an interface's type parameter
    assert _declaring_line(doc, analysis, "T[P]") == 3 and _declaring_line(doc, analysis, "P]") == 3
    assert _declaring_line(doc, analysis, "T;", 1) == 8  # the class's own T, not the interface's
    assert _declaring_line(doc, analysis, "U {") == 13  # a method's type parameter
    assert _declaring_line(doc, analysis, "frame.add") == 12  # a parameter property
    assert _declaring_line(doc, analysis, "size)") == 12
    assert _declaring_line(doc, analysis, "Color.Red") == 4 and _declaring_line(doc, analysis, "Shapes.unit") == 5
    area = analysis.binding_at(_offset(doc, "area"))
    assert [d.node.start_point[0] for d in area.declarations] == [6, 7]  # overloads: one binding
    assert analysis.name_at(_offset(doc, "Unit")) is None  # a qualified type's member names no binding


def test_typescript_per_name_search_and_whole_file_index_agree():
    doc = _ts(TS_SOURCE)
    lazy, indexed = _analysis(doc, False), _analysis(doc, True)
    names = []
    stack = [doc.tree.root_node]
    while stack:
        node = stack.pop()
        if node.type in NAME_TYPES:
            names.append(node)
        stack.extend(node.children)
    assert len(names) >= 40
    for node in names:
        one, other = lazy.resolve(node), indexed.resolve(node)
        assert (one.key if one else None) == (other.key if other else None), doc.node_text(node)


def test_jsx_components_are_uses_and_intrinsic_elements_are_not():
    doc = _ts("""\
        const div = 1, Button = () => null;
        const el = <div className={String(div)}><Button /></div>;
        """, "tsx")
    analysis = scopes_of(doc)
    button = analysis.binding_at(_offset(doc, "Button"))
    assert len(analysis.occurrences(button)) == 2
    div = analysis.binding_at(_offset(doc, "div"))
    assert len(analysis.occurrences(div)) == 2  # `const div` and `String(div)`, not the <div> tags
