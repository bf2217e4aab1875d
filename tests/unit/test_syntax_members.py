"""lsp_server/syntax/members.py: member chains (`a.b.c` as a root and its names), object-literal keys and the
members a function writes on its `this`."""

from __future__ import annotations

from lsp_server.document import ParsedDocument
from lsp_server.syntax.members import member_assignments, member_chain, object_keys, this_writes


def _chain(src: str, through_parens: bool = False):
    doc = ParsedDocument.create("file:///t/a.js", src)
    expression = doc.tree.root_node.named_children[0].named_children[0]
    chain = member_chain(expression, doc.node_text, through_parens=through_parens)
    return chain and (doc.node_text(chain[0]), chain[1])


def test_a_chain_is_its_root_and_the_names_read_on_it_in_order():
    assert _chain("this.req.session;") == ("this", ["req", "session"])
    assert _chain("make().a.b;") == ("make()", ["a", "b"])
    assert _chain("plain;") == ("plain", [])


def test_a_chain_stops_at_a_computed_part_and_a_private_name_makes_none():
    # the subscript is the root: a caller that wants a binding sees a root that is not an identifier
    assert _chain("a[k].b;") == ("a[k]", ["b"])
    assert _chain("this.#x.y;") is None


def test_parentheses_are_crossed_only_when_asked():
    assert _chain("((a).b).c;", through_parens=True) == ("a", ["b", "c"])
    assert _chain("((a).b).c;") == ("((a).b)", ["c"])


def _keys(src: str):
    doc = ParsedDocument.create("file:///t/a.js", src)
    obj = doc.tree.root_node.named_children[0].named_children[0].named_children[0]
    keys, unspelt = object_keys(obj, doc.node_text)
    return [(name, value.type) for name, value in keys], unspelt


def test_an_object_literal_s_keys_are_its_pairs_methods_accessors_and_shorthands():
    assert _keys('({ first: "string", "last": 1, 2: x, get full() { return 1; }, greet() {}, age });') == (
        [("first", "string"), ("last", "number"), ("2", "identifier"), ("full", "method_definition"),
         ("greet", "method_definition"), ("age", "shorthand_property_identifier")], False)


def test_a_spread_a_computed_key_or_a_wildcard_key_leaves_keys_unspelt():
    assert _keys('({ a: 1, ...rest });') == ([("a", "number")], True)
    assert _keys('({ [k]: 1, b: 2 });') == ([("b", "number")], True)
    assert _keys('({ "*": "string", c: 3 });') == ([("c", "number")], True)


def _writes(src: str, body: bool = False):
    """`this_writes` of the file's first function (or, with `body`, of its body alone)."""
    doc = ParsedDocument.create("file:///t/a.js", src)
    fn = doc.tree.root_node.named_children[0]
    writes, unseen = this_writes(fn.child_by_field_name("body") if body else fn, doc.node_text)
    return sorted(doc.node_text(prop) for prop, _ in writes), unseen


def test_this_writes_are_the_members_assigned_on_this_or_a_name_declared_for_it():
    src = """function Counter(start) {
      var self = this;
      this.count = start;
      self.step += 1;
      if (start) { this.#seen = true; }
      const inner = () => { this.fromArrow = 1; };
      other.notMine = 2;
      this.nested.deep = 3;
    }"""
    expected = (["#seen", "count", "fromArrow", "step"], False)
    assert _writes(src) == expected
    assert _writes(src, body=True) == expected  # the runtime reader hands the body, the analysis the function


def test_this_writes_skip_functions_and_classes_with_a_this_of_their_own():
    src = """function Outer() {
      this.kept = 1;
      function helper() { this.notOuters = 1; }
      const g = function* () { this.norThis = 1; };
      class Inner { constructor() { this.inners = 1; } }
      const o = { m() { this.objects = 1; } };
    }"""
    assert _writes(src) == (["kept"], False)


def test_this_writes_whose_names_cannot_be_read_leave_the_instance_open():
    assert _writes("function A(k) { this.a = 1; this[k] = 2; }") == (["a"], True)
    assert _writes("function B(o) { var self = this; Object.assign(self, o); }") == ([], True)
    assert _writes("function C(o) { Object.defineProperty(this, 'x', o); }") == ([], True)
    assert _writes("function D(o) { Object.assign({}, o); this.d = 1; }") == (["d"], False)


def test_member_assignments_are_named_plain_writes_in_document_order():
    code = "Foo.a = 1;\nfunction f() { bar.baz.c = 2; x[k] = 3; y.d += 4; }\nclass K { m() { this.e = 5; } }\n"
    doc = ParsedDocument.create("file:///w/a.js", code)
    found = [(doc.node_text(obj), doc.node_text(prop)) for _, obj, prop in member_assignments(doc.tree.root_node)]
    # a subscript write (`x[k]`) and a compound one (`+=`) name no member to judge; `this` is an object like any
    assert found == [("Foo", "a"), ("bar.baz", "c"), ("this", "e")]
