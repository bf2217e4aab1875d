"""Member chains, object-literal keys and the members a function writes on its `this`.

Narrowing (a reference TypeScript narrows is a binding or a path of named properties on one) and the
unknown-symbol check's chains (`this.req.session`) read member expressions the same way: a chain stops at a
computed part (`a[k].b` is `b` read on the root `a[k]`, which a caller wanting a binding rejects) and a
private name (`a.#b`) makes the expression no chain at all. The engine's runtime reader (a constructor's
`this.x = ...`) and the typed analysis (a class definition object's methods) read `this` writes the same way too.
"""

from __future__ import annotations

from typing import Callable

from tree_sitter import Node

from lsp_server.syntax.scopes import FUNCTIONS


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


# What gives its body a `this` of its own: every function but an arrow function (whose `this` is the enclosing
# one), and a class (its methods', fields' and static blocks')
OWN_THIS = (FUNCTIONS - {"arrow_function"}) | {"class", "class_declaration"}
# calls that write members on an object they are handed, by names a reader cannot take from the call
_WRITES_BY_NAMES_UNSEEN = ("Object.assign", "Object.defineProperty", "Object.defineProperties")


def this_aliases(body: Node, text: Callable[[Node], str]) -> set[str]:
    """The names a function body declares for its `this` among its own statements (`var self = this;`, `const
    that = this || Global;`)."""
    out = set()
    for n in body.named_children:
        if n.type not in ("lexical_declaration", "variable_declaration"):
            continue
        for d in (c for c in n.named_children if c.type == "variable_declarator"):
            value, name = d.child_by_field_name("value"), d.child_by_field_name("name")
            first = value.child_by_field_name("left") if value is not None and value.type == "binary_expression" \
                else value
            if first is not None and first.type == "this" and name is not None and name.type == "identifier":
                out.add(text(name))
    return out


def member_assignments(root: Node) -> list[tuple[Node, Node, Node]]:
    """Every plain assignment under `root` whose target is a named member (`Foo.x = 1`, `a.b.c = v`; not `a[k] =
    v`, not `+=`): each as (the assignment, the object node, the property node), in the order met (a depth-first
    walk, each node's children first to last). The one reader of written members by name for the checks that
    judge them (`entry_writes`, `handed_writes`); `this_writes` keeps its own walk, which stops at functions of
    their own `this`."""
    out: list[tuple[Node, Node, Node]] = []
    stack = [root]
    while stack:
        n = stack.pop()
        stack.extend(reversed(n.named_children))
        if n.type != "assignment_expression":
            continue
        left = n.child_by_field_name("left")
        if left is None or left.type != "member_expression":
            continue
        obj, prop = left.child_by_field_name("object"), left.child_by_field_name("property")
        if obj is not None and prop is not None and prop.type == "property_identifier":
            out.append((n, obj, prop))
    return out


def this_writes(node: Node, text: Callable[[Node], str]) -> tuple[list[tuple[Node, Node]], bool]:
    """The members the code under `node` (a function, or its body) writes on its `this` or on a name its body
    declares for it (`this.x = 1`, `self.count += 1` after `var self = this`): each as its property node and the
    assignment, in the order met; not inside a nested function or class of its own `this` (`OWN_THIS`). And
    whether it also writes members whose names cannot be read off the code: `this[k] = v`,
    `Object.assign(this, options)`, `Object.defineProperty(this, ...)`."""
    body = node.child_by_field_name("body") if node.type in OWN_THIS else node
    aliases = {"this"} | (this_aliases(body, text) if body is not None and body.type == "statement_block" else set())
    writes: list[tuple[Node, Node]] = []
    unseen = False
    stack = list(node.named_children) if node.type in OWN_THIS else [node]
    while stack:
        n = stack.pop()
        if n.type in OWN_THIS:
            continue  # `this` means something else there
        if n.type in ("assignment_expression", "augmented_assignment_expression"):
            left = n.child_by_field_name("left")
            obj = left.child_by_field_name("object") if left is not None and \
                left.type in ("member_expression", "subscript_expression") else None
            if obj is not None and (obj.type == "this" or obj.type == "identifier" and text(obj) in aliases):
                if left.type == "subscript_expression":
                    unseen = True
                else:
                    writes.append((left.child_by_field_name("property"), n))
        elif n.type == "call_expression":
            args = n.child_by_field_name("arguments")
            if args is not None and text(n.child_by_field_name("function")) in _WRITES_BY_NAMES_UNSEEN and \
                    any(a.type == "this" or a.type == "identifier" and text(a) in aliases
                        for a in args.named_children):
                unseen = True
        stack.extend(n.named_children)
    return writes, unseen
