"""Member chains: the one reader of `a.b.c` as a root and the names read on it.

Narrowing (a reference TypeScript narrows is a binding or a path of named properties on one) and the
unknown-symbol check's chains (`this.req.session`) read member expressions the same way: a chain stops at a
computed part (`a[k].b` is `b` read on the root `a[k]`, which a caller wanting a binding rejects) and a
private name (`a.#b`) makes the expression no chain at all.
"""

from __future__ import annotations

from typing import Callable

from tree_sitter import Node


def member_chain(node: Node | None, text: Callable[[Node], str], *,
                 through_parens: bool = False) -> tuple[Node, list[str]] | None:
    """`a.b.c`: its root node (`a`, `this`, a call, a subscript...) and the names read on it in order (`b`,
    `c`); None when a property is private. `through_parens`: `(a).b` and `((a.b)).c` are the same chains (what
    TypeScript narrows through), the root too unwrapped."""
    names: list[str] = []
    while node is not None:
        if through_parens and node.type == "parenthesized_expression" and node.named_children:
            node = node.named_children[-1]
        elif node.type == "member_expression":
            prop = node.child_by_field_name("property")
            if prop is None or prop.type != "property_identifier":
                return None
            names.append(text(prop))
            node = node.child_by_field_name("object")
        else:
            return node, names[::-1]
    return None
