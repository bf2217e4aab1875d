"""The one destructuring walker (lsp_server/syntax/patterns.py): names, keys, defaults, rest, nesting."""

from __future__ import annotations

from lsp_server.document import ParsedDocument
from lsp_server.syntax.patterns import (array_elements, declared_names, declaring_top, element_of,
                                        object_properties, parameters)


def _pattern(src: str):
    """The pattern of the first declarator of `src`, and the document."""
    doc = ParsedDocument.create("file:///t/a.js", src)
    node = doc.tree.root_node.named_children[0].named_children[0].child_by_field_name("name")
    return doc, node


def _names(doc, nodes):
    return [doc.node_text(n) for n in nodes]


def test_declared_names_skip_keys_defaults_and_computed_keys_in_document_order():
    doc, pattern = _pattern("const { a, b: c, d = e, [k]: f, g: { h = i } = j, ...rest } = o;")
    assert _names(doc, declared_names(pattern)) == ["a", "c", "d", "f", "h", "rest"]


def test_array_patterns_nest_with_holes_defaults_and_rest():
    doc, pattern = _pattern("let [x, , [y, z = w], { v } = u, ...tail] = list;")
    assert _names(doc, declared_names(pattern)) == ["x", "y", "z", "v", "tail"]
    elements = array_elements(pattern)
    assert [(doc.node_text(t), d and doc.node_text(d)) for t, d in elements] == [
        ("x", None), ("[y, z = w]", None), ("{ v }", "u"), ("...tail", None)]


def test_a_plain_identifier_declares_itself_and_parameters_are_walked_whole():
    doc, pattern = _pattern("var solo = 1;")
    assert _names(doc, declared_names(pattern)) == ["solo"]
    fdoc = ParsedDocument.create("file:///t/b.js", "function f(a, { b } = {}, [c] = [], d = a, ...e) {}")
    params = fdoc.tree.root_node.named_children[0].child_by_field_name("parameters")
    assert _names(fdoc, declared_names(params)) == ["a", "b", "c", "d", "e"]
    assert declared_names(None) == []


def test_object_properties_give_key_target_default_and_rest():
    doc, pattern = _pattern("const { a, b: c, d = 1, e: f = 2, [g]: h, 'i-j': k, ...l } = o;")
    rows = [(p.key and doc.node_text(p.key), p.target and doc.node_text(p.target),
             p.default and doc.node_text(p.default), p.rest, p.computed) for p in object_properties(pattern)]
    assert rows == [
        ("a", "a", None, False, False),
        ("b", "c", None, False, False),
        ("d", "d", "1", False, False),
        ("e", "f", "2", False, False),
        ("[g]", "h", None, False, True),
        ("'i-j'", "k", None, False, False),
        (None, "l", None, True, False),
    ]


def test_declaring_top_and_element_of():
    doc, pattern = _pattern("const { a: [b = c], d } = o;")
    leaves = {doc.node_text(n): n for n in declared_names(pattern)}
    assert declaring_top(leaves["b"]) == pattern
    assert doc.node_text(element_of(leaves["b"])) == "b = c"
    assert doc.node_text(element_of(leaves["d"])) == "d"
    # `c` is the default's value: a use, so it has no declaring top
    c = pattern.descendant_for_byte_range(doc.source.index(b"c]"), doc.source.index(b"c]") + 1)
    assert doc.node_text(c) == "c" and declaring_top(c) is None


def test_parameters_split_their_defaults():
    doc = ParsedDocument.create("file:///t/c.js", "function f(a, b = 1, /* note */ { c } = {}, ...d) {}\nconst g = x => x;")
    fn, decl = doc.tree.root_node.named_children
    rows = [(doc.node_text(t), d and doc.node_text(d)) for t, d in parameters(fn.child_by_field_name("parameters"))]
    assert rows == [("a", None), ("b", "1"), ("{ c }", "{}"), ("...d", None)]  # the comment is no parameter
    arrow = decl.named_children[0].child_by_field_name("value")
    assert [(doc.node_text(t), d) for t, d in parameters(arrow.child_by_field_name("parameter"))] == [("x", None)]
