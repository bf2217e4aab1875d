"""Member chains (lsp_server/syntax/members.py): the one reader of `a.b.c` as a root and its names."""

from __future__ import annotations

from lsp_server.document import ParsedDocument
from lsp_server.syntax.members import member_chain


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
