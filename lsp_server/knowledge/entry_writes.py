"""Misspelt writes on the entries of an engine object's map: a field the engine reads, written under a near name.

Runtime engines without typings often hand the user a plain object to fill in. swagger-codegen's JavaScript
clients (sib-api-v3-sdk and hundreds of others) keep their credentials as an object literal of entries keyed by
strings, and the docs fill one in by writing a field the literal does not have:

    // the engine (ApiClient.js)
    this.authentications = {'api-key': {type: 'apiKey', 'in': 'header', name: 'api-key'}};
    ...
    var auth = _this.authentications[authName];
    if (auth.apiKey) { data[auth.name] = auth.apiKeyPrefix ? auth.apiKeyPrefix + ' ' + auth.apiKey : ... }

    // the user's code
    var apiKey = defaultClient.authentications['api-key'];
    apiKey.apiKey = 'YOUR API KEY';

JavaScript accepts `apiKey.apikey = KEY` silently and the engine never reads it: the request goes out without
credentials. The object's type is no evidence here (the literal lacks `apiKey` by design, and any object may be
given new fields), but what the engine does with the entries is: the names its runtime reads (or writes, or its
literal declares) on an entry of that member are the fields it knows. A write on such an entry of a name the
engine spells nowhere, that is a plain near miss of exactly one of those fields (casing, plural, a get/set
prefix, a small typo), is reported. Only the entries of a member the analysis typed on an engine object (`R.M[k]`
where `R.M` is an engine type's member), written directly or through a local bound once to one; a name the
file reads back, another workspace file declares, or that is like none of the fields stays silent (the user's
own field).

The engine's side is read from its runtime JavaScript (the files the model was read from), with the syntax
tree, once per model and member name: only files that spell `.M[` or `.M =` are parsed.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from lsp_server.document import ParsedDocument
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.object_model import OBJECT_MEMBERS, ObjectModel
from lsp_server.knowledge.types import Access, Analysis, ValKind
from lsp_server.languages import parser
from lsp_server.syntax.members import member_assignments
from lsp_server.syntax.modules import string_value
from lsp_server.syntax.scopes import function_scope, scopes_of

# the score (`suggest.rank`) from which a written name is plainly a variant of the field it ranks first
# (`unknown_symbol.PLAIN_NEAR_MISS`: the same bar a write on a typed receiver must clear)
PLAIN_NEAR_MISS = 0.75
# shorter written names are too often a word of the user's own (`id`, `url`)
MIN_NAME = 4
_PREFIXES = ("get", "set")


def entry_fields(model: ObjectModel, member: str) -> frozenset[str]:
    """The names the engine's runtime uses on an entry of a member map named `member`: read or written on
    `x.member[k]` directly, on a local bound to one (`var auth = this.member[name]; auth.apiKey`), and the keys
    of the object literals a `x.member = {k: {...}}` assignment gives as entries. Empty when the runtime has
    none (a typed-only engine: its typings, not this, say what an object has)."""
    cache: dict[str, frozenset[str]] = model.derived("entry_writes.entry_fields", dict)
    known = cache.get(member)
    if known is not None:
        return known
    spelled = re.compile(rb"\.\s*" + re.escape(member.encode()) + rb"\s*(?:\[|=(?![=>]))")
    found: set[str] = set()
    for _, data in model.runtime_texts():
        if spelled.search(data) is None:
            continue
        tree = parser("javascript").parse(data)
        found |= _fields_in(data, tree.root_node, member)
    result = frozenset(found)
    cache[member] = result
    return result


def _fields_in(data: bytes, root: Node, member: str) -> set[str]:
    found: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "subscript_expression" and _is_member(data, node.child_by_field_name("object"), member):
            found |= _used_on(data, node)
            parent = node.parent
            local = None
            if parent is not None and parent.type == "variable_declarator" and \
                    parent.child_by_field_name("value") == node:
                local = parent.child_by_field_name("name")
            elif parent is not None and parent.type == "assignment_expression" and \
                    parent.child_by_field_name("right") == node:
                local = parent.child_by_field_name("left")
            if local is not None and local.type == "identifier":
                found |= _used_through(data, local, function_scope(node))
        elif node.type == "assignment_expression" and _is_member(data, node.child_by_field_name("left"), member):
            right = node.child_by_field_name("right")
            if right is not None and right.type == "object":
                for pair in right.named_children:
                    value = pair.child_by_field_name("value") if pair.type == "pair" else None
                    if value is not None and value.type == "object":
                        found |= _literal_keys(data, value)
    return found


def _is_member(data: bytes, node: Node | None, member: str) -> bool:
    """`x.member` (`this.member`, `_this.member`, any receiver)."""
    if node is None or node.type != "member_expression":
        return False
    prop = node.child_by_field_name("property")
    return prop is not None and data[prop.start_byte:prop.end_byte] == member.encode()


def _used_on(data: bytes, entry: Node) -> set[str]:
    """The name `entry.name` or `entry['name']` uses on `entry`, if its parent does."""
    parent = entry.parent
    if parent is None:
        return set()
    if parent.type == "member_expression" and parent.child_by_field_name("object") == entry:
        prop = parent.child_by_field_name("property")
        if prop is not None and prop.type == "property_identifier":
            return {data[prop.start_byte:prop.end_byte].decode("utf-8", "replace")}
    if parent.type == "subscript_expression" and parent.child_by_field_name("object") == entry:
        index = parent.child_by_field_name("index")
        if index is not None and index.type == "string":
            return {string_value(data, index)}
    return set()


def _used_through(data: bytes, local: Node, scope: Node | None) -> set[str]:
    """The names used on the local `local` names in `scope` (the function declaring or assigning it): a
    runtime's helper locals are short-lived, and a same-named local of a nested function only adds names
    the engine spells anyway."""
    if scope is None:
        return set()
    name = data[local.start_byte:local.end_byte]
    found: set[str] = set()
    stack = [scope]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "identifier" and node.id != local.id and data[node.start_byte:node.end_byte] == name:
            found |= _used_on(data, node)
    return found


def _literal_keys(data: bytes, obj: Node) -> set[str]:
    keys: set[str] = set()
    for pair in obj.named_children:
        key = pair.child_by_field_name("key") if pair.type == "pair" else pair \
            if pair.type == "shorthand_property_identifier" else None
        if key is None:
            continue
        if key.type in ("property_identifier", "shorthand_property_identifier"):
            keys.add(data[key.start_byte:key.end_byte].decode("utf-8", "replace"))
        elif key.type == "string":
            keys.add(string_value(data, key))
    return keys


def entry_write_sites(doc: ParsedDocument, analysis: Analysis, model: ObjectModel, spelled: frozenset[str],
                      known_elsewhere) -> list[tuple[Node, str, str, str]]:
    """(the written name's node, the name, the field meant, the map's `Owner.member`) for each write of a
    near miss of a field the engine uses on an entry of an engine object's member map (the module's doc).
    `spelled`: every name the engine has or its files spell (a name in it is the engine's, never reported);
    `known_elsewhere(name)`: the workspace's other files declare it (the user's own field)."""
    if doc.tree is None or b"=" not in doc.source:
        return []
    # the typed member accesses indexed by a subscript (`client.authentications[`): none, nothing to walk
    source = doc.source
    typed: dict[int, Access] = {a.start: a for a in analysis.accesses
                                if not a.missing and a.member is not None and a.owner is not None
                                and a.recv.kind in (ValKind.INSTANCE, ValKind.CLASS)
                                and source[a.end:a.end + 8].lstrip()[:1] == b"["}
    if not typed:
        return []
    scopes = None
    out = []
    for _, obj, prop in member_assignments(doc.tree.root_node):
        name = doc.node_text(prop)
        if len(name) < MIN_NAME or name in spelled or name in OBJECT_MEMBERS:
            continue
        if obj.type == "identifier":
            scopes = scopes or scopes_of(doc)
            entry = _bound_once(doc, scopes, obj)
        else:
            entry = obj
        access = _entry_of(entry, typed)
        if access is None:
            continue
        fields = entry_fields(model, access.name)
        if not fields or name in fields:
            continue
        meant = _near_field(name, fields)
        if meant is None or _read_in(doc, name) or known_elsewhere(name):
            continue
        owner = access.owner[1] if isinstance(access.owner, tuple) else str(access.owner)
        out.append((prop, name, meant, f"{owner}.{access.name}"))
    return out


def _bound_once(doc: ParsedDocument, scopes, ident: Node) -> Node | None:
    """The value a local holds throughout: its one declaration's initializer, when nothing assigns it again
    (`var apiKey = client.authentications['api-key']`)."""
    binding = scopes.resolve(ident)
    if binding is None or len(binding.declarations) != 1:
        return None
    declared = binding.declaration.node
    declarator = declared.parent
    if declarator is None or declarator.type != "variable_declarator" or \
            declarator.child_by_field_name("name") != declared:
        return None
    for occurrence in scopes.occurrences(binding):
        parent = occurrence.node.parent
        if occurrence.declaration is None and parent is not None and \
                parent.type in ("assignment_expression", "augmented_assignment_expression", "update_expression") \
                and parent.child_by_field_name("left" if parent.type != "update_expression" else "argument") \
                == occurrence.node:
            return None
    return declarator.child_by_field_name("value")


def _entry_of(entry: Node | None, typed: dict[int, Access]) -> Access | None:
    """The typed member access `R.M` when `entry` is `R.M[k]`: an entry of an engine object's member."""
    if entry is None:
        return None
    while entry.type == "parenthesized_expression" and entry.named_children:
        entry = entry.named_children[0]
    if entry.type != "subscript_expression":
        return None
    holder = entry.child_by_field_name("object")
    if holder is None or holder.type != "member_expression":
        return None
    prop = holder.child_by_field_name("property")
    return typed.get(prop.start_byte) if prop is not None else None


def _near_field(name: str, fields: frozenset[str]) -> str | None:
    """The one field `name` is plainly a variant of (casing, plural, get/set prefix, a small typo)."""
    candidates = [f for f in fields if f not in OBJECT_MEMBERS]
    for prefix in _PREFIXES:  # `getApiKey` of `apiKey`
        if name.startswith(prefix) and name[len(prefix):len(prefix) + 1].isupper():
            bare = name[len(prefix)].lower() + name[len(prefix) + 1:]
            if bare in candidates:
                return bare
    ranked = sg.rank(name, candidates, "write")
    if ranked and ranked[0][1] >= PLAIN_NEAR_MISS and sg.unambiguous(ranked):
        return ranked[0][0]
    return None


def _read_in(doc: ParsedDocument, name: str) -> bool:
    """The file spells `name` other than as the written member: it reads it back (its own field), or
    declares it."""
    spelled = re.findall(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])", doc.source)
    written = re.findall(rb"\.\s*" + re.escape(name.encode()) + rb"\s*=(?![=>])", doc.source)
    return len(spelled) > len(written)
