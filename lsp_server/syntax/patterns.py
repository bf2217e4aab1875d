"""Destructuring patterns: the one walker over JavaScript binding patterns.

A pattern declares names at its leaves: `a`, `{ a, b: c, ...d }`, `[e, f = 1, ...g]`, nested at any depth.
Two parts of a pattern are never declarations but uses: a property key (`{ key: target }`, the computed
`{ [k]: v }`) and a default value (`{ a = 1 }`, `[b = 2]`, `(c = 3) => c`). Scopes, footprints, the import
graph and type tracking all read patterns through this module, so a default is handled one way everywhere:
the name on its left is declared, the expression on its right is a use, and the value a destructuring
reads is the property's (`PatternProperty.default` says it may be replaced).

TypeScript wraps each parameter in a `required_parameter` / `optional_parameter` node: its `pattern` is the
declaration, everything else (type annotation, default `value`, decorators, `private`/`readonly`) is a use.
Such a wrapper is a pattern holder here like `a = 1`, so every reader handles both grammars one way.
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

# Nodes a declared name climbs through to the node that declares the whole pattern.
PATTERN_TYPES = frozenset({"object_pattern", "array_pattern", "pair_pattern", "rest_pattern",
                           "assignment_pattern", "object_assignment_pattern"})
# TypeScript's parameter wrappers: `private page: Page = fallback` (`pattern`, `type`, `value`).
PARAMETER_HOLDERS = frozenset({"required_parameter", "optional_parameter"})
PATTERN_TYPES = PATTERN_TYPES | PARAMETER_HOLDERS
# Pattern nodes with a default: `left = right`.
DEFAULT_HOLDERS = frozenset({"assignment_pattern", "object_assignment_pattern"})
# Leaves that declare a name.
NAME_LEAVES = frozenset({"identifier", "shorthand_property_identifier_pattern"})
# Wrappers around one element of an object or array pattern (`b: c`, `a = 1`, `...rest`).
ELEMENT_WRAPPERS = frozenset({"pair_pattern", "object_assignment_pattern", "assignment_pattern", "rest_pattern"})


@dataclass(frozen=True, eq=False)
class PatternProperty:
    """One entry of an object pattern: `key`, `key: target`, `key = default`, `key: target = default`, `...rest`."""

    node: Node  # the whole entry
    key: Node | None  # the property read: an identifier-like key, a string, or a computed_property_name; None for rest
    target: Node | None  # what receives the value: a name leaf or a nested pattern
    default: Node | None = None  # the expression used when the property is undefined
    rest: bool = False

    @property
    def computed(self) -> bool:
        return self.key is not None and self.key.type == "computed_property_name"


def is_use_position(holder: Node, child: Node) -> bool:
    """Whether `child`, directly under the pattern node `holder`, is a use rather than part of the
    declaration: the key of `key: target` or the default of `left = default`."""
    if holder.type == "pair_pattern":
        return child != holder.child_by_field_name("value")
    if holder.type in DEFAULT_HOLDERS:
        return child != holder.child_by_field_name("left")
    if holder.type in PARAMETER_HOLDERS:
        return child != holder.child_by_field_name("pattern")
    return False


def declared_names(pattern: Node | None) -> list[Node]:
    """The name leaves a binding pattern declares, in document order."""
    if pattern is None:
        return []
    out: list[Node] = []
    stack = [pattern]
    while stack:
        node = stack.pop()
        if node.type in NAME_LEAVES:
            out.append(node)
            continue
        if node.type not in PATTERN_TYPES and node is not pattern:
            continue  # an expression inside a pattern (a default's value, a computed key) declares nothing
        children = [c for c in node.named_children if not is_use_position(node, c)]
        stack.extend(reversed(children))
    return out


def declaring_top(name: Node) -> Node | None:
    """The outermost pattern node holding the declared leaf `name` (the leaf itself outside a pattern), or
    None when `name` stands in a use position of a pattern (a default value, a computed key)."""
    top = name
    while top.parent is not None and top.parent.type in PATTERN_TYPES:
        if is_use_position(top.parent, top):
            return None
        top = top.parent
    return top


def element_of(name: Node) -> Node:
    """The element of an object/array pattern that declares `name`: `b: [c]` for `c` in `{ a, b: [c] }`."""
    element = name
    while element.parent is not None and element.parent.type in ELEMENT_WRAPPERS:
        element = element.parent
    return element


def split_default(element: Node) -> tuple[Node | None, Node | None]:
    """(target, default) of one element that may carry a default: a parameter `a = 1`, an array element
    `[b = 2]`, a property value `{ c: d = 3 }`; (element, None) when it has none."""
    if element.type in DEFAULT_HOLDERS:
        return element.child_by_field_name("left"), element.child_by_field_name("right")
    if element.type in PARAMETER_HOLDERS:
        return element.child_by_field_name("pattern"), element.child_by_field_name("value")
    return element, None


def parameters(params: Node) -> list[tuple[Node | None, Node | None]]:
    """(target, default) of each parameter: `formal_parameters`, or the bare identifier of `x => ...`."""
    if params.type == "identifier":
        return [(params, None)]
    return [split_default(p) for p in params.named_children if p.type != "comment"]


def object_properties(pattern: Node) -> list[PatternProperty]:
    """The entries of an `object_pattern`, each with its key, target and default."""
    out: list[PatternProperty] = []
    for entry in pattern.named_children:
        t = entry.type
        if t == "shorthand_property_identifier_pattern":
            out.append(PatternProperty(entry, entry, entry))
        elif t == "object_assignment_pattern":
            left, default = split_default(entry)
            out.append(PatternProperty(entry, left, left, default))
        elif t == "pair_pattern":
            value = entry.child_by_field_name("value")
            target, default = split_default(value) if value is not None else (None, None)
            out.append(PatternProperty(entry, entry.child_by_field_name("key"), target, default))
        elif t == "rest_pattern":
            out.append(PatternProperty(entry, None, entry.named_children[0] if entry.named_children else None,
                                       rest=True))
    return out


def array_elements(pattern: Node) -> list[tuple[Node | None, Node | None]]:
    """The (target, default) of each named element of an `array_pattern`, in order (`[a, b = 1, ...c]`);
    the target of a rest element is the rest_pattern itself."""
    return [split_default(element) for element in pattern.named_children]
