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


# the node types an object literal's entries have that name one key each
_KEYED = ("pair", "method_definition", "shorthand_property_identifier")


def object_keys(obj: Node, text: Callable[[Node], str]) -> tuple[list[tuple[str, Node]], bool]:
    """An object literal's keys as member names (`{ first: "string", get full() {...}, greet() {...}, age }`),
    each with the node that gives its value (a pair's value, the method or accessor itself, a shorthand's name),
    in written order; and whether the literal may have keys it does not spell: a spread (`...defaults`), a
    computed key (`[name]: v`), or a wildcard one (`"*"`: a pattern standing for every name)."""
    keys: list[tuple[str, Node]] = []
    unspelt = False
    for entry in obj.named_children:
        if entry.type == "comment":
            continue
        if entry.type not in _KEYED:
            unspelt = True  # `...spread` (`spread_element`)
            continue
        if entry.type == "shorthand_property_identifier":
            keys.append((text(entry), entry))
            continue
        key = entry.child_by_field_name("key") if entry.type == "pair" else entry.child_by_field_name("name")
        if key is None or key.type == "computed_property_name":
            unspelt = True
            continue
        name = text(key)
        if key.type == "string":
            name = name[1:-1]
        if "*" in name:
            unspelt = True
            continue
        keys.append((name, entry.child_by_field_name("value") if entry.type == "pair" else entry))
    return keys, unspelt
