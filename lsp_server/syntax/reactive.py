"""Reactive properties a web-component class declares in its static `properties` object.

Lit, Polymer and every library built on Lit (LitElement, FAST's older API, Brightspace, Lion, Shoelace's
JavaScript) declare an element's public and internal state as keys of a static object; each key becomes an
instance accessor of that name (`this.checked`, `el.checked`):

    static get properties() { return { checked: { type: Boolean }, _data: { state: true } }; }
    static properties = { label: { type: String, attribute: 'label-text' } };

`declared_properties(body, text)` lists them for a class body node of either grammar (JavaScript's
`field_definition`, TypeScript's `public_field_definition`): (name, key node, value type) where the value type
is what a `type:` option of a built-in converter says (`String` -> `string`), else "". A spread
(`...super.properties`) adds the base's properties, which the base declares itself.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

CONVERTER_TYPES = {"String": "string", "Boolean": "boolean", "Number": "number"}
FIELDS = ("field_definition", "public_field_definition")


def declared_properties(body: Node | None, text: Callable[[Node | None], str]) -> list[tuple[str, Node, str]]:
    out: list[tuple[str, Node, str]] = []
    for item in body.named_children if body is not None else ():
        obj = _properties_object(item, text)
        if obj is None:
            continue
        for p in obj.named_children:
            if p.type == "pair":
                key = p.child_by_field_name("key")
                if key is None or key.type not in ("property_identifier", "string"):
                    continue
                out.append((text(key).strip("\"'"), key, _converter_type(p.child_by_field_name("value"), text)))
            elif p.type == "shorthand_property_identifier":
                out.append((text(p), p, ""))
    return out


def _properties_object(item: Node, text: Callable[[Node | None], str]) -> Node | None:
    """The object literal a class member `static get properties()` returns or `static properties =` holds."""
    if not any(c.type == "static" for c in item.children):
        return None
    if item.type == "method_definition":
        if text(item.child_by_field_name("name")) != "properties" or not any(c.type == "get" for c in item.children):
            return None
        fn_body = item.child_by_field_name("body")
        returned = [s for s in fn_body.named_children if s.type == "return_statement"] if fn_body is not None else []
        value = returned[0].named_children[0] if len(returned) == 1 and returned[0].named_children else None
    elif item.type in FIELDS:
        name = item.child_by_field_name("property") or item.child_by_field_name("name")
        if text(name) != "properties":
            return None
        value = item.child_by_field_name("value")
    else:
        return None
    while value is not None and value.type == "parenthesized_expression" and value.named_children:
        value = value.named_children[0]
    return value if value is not None and value.type == "object" else None


def _converter_type(value: Node | None, text: Callable[[Node | None], str]) -> str:
    if value is None or value.type != "object":
        return ""
    for p in value.named_children:
        if p.type == "pair" and text(p.child_by_field_name("key")).strip("\"'") == "type":
            return CONVERTER_TYPES.get(text(p.child_by_field_name("value")), "")
    return ""
